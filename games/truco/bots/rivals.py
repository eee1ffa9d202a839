"""What a finished truco hand told one seat about each rival's habits, for the core's rival book
(:mod:`cartas.core.bots.inference.rivals`), and the reader that keeps the book and weighs sampled worlds by it.

Read from the hand's events the seat saw, in order:

- ``envido``: every chance a rival had to open (or raise) the envido, and what he did. Passing is playing his
  first card of the hand while the envido was still open (two players; nobody had called an envido or a flor,
  and no truco had been accepted). His tanto, when it came to light (sung after an accepted envido, shown at the
  hand's end, or all his three cards played), gives the rule's chance of the call; else the rule's chance over a
  random hand.
- ``truco``: every card a rival played while he could have called the next truco word, and every truco word he
  called; his strength then (:func:`~cartas.games.truco.bots.bidding.strength_at`'s measure) when all his cards came
  to light.
- ``envido answer`` and ``truco answer``: each ``quiero`` and ``no quiero`` (a raise counts as a call, not here).
- ``truco answer without a trick`` (:data:`FOLD_KEY`): each answer to a truco word this seat's side said while the
  rival's side had won no trick, a raise counted as a yes, with the rule's chance of yes averaged over his hands
  still possible (:func:`truco_accept_given`): the book's tally of how much more than the rule he folds there,
  where calling truco wins points from a folder (``medium``'s fold equity).

The rule each is measured against is :class:`~cartas.games.truco.bots.bidding.TrucoBidding`'s, without its floor of
bluffs: the book's habits take the floor's place.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from cartas.core import Card, Event, State
from cartas.core.bots import BookReader, Decision, Observed, logistic

from ..envido import tanto
from ..state import RANK, TrucoState
from .bidding import (
    BLUFF_SCALE, ENVIDO_ACCEPT_BAR, ENVIDO_BARS, STRENGTH_SPREAD, TANTO_SPREAD, TRUCO_ACCEPT_BAR, TRUCO_BARS,
    TrucoBidding,
    answered_call, card_power, strength_at,
)

TRUCO_WORDS = ("truco", "retruco", "vale cuatro")

ENVIDO_KEY = "envido"
"""The book's key for a rival's chances to open or raise the envido, and what he did with each."""

FOLD_KEY = "truco answer without a trick"
"""The book's key for a rival's answers to this side's truco words before his side has won a trick."""


@cache
def _random_hands() -> tuple[tuple[int, float], ...]:
    """Every three-card hand's tanto and card power (9,880 hands), for the rules' rates over a random hand."""
    return tuple((tanto(hand), sum(card_power(card) for card in hand)) for hand in itertools.combinations(RANK, 3))


@cache
def envido_rate(bar: float) -> float:
    """How often the rule calls at ``bar`` with a random hand: what a call says when the tanto stays hidden."""
    hands = _random_hands()
    return sum(logistic(points, bar, TANTO_SPREAD) for points, _ in hands) / len(hands)


@cache
def truco_rate(bar: float) -> float:
    """How often the rule says yes at ``bar`` with a random hand's card power (no trick played yet)."""
    hands = _random_hands()
    return sum(logistic(power, bar, STRENGTH_SPREAD) for _, power in hands) / len(hands)


@cache
def envido_rate_given(bar: float, known: tuple[Card, ...], bound: int | None) -> float:
    """How often the rule calls at ``bar`` with a hand that holds the ``known`` cards (those the rival played)
    and, when a "son buenas" bounded it, a tanto of at most ``bound``: the rule's chance averaged over the
    hands still possible. A record's likelihood is linear in that chance, so the average is exactly what the
    hidden rest of the hand says (the rate over a random hand when nothing is known)."""
    rest = [card for card in RANK if card not in known]
    tantos = (tanto((*known, *more)) for more in itertools.combinations(rest, 3 - len(known)))
    weights = [logistic(points, bar, TANTO_SPREAD) for points in tantos if bound is None or points <= bound]
    return sum(weights) / len(weights) if weights else envido_rate(bar)


_RANK_POWER = {RANK[card]: card_power(card) for card in RANK}
"""A card's power by its rank (only the rank counts towards it)."""


def truco_accept_given(held: tuple[Card, ...], excluded: frozenset[Card], unseen: int, tricks: float) -> float:
    """The rule's chance of accepting a truco (:data:`TRUCO_ACCEPT_BAR`) for a rival who still held the ``held``
    cards that came to light and ``unseen`` more, drawn from the cards not ``excluded`` (those seen elsewhere
    and his own), with ``tricks`` added to his strength for the tricks his side won or lost: the rule's chance
    averaged over the hands still possible, as :func:`envido_rate_given` for the envido."""
    base = tricks + sum(_RANK_POWER[RANK[card]] for card in held)
    if unseen == 0:
        return logistic(base, TRUCO_ACCEPT_BAR, STRENGTH_SPREAD)
    return _accept_over(round(base, 9), tuple(sorted(RANK[card] for card in RANK if card not in excluded)), unseen)


