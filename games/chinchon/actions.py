"""The actions of chinchón and remigio and how they are read from text.

There are three kinds, built once and interned:

- :class:`Draw`: take the top card of the stock (``draw stock``) or of the discard pile (``draw discard``);
- :class:`Discard`: throw a card on the discard pile (``discard 5O``), or, with ``close``, lay it face down
  and close the round (``close 5O``: cortar in chinchón, cerrar in remigio);
- :class:`Reenganche`: in chinchón, a player just put out comes back (``reenganche``) or not (``retire``).
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from cartas.core import JOKER, RANKS, SUITS, ActionParseError, Card, CardParseError


class Draw(NamedTuple):
    """Take the top card of ``pile``: ``"stock"`` (the mazo) or ``"discard"`` (the pozo)."""

    pile: str

    def __str__(self) -> str:
        return f"draw {self.pile}"


class Discard(NamedTuple):
    """End the turn by discarding ``card``; with ``close`` it goes face down and the player closes."""

    card: Card
    close: bool = False

    def __str__(self) -> str:
        return f"{'close' if self.close else 'discard'} {self.card}"


class Reenganche(NamedTuple):
    """A chinchón player just put out answers whether he comes back (``reenganche``) or not (``retire``)."""

    accept: bool

    def __str__(self) -> str:
        return "reenganche" if self.accept else "retire"


Action = Draw | Discard | Reenganche

DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
_ALL_CARDS = [Card(r, s) for s in SUITS for r in RANKS] + [JOKER]
DISCARD: dict[Card, Discard] = {card: Discard(card) for card in _ALL_CARDS}
CLOSE: dict[Card, Discard] = {card: Discard(card, True) for card in _ALL_CARDS}

_DRAWS: dict[str, Draw] = {
    "draw stock": DRAW_STOCK, "stock": DRAW_STOCK, "draw": DRAW_STOCK, "mazo": DRAW_STOCK,
    "robar": DRAW_STOCK, "robar mazo": DRAW_STOCK, "robo": DRAW_STOCK, "baceta": DRAW_STOCK,
    "draw discard": DRAW_DISCARD, "discard pile": DRAW_DISCARD, "pozo": DRAW_DISCARD, "take": DRAW_DISCARD,
    "robar pozo": DRAW_DISCARD, "robar descarte": DRAW_DISCARD, "tomar": DRAW_DISCARD, "pick": DRAW_DISCARD,
}
REENGANCHE = Reenganche(True)
RETIRE = Reenganche(False)

_WORDS: dict[str, Draw | Reenganche] = {
    **_DRAWS,
    "reenganche": REENGANCHE, "reengancharse": REENGANCHE, "me reengancho": REENGANCHE, "rejoin": REENGANCHE,
    "retire": RETIRE, "retirarse": RETIRE, "me retiro": RETIRE, "quit": RETIRE,
}
_DISCARD_VERBS = ("discard", "descartar", "descarto", "descarta", "tirar", "tiro", "tira", "throw")
_CLOSE_VERBS = ("close", "cortar", "corto", "corta", "cerrar", "cierro", "cierra", "cut", "knock")

USAGE = (
    "expected 'draw stock' (or 'mazo'), 'draw discard' (or 'pozo'), 'discard CARD' (or just CARD, 'tiro CARD') "
    "or 'close CARD' (or 'corto CARD', 'cierro CARD'), with a card such as 5O, 12C or JK; "
    "in chinchón a player put out may answer 'reenganche' or 'retire'"
)


def parse_action(text: str) -> Action:
    """Read an action: canonical text or an alias, case-insensitive, accents optional."""
    words = _plain(text).split()
    if not words:
        raise ActionParseError(f"empty action: {USAGE}")
    joined = " ".join(words)
    if joined in _WORDS:
        return _WORDS[joined]
    verb, rest = words[0], words[1:]
    if verb in _DISCARD_VERBS and len(rest) == 1:
        return DISCARD[_card(rest[0], text)]
    if verb in _CLOSE_VERBS and len(rest) == 1:
        return CLOSE[_card(rest[0], text)]
    if len(words) == 1:
        try:
            return DISCARD[Card.parse(words[0])]
        except CardParseError:
            pass
    raise ActionParseError(f"cannot read {text!r}: {USAGE}")


def _card(word: str, text: str) -> Card:
    try:
        return Card.parse(word)
    except CardParseError as error:
        raise ActionParseError(f"cannot read {text!r}: {error}") from None


def _plain(text: str) -> str:
    """Lower case without accents, so ``Cortá`` and ``corta`` read the same."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
