"""Julepe bots. Both judge a hand by the tricks it can expect: each card is given a chance of taking a trick,
from its rank, whether it is a trump and how many opponents it must beat.

- ``easy`` plays a hand expected to take a trick, takes the viuda whenever its own cards were worse than an
  average hand, obliges only with the rey, and plays the cheapest card that wins, else its worst card.
- ``medium`` weighs chips instead: a trick pays a third of the pot, falling costs the whole pot, so it plays
  (or takes the viuda, or obliges) when the expected gain is positive; viuda and obligo are judged on hands
  sampled from what it cannot see. In play it also remembers which trumps are gone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from cartas.core.bots import SeatView
from cartas.core.cards import Card
from cartas.core.state import Action
from cartas.games.tresillo.actions import (
    DEJO,
    DESTAPO,
    JUEGO,
    NO_OBLIGO,
    NORMAL,
    OBLIGO,
    PASO,
    TOMO,
    CardAction,
)
from cartas.games.tresillo.state import STRENGTH, TresilloState

_TRUMP_CHANCE = {10: 1.0, 9: 0.85, 8: 0.72, 7: 0.62, 6: 0.55, 5: 0.48, 4: 0.44, 3: 0.4, 2: 0.37, 1: 0.34}
_PLAIN_CHANCE = {10: 0.45, 9: 0.3, 8: 0.16, 7: 0.1, 6: 0.07, 5: 0.05, 4: 0.04, 3: 0.03, 2: 0.02, 1: 0.01}
AVERAGE_HAND_TRICKS = 1.0
"""Roughly what a random three-card hand expects to take against one opponent."""


def trick_chance(card: Card, trump: str, opponents: int) -> float:
    """The chance that ``card`` takes a trick against ``opponents`` players (a rough, fixed estimate)."""
    table = _TRUMP_CHANCE if card.suit == trump else _PLAIN_CHANCE
    return float(table[STRENGTH[card.rank]] ** (0.5 + 0.5 * max(opponents, 1)))


def expected_tricks(hand: Iterable[Card], trump: str, opponents: int) -> tuple[float, float]:
    """The tricks a hand can expect, and its chance of taking none (and so of falling)."""
    expect, blank = 0.0, 1.0
    for card in hand:
        chance = trick_chance(card, trump, opponents)
        expect += chance
        blank *= 1.0 - chance
    return min(expect, 3.0), blank


def _at_least_two(chances: Sequence[float]) -> float:
    """The chance of two or more tricks, each card winning independently with its chance."""
    counts = [1.0]
    for chance in chances:
        counts = [a * (1 - chance) + b * chance for a, b in zip([*counts, 0.0], [0.0, *counts], strict=True)]
    return sum(counts[2:])


def _cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def _trick(table: dict[str, Any]) -> list[tuple[int, Card]]:
    return [(int(s), Card.parse(c)) for s, c in (entry.split(":") for entry in table["trick"])]


def _winning(trick: Sequence[tuple[int, Card]], trump: str) -> tuple[bool, int, str]:
    """The card now winning the trick: (is trump, strength, led suit)."""
    led = trick[0][1].suit
    best = (trick[0][1].suit == trump, STRENGTH[trick[0][1].rank])
    for _, card in trick[1:]:
        if card.suit == trump:
            best = max(best, (True, STRENGTH[card.rank]))
        elif card.suit == led and not best[0]:
            best = max(best, (False, STRENGTH[card.rank]))
    return best[0], best[1], led


def _beats(card: Card, best: tuple[bool, int, str], trump: str) -> bool:
    is_trump, strength, led = best
    if card.suit == trump:
        return not is_trump or STRENGTH[card.rank] > strength
    return not is_trump and card.suit == led and STRENGTH[card.rank] > strength


def _key(card: Card, trump: str) -> tuple[bool, int]:
    return card.suit == trump, STRENGTH[card.rank]


class EasyBot:
    """A simple, readable strategy: count the tricks the hand promises."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        observation = view.observation()
        table = observation.table
        trump = table["trump"]
        hand = view.hand()
        if NORMAL in legal:
            return NORMAL
        if OBLIGO in legal:
            return OBLIGO if table["up"] and Card.parse(table["up"]).rank == 12 else NO_OBLIGO
        if JUEGO in legal:
            opponents = max(len(table["active"]) - 1, 1)
            return JUEGO if expected_tricks(hand, trump, min(opponents, 2))[0] >= 1.0 else PASO
        if TOMO in legal:
            return TOMO if expected_tricks(hand, trump, 1)[0] < AVERAGE_HAND_TRICKS else DEJO
        cards = [a for a in legal if isinstance(a, CardAction)]
        if cards[0].verb == "discard":
            return min(cards, key=lambda a: _key(a.card, trump))
        return self._play(cards, table, trump)

    def _play(self, cards: list[CardAction], table: dict[str, Any], trump: str) -> Action:
        trick = _trick(table)
        if not trick:
            return max(cards, key=lambda a: _key(a.card, trump))
        best = _winning(trick, trump)
        winners = [a for a in cards if _beats(a.card, best, trump)]
        if winners:
            return min(winners, key=lambda a: _key(a.card, trump))
        return min(cards, key=lambda a: _key(a.card, trump))


