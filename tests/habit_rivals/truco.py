"""Truco's always-X rivals: a club player's heuristic that reads the rival's calls, and four habits on top of it.

The heuristic (:func:`plain`) knows three things a club player knows and nothing else: a rival who called truco or
envido (or accepted one) holds better cards than a random hand, so it asks more of its own cards to accept; it calls
envido by its tanto against the score (more boldly when behind, the falta when far behind); it calls truco by its
cards. No sampling, no search. The habits, whatever its cards:

- ``envido``: opens the envido on every hand it can (the real envido with 31 or more, as the heuristic would);
- ``truco``: calls the next truco word at every turn it may;
- ``refuse``: refuses every truco word unless it holds two top cards (treses or better) or has a trick won;
- ``bluff``: calls envido and truco on every hand, and answers an envido with a real envido when its tanto is
  below 24 (a raise it cannot back).

They read nothing and learn nothing: they are the habit, to check that ``hard`` and ``medium`` stop paying for it.
``RIVALS.bot("envido", seed)`` is one in process; ``benchmarks/bots/rival_program.py truco envido`` as a ``cmd:``
program for ``cartas arena``.
"""

from __future__ import annotations

from typing import Any

from cartas.core.cards import Card
from cartas.games.truco.bidding import card_power
from cartas.games.truco.bots import pick_card
from cartas.games.truco.state import RANK
from cartas.testing.rivals import DecideBot, Rivals

TRUCO_WORDS = ("truco", "retruco", "vale cuatro")

# Its bars were tuned against an early `medium` that sampled as if calls said nothing, until the heuristic beat it
# as a club player does (docs/notes/2026-11-truco-rivals.md has the runs).
CALL_BAR = 1.0
"""The card power (:func:`card_power`, plus tricks won) at which it calls truco."""
ACCEPT_BAR = 1.0
"""The card power at which it accepts a truco (0.3 more from a rival who called one)."""
ENVIDO_BAR_MANO = 21
ENVIDO_BAR_PIE = 20
"""The tanto from which it opens the envido, mano and at the foot (less when far behind, more near the end)."""


def plain(observation: dict[str, Any]) -> str:
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


TOP_RANK = RANK[Card(3, "O")]
"""A top card: a tres or better (the treses, the sietes bravos, the anchos)."""


def envido(observation: dict[str, Any]) -> str | None:
    legal = observation["legal"]
    if observation["table"]["pending"] is None and "envido" in legal:
        return "real envido" if observation["table"]["tanto"] >= 31 and "real envido" in legal else "envido"
    return None


def truco(observation: dict[str, Any]) -> str | None:
    legal = observation["legal"]
    if observation["table"]["pending"] is None:
        return next((word for word in TRUCO_WORDS if word in legal), None)
    return None


def refuse(observation: dict[str, Any]) -> str | None:
    legal = observation["legal"]
    table = observation["table"]
    if table["pending"] in TRUCO_WORDS and "no quiero" in legal:
        team = observation["teams"][observation["seat"]]
        tops = sum(1 for text in observation["hand"] if RANK[Card.parse(text)] >= TOP_RANK)
        won = any(result == team for result in table["results"])
        if tops < 2 and not won and not ("envido" in legal and table["tanto"] >= 28):
            return "no quiero"
    return None


def bluff(observation: dict[str, Any]) -> str | None:
    table = observation["table"]
    if table["pending"] == "envido" and table["tanto"] < 24 and "real envido" in observation["legal"]:
        return "real envido"
    return envido(observation) or truco(observation)


RIVALS = Rivals("truco", lambda seed: DecideBot(plain, seed),
                {"envido": envido, "truco": truco, "refuse": refuse, "bluff": bluff})
