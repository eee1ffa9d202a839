"""Spanish-deck cards and their one canonical notation: rank then suit letter (``1E``, ``7O``, ``12C``, ``JK``).

Cards are small immutable tuples so they hash and compare at C speed inside random playouts; every card
of the 50-card universe is built once and ``Card.parse`` is a dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .errors import CardParseError
from .i18n import FRAMEWORK as _

OROS, COPAS, ESPADAS, BASTOS = "O", "C", "E", "B"
SUITS: tuple[str, ...] = (OROS, COPAS, ESPADAS, BASTOS)
SUIT_NAMES: dict[str, str] = {OROS: "oros", COPAS: "copas", ESPADAS: "espadas", BASTOS: "bastos"}
JOKER_SUIT = "J"
RANKS: tuple[int, ...] = tuple(range(1, 13))
RANK_NAMES: dict[int, str] = {1: "as", 10: "sota", 11: "caballo", 12: "rey"}


class Card(NamedTuple):
    """One card: ``rank`` 1-12 and ``suit`` one of ``O C E B``; the comodín is rank 0 of suit ``J``."""

    rank: int
    suit: str

    def __str__(self) -> str:
        if self.suit == JOKER_SUIT:
            return "JK"
        return f"{self.rank}{self.suit}"

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def name(self) -> str:
        """The Spanish name, as players say it: ``as de espadas``, ``7 de oros``, ``comodín``."""
        if self.is_joker:
            return "comodín"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} de {SUIT_NAMES[self.suit]}"

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card from its notation; case and surrounding spaces do not matter."""
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise CardParseError(_(
                "cannot read {text} as a card: expected a rank 1-12 followed by a suit letter "
                "O (oros), C (copas), E (espadas) or B (bastos), such as 1E, 7O or 12C, or JK for the comodín",
                text=repr(text),
            ))
        return card


JOKER = Card(0, JOKER_SUIT)
_BY_TEXT: dict[str, Card] = {str(Card(r, s)): Card(r, s) for s in SUITS for r in RANKS}
_BY_TEXT["JK"] = JOKER
CARD_TEXT: dict[Card, str] = {card: text for text, card in _BY_TEXT.items()}
"""Every card's notation, ``str(card)`` without a Python call: the engines name a card in each play's event."""


def parse_cards(text: str) -> list[Card]:
    """Read several cards separated by spaces or commas, as in ``"1E 7O, 12C"``."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(str(card) for card in cards)
