"""Test opponents for julepe (the game ``tresillo``) with one habit a person finds first against a bot (issue 32):
julepe's ``medium`` (a card-counting heuristic: it goes in with a hand that expects 0.4 tricks, takes the
cheapest winning card) with, whatever its cards,

- ``juego``: goes in on every deal (never says ``paso``);
- ``viuda``: takes the viuda every time it is offered;
- ``obligo``: obliges with every turned figure (sota, caballo or rey), before seeing its cards;
- ``ciega``: deals every deal blind (``apuesta ciega``) when it is the dealer, so everyone must play unseen.

Julepe has no calls or answers to bluff with; its decisions are the dealer's kind of deal, the obligo, going in,
the viuda and the cards, and each habit is one of the first four always taken the same way (the card play has
no choice a person would call a habit: the heuristic already leads its highest card). Everything else is
``medium``'s own code, so against ``medium`` a rival measures the habit alone.

In the arena each runs as an external program over the JSON-lines protocol (it reads the observation JSON
through :class:`JsonView`, so the program plays exactly as in process)::

    cartas arena tresillo hard "cmd:.venv/bin/python benchmarks/bots/always_julepe.py juego" --jobs 1

and in-process as ``JulepeAlwaysBot("juego", seed).choose(view)``.
"""

from __future__ import annotations

import sys
from typing import Any

from cartas.core import Action, Card, Observation
from cartas.games.tresillo.actions import CIEGA, DEJO, JUEGO, NO_OBLIGO, NORMAL, OBLIGO, PASO, TOMO, parse_action
from cartas.games.tresillo.bots import MediumBot

sys.path.insert(0, __file__.rsplit("/", 1)[0])  # run as a program: the shared loop sits beside this file
from program import answer_decisions, checked_habit, habit_argument  # noqa: E402

HABITS = ("juego", "viuda", "obligo", "ciega")
_HABIT_WORD = {"juego": (JUEGO, PASO), "viuda": (TOMO, DEJO), "obligo": (OBLIGO, NO_OBLIGO), "ciega": (CIEGA, NORMAL)}
"""Each habit's word, and the other answer to the same question (the habit applies where both are legal)."""


class JsonView:
    """What ``medium`` reads of a seat (its seat, legal actions, observation and hand), from the observation as
    JSON."""

    def __init__(self, observation: dict[str, Any]) -> None:
        self._observation = Observation.model_validate(observation)
        self._legal = [parse_action(text) for text in observation["legal"]]

    def legal_actions(self) -> list[Any]:
        return list(self._legal)

    def observation(self) -> Observation:
        return self._observation

    def hand(self) -> list[Card]:
        return [Card.parse(text) for text in self._observation.hand]

    @property
    def seat(self) -> int:
        return self._observation.seat

    def finished_events(self, since: int = 0) -> tuple[list[Any], int]:
        """Nothing: an observation carries only the deal in progress, so the program keeps no book of how
        loosely its rivals go in (``medium`` in process does, :mod:`cartas.games.tresillo.bots.rivals`); it differs
        from the in-process bot only where a lone player's loose hands would make ``medium`` take the viuda."""
        return [], since


class JulepeAlwaysBot:
    """The habit on julepe's ``medium``, in process (for tests and the arena); ``habit=None`` is ``medium``."""

    def __init__(self, habit: str | None, seed: int = 0) -> None:
        self.habit = checked_habit(habit, HABITS)
        self.base = MediumBot(seed)

    def choose(self, view: Any) -> Action:
        legal = view.legal_actions()
        if self.habit is not None:
            word, other = _HABIT_WORD[self.habit]
            if word in legal and other in legal:
                return word  # type: ignore[no-any-return]
        return self.base.choose(view)


def decide(habit: str, observation: dict[str, Any], bot: JulepeAlwaysBot | None = None) -> str:
    """The action text for a julepe observation (as JSON, with its ``legal`` actions) by ``medium`` with ``habit``."""
    chosen = (bot or JulepeAlwaysBot(habit)).choose(JsonView(observation))
    return str(chosen)


def main() -> None:
    """Answer each ``decision`` line on stdin with one ``{"action": ...}`` line; the habit is the argument."""
    habit = habit_argument("always_julepe.py", HABITS)
    bot = JulepeAlwaysBot(habit)
    answer_decisions(lambda observation: decide(habit, observation, bot))


if __name__ == "__main__":
    main()
