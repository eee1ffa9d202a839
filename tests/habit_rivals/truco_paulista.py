"""Truco paulista's always-X rivals: a sensible card player (:func:`plain`, a heuristic of card values, no
sampling) and four habits on top of it, whatever its cards:

- ``truco``: asks for truco, or the next raise, at every turn it may (never in a mão de onze, where the call
  loses the match: that is a blunder, not a habit);
- ``refuse``: runs (``corro``) from every truco or raise unless it holds two top cards (manilhas or treses, the
  best common card) or has a rodada won;
- ``bluff``: asks for truco on every mão at its first turn, and answers a raise it would not accept with the
  next raise (one it cannot back);
- ``onze``: plays every mão de onze (``jogo``), whatever its cards and the score.

Paulista has no envido, so truco's ``envido`` habit has no counterpart. They read nothing and learn nothing.
``RIVALS.bot("truco", seed)`` is one in process; ``benchmarks/bots/rival_program.py truco_paulista truco`` as a
``cmd:`` program for ``cartas arena``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cartas.core.cards import Card
from cartas.games.truco_paulista.bots import choose_card, is_manilha
from cartas.games.truco_paulista.cards import FIXED_TABLE, VIRA_TABLES
from cartas.games.truco_paulista.state import FACE_DOWN, TARGET
from cartas.testing.rivals import DecideBot, Rivals

RAISE_WORDS = ("truco", "seis", "nove", "doze")

COMMON_VALUE = {3: 0.8, 2: 0.6, 1: 0.45, 12: 0.3, 11: 0.22, 10: 0.15, 7: 0.1, 6: 0.06, 5: 0.04, 4: 0.02}
"""What a common card is worth to the heuristic, about its chance of taking a rodada: a three most, a four least."""
MANILHA_VALUE = {"B": 1.3, "C": 1.2, "E": 1.1, "O": 1.0}
"""A manilha by suit: the zap (bastos) first."""

# A random three-card hand is worth about 1.0 (0.34 a card). The bars are a club player's, set by hand and not
# tuned against the bots: ask with a manilha and a three (1.8), accept with a manilha and a middling card or two
# treses (1.3), raise back with far more than it needs to accept.
CALL_BAR = 1.8
ACCEPT_BAR = 1.3
RAISE_MARGIN = 0.9
ONZE_BAR = 1.4
"""The hand value (its own, or the better of the two a side on 11 sees) from which it plays a mão de onze."""


def ranks_for(table: Mapping[str, Any]) -> dict[Card, int]:
    """The rank table of the mão, from the public vira (the fixed manilhas without one)."""
    vira = table["vira"]
    return VIRA_TABLES[Card.parse(vira).rank] if vira else FIXED_TABLE


def card_value(card: Card, ranks: Mapping[Card, int]) -> float:
    return MANILHA_VALUE[card.suit] if is_manilha(ranks, card) else COMMON_VALUE[card.rank]


def is_top(card: Card, ranks: Mapping[Card, int]) -> bool:
    """A top card of paulista: a manilha or a three (the best common card)."""
    return is_manilha(ranks, card) or card.rank == 3


def power(hand: Sequence[Card], ranks: Mapping[Card, int], results: Sequence[int], team: int) -> float:
    """The cards' values, plus a rodada won, less a rodada lost: how likely it thinks the mão is its own."""
    value = sum(card_value(card, ranks) for card in hand)
    for result in results:
        if result == team:
            value += 1.0
        elif result == 1 - team:
            value -= 0.8
    return value


def plain(observation: dict[str, Any]) -> str:
    """The heuristic's action text for a paulista observation (as JSON), among its ``legal`` actions."""
    legal = observation["legal"]
    table = observation["table"]
    seat = observation["seat"]
    teams = observation["teams"]
    team = teams[seat]
    mine, theirs = observation["scores"][team], observation["scores"][1 - team]
    ranks = ranks_for(table)
    hand = [Card.parse(text) for text in observation["hand"]]
    results = list(table["trick_winners"])
    strength = power(hand, ranks, results, team)
    if "jogo" in legal:
        partner = [Card.parse(text) for text in table.get("partner_hand") or []]
        best = max(power(hand, ranks, [], team), power(partner, ranks, [], team) if partner else 0.0)
        bar = ONZE_BAR + (0.3 if theirs + 3 >= TARGET else 0.0)  # losing it hands them the match
        return "jogo" if best >= bar else "corro"
    pending = table["pending"]
    if pending is not None and "aceito" in legal:
        rung = RAISE_WORDS.index(pending)
        bar = ACCEPT_BAR + 0.2 * rung
        raise_word = next((word for word in RAISE_WORDS if word in legal), None)
        if raise_word and strength >= bar + RAISE_MARGIN and mine + table["stake"] < TARGET:
            return raise_word
        if theirs + table["stake"] >= TARGET:
            return "aceito"  # running hands them the match anyway
        return "aceito" if strength >= bar else "corro"
    call = next((word for word in RAISE_WORDS if word in legal), None)
    if (call and table["mao_de_onze"] is None and mine + table["stake"] < TARGET
            and strength >= CALL_BAR + 0.3 * RAISE_WORDS.index(call)):
        return call
    if not hand:  # a blind mão de ferro: the first card it still holds
        return next(word for word in legal if word.startswith("play "))
    trick = [(play["seat"], FACE_DOWN if play["face_down"] else Card.parse(play["card"]))
             for play in table["current_trick"]]
    return str(choose_card(hand, trick, ranks, teams, seat, results, bool(table["tricks"])))


def _call(observation: dict[str, Any]) -> str | None:
    """The raise word it may say now, outside a mão de onze."""
    if observation["table"]["mao_de_onze"] is not None:
        return None
    return next((word for word in RAISE_WORDS if word in observation["legal"]), None)


def onze(observation: dict[str, Any]) -> str | None:
    return "jogo" if "jogo" in observation["legal"] else None


def truco(observation: dict[str, Any]) -> str | None:
    return _call(observation)  # a call at its turn, or the next raise in answer to one


def bluff(observation: dict[str, Any]) -> str | None:
    call = _call(observation)
    if call is None:
        return None
    table = observation["table"]
    pending = table["pending"]
    seat = observation["seat"]
    first_turn = pending is None and not any(
        play["seat"] == seat for trick in table["tricks"] for play in trick
    ) and not any(play["seat"] == seat for play in table["current_trick"])
    if first_turn and call == "truco":
        return call
    if pending is not None and plain(observation) == "corro":
        return call  # raises where it would run
    return None


def refuse(observation: dict[str, Any]) -> str | None:
    table = observation["table"]
    if table["pending"] is not None and "corro" in observation["legal"]:
        team = observation["teams"][observation["seat"]]
        ranks = ranks_for(table)
        tops = sum(1 for text in observation["hand"] if is_top(Card.parse(text), ranks))
        won = any(result == team for result in table["trick_winners"])
        if tops < 2 and not won:
            return "corro"
    return None


RIVALS = Rivals("truco_paulista", lambda seed: DecideBot(plain, seed),
                {"truco": truco, "refuse": refuse, "bluff": bluff, "onze": onze})
