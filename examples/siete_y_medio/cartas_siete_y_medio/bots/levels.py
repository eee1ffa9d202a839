"""Bots for siete y medio; like every cartas bot they see only their own seat's view."""

from __future__ import annotations

import random

from cartas.core import Action, SeatView

from ..actions import CARTA, PLANTO
from ..state import HALVES, LIMIT

PUNTER_STANDS_AT = 10
"""A punter stands on 5 or more: the chance of going over with one more card is then above one half."""


class EasyBot:
    """Asks for cards below a fixed total; as the bank, also keeps drawing while any punter still in shows
    more than the bank holds, since a bank that stands below a visible total loses to it for sure."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if CARTA not in legal:
            return PLANTO
        total = sum(HALVES[card] for card in view.hand())
        observation = view.observation()
        if view.seat != observation.dealer:
            return CARTA if total < PUNTER_STANDS_AT else PLANTO
        table = observation.table
        beaten = any(
            status == "plantado" and seat != view.seat and _halves(showing) >= total
            for seat, (status, showing) in enumerate(zip(table["status"], table["showing"]))
        )
        if total < PUNTER_STANDS_AT or (beaten and total < LIMIT):
            return CARTA
        return PLANTO


def _halves(text: str) -> int:
    """Read back a shown total such as ``5½``."""
    if text.endswith("½"):
        whole = text[:-1]
        return 2 * int(whole or 0) + 1
    return 2 * int(text)
