"""Escoba's one kind of action: a card played, with the table cards it takes (``7O+5E+3C``) or none (``7O``).

An action is its own canonical text, used by the terminal, the JSON protocol, logs and replays alike: the card
played first, then each card taken joined by ``+``, highest value first (suits in the order oros, copas,
espadas, bastos), so one capture has one text whatever order the cards lie in. A play that takes nothing leaves the
card on the table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

from cartas.core import SUITS, ActionParseError, Card, CardParseError, spanish_deck

from .captures import VALUE, capture_sets


class Play(NamedTuple):
    """``card`` played from the hand, taking ``taken`` from the table (empty: the card stays there)."""

    card: Card
    taken: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return "+".join(str(card) for card in (self.card, *self.taken))

    @property
    def captures(self) -> bool:
        return bool(self.taken)


def parse_action(text: str) -> Play:
    """Read ``7O+5E+3C`` (or ``7O``, spaces and case as they come) as the card played and the cards taken."""
    parts = [part.strip() for part in text.replace(" ", "+").split("+") if part.strip()]
    try:
        cards = [Card.parse(part) for part in parts]
    except CardParseError:
        cards = []
    if not cards or any(card.is_joker for card in cards) or len(set(cards)) != len(cards):
        raise ActionParseError(
            f"cannot read {text!r} as an escoba move: write the card played, then each card it takes after a "
            "'+', such as 7O+5E+3C, or the card alone (7O) to leave it on the table"
        )
    return play(cards[0], cards[1:])


@functools.cache
def every_action_text() -> tuple[str, ...]:
    """Every move the game can ever offer, for the integer action spaces of the bridges (OpenSpiel, PettingZoo):
    each card of the deck left alone, then with every set of the other cards that makes fifteen with it; about
    eighty-four thousand texts, listed in the deck's order."""
    deck = spanish_deck(40)
    texts: list[str] = []
    for card in deck:
        texts.append(str(Play(card)))
        texts.extend(str(play(card, taken)) for taken in capture_sets(card, [other for other in deck if other != card]))
    return tuple(texts)


def canonical(taken: Iterable[Card]) -> tuple[Card, ...]:
    """The cards taken in their canonical order: highest value first, then by suit."""
    return tuple(sorted(taken, key=lambda card: (-VALUE[card.rank], SUITS.index(card.suit))))


def play(card: Card, taken: Iterable[Card] = ()) -> Play:
    """The action of playing ``card`` and taking ``taken`` (in any order)."""
    return Play(card, canonical(taken))
