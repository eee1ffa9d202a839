"""Stacked positions: start a match from an explicit deal, given scores and a given dealer.

One model serves every game; each game says in its docs which fields it reads (``up`` is truco paulista's
vira, julepe's trump card and the rummy upcard). Only the first hand is stacked; later hands are shuffled
from the match's seed as usual.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .cards import Card


class Position(BaseModel):
    """A starting position. Every field is optional: what is left out is shuffled or defaulted."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dealer: int | None = Field(default=None, ge=0, description="the seat that deals the first hand")
    scores: list[int] | None = Field(default=None, description="the starting score of each side (chips in julepe)")
    hands: list[list[str]] | None = Field(default=None, description="each seat's cards, seat 0 first")
    up: str | None = Field(default=None, description="the card turned up after the deal (vira, trump, upcard)")
    stock: list[str] | None = Field(default=None, description="the next cards drawn after the deal, in order")

    @field_validator("up")
    @classmethod
    def _card(cls, value: str | None) -> str | None:
        return None if value is None else str(Card.parse(value))

    @field_validator("hands", "stock")
    @classmethod
    def _cards(cls, value: list[object] | None) -> list[object] | None:
        if value is None:
            return None
        return [_canonical(item) for item in value]

    def hand_cards(self) -> list[list[Card]] | None:
        return None if self.hands is None else [[Card.parse(c) for c in hand] for hand in self.hands]

    def then_cards(self) -> list[Card]:
        """The cards drawn right after the hands: the up card, then the stock, in order."""
        up = [Card.parse(self.up)] if self.up else []
        return up + [Card.parse(c) for c in self.stock or []]


def _canonical(item: object) -> object:
    if isinstance(item, list):
        return [str(Card.parse(str(c))) for c in item]
    if isinstance(item, str):
        return str(Card.parse(item))
    return item


def parse_deal(text: str) -> list[list[str]]:
    """Read hands from the command line: seats separated by ``/`` or ``|``, as in ``"1E 7O 3C / 4B 5C 2E"``."""
    return [[str(Card.parse(c)) for c in part.replace(",", " ").split()] for part in text.replace("|", "/").split("/")]