class MediumBot(EasyBot):
    """Weighs chips: a trick pays a third of the pot, a fall costs the pot; samples what it cannot see."""

    samples = 24

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if DESTAPO in legal:
            return DESTAPO
        observation = view.observation()
        table = observation.table
        trump = table["trump"]
        hand = view.hand()
        pot = table["pot"]
        share = pot // 3
        if NORMAL in legal:
            return NORMAL
        if OBLIGO in legal:
            return OBLIGO if self._obligo_gain(view, share, pot) > 0 else NO_OBLIGO
        if JUEGO in legal:
            opponents = self._expected_opponents(table, observation.seat)
            expect, blank = expected_tricks(hand, trump, opponents)
            return JUEGO if expect * share - blank * pot > 0 else PASO
        if TOMO in legal:
            return TOMO if self._viuda_gain(view, share, pot) > 0 else DEJO
        cards = [a for a in legal if isinstance(a, CardAction)]
        if cards[0].verb == "discard":
            return min(cards, key=lambda a: _key(a.card, trump))
        return self._play_medium(cards, table, trump, hand)

    @staticmethod
    def _expected_opponents(table: dict[str, Any], seat: int) -> int:
        """Those already in, plus about half of those yet to speak."""
        declared = table["declared"]
        already = sum(1 for s, word in declared.items() if word == JUEGO and int(s) != seat)
        undecided = sum(1 for s in table["active"] if str(s) not in declared and s != seat)
        return max(1, already + (undecided + 1) // 2)

    def _sampled(self, view: SeatView) -> list[TresilloState]:
        states = []
        for _ in range(self.samples):
            state = view.sample(self.rng)
            assert isinstance(state, TresilloState)
            states.append(state)
        return states

    def _obligo_gain(self, view: SeatView, share: int, pot: int) -> float:
        """Obliging keeps the turned figure and the best two of three unseen cards, and needs two tricks."""
        total = 0.0
        for state in self._sampled(view):
            assert state.up is not None
            held = state.cards_held(view.seat) + [state.up]
            kept = sorted(held, key=lambda c: _key(c, state.trump))[1:]
            chances = [trick_chance(c, state.trump, 2) for c in kept]
            total += sum(chances) * share - (1.0 - _at_least_two(chances)) * pot
        return total / self.samples

    def _viuda_gain(self, view: SeatView, share: int, pot: int) -> float:
        """The viuda plays one opponent (who chose to play, so is assumed a trick stronger than average)."""
        total = 0.0
        for state in self._sampled(view):
            expect, blank = expected_tricks(state.viuda, state.trump, 2)
            total += expect * share - blank * pot
        return total / self.samples

    def _play_medium(self, cards: list[CardAction], table: dict[str, Any], trump: str, hand: list[Card]) -> Action:
        trick = _trick(table)
        if trick:
            return self._play(cards, table, trump)
        gone = set(_cards(table["played"].split()))
        if table["up"] and not table["up_taken"]:
            gone.add(Card.parse(table["up"]))
        gone.update(hand)
        trumps = [a for a in cards if a.card.suit == trump]
        for action in sorted(trumps, key=lambda a: _key(a.card, trump), reverse=True):
            higher = [Card(r, trump) for r, s in STRENGTH.items() if s > STRENGTH[action.card.rank]]
            if all(card in gone for card in higher):
                return action
        plain = [a for a in cards if a.card.suit != trump]
        if plain:
            return max(plain, key=lambda a: STRENGTH[a.card.rank])
        return min(cards, key=lambda a: _key(a.card, trump))
