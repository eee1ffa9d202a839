"""What the test opponents beside this file share: checking the habit they were given, and answering the
arena's decisions as an external program (the JSON-lines protocol of ``cartas arena ... "cmd:..."``).

Each opponent module decides from a seat's observation written as JSON (the protocol's form), so the same
``decide`` serves a ``cmd:`` program and the in-process bot; this module is the loop and the checks around it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from cartas.core.bots.base import SeatView
from cartas.core.state import Action


def checked_habit(habit: str | None, habits: Sequence[str]) -> str | None:
    """``habit`` if it is one of ``habits`` (or ``None``, the plain player), else a ``ValueError`` naming them."""
    if habit is not None and habit not in habits:
        raise ValueError(f"unknown habit {habit!r}: expected one of {', '.join(habits)}")
    return habit


def habit_argument(program: str, habits: Sequence[str]) -> str:
    """The habit named as the program's argument, or an exit with a line naming the habits there are."""
    habit = sys.argv[1] if len(sys.argv) > 1 else ""
    if habit not in habits:
        sys.exit(f"{program}: name a habit: {', '.join(habits)}")
    return habit


def action_named(view: SeatView, text: str) -> Action:
    """The legal action of ``view`` whose text is ``text`` (what a JSON ``decide`` answers)."""
    return {str(action): action for action in view.legal_actions()}[text]


def observation_json(view: SeatView) -> dict[str, Any]:
    """The seat's observation as the protocol writes it, for a ``decide`` that reads JSON."""
    return view.observation().model_dump(mode="json")


class HabitBot:
    """An in-process bot (for tests and quick runs) playing what its module's JSON ``decide`` answers for its
    habit; ``habit=None`` is the plain player. The seed is the arena's factory argument: the habits and the
    heuristics draw nothing."""

    HABITS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, habit: str | None, seed: int = 0) -> None:
        self.habit = checked_habit(habit, self.HABITS)

    def decide(self, observation: dict[str, Any]) -> str:
        """The action text for ``observation`` (as JSON) with this bot's habit."""
        raise NotImplementedError

    def choose(self, view: SeatView) -> Action:
        return action_named(view, self.decide(observation_json(view)))


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
