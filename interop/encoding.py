"""The observation vector: one seat's :class:`~cartas.core.observation.Observation` as a fixed-length list of floats.

The same encoding feeds PettingZoo's ``observation`` and OpenSpiel's tensors. For a game under given options,
with ``D`` distinct cards in its deck, ``n`` seats and ``S`` scores (one per side: a team, or a seat), the
vector is these pieces, in order (:attr:`ObservationEncoder.pieces` gives their names and sizes):

``hand`` (D)
    how many copies of each card the seat holds (0 or 1, or 2 with a shoe of two decks), in deck order;
``seen`` (D)
    1 for each card the seat can see face up this hand: any card named in the observation's public
    ``table`` fields or in this hand's events the seat may see (cards played, the discard pile, the vira...);
``scores`` (S)
    each side's score as the game keeps it (points, chips, or penalty points in chinchón), not scaled;
``seat``, ``to_act``, ``dealer``, ``mano`` (n each)
    one-hot: which seat this is, the seats that may act now, the dealer, the mano (all zero if the game has
    none); seats are absolute numbers, so ``seat`` tells an agent where it sits;
``hand_number`` (1) and ``over`` (1)
    the hands played before this one, and 1 once the match is over.

It only reads the observation, so it can never show what the seat may not know.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from cartas.core.cards import Card
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.options import GameOptions
from .actions import distinct_cards

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-9])[OCEB](?![0-9A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])")
"""A card's notation inside free text, such as ``play 7O`` or ``vira: 4B``."""


def card_words(value: Any) -> Iterator[str]:
    """Every card notation inside ``value``: a string, or numbers, lists and dicts of them, at any depth."""
    if isinstance(value, str):
        yield from _cards_in(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_words(key)
            yield from card_words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from card_words(item)


@lru_cache(maxsize=65536)
def _cards_in(text: str) -> tuple[str, ...]:
    """The card notations in one string; cached, since event texts (``discard 5O``) repeat all match long."""
    return tuple(CARD_TOKEN.findall(text))


class ObservationEncoder:
    """Encodes the observations of one game under one set of options; build once, call :meth:`encode` often."""

    def __init__(self, game: Game, options: GameOptions) -> None:
        self.cards: list[Card] = distinct_cards(game.deck(options))
        self.card_index = {str(card): number for number, card in enumerate(self.cards)}
        self.players = options.players
        self.sides = len(game.start(options, seed=0).scores())
        deck = len(self.cards)
        n = self.players
        self.pieces: tuple[tuple[str, int], ...] = (
            ("hand", deck), ("seen", deck), ("scores", self.sides), ("seat", n), ("to_act", n), ("dealer", n),
            ("mano", n), ("hand_number", 1), ("over", 1),
        )
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in self.pieces:
            self.offsets[name] = at
            at += size
        self.size = at

    def encode(self, observation: Observation) -> list[float]:
        """The vector of ``observation``; see the module's docstring for its layout."""
        vector = [0.0] * self.size
        hand, seen, seat = self.offsets["hand"], self.offsets["seen"], self.offsets["seat"]
        for text in observation.hand:
            number = self.card_index.get(text)
            if number is not None:
                vector[hand + number] += 1.0
        index = self.card_index
        for text in card_words(observation.table):
            if text in index:
                vector[seen + index[text]] = 1.0
        for event in observation.events:
            for text in _cards_in(event.detail):
                if text in index:
                    vector[seen + index[text]] = 1.0
        for side, score in enumerate(observation.scores[: self.sides]):
            vector[self.offsets["scores"] + side] = float(score)
        vector[seat + observation.seat] = 1.0
        for acting in observation.to_act:
            vector[self.offsets["to_act"] + acting] = 1.0
        vector[self.offsets["dealer"] + observation.dealer] = 1.0
        if observation.mano is not None:
            vector[self.offsets["mano"] + observation.mano] = 1.0
        vector[self.offsets["hand_number"]] = float(observation.hand_number)
        vector[self.offsets["over"]] = 1.0 if observation.over else 0.0
        return vector

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each entry (scores and the hand count are unbounded)."""
        inf = float("inf")
        low: list[float] = []
        high: list[float] = []
        for name, size in self.pieces:
            low += [-inf if name == "scores" else 0.0] * size
            high += [inf if name in ("scores", "hand_number", "hand") else 1.0] * size
        return low, high
