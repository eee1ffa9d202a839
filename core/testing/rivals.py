"""Test opponents with one habit: a plain player that, wherever its habit applies, always plays the habit's move.

A person who plays a bot often finds one habit first (always calls envido, always goes in, always refuses) and
keeps it while it pays. A test checks that a level stops paying for such a habit once it has seen it, and that
needs a rival that is nothing but the habit on top of a sensible player. This module builds such rivals for any
game without knowing any: the habit is a function of the seat's observation as JSON (the form the arena's
``cmd:`` protocol writes) that names the action text to play, or ``None`` to let the base player choose; the base
is any bot, a registered level (:func:`level_bot`) or a heuristic written as a JSON decide function
(:class:`DecideBot`). What a habit knows of the game (its words, when it applies) is data the test passes in::

    from .rivals import HabitBot, always, level_bot

    rival = HabitBot(always("juego", where_also="paso"), level_bot("tresillo", "medium", seed))

:class:`Rivals` names a game's habits so a test or a benchmark picks one by name, and :func:`answer_decisions`
runs any rival as a ``cmd:`` program over the JSON-lines protocol (benchmarks/bots/rival_program.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cartas.core.bots.base import Agent, SeatView
from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.plugins.manager import get_registry
from cartas.core.state import Action

__all__ = [
    "Decide", "DecideBot", "Habit", "HabitBot", "JsonView", "Rivals", "action_named", "always", "answer_decisions",
    "level_bot", "observation_json",
]

Habit = Callable[[dict[str, Any]], str | None]
"""What a habit plays for an observation (as JSON, with its ``legal`` texts): an action text, or ``None`` where
the habit does not apply."""
Decide = Callable[[dict[str, Any]], str]
"""A heuristic player: the action text it plays for an observation (as JSON), always one of its ``legal``."""


def observation_json(view: SeatView) -> dict[str, Any]:
    """The seat's observation as the protocol writes it (with its ``legal`` texts), for a habit that reads JSON."""
    return view.observation().model_dump(mode="json")


def action_named(view: SeatView, text: str) -> Action:
    """The legal action of ``view`` whose text is ``text``; a ``KeyError`` if none is."""
    return {str(action): action for action in view.legal_actions()}[text]


def always(word: str, *, where_also: str | None = None) -> Habit:
    """A habit that plays ``word`` whenever it is legal; with ``where_also``, only where that other answer to the
    same question is legal too (so a word legal on its own, as the only move, is not counted as the habit)."""

    def habit(observation: dict[str, Any]) -> str | None:
        legal = observation["legal"]
        if word in legal and (where_also is None or where_also in legal):
            return word
        return None

    return habit


def level_bot(game: str, level: str, seed: int = 0) -> Agent:
    """The registered ``level`` of ``game``, seeded as ``cartas arena`` seeds a bot (its factory called with
    ``seed``)."""
    return get_registry().bot(game, level)(seed)


class DecideBot:
    """A heuristic written as a JSON decide function, as an in-process bot. The seed is the arena's factory
    argument; a heuristic draws nothing."""

    def __init__(self, decide: Decide, seed: int = 0) -> None:
        self.decide = decide
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return action_named(view, self.decide(observation_json(view)))


class HabitBot:
    """``base`` with ``habit`` on top: the habit's action wherever it names a legal one, the base's elsewhere.
    ``habit=None`` is the base alone (the plain player a habit is measured against)."""

    def __init__(self, habit: Habit | None, base: Agent) -> None:
        self.habit = habit
        self.base = base

    def choose(self, view: SeatView) -> Action:
        if self.habit is not None:
            text = self.habit(observation_json(view))
            if text is not None:
                legal = {str(action): action for action in view.legal_actions()}
                if text in legal:
                    return legal[text]
        return self.base.choose(view)


@dataclass(frozen=True)
class Rivals:
    """A game's always-X rivals by name: the plain player they sit on (a factory of the arena's seed) and each
    habit. :meth:`bot` refuses an unknown habit at once, naming those there are."""

    game: str
    base: Callable[[int], Agent]
    habits: Mapping[str, Habit] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.habits)

    def bot(self, habit: str | None, seed: int = 0) -> HabitBot:
        """The rival with ``habit`` (``None``: the plain player), seeded as the arena seeds a bot."""
        if habit is not None and habit not in self.habits:
            raise ValueError(f"unknown habit {habit!r}: expected one of {', '.join(self.habits)}")
        return HabitBot(None if habit is None else self.habits[habit], self.base(seed))

    def decide(self, habit: str | None, observation: dict[str, Any], bot: Agent | None = None) -> str:
        """What the rival (``bot`` if given, so a program keeps one bot's memory) plays for ``observation`` as
        JSON, read through :class:`JsonView`: what a ``cmd:`` program answers."""
        chosen = (bot or self.bot(habit)).choose(JsonView(get_registry().game(self.game), observation))  # type: ignore[arg-type]
        return str(chosen)


class JsonView:
    """What a bot reads of a seat (its seat, legal actions, observation and hand), from the observation as JSON,
    so a rival run as a program plays as it does in process. It keeps no book of finished matches: an
    observation carries only the deal in progress."""

    def __init__(self, game: Game, observation: dict[str, Any]) -> None:
        self._observation = Observation.model_validate(observation)
        self._legal = [game.parse_action(text) for text in observation["legal"]]

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def observation(self) -> Observation:
        return self._observation

    def hand(self) -> list[Card]:
        return [Card.parse(text) for text in self._observation.hand]

    @property
    def seat(self) -> int:
        return self._observation.seat

    def finished_events(self, since: int = 0) -> tuple[list[Event], int]:
        """Nothing: a program sees no finished deals, so a bot that reads them plays as on a first deal."""
        return [], since


def answer_decisions(decide: Callable[[dict[str, Any]], str], lines: Iterable[str] | None = None) -> None:
    """Answer each ``decision`` line (of stdin unless given) with one ``{"action": ..., "id": ...}`` line; the
    observation ``decide`` reads carries the decision's ``legal`` actions."""
    for line in sys.stdin if lines is None else lines:
        message = json.loads(line)
        if message.get("type") != "decision":
            continue
        observation = message["observation"]
        observation["legal"] = message["legal"]
        print(json.dumps({"action": decide(observation), "id": message["id"]}), flush=True)
