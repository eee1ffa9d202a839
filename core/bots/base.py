"""What a bot is: an agent that chooses an action from one seat's view, and never sees more than that seat.

A bot gets a :class:`SeatView`, not the state: the view gives the seat's observation, its legal actions, its
own cards, and complete states *sampled* to fit what it knows (for search), never the real hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

from ..cards import Card
from ..events import Event
from ..observation import Observation
from ..options import GameOptions
from ..state import Action, State


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
        sampled state (search) the hands before the one in progress are forgotten: nothing is returned. Once the
        match is over its last hand is over too, and comes with the others (a bot remembering an earlier match
        at the table reads it whole: :func:`cartas.core.bots.remember_matches`).
        """
        state = self._state
        end = len(state.events) if state.is_over else state.hand_events_from
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


@runtime_checkable
class Remembers(Protocol):
    """A bot that carries what it learnt of its rivals from one match to the next at the same table, because a
    person's habits do not start afresh with the rematch. Optional: a bot without it starts each match new."""

    def remember(self, view: SeatView) -> None:
        """Read ``view``, an earlier match at this table as this seat saw it, before this match's first move."""
        ...


REMEMBERED = 5
"""The earlier matches at a table a front end hands a new bot at most (the latest): enough for a person's habits
to show (a truco to 30 is some 15 hands), bounded so a long evening's rematches cost a bot nothing noticeable."""


def remember_matches(agent: object, views: Iterable[SeatView]) -> bool:
    """Give ``agent`` the earlier matches at its table (oldest first), each as its seat saw it, if it remembers
    (:class:`Remembers`); whether it does. Every front end calls this once, when it makes the bot for a match
    whose people sat in the same seats before: the terminal's rematch, the server's rematch tables."""
    if not isinstance(agent, Remembers):
        return False
    for view in views:
        agent.remember(view)
    return True


class SeededBot:
    """A bot with a random source of its own, seeded from the seed its factory is given: every random choice it
    makes draws on ``self.rng`` only, so a match played again from the same seeds repeats move for move. The base
    a game's own bots build on."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)


class RandomBot(SeededBot):
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())
