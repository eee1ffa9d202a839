"""A tiny but complete game for the command-line tests: "alta", one trick per hand, highest rank wins.

Each hand deals two cards to every seat; the mano may first say ``raise`` (alias ``subo``/``subí``) to make the
hand worth two points; then each seat plays one card in turn and the highest rank takes the hand (the first
played wins a tie). With four players partners alternate. It is a plugin like any other: the module holds the
hook implementations, so tests load it through ``make_plugin_manager(extra=...)`` or ``CARTAS_PLUGINS``.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import Literal

from cartas.core import (
    ActionParseError,
    Card,
    Game,
    GameOptions,
    Observation,
    Position,
    PositionError,
    Result,
    State,
    Table,
    hookimpl,
)
from cartas.core.bots.base import BotFactory, RandomBot, SeatView
from cartas.core.deck import deal, shuffled, spanish_deck, stack_deck
from cartas.core.events import Event
from cartas.core.state import Action, redistribute

RAISE = "raise"


class AltaOptions(GameOptions):
    players: Literal[2, 3, 4] = 2
    points: Literal[3, 5] = 3


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in folded if not unicodedata.combining(c))


class AltaState(State):
    __slots__ = ("hands", "played", "points", "stake", "mano")

    def __init__(self, game: Game, options: AltaOptions, seed: int, position: Position | None) -> None:
        teams = game.teams(options)
        self._init_base(game, options, Table(options.players, teams), seed, position)
        self.points = list(position.scores) if position and position.scores else [0] * self.table.n_teams
        if len(self.points) != self.table.n_teams:
            raise PositionError(f"scores need {self.table.n_teams} numbers")
        self.dealer = position.dealer if position and position.dealer is not None else 0
        self.hands: list[list[Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.stake = 1
        self.mano = 0
        self._deal(position)

    def _deal(self, position: Position | None) -> None:
        n = self.table.n_seats
        full = spanish_deck(40)
        stacked = position.hand_cards() if position else None
        if stacked and any(len(hand) != 2 for hand in stacked):
            raise PositionError("alta deals 2 cards to each seat")
        deck = stack_deck(full, stacked, self.dealer, [], self.rng) if stacked else shuffled(full, self.rng)
        self.hands = deal(deck, n, self.dealer, 2)
        self.played = []
        self.stake = 1
        self.mano = (self.dealer + 1) % n
        self.to_act = (self.mano,)
        self.start_hand_events()
        self.emit("deal", self.dealer)
        for seat in range(n):
            self.emit("cards", seat, " ".join(map(str, self.hands[seat])), (seat,))

    def _legal_actions(self, seat: int) -> list[Action]:
        moves: list[Action] = list(self.hands[seat])
        if not self.played and self.stake == 1:
            moves.append(RAISE)
        return moves

    def _apply(self, seat: int, action: Action) -> None:
        if action == RAISE:
            self.stake = 2
            self.emit("raise", seat)
            return
        assert isinstance(action, Card)
        self.hands[seat].remove(action)
        self.played.append((seat, action))
        self.emit("play", seat, str(action))
        n = self.table.n_seats
        if len(self.played) < n:
            self.to_act = ((seat + 1) % n,)
            return
        best_seat, best = self.played[0]
        for other, card in self.played[1:]:
            if card.rank > best.rank:
                best_seat, best = other, card
        team = self.table.team_of(best_seat)
        self.points[team] += self.stake
        self.hands_played += 1
        self.emit("win", best_seat, str(self.stake))
        if self.points[team] >= self.options.points:  # type: ignore[attr-defined]
            self.is_over = True
            self.to_act = ()
            return
        self.dealer = (self.dealer + 1) % n
        self._deal(None)

    def observation(self, seat: int) -> Observation:
        return self.make_observation(
            seat, hand=self.hands[seat], mano=self.mano,
            table={"played": [f"{s}:{c}" for s, c in self.played], "stake": self.stake},
        )

    def public_observation(self) -> Observation:
        return self.make_public_observation(
            mano=self.mano, table={"played": [f"{s}:{c}" for s, c in self.played], "stake": self.stake}
        )

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        seen = {c for h in self.hands for c in h} | {c for _, c in self.played}
        unseen = [c for c in spanish_deck(40) if c not in seen]
        return [c for s, h in enumerate(self.hands) if s != seat for c in h] + unseen

    def all_cards(self) -> list[Card]:
        in_play = [c for h in self.hands for c in h] + [c for _, c in self.played]
        taken = set(in_play)
        return in_play + [c for c in spanish_deck(40) if c not in taken]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        best = max(self.points)
        team = self.points.index(best)
        return Result(self.table.members(team), tuple(self.points))

    def clone(self) -> AltaState:
        other = AltaState.__new__(AltaState)
        other._copy_base(self)
        other.hands = [list(h) for h in self.hands]
        other.played = list(self.played)
        other.points = list(self.points)
        other.stake, other.mano = self.stake, self.mano
        return other

    def sample(self, seat: int, rng: random.Random) -> AltaState:
        other = self.clone()
        redistribute([h for s, h in enumerate(other.hands) if s != seat], rng)
        return other


class Alta(Game):
    name = "alta"
    title = "Alta (test game)"
    aliases = ("high",)
    Options = AltaOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        assert isinstance(options, AltaOptions)
        return AltaState(self, options, seed, position)

    def parse_action(self, text: str) -> Action:
        words = _fold(text).split()
        if words in (["raise"], ["subo"], ["subi"]):
            return RAISE
        if len(words) == 2 and words[0] in ("play", "juego"):
            words = words[1:]
        if len(words) == 1:
            try:
                return Card.parse(words[0])
            except ValueError:
                pass
        raise ActionParseError(f"{text!r} is not a move of alta: say a card such as 7O, 'play 7O' or 'raise'")

    def deck(self, options: GameOptions) -> list[Card]:
        return spanish_deck(40)

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        return Table.partnership(4).teams if options.players == 4 else None

    def describe(self, event: Event) -> str:
        if event.kind == "play":
            return f"seat {event.seat} plays {event.detail}"
        if event.kind == "raise":
            return f"seat {event.seat} raises: the hand is worth 2"
        if event.kind == "win":
            return f"seat {event.seat} takes the hand ({event.detail})"
        if event.kind == "deal":
            return f"seat {event.seat} deals"
        return f"seat {event.seat} gets {event.detail}"

    def table_lines(self, observation: Observation) -> list[str]:
        played = " ".join(observation.table["played"]) or "-"
        return [f"On the table: {played}", f"Stake: {observation.table['stake']}"]

    def rules_text(self) -> str:
        return "# Alta\n\nEach seat plays **one card**; the highest rank takes the hand.\n"


class HighBot:
    """Plays its highest card: a 'hard' bot that is easy to predict in tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        cards = [a for a in view.legal_actions() if isinstance(a, Card)]
        return max(cards, key=lambda c: c.rank)


GAME = Alta()


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    register(GAME)


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register("alta", "easy", RandomBot)
    register("alta", "hard", HighBot)
