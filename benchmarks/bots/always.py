"""Test opponents for truco with one habit a person finds first against any bot (issue 32): a sensible card player
(:mod:`benchmarks.bots.calls_reader`'s heuristic) that, whatever its cards,

- ``envido``: opens the envido on every hand it can (the real envido with 31 or more, as the heuristic would);
- ``truco``: calls the next truco word at every turn it may;
- ``refuse``: refuses every truco word unless it holds two top cards (treses or better) or has a trick won;
- ``bluff``: calls envido and truco on every hand, and answers an envido with a real envido when its tanto is
  below 24 (a raise it cannot back).

Everything else is the heuristic's. The bots read nothing and learn nothing: they are the habit, to check that
``hard`` and ``medium`` stop paying for it once they have seen it.

In the arena each runs as an external program over the JSON-lines protocol::

    cartas arena truco hard "cmd:.venv/bin/python benchmarks/bots/always.py envido" -o points=30 --jobs 1

and in-process as ``AlwaysBot("envido", seed).choose(view)``.
"""

from __future__ import annotations

import sys
from typing import Any

from cartas.core.cards import Card
from cartas.games.truco.state import RANK

sys.path.insert(0, __file__.rsplit("/", 1)[0])  # run as a program: the heuristic sits beside this file
from calls_reader import TRUCO_WORDS, decide as heuristic  # noqa: E402
from program import HabitBot, answer_decisions, habit_argument  # noqa: E402

HABITS = ("envido", "truco", "refuse", "bluff")
TOP_RANK = RANK[Card(3, "O")]
"""A top card: a tres or better (the treses, the sietes bravos, the anchos)."""


def decide(habit: str | None, observation: dict[str, Any]) -> str:
    """The action text for a truco observation (as JSON) by the heuristic with ``habit`` on top."""
    legal = set(observation["legal"])
    table = observation["table"]
    pending = table["pending"]
    team = observation["teams"][observation["seat"]]
    hand = [Card.parse(text) for text in observation["hand"]]
    if habit in ("envido", "bluff") and pending is None and "envido" in legal:
        return "real envido" if table["tanto"] >= 31 and "real envido" in legal else "envido"
    if habit == "bluff" and pending == "envido" and table["tanto"] < 24 and "real envido" in legal:
        return "real envido"
    if habit in ("truco", "bluff") and pending is None:
        call = next((word for word in TRUCO_WORDS if word in legal), None)
        if call is not None:
            return call
    if habit == "refuse" and pending in TRUCO_WORDS and "no quiero" in legal:
        tops = sum(1 for card in hand if RANK[card] >= TOP_RANK)
        won = any(result == team for result in table["results"])
        if tops < 2 and not won and not ("envido" in legal and table["tanto"] >= 28):
            return "no quiero"
    return heuristic(observation)


class AlwaysBot(HabitBot):
    """Truco's habit as an in-process bot; ``habit=None`` is :mod:`calls_reader`'s heuristic."""

    HABITS = HABITS

    def decide(self, observation: dict[str, Any]) -> str:
        return decide(self.habit, observation)


def main() -> None:
    """Answer each ``decision`` line on stdin with one ``{"action": ...}`` line; the habit is the argument."""
    habit = habit_argument("always.py", HABITS)
    answer_decisions(lambda observation: decide(habit, observation))


if __name__ == "__main__":
    main()
