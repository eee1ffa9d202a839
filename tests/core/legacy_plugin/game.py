"""Mayor, a game of one card a hand: each of two seats plays one card, the higher rank takes a point (the
mano wins a tie), first to three. Written against cartas 0.1's Game, which drew itself."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from cartas.core import Card, Game, GameOptions, Observation, Position, Result, State, Table, TableView
from cartas.core.deck import deal, shuffled, spanish_deck
from cartas.core.errors import ActionParseError
from cartas.core.events import Event
from cartas.core.game import describe_named
from cartas.core.naming import TableNames
from cartas.core.state import Action, redistribute


class MayorOptions(GameOptions):
    players: Literal[2] = 2
    points: Literal[3] = 3


class MayorState(State):
    __slots__ = ("hands", "played", "points")

    def __init__(self, game: Game, options: MayorOptions, seed: int, position: Position | None) -> None:
        self._init_base(game, options, Table(2, None), seed, position)
        self.points = [0, 0]
        self.dealer = 0
        self._deal()

    def _deal(self) -> None:
        self.hands = deal(shuffled(spanish_deck(40), self.rng), 2, self.dealer, 1)
        self.played: list[tuple[int, Card]] = []
        self.to_act = ((self.dealer + 1) % 2,)
        self.start_hand_events()
        self.emit("deal", self.dealer)
        for seat in range(2):
            self.emit("card", seat, str(self.hands[seat][0]), (seat,))

    def _legal_actions(self, seat: int) -> list[Action]:
        return list(self.hands[seat])

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Card)
        self.hands[seat].remove(action)
        self.played.append((seat, action))
        self.emit("play", seat, str(action))
        if len(self.played) < 2:
            self.to_act = (1 - seat,)
            return
        (first, card), (second, other) = self.played
        winner = second if other.rank > card.rank else first
        self.points[winner] += 1
        self.hands_played += 1
        self.emit("point", winner)
        if self.points[winner] >= 3:
            self.is_over, self.to_act = True, ()
            return
        self.dealer = 1 - self.dealer
        self._deal()

    def _table(self) -> dict[str, object]:
        return {"played": [f"{seat}:{card}" for seat, card in self.played]}

    def observation(self, seat: int) -> Observation:
        return self.make_observation(seat, hand=self.hands[seat], table=self._table())

    def public_observation(self) -> Observation:
        return self.make_public_observation(table=self._table())

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        held = {c for hand in self.hands for c in hand} | {c for _, c in self.played}
        return list(self.hands[1 - seat]) + [c for c in spanish_deck(40) if c not in held]

    def all_cards(self) -> list[Card]:
        in_play = [c for hand in self.hands for c in hand] + [c for _, c in self.played]
        return in_play + [c for c in spanish_deck(40) if c not in set(in_play)]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        winner = self.points.index(max(self.points))
        return Result((winner,), tuple(self.points))

    def clone(self) -> MayorState:
        other = MayorState.__new__(MayorState)
        other._copy_base(self)
        other.hands = [list(hand) for hand in self.hands]
        other.played = list(self.played)
        other.points = list(self.points)
        return other

    def sample(self, seat: int, rng: random.Random) -> MayorState:
        other = self.clone()
        redistribute([other.hands[1 - seat]], rng)
        return other


class Mayor(Game):
    name = "mayor"
    title = "Mayor (a 0.1 plugin)"
    Options = MayorOptions
    summary_kinds = frozenset({"point"})

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        assert isinstance(options, MayorOptions)
        return MayorState(self, options, seed, position)

    def parse_action(self, text: str) -> Action:
        try:
            return Card.parse(text.strip().upper())
        except ValueError:
            raise ActionParseError(f"{text!r} is not a card") from None

    def deck(self, options: GameOptions) -> list[Card]:
        return spanish_deck(40)

    def describe(self, event: Event) -> str:  # before games took the viewer's names
        if event.kind == "play":
            return f"seat {event.seat} plays {event.detail}"
        if event.kind == "point":
            return f"a point for seat {event.seat}"
        return super().describe(event)

    def hand_summary(self, events: Sequence[Event], names: TableNames | None = None) -> list[str]:
        return ["Hand:", *(describe_named(self, event, names) for event in events if event.kind in self.summary_kinds)]

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        who = names.seat if names is not None else (lambda seat: f"seat {seat}")
        return [f"{who(int(play[0]))} played {play[2:]}" for play in observation.table["played"]] or ["no card yet"]

    def table_view(self, observation: Observation) -> TableView:  # before table views took the names
        view = super().table_view(observation)
        return view.model_copy(update={"centre": [("played", play[2:]) for play in observation.table["played"]]})
