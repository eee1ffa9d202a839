"""A test opponent for truco that reads the rival's calls: the plain human heuristic issue 17 measured against
the bots, kept to check that ``hard`` no longer loses to it.

It knows three things a club player knows and nothing else: a rival who called truco or envido (or accepted
one) holds better cards than a random hand, so it asks more of its own cards to accept; it calls envido by its
tanto against the score (more boldly when behind, the falta when far behind); it calls truco by its cards.
No sampling, no search.

In the arena it runs as an external program over the JSON-lines protocol (two players, any points)::

    cartas arena truco "cmd:.venv/bin/python benchmarks/bots/calls_reader.py" hard -o points=30 --jobs 1

and in-process as ``CallsReaderBot(seed).choose(view)``.
"""

from __future__ import annotations

import sys
from typing import Any

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.games.truco.bots.bidding import card_power
from cartas.games.truco.bots.levels import pick_card

sys.path.insert(0, __file__.rsplit("/", 1)[0])  # run as a program: the shared loop sits beside this file
from program import action_named, answer_decisions, observation_json  # noqa: E402

TRUCO_WORDS = ("truco", "retruco", "vale cuatro")

# Its bars, tuned against the `medium` of issue 17 (commit fe8202d^, which sampled as if calls said nothing) until
# the heuristic beat it as the did: 120 matches to 30 (seed 2525), calls bars 1.6/1.2/27-26 won 35.8%,
# truco at 1.0 45.0%, and envido opened from a tanto of 21 (20 at the foot) with truco at 1.0 57.5%. Against
# today's `hard` it wins 41.7% of 120 (seed 2424), against today's `medium` 58.3% (seed 2525): docs/writing-a-game.md.
CALL_BAR = 1.0
"""The card power (:func:`card_power`, plus tricks won) at which it calls truco."""
ACCEPT_BAR = 1.0
"""The card power at which it accepts a truco (0.3 more from a rival who called one)."""
ENVIDO_BAR_MANO = 21
ENVIDO_BAR_PIE = 20
"""The tanto from which it opens the envido, mano and at the foot (less when far behind, more near the end)."""


def decide(observation: dict[str, Any]) -> str:
    """The action text for a truco observation (as JSON), among its ``legal`` actions."""
    legal = set(observation["legal"])
    table = observation["table"]
    seat = observation["seat"]
    teams = observation["teams"]
    team = teams[seat]
    mine, theirs = observation["scores"][team], observation["scores"][1 - team]
    target = table["points"]
    hand = [Card.parse(text) for text in observation["hand"]]
    tanto = table["tanto"]
    rival_words = [(e["kind"], e["detail"]) for e in observation["events"] if teams[e["seat"]] != team
                   and e["kind"] in ("envido", "truco", "quiero")] if teams else []
    rival_trucoed = any(kind == "truco" for kind, _ in rival_words)
    rival_envido = [detail for kind, detail in rival_words if kind == "envido"]
    power = sum(card_power(card) for card in hand)
    for result in table["results"]:
        if result == team:
            power += 1.0
        elif result != "parda":
            power -= 0.8
    trick = [(s, Card.parse(c)) for s, c in table["trick"]]
    if trick and teams[max(trick, key=lambda play: card_power(play[1]))[0]] != team:
        power -= 0.2
    behind = theirs - mine
    pending = table["pending"]

    if pending in ("envido", "real envido", "falta envido") or (pending and "envido" in pending):
        bar = 27 + (2 if "real envido" in rival_envido else 0) + (3 if "falta envido" in rival_envido else 0)
        if theirs >= target - 3:
            bar -= 1  # refusing hands them the points they lack
        if tanto >= 32 and "falta envido" in legal and behind > 5:
            return "falta envido"
        if tanto >= 31 and "real envido" in legal and "real envido" not in rival_envido:
            return "real envido"
        return "quiero" if tanto >= bar else "no quiero"
    if pending in TRUCO_WORDS and "quiero" in legal:
        if "envido" in legal and tanto >= 28:
            return "envido"
        bar = ACCEPT_BAR + (0.3 if rival_trucoed else 0.0) + 0.15 * (table["hand_worth"] - 1)
        raise_word = next((w for w in ("retruco", "vale cuatro") if w in legal), None)
        if raise_word and power >= bar + 0.9 and mine + table["hand_worth"] + 1 < target:
            return raise_word
        if theirs + table["hand_worth"] >= target:
            return "quiero"
        return "quiero" if power >= bar else "no quiero"
    if pending == "flor" or (pending and "flor" in pending):
        return next(w for w in ("quiero", "flor", "no quiero") if w in legal)
    if "envido" in legal:
        bar = ENVIDO_BAR_MANO if observation.get("mano") == seat else ENVIDO_BAR_PIE
        bar -= 2 if behind >= 8 else 0
        bar += 2 if theirs >= target - 3 and mine < target - 3 else 0
        if tanto >= 33 and "falta envido" in legal and behind >= 5:
            return "falta envido"
        if tanto >= 31:
            return "real envido"
        if tanto >= bar:
            return "envido"
    call = next((w for w in TRUCO_WORDS if w in legal), None)
    if call and power >= CALL_BAR + 0.3 * (table["hand_worth"] - 1) and mine + table["hand_worth"] < target:
        return call
    results = [r if r == "parda" else int(r) for r in table["results"]]
    card = pick_card(hand, trick, team, teams, results)
    return f"play {card}"


class CallsReaderBot:
    """The heuristic as an in-process bot (for tests and quick runs)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> object:
        return action_named(view, decide(observation_json(view)))


def main() -> None:
    """Answer each ``decision`` line on stdin with one ``{"action": ...}`` line."""
    answer_decisions(decide)


if __name__ == "__main__":
    main()
