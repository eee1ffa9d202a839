"""The meld engine: single melds of both variants, and the solver against a brute-force search."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.cards import JOKER, Card, parse_cards
from cartas.core.deck import shoe, spanish_deck
from cartas.games.chinchon.chinchon import chinchon_rules, is_chinchon
from cartas.games.chinchon.melds import MeldRules
from cartas.games.chinchon.remigio import close_kind, remigio_rules

CHINCHON = chinchon_rules(50, False)
CHINCHON_40 = chinchon_rules(40, False)
REMIGIO = remigio_rules()


def brute_force(rules: MeldRules, cards: Sequence[Card], targets: Sequence[Sequence[Card]] = ()) -> int:
    """Fewest loose points by trying every group of cards around the first card left: obviously right, slow."""

    def best(cards: list[Card], free: frozenset[int]) -> int:
        if not cards:
            return 0
        first, rest = cards[0], cards[1:]
        result = rules.points([first]) + best(rest, free)
        for size in range(len(rest) + 1):
            for chosen in itertools.combinations(range(len(rest)), size):
                group = [first] + [rest[i] for i in chosen]
                left = [c for i, c in enumerate(rest) if i not in chosen]
                if size >= 2 and rules.is_meld(group):
                    result = min(result, best(left, free))
                for t in free:
                    if rules.is_meld(list(targets[t]) + group):
                        result = min(result, best(left, free - {t}))
        return result

    return best(list(cards), frozenset(range(len(targets))))


def test_ch_07_comodin_in_chinchon_melds() -> None:
    assert CHINCHON.is_meld(parse_cards("5C JK 7C"))
    assert not CHINCHON.is_meld(parse_cards("5C JK JK"))
    assert CHINCHON.is_meld(parse_cards("12O 12C JK"))
    assert not CHINCHON.is_meld(parse_cards("3O 4O JK JK 7O"))


def test_ch_07_forty_card_deck_joins_7_and_10() -> None:
    assert CHINCHON_40.is_meld(parse_cards("6B 7B 10B"))
    assert not CHINCHON.is_meld(parse_cards("6B 7B 10B"))
    assert is_chinchon(CHINCHON_40, parse_cards("4E 5E 6E 7E 10E 11E 12E"))
    assert not is_chinchon(CHINCHON, parse_cards("4E 5E 6E 7E 10E 11E 12E"))


def test_chinchon_runs_ace_low_only_and_sets_of_four_at_most() -> None:
    assert CHINCHON.is_meld(parse_cards("1O 2O 3O"))
    assert not CHINCHON.is_meld(parse_cards("11O 12O 1O"))
    assert CHINCHON.is_meld(parse_cards("7O 7C 7E 7B"))
    assert not CHINCHON.is_meld(parse_cards("7O 7C 7E 7B JK"))
    assert not CHINCHON.is_meld(parse_cards("7O 7C"))
    assert not CHINCHON.is_meld(parse_cards("7O 8C 9O"))


def test_re_06_remigio_melds() -> None:
    assert not REMIGIO.is_meld(parse_cards("12B 1B 2B"))
    assert not REMIGIO.is_meld(parse_cards("5O JK JK"))
    assert REMIGIO.is_meld(parse_cards("5O 5C JK"))
    assert REMIGIO.is_meld(parse_cards("11C 12C 1C"))
    assert REMIGIO.is_meld(parse_cards("1C 2C 3C"))
    assert REMIGIO.is_meld(parse_cards("5O JK JK 8O"))
    assert not REMIGIO.is_meld(parse_cards("5O JK JK JK 9O"))
    assert REMIGIO.is_meld(parse_cards("7O 7O 7C 7E 7B 7B"))


def test_solver_examples() -> None:
    assert CHINCHON.deadwood(parse_cards("1O 2O 3O 4O 7C 7E 7B")) == 0
    assert CHINCHON.deadwood(parse_cards("6B 6C 6E 10C 11C 12C 5O")) == 5
    # 6C fits the run and the set: the solver must give it to one and keep the other whole.
    assert CHINCHON.deadwood(parse_cards("5C 6C 7C 6O 6E 12B")) == 12 + 6 + 6
    assert CHINCHON.deadwood(parse_cards("5C 6C 7C 6O 6E JK")) == 0
    assert REMIGIO.deadwood(parse_cards("1C 2C 3C 7O 7E JK 10B 11B 12B 1B")) == 0
    assert REMIGIO.deadwood(parse_cards("12O 12C")) == 20
    assert REMIGIO.deadwood([JOKER]) == 25


def test_lay_off_onto_the_closers_melds() -> None:
    melds = [tuple(parse_cards("1O 2O 3O 4O")), tuple(parse_cards("7C 7E 7B"))]
    arrangement = CHINCHON.arrange(parse_cards("6B 6C 6E 10C 11C 12C 5O"), melds)
    assert arrangement.points == 0
    assert arrangement.layoffs == ((0, (Card(5, "O"),)),)
    chained = CHINCHON.arrange(parse_cards("5O 6O 9B"), melds)
    assert chained.points == 9 and chained.layoffs == ((0, tuple(parse_cards("5O 6O"))),)
    assert CHINCHON.arrange(parse_cards("7O JK 2B"), melds).points == 2


def test_remigio_close_kinds() -> None:
    assert close_kind(REMIGIO, parse_cards("1C 2C 3C 7O 7E JK 10B 11B 12B 1B")) == "closed"
    assert close_kind(REMIGIO, parse_cards("1C 2C 3C 7O 7E 7C 10B 11B 12B 1B")) == "closed without comodines"
    assert close_kind(REMIGIO, parse_cards("1O 3O 4O 5O 6O 8O 9O 10O 12O 12O")) == "color without comodines"
    assert close_kind(REMIGIO, parse_cards("1O 3O 4O JK 6O 8O 9O 10O 12O 12O")) == "color"
    assert close_kind(REMIGIO, parse_cards("3O 4O 5O 6O 7O 8O 9O 10O 11O 12O")) == "straight flush without comodines"
    assert close_kind(REMIGIO, parse_cards("4O 5O 6O 7O 8O JK 10O 11O 12O 1O")) == "straight flush"
    assert close_kind(REMIGIO, parse_cards("5O 5O 5C 5C 5E 5E 5B 5B JK JK")) == "remigio"
    assert close_kind(REMIGIO, parse_cards("1C 2C 3C 7O 7E JK 10B 11B 12B 5B")) is None
    assert close_kind(REMIGIO, parse_cards("1O JK JK JK JK JK JK 2O 3O 4O")) is None


def _hands(deck: list[Card], size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size, unique=True).map(
        lambda picks: [deck[i] for i in picks]
    )


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_chinchon_solver_matches_brute_force(data: st.DataObject) -> None:
    decks = data.draw(st.sampled_from([spanish_deck(50), spanish_deck(50) * 2, spanish_deck(40)]))
    rules = CHINCHON_40 if len(decks) == 40 else CHINCHON
    hand = data.draw(_hands(decks, data.draw(st.integers(1, 8))))
    assert rules.deadwood(hand) == brute_force(rules, hand) == rules.arrange(hand).points


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_remigio_solver_matches_brute_force(data: st.DataObject) -> None:
    deck = shoe(2, 48, jokers=4) + [JOKER] * 4
    hand = data.draw(_hands(deck, data.draw(st.integers(1, 9))))
    assert REMIGIO.deadwood(hand) == brute_force(REMIGIO, hand) == REMIGIO.arrange(hand).points


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_lay_offs_match_brute_force(data: st.DataObject) -> None:
    deck = spanish_deck(50)
    cards = data.draw(_hands(deck, 14))
    closer, hand = cards[:7], cards[7:]
    targets = CHINCHON.arrange(closer).melds
    arrangement = CHINCHON.arrange(hand, targets)
    assert arrangement.points == brute_force(CHINCHON, hand, targets)
    placed = [c for meld in arrangement.melds for c in meld] + [c for _t, group in arrangement.layoffs for c in group]
    assert Counter(placed + list(arrangement.loose)) == Counter(hand)
    assert all(CHINCHON.is_meld(meld) for meld in arrangement.melds)
    assert all(CHINCHON.is_meld(list(targets[t]) + list(group)) for t, group in arrangement.layoffs)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_all_melded_matches_the_solver(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([REMIGIO, CHINCHON]))
    deck = shoe(2, 48, jokers=6) if rules is REMIGIO else spanish_deck(50) * 2
    # Few suits and low ranks make complete hands common enough to test both answers.
    suits = data.draw(st.sets(st.sampled_from("OCEB"), min_size=1, max_size=2))
    pool = [c for c in deck if c.is_joker or (c.suit in suits and c.rank <= 6)]
    hand = data.draw(_hands(pool, data.draw(st.integers(3, 10))))
    assert rules.all_melded_ids(rules.ids(hand)) == (brute_force(rules, hand) == 0)
    some_discard = any(brute_force(rules, hand[:at] + hand[at + 1:]) == 0 for at in range(len(hand)))
    assert rules.all_melded_ids(rules.ids(hand), spare=1) == (some_discard or brute_force(rules, hand) == 0)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_deadwood_after_discard_is_the_best_single_discard(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([REMIGIO, CHINCHON]))
    deck = shoe(2, 48, jokers=4) + [JOKER] * 4 if rules is REMIGIO else spanish_deck(50) * 2
    # Dense hands (two suits, low ranks) have melds that a discard may break; sparse ones test the bound.
    dense = data.draw(st.booleans())
    pool = [c for c in deck if c.is_joker or c.suit in "OC" and c.rank <= 7] if dense else deck
    hand = data.draw(_hands(pool, data.draw(st.integers(2, 12 if rules is REMIGIO else 8))))
    every_discard = min(rules.deadwood(hand[:at] + hand[at + 1:]) for at in range(len(hand)))
    assert rules.deadwood_after_discard(hand) == every_discard


def test_deadwood_after_discard_needs_a_card() -> None:
    with pytest.raises(ValueError, match="no card"):
        CHINCHON.deadwood_after_discard([])


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_deadwood_after_draws_is_deadwood_after_discard_of_each_draw(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([REMIGIO, CHINCHON]))
    deck = shoe(2, 48, jokers=4) + [JOKER] * 4 if rules is REMIGIO else spanish_deck(50) * 2
    cards = data.draw(_hands(deck, (11 if rules is REMIGIO else 7) + 6))
    hand, draws = cards[:-6], cards[-6:]
    assert rules.deadwood_after_draws(hand, draws) == [rules.deadwood_after_discard(hand + [card]) for card in draws]