@cache
def _accept_over(base: float, ranks: tuple[int, ...], unseen: int) -> float:
    """:func:`truco_accept_given` over every ``unseen``-card draw from cards of these ranks (cached by ranks:
    only a card's rank counts towards its power)."""
    powers = [_RANK_POWER[rank] for rank in ranks]
    total = count = 0.0
    for more in itertools.combinations(powers, unseen):
        total += logistic(base + sum(more), TRUCO_ACCEPT_BAR, STRENGTH_SPREAD)
        count += 1
    return total / count


def _tanto_bounds(events: Sequence[Event], teams: Sequence[int]) -> dict[int, int]:
    """The seats that said "son buenas" to an envido and the best tanto the other side had sung before: theirs
    is at most that (the sides sing in turn; a tie goes to the seat nearer the mano, who sang it)."""
    bounds: dict[int, int] = {}
    sung: list[tuple[int, int]] = []
    for event in events:
        if event.kind == "tanto":
            sung.append((event.seat, int(event.detail)))
        elif event.kind == "son_buenas" and event.detail == "envido":
            theirs = [value for seat, value in sung if teams[seat] != teams[event.seat]]
            if theirs:
                bounds[event.seat] = max(theirs)
    return bounds


def _known_cards(events: Sequence[Event]) -> dict[int, list[Card]]:
    """Each seat's cards that came to light in the hand: those it played, then those it showed."""
    known: dict[int, list[Card]] = {}
    for event in events:
        if event.kind == "play":
            known.setdefault(event.seat, []).append(Card.parse(event.detail))
        elif event.kind in ("envido_shown", "flor_shown"):
            cards = known.setdefault(event.seat, [])
            for text in event.detail.split()[:-1]:
                card = Card.parse(text)
                if card not in cards:
                    cards.append(card)
    return known


def _sung_tantos(events: Sequence[Event]) -> dict[int, int]:
    """The tantos said after an accepted envido, and those shown at the hand's end.

    The envido is sung in turn, so a seat may say no number: a "son buenas" (``son_buenas``) only bounds its
    tanto (:func:`_tanto_bounds`) and a silent seat tells nothing; neither is here."""
    sung: dict[int, int] = {}
    for event in events:
        if event.kind == "tanto":
            sung[event.seat] = int(event.detail)
        elif event.kind == "envido_shown":
            sung[event.seat] = int(event.detail.split()[-1])
    return sung


