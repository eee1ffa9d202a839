"""The two things a player says in siete y medio: ``carta`` (one more card) and ``me planto`` (stand)."""

from __future__ import annotations

import unicodedata
from enum import Enum

from cartas.core import ActionParseError


class Move(Enum):
    """An action; its value is the canonical text, so ``str(move)`` is what the terminal and records show."""

    CARTA = "carta"
    PLANTO = "me planto"

    def __str__(self) -> str:
        return self.value


CARTA = Move.CARTA
PLANTO = Move.PLANTO

ALIASES: dict[str, Move] = {
    "carta": CARTA,
    "pido": CARTA,
    "pido carta": CARTA,
    "otra": CARTA,
    "hit": CARTA,
    "me planto": PLANTO,
    "planto": PLANTO,
    "me quedo": PLANTO,
    "stand": PLANTO,
}
"""Every text accepted, after folding case, accents and spaces; the first of each move is canonical."""


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: players type ``Me PLANTÓ`` as often as ``me planto``."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def parse_action(text: str) -> Move:
    move = ALIASES.get(fold(text))
    if move is None:
        raise ActionParseError(
            f"cannot read {text!r} as a siete y medio action: say 'carta' (aliases: pido, otra, hit) "
            "or 'me planto' (aliases: planto, me quedo, stand)"
        )
    return move
