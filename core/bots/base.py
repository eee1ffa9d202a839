"""What a bot is: an agent that chooses an action from one seat's view, and never sees more than that seat.

A bot gets a :class:`SeatView`, not the state: the view gives the seat's observation, its legal actions, its
own cards, and complete states *sampled* to fit what it knows (for search), never the real hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.observation import Observation
from cartas.core.options import GameOptions
from cartas.core.state import Action, State


class SeatView:
    """One seat's window on a state."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game_name(self) -> str:
        return self._state.game.name

    @property
    def options(self) -> GameOptions:
        return self._state.options

    @property
    def hands_played(self) -> int:
        return self._state.hands_played

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def hand(self) -> list[Card]:
        return self._state.hand_of(self.seat)

    def scores(self) -> tuple[int, ...]:
        return self._state.scores()

    def finished_events(self, since: int = 0) -> tuple[list[Event], int]:
        """The events of the hands already over that this seat saw, from index ``since`` of the match's events
        on, and the index where the hand in progress begins (the ``since`` of the next call).

        What a player remembers of the match: the calls, the cards played, the tantos sung and shown. A bot
        that reads its rivals (:mod:`cartas.core.bots.inference.rivals`) reads each finished hand once. In a
        sampled state (search) the hands before the one in progress are forgotten: nothing is returned.
        """
        state = self._state
        end = state.hand_events_from
        if since >= end:
            return [], max(end, since)
        seat = self.seat
        return [event for event in state.events[since:end] if event.visible(seat)], end

    def sample(self, rng: random.Random, *, whole_match: bool = False) -> State:
        """A complete state consistent with what this seat knows; safe to play on (it is a copy).

        Only what the seat may know survives in it: see :meth:`State.forget_hidden`.
        """
        sampled = self._state.sample(self.seat, rng)
        sampled.forget_hidden(self.seat, rng, whole_match=whole_match)
        return sampled


@runtime_checkable
class Agent(Protocol):
    """Anything that chooses actions: a bot, a person at the terminal, a program over JSON lines."""

    def choose(self, view: SeatView) -> Action:
        """Return one of ``view.legal_actions()``."""
        ...


BotFactory = Callable[[int], Agent]
"""Makes a bot from a seed, so that bots are reproducible."""


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())