def hand_observations(events: Sequence[Event], seat: int, teams: Sequence[int]) -> list[Observed]:
    """What one finished hand's events (those ``seat`` saw) tell of its rivals' habits (see the module)."""
    team = teams[seat]
    two = len(teams) == 2
    known = _known_cards(events)
    sung = _sung_tantos(events)
    full = {s: cards for s, cards in known.items() if len(cards) == 3}

    bounds = _tanto_bounds(events, teams)

    def tanto_of(rival: int) -> int | None:
        if rival in sung:
            return sung[rival]
        return tanto(full[rival]) if rival in full else None

    def envido_honest(rival: int, bar: float) -> float | None:
        """The rule's chance of yes at ``bar`` for the rival's tanto: known, or averaged over the hands his cards
        played and a "son buenas" leave possible, or unknown."""
        points = tanto_of(rival)
        if points is not None:
            return logistic(points, bar, TANTO_SPREAD)
        seen = tuple(known.get(rival, ()))
        if not seen and rival not in bounds:
            return None
        return envido_rate_given(bar, seen, bounds.get(rival))

    def strength(rival: int, played: int, tricks: list[int]) -> float | None:
        cards = full.get(rival)
        if cards is None:
            return None
        total = sum(card_power(card) for card in cards[played:])
        for winner_team in tricks:
            total += 1.0 if winner_team == teams[rival] else -0.8
        return total

    out: list[Observed] = []
    played: dict[int, int] = {}
    tricks: list[int] = []
    envido_closed = False
    level = 0  # truco words said
    holder = -1  # the team that may say the next truco word (-1: either, before any truco)
    pending: list[str] = []
    seen_elsewhere = frozenset(card for s, cards in known.items() if teams[s] == team for card in cards)

    def fold_observation(rival: int, said_yes: bool) -> Observed:
        """His answer to this side's truco word, against the rule's chance over his hands still possible."""
        cards = known.get(rival, [])
        count = played.get(rival, 0)
        tricks_adjust = sum(1.0 if winner == teams[rival] else -0.8 for winner in tricks)
        expected = truco_accept_given(
            tuple(cards[count:]), seen_elsewhere | frozenset(cards), 3 - len(cards), tricks_adjust)
        power = strength(rival, count, tricks)
        honest = None if power is None else logistic(power, TRUCO_ACCEPT_BAR, STRENGTH_SPREAD)
        return Observed(rival, FOLD_KEY, said_yes, honest, truco_rate(TRUCO_ACCEPT_BAR), expected)

    for event in events:
        kind, who = event.kind, event.seat
        rival = who >= 0 and teams[who] != team
        facing = pending[-1] if pending else None
        if rival and facing == "truco" and holder == teams[who] and teams[who] not in tricks:
            if kind in ("truco", "quiero", "no_quiero"):
                out.append(fold_observation(who, kind != "no_quiero"))
        if kind == "envido":
            if rival:
                bar = ENVIDO_BARS.get(event.detail, ENVIDO_BARS["envido"])
                out.append(Observed(who, ENVIDO_KEY, True, envido_honest(who, bar), envido_rate(bar)))
            envido_closed = True
            if "envido" in pending:
                pending.remove("envido")
            pending.append("envido")
        elif kind == "flor":
            envido_closed = True
            if "flor" in pending:
                pending.remove("flor")
            pending.append("flor")
        elif kind == "truco":
            if rival:
                bar = TRUCO_BARS.get(event.detail, TRUCO_BARS["truco"])
                power = strength(who, played.get(who, 0), tricks)
                honest = None if power is None else logistic(power, bar, STRENGTH_SPREAD)
                out.append(Observed(who, "truco", True, honest, truco_rate(bar)))
            level += 1
            holder = 1 - teams[who]
            if "truco" in pending:
                pending.remove("truco")
            pending.append("truco")
        elif kind in ("quiero", "no_quiero"):
            call = pending.pop() if pending else None
            if call == "truco" and kind == "quiero":
                envido_closed = True  # an accepted truco closes the envido
            if rival and call in ("envido", "truco"):
                said_yes = kind == "quiero"
                if call == "envido":
                    honest = envido_honest(who, ENVIDO_ACCEPT_BAR)
                    out.append(Observed(who, "envido answer", said_yes, honest, envido_rate(ENVIDO_ACCEPT_BAR)))
                else:
                    power = strength(who, played.get(who, 0), tricks)
                    honest = None if power is None else logistic(power, TRUCO_ACCEPT_BAR, STRENGTH_SPREAD)
                    out.append(Observed(who, "truco answer", said_yes, honest, truco_rate(TRUCO_ACCEPT_BAR)))
        elif kind == "play":
            if rival and not pending:
                if two and not envido_closed and played.get(who, 0) == 0 and not tricks:
                    bar = ENVIDO_BARS["envido"]
                    out.append(Observed(who, ENVIDO_KEY, False, envido_honest(who, bar), envido_rate(bar)))
                if level < len(TRUCO_WORDS) and holder in (-1, teams[who]):
                    bar = TRUCO_BARS[TRUCO_WORDS[level]]
                    power = strength(who, played.get(who, 0), tricks)
                    honest = None if power is None else logistic(power, bar, STRENGTH_SPREAD)
                    out.append(Observed(who, "truco", False, honest, truco_rate(bar)))
            played[who] = played.get(who, 0) + 1
        elif kind == "trick":
            tricks.append(teams[who])
            envido_closed = True
        elif kind == "parda":
            envido_closed = True
    return out


class TrucoRivalReader(BookReader, TrucoBidding):
    """:class:`~cartas.games.truco.bots.bidding.TrucoBidding` with a book of each rival's habits, read from the hands
    the seat has seen end: a :class:`~cartas.core.bots.inference.RivalReader`. One per bot and match."""

    def hand_observations(self, hand: Sequence[Event], seat: int, teams: Sequence[int]) -> list[Observed]:
        return hand_observations(hand, seat, teams)

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, TrucoState)
        book, seat, kind = self.book, decision.seat, decision.kind
        if kind == "envido":
            bar = ENVIDO_BARS.get(decision.detail, ENVIDO_BARS["envido"])
            honest = logistic(tanto(world.dealt[seat]), bar, TANTO_SPREAD)
            modes = book.modes(seat, ENVIDO_KEY)
            scale = BLUFF_SCALE.get(decision.detail, 1.0)  # a falta envido against the cards is rarer
            yes = modes.yes * scale
            return yes + (1.0 - yes - modes.no * scale) * honest
        if kind == "truco":
            bar = TRUCO_BARS.get(decision.detail, TRUCO_BARS["truco"])
            honest = logistic(strength_at(world, seat, decision.at), bar, STRENGTH_SPREAD)
            return book.likelihood(seat, "truco", True, honest)
        call = answered_call(world, decision.at)
        if call == "envido":
            honest = logistic(tanto(world.dealt[seat]), ENVIDO_ACCEPT_BAR, TANTO_SPREAD)
        elif call == "truco":
            honest = logistic(strength_at(world, seat, decision.at), TRUCO_ACCEPT_BAR, STRENGTH_SPREAD)
        else:
            return 1.0
        return book.likelihood(seat, f"{call} answer", kind == "quiero", honest)
