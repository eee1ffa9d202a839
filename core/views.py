"""The table a person sees: one model shared by the terminal and the browser, so both draw the same table.

A game builds its :class:`TableView` from an :class:`~cartas.core.observation.Observation` alone (a seat's or
the spectator's public one), never from the state, so a view can hold nothing its viewer may not know. Views
are built once per screen: pydantic is fine here, unlike inside the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .cards import CARD_TEXT, SUITS, Card
from .errors import CardParseError
from .observation import Observation
from .table import cutter_seat

FACE_DOWN = "back"
"""How a view names a card lying face down: the front end draws its back."""


class TableView(BaseModel):
    """What is on the table for one viewer, in card notation, ready to draw.

    Every list is in seat order where it is per seat. A game fills what it has: a rummy game has no trick,
    a trick game no melds.
    """

    model_config = ConfigDict(frozen=True)

    played: list[list[str]] = Field(
        default_factory=list,
        description="per seat, the cards it played face up this hand in order; a face-down card is 'back'",
    )
    trick: list[tuple[int, str]] = Field(
        default_factory=list, description="the current trick's (seat, card) in play order; empty in rummy games"
    )
    centre: list[tuple[str, str]] = Field(
        default_factory=list,
        description="labelled cards in the middle, such as ('vira', '10E'), ('trump', '5O'), ('discard', '12O')",
    )
    hand: list[str] = Field(
        default_factory=list, description="the viewer's own hand, sorted as players sort it; empty for a spectator"
    )
    melds: list[list[str]] = Field(default_factory=list, description="rummy games: the viewer's best melds")
    loose: list[str] = Field(default_factory=list, description="rummy games: the viewer's cards left out of melds")
    loose_points: int | None = Field(
        default=None, description="rummy games: what the loose cards cost; None where it does not apply"
    )
    counts: list[int] = Field(default_factory=list, description="cards in each seat's hand; empty when unknown")
    lines: list[str] = Field(default_factory=list, description="the game's table_lines text")
    # Who is who at the table, copied from the observation so a screen draws from the view alone.
    dealer: int | None = Field(default=None, description="the seat that shuffles and deals this hand")
    cutter: int | None = Field(
        default=None, description="the seat that cut the deck before this hand's deal: the dealer's left"
    )
    mano: int | None = Field(default=None, description="the seat that leads the hand")
    to_act: list[int] = Field(default_factory=list, description="the seats whose turn it is")
    teams: list[int] = Field(default_factory=list, description="the side of each seat, in seat order")
    scores: list[int] = Field(default_factory=list, description="each side's score, in side order")
    target: int | None = Field(
        default=None, description="the points played to, or the limit of a rummy game; None where there is none"
    )
    hand_number: int = Field(default=0, description="hands played before this one")
    over: bool = Field(default=False, description="whether the match has ended")
    notes: list[str] = Field(
        default_factory=list,
        description="the game's own short status lines in the language spoken (the stake, a call waiting, the "
        "viewer's envido), which the fields above do not hold; never the scores or who deals",
    )
    # Rummy games (chinchón, remigio): what a player checks before every discard.
    drawn: str | None = Field(default=None, description="the card the viewer has just drawn, while it decides")
    discard_top: str | None = Field(default=None, description="the top card of the discard pile")
    may_close: bool | None = Field(
        default=None, description="whether the viewer may close now; None where closing does not apply"
    )
    close_reason: str = Field(
        default="", description="why the viewer may not close, as the game words it ('7 loose points; ...')"
    )
    closest: list[int] = Field(
        default_factory=list, description="the seats closest to the limit (or the target), ties together"
    )


def seat_fields(observation: Observation, in_play: Iterable[int] | None = None) -> dict[str, Any]:
    """The fields of a :class:`TableView` that every game copies from its observation as they are, and the
    seat that cut (:func:`~cartas.core.table.cutter_seat`), counting only ``in_play`` seats when some have left
    the table. Naming the cutter draws nothing from the match's generator: the cut itself was random."""
    dealer = observation.dealer
    valid = 0 <= dealer < observation.players
    return {
        "dealer": dealer,
        "cutter": cutter_seat(observation.players, dealer, in_play) if valid else None,
        "mano": observation.mano,
        "to_act": list(observation.to_act),
        "teams": list(observation.teams),
        "scores": list(observation.scores),
        "hand_number": observation.hand_number,
        "over": observation.over,
    }


SUIT_ORDER: dict[str, int] = {suit: at for at, suit in enumerate(SUITS)}

_HAND_ORDER: dict[str, tuple[int, int, str]] = {
    text: (SUIT_ORDER[card.suit], card.rank, text) for card, text in CARD_TEXT.items() if not card.is_joker
}
"""Each card's place in a sorted hand, by its notation: a server sorts every seat's hand on every move, and
reading the card back from its text was a fifth of a table view."""


def by_suit_then_rank(cards: Iterable[str]) -> list[str]:
    """Cards in notation sorted as a trick player holds them: oros, copas, espadas, bastos, each from the ace
    up; comodines and anything that is not a card (``back``) go last, in the order given."""
    known: list[tuple[int, int, str]] = []
    rest: list[str] = []
    for text in cards:
        place = _HAND_ORDER.get(text)
        if place is None:
            card = _card(text)  # notation written otherwise ("1e", " 7O"), a comodín, or no card at all
            if card is None or card.is_joker:
                rest.append(text)
                continue
            place = (SUIT_ORDER[card.suit], card.rank, str(card))
        known.append(place)
    known.sort()
    return [text for _suit, _rank, text in known] + rest


def _card(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except CardParseError:
        return None
