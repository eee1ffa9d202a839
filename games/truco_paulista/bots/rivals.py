"""What a finished mão of truco paulista told one seat about each rival's habits, for the core's rival book
(:mod:`cartas.core.bots.inference.rivals`), and the reader that keeps the book and weighs sampled worlds by it.

Read from the mão's events the seat saw, in order:

- ``truco``: every raise a rival asked for (truco, seis, nove, doze), and every card he played face up or down
  while his side could have asked for the next one (no raise waiting, not a mão de onze, the ladder open to
  his side);
- ``truco answer``: each ``aceito`` and ``corro`` (a raise in answer counts as a raise, not here).

A rival's power then (:func:`~cartas.games.truco_paulista.bots.bidding.hand_power`, in the vira's ranks) is known
when his three cards were all played face up; otherwise the rule's rate over a random hand stands in for it.
The mão de onze's ``jogo`` and ``corro`` are left to the shared model. The rule each is measured against is
:class:`~cartas.games.truco_paulista.bots.bidding.PaulistaBidding`'s, without its floor of bluffs.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache

from cartas.core import Card, Event, State
from cartas.core.bots import BookReader, Decision, Observed, logistic

from ..cards import FIXED_TABLE, VIRA_TABLES
from ..state import PaulistaState
from .bidding import (
    ACCEPT_BAR, CALL_BARS, SPREAD, PaulistaBidding, _onze_decision, hand_power, held_at,
)

RAISES = ("truco", "seis", "nove", "doze")


@cache
def _powers(vira_rank: int) -> tuple[float, ...]:
    """Every three-card hand's power under the vira of that rank (0: fixed manilhas)."""
    ranks = _ranks(vira_rank)
    return tuple(hand_power(hand, ranks) for hand in itertools.combinations(ranks, 3))


@cache
def call_rate(vira_rank: int, bar: float) -> float:
    """How often the rule says yes at ``bar`` with a random hand: what a word says when the cards stay hidden."""
    powers = _powers(vira_rank)
    return sum(logistic(power, bar, SPREAD) for power in powers) / len(powers)


def _ranks(vira_rank: int) -> Mapping[Card, int]:
    return FIXED_TABLE if vira_rank == 0 else VIRA_TABLES[vira_rank]


def hand_observations(events: Sequence[Event], seat: int, teams: Sequence[int]) -> list[Observed]:
    """What one finished mão's events (those ``seat`` saw) tell of its rivals' habits (see the module)."""
    team = teams[seat]
    vira_rank = next((Card.parse(e.detail).rank for e in events if e.kind == "vira" and e.detail), 0)
    ranks = _ranks(vira_rank)
    face_up: dict[int, list[Card]] = {}
    for event in events:
        if event.kind == "play":
            face_up.setdefault(event.seat, []).append(Card.parse(event.detail))
    full = {s: cards for s, cards in face_up.items() if len(cards) == 3}
    onze = any(event.kind == "onze" for event in events)

    def honest(rival: int, played: int, bar: float) -> float | None:
        cards = full.get(rival)
        return None if cards is None else logistic(hand_power(cards[played:], ranks), bar, SPREAD)

    out: list[Observed] = []
    played: dict[int, int] = {}
    level, holder, pending = 0, -1, False
    for event in events:
        kind, who = event.kind, event.seat
        rival = who >= 0 and teams[who] != team
        if kind in RAISES:
            if rival:
                bar = CALL_BARS[kind]
                out.append(Observed(who, "truco", True, honest(who, played.get(who, 0), bar),
                                    call_rate(vira_rank, bar)))
            level, holder, pending = level + 1, 1 - teams[who], True
        elif kind in ("aceito", "corro"):
            if rival and pending and not onze:
                said = kind == "aceito"
                out.append(Observed(who, "truco answer", said, honest(who, played.get(who, 0), ACCEPT_BAR),
                                    call_rate(vira_rank, ACCEPT_BAR)))
            pending = False
            if kind == "corro" and not onze:
                break  # a refused raise ends the mão
        elif kind == "play" or kind == "hide" and not event.detail:  # a card to the table, face up or down
            if rival and not pending and not onze and level < len(RAISES) and holder in (-1, teams[who]):
                bar = CALL_BARS[RAISES[level]]
                out.append(Observed(who, "truco", False, honest(who, played.get(who, 0), bar),
                                    call_rate(vira_rank, bar)))
            played[who] = played.get(who, 0) + 1
    return out


class PaulistaRivalReader(BookReader, PaulistaBidding):
    """:class:`~cartas.games.truco_paulista.bots.bidding.PaulistaBidding` with a book of each rival's habits, read from
    the mãos the seat has seen end: a :class:`~cartas.core.bots.inference.RivalReader`. One per bot and match."""

    def hand_observations(self, hand: Sequence[Event], seat: int, teams: Sequence[int]) -> list[Observed]:
        return hand_observations(hand, seat, teams)

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, PaulistaState)
        kind, seat = decision.kind, decision.seat
        if kind in CALL_BARS or (kind in ("aceito", "corro") and not _onze_decision(world, decision.at)):
            power = hand_power(held_at(world, seat, decision.at), world.ranks)
            if kind in CALL_BARS:
                return self.book.likelihood(seat, "truco", True, logistic(power, CALL_BARS[kind], SPREAD))
            return self.book.likelihood(seat, "truco answer", kind == "aceito", logistic(power, ACCEPT_BAR, SPREAD))
        return super().likelihood(world, decision)
