"""Truco's table as its viewer sees it (:class:`~cartas.core.views.TableView`): the cards each seat played this
hand, the trick on the table, the hand by suit then rank, and the stake and the viewer's envido as notes."""

from __future__ import annotations

from cartas.core import Observation, TableView, by_suit_then_rank, seat_fields

from ..i18n import _

HAND_SIZE = 3
"""Cards dealt to each seat; a seat holds those it has not played."""


SUMMARY_KINDS = frozenset({"trick", "parda", "points", "match"})
"""The events that tell how a hand went, after the envido and the flor with the cards shown (see
:mod:`~cartas.games.truco.presentation.shown`): the tricks won and tied, the points each side took."""

def table_view(observation: Observation, lines: list[str]) -> TableView:
    """``lines`` are the game's ``table_lines``, which the browser shows beside the table."""
    table = observation.table
    played = [list(cards) for cards in table["played"]]
    return TableView(
        **seat_fields(observation),
        played=played,
        trick=[(seat, card) for seat, card in table["trick"]],
        hand=by_suit_then_rank(observation.hand),
        counts=[HAND_SIZE - len(cards) for cards in played],
        target=table["points"],
        lines=lines,
        notes=notes(observation),
    )


def notes(observation: Observation) -> list[str]:
    """What the hand is worth, a call waiting for its answer, and the viewer's envido and flor."""
    table = observation.table
    lines = [_("The hand is worth {points}", points=table["hand_worth"])]
    if table["pending"]:
        lines.append(_("{call}: waiting for the answer", call=table["pending"]))
    if "tanto" in table and observation.hand is not None and not observation.over:
        mine = _("Your envido: {points}", points=table["tanto"])
        if table.get("flor"):
            mine += " · " + _("your flor: {points}", points=table["flor"])
        lines.append(mine)
    return lines
