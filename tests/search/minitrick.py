"""Carta alta: a tiny two-player trick game on the core contract, for testing search bots and the arena.

Each hand deals three cards to each player from a shuffled 40-card deck. The mano leads; the other player must
follow suit when able; the highest card of the suit led wins the trick (1, 3, rey, caballo, sota, 7 ... 2, as
in brisca) and one point, and its winner leads next. The first player to ``target`` points wins the match.
Skill matters (follow cheaply, keep aces), so a search bot must beat a random one clearly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from cartas.core import ActionParseError, Card, CardParseError, Game, GameOptions, Observation, Position, Result, State
from cartas.core.deck import deal, shuffled, spanish_deck, stack_deck
from cartas.core.state import redistribute
from cartas.core.table import Table

STRENGTH = {rank: i for i, rank in enumerate((2, 4, 5, 6, 7, 10, 11, 12, 3, 1))}
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}


class CartaAltaOptions(GameOptions):
    players: Literal[2] = 2
    cards: int = 5
    target: int = 60


class CartaAltaState(State):
    __slots__ = ("hands", "stock", "trick", "played", "points")

    def __init__(self, game: Game, options: CartaAltaOptions, seed: int, position: Position | None) -> None:
        self._init_base(game, options, Table(2), seed, position)
        self.points = list(position.scores) if position and position.scores else [0, 0]
        self.dealer = position.dealer if position and position.dealer is not None else 0
        self._deal(position.hand_cards() if position else None)

    def _deal(self, hands: list[list[Card]] | None) -> None:
        full = spanish_deck(40)
        deck = stack_deck(full, hands, self.dealer, [], self.rng) if hands else shuffled(full, self.rng)
        self.hands = deal(deck, 2, self.dealer, self.options.cards)  # type: ignore[attr-defined]
        self.stock = deck
        self.played: list[Card] = []
        self.trick: list[tuple[int, Card]] = []
        self.to_act = ((self.dealer + 1) % 2,)
        self.start_hand_events()
        self.emit("deal", self.dealer)

    def _legal_actions(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [card for card in hand if card.suit == led]
            if follow:
                return follow
        return list(hand)

    def _apply(self, seat: int, action: Card) -> None:
        self.hands[seat].remove(action)
        self.trick.append((seat, action))
        self.emit("play", seat, str(action))
        if len(self.trick) == 1:
            self.to_act = (1 - seat,)
            return
        (first, lead), (second, answer) = self.trick
        winner = second if answer.suit == lead.suit and STRENGTH[answer.rank] > STRENGTH[lead.rank] else first
        self.points[winner] += 1 + POINTS.get(lead.rank, 0) + POINTS.get(answer.rank, 0)
        self.played += [lead, answer]
        self.trick = []
        self.emit("trick", winner)
        if self.points[winner] >= self.options.target:  # type: ignore[attr-defined]
            self.is_over, self.to_act = True, ()
            self.hands_played += 1
            return
        if self.hands[0]:
            self.to_act = (winner,)
            return
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % 2
        self._deal(None)

    def observation(self, seat: int) -> Observation:
        return self.make_observation(
            seat, hand=self.hands[seat], mano=(self.dealer + 1) % 2,
            table={"trick": [str(c) for _, c in self.trick], "played": [str(c) for c in self.played]},
        )

    def public_observation(self) -> Observation:
        return self.make_public_observation(
            mano=(self.dealer + 1) % 2,
            table={"trick": [str(c) for _, c in self.trick], "played": [str(c) for c in self.played]},
        )

    def hand_of(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def hidden_from(self, seat: int) -> list[Card]:
        return self.hands[1 - seat] + self.stock

    def all_cards(self) -> list[Card]:
        return self.hands[0] + self.hands[1] + [c for _, c in self.trick] + self.played + self.stock

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        return Result((0 if self.points[0] > self.points[1] else 1,), tuple(self.points))

    def clone(self) -> CartaAltaState:
        other = CartaAltaState.__new__(CartaAltaState)
        other._copy_base(self)
        other.hands = [self.hands[0].copy(), self.hands[1].copy()]
        other.stock, other.trick, other.played = self.stock.copy(), self.trick.copy(), self.played.copy()
        other.points = self.points.copy()
        return other

    def sample(self, seat: int, rng: random.Random) -> CartaAltaState:
        other = self.clone()
        redistribute([other.hands[1 - seat], other.stock], rng)
        return other


class CartaAlta(Game):
    name = "carta_alta"
    title = "Carta alta"
    Options = CartaAltaOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        assert isinstance(options, CartaAltaOptions)
        return CartaAltaState(self, options, seed, position)

    def parse_action(self, text: str) -> Card:
        try:
            return Card.parse(text)
        except CardParseError as error:
            raise ActionParseError(f"play a card such as 1E: {error}") from None

    def deck(self, options: GameOptions) -> list[Card]:
        return spanish_deck(40)

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        return None


class _ByStrengthBot:
    """Plays the legal card that ``pick`` (``max`` or ``min``) chooses by strength: the two fixed players below
    differ only in that choice."""

    pick: Callable[..., Card]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: object) -> Card:
        legal = view.legal_actions()  # type: ignore[attr-defined]
        return type(self).pick(legal, key=lambda card: STRENGTH[card.rank])


class HighCardBot(_ByStrengthBot):
    """A heuristic for rollouts: plays its strongest legal card."""

    pick = max


class LowCardBot(_ByStrengthBot):
    """A deliberately poor player: always gives away its weakest legal card."""

    pick = min


def counting_high_card_bot(calls: list[int]) -> type[HighCardBot]:
    """A :class:`HighCardBot` that appends to ``calls`` at every choice, to see where a search plays it."""

    class Counting(HighCardBot):
        def choose(self, view: object) -> Card:
            calls.append(1)
            return super().choose(view)

    return Counting
