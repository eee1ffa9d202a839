"""Decks, shoes, the deal from the dealer's right, and stacked decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core import JOKER, Card, PositionError
from cartas.core.cards import SUITS
from cartas.core.deck import cut, deal, deal_order, shoe, shuffled, spanish_deck, stack_deck


def test_forty_card_deck_has_no_eights_or_nines() -> None:
    deck = spanish_deck(40)
    assert len(deck) == len(set(deck)) == 40
    assert {card.rank for card in deck} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert Counter(card.suit for card in deck) == {suit: 10 for suit in SUITS}


def test_forty_eight_card_deck_has_every_rank() -> None:
    deck = spanish_deck(48)
    assert len(set(deck)) == 48
    assert {card.rank for card in deck} == set(range(1, 13))
    assert JOKER not in deck


def test_fifty_card_deck_adds_two_comodines() -> None:
    deck = spanish_deck(50)
    assert len(deck) == 50
    assert Counter(deck)[JOKER] == 2
    assert set(deck) - {JOKER} == set(spanish_deck(48))


def test_default_deck_is_forty_and_other_sizes_are_refused() -> None:
    assert spanish_deck() == spanish_deck(40)
    with pytest.raises(ValueError, match="40, 48 or 50"):
        spanish_deck(52)


@pytest.mark.parametrize(("decks", "size", "jokers"), [(2, 48, 2), (3, 48, 4), (2, 40, 1), (3, 50, 2)])
def test_shoe_counts(decks: int, size: int, jokers: int) -> None:
    cards = shoe(decks, size, jokers)
    base = 40 if size == 40 else 48
    assert len(cards) == decks * base + jokers
    counts = Counter(cards)
    assert counts[JOKER] == jokers
    assert all(counts[card] == decks for card in spanish_deck(base))


def test_shuffled_keeps_the_cards_and_follows_the_generator() -> None:
    deck = spanish_deck(40)
    one = shuffled(deck, random.Random(5))
    assert Counter(one) == Counter(deck)
    assert one == shuffled(deck, random.Random(5))
    assert one != shuffled(deck, random.Random(6))
    assert deck == spanish_deck(40), "the original is not touched"


def test_cut_moves_a_packet_of_at_least_four_under() -> None:
    deck = spanish_deck(40)
    for seed in range(50):
        after = cut(deck.copy(), random.Random(seed))
        at = after.index(deck[0])
        assert 4 <= len(deck) - at <= 36
        assert after == deck[len(deck) - at:] + deck[:len(deck) - at]
    assert cut(deck[:5], random.Random(0)) == deck[:5]


def test_deal_is_one_card_at_a_time_from_the_dealers_right() -> None:
    cards = [Card(rank, "O") for rank in range(1, 8)]
    deck = cards.copy()
    hands = deal(deck, 3, dealer=0, count=2)
    # The top card is the last one: 7O goes to seat 1 (the dealer's right), then 6O to seat 2, 5O to the dealer.
    assert hands == [[Card(5, "O"), Card(2, "O")], [Card(7, "O"), Card(4, "O")], [Card(6, "O"), Card(3, "O")]]
    assert deck == [Card(1, "O")]


def test_deal_order_ends_with_the_dealer() -> None:
    assert deal_order(4, 0) == [1, 2, 3, 0]
    assert deal_order(4, 2) == [3, 0, 1, 2]
    assert deal_order(2, 1) == [0, 1]


@st.composite
def stacked_deals(draw: st.DrawFn) -> tuple[list[Card], list[list[Card]], int, list[Card]]:
    size = draw(st.sampled_from([40, 48, 50]))
    full = spanish_deck(size)
    n_seats = draw(st.integers(2, 6))
    count = draw(st.integers(0, min(10, size // n_seats)))
    dealer = draw(st.integers(0, n_seats - 1))
    order = draw(st.permutations(full))
    n_then = draw(st.integers(0, min(6, size - n_seats * count)))
    hands = [list(order[s * count:(s + 1) * count]) for s in range(n_seats)]
    then = list(order[n_seats * count:n_seats * count + n_then])
    return full, hands, dealer, then


@settings(max_examples=150, deadline=None)
@given(stacked_deals(), st.integers(0, 2**32))
def test_stack_deck_deals_exactly_the_hands_then_the_then_cards(
    deal_spec: tuple[list[Card], list[list[Card]], int, list[Card]], seed: int
) -> None:
    full, hands, dealer, then = deal_spec
    deck = stack_deck(full, hands, dealer, then, random.Random(seed))
    assert Counter(deck) == Counter(full)
    dealt = deal(deck, len(hands), dealer, len(hands[0]))
    assert dealt == hands
    assert [deck.pop() for _ in then] == then


def test_stack_deck_refuses_a_card_not_in_the_deck() -> None:
    with pytest.raises(PositionError, match="8E") as error:
        stack_deck(spanish_deck(40), [[Card(8, "E")], [Card(1, "E")]], 0, [], random.Random(0))
    assert "not in the deck" in str(error.value)


def test_stack_deck_refuses_a_card_named_twice() -> None:
    with pytest.raises(PositionError, match="1E"):
        stack_deck(spanish_deck(40), [[Card(1, "E")], [Card(2, "E")]], 0, [Card(1, "E")], random.Random(0))


def test_stack_deck_refuses_a_third_comodin_but_takes_two() -> None:
    assert stack_deck(spanish_deck(50), [[JOKER], [JOKER]], 1, [], random.Random(0))
    with pytest.raises(PositionError, match="JK"):
        stack_deck(spanish_deck(50), [[JOKER], [JOKER]], 1, [JOKER], random.Random(0))


def test_stack_deck_refuses_hands_of_different_sizes() -> None:
    with pytest.raises(PositionError, match=r"\[2, 1\]"):
        stack_deck(spanish_deck(40), [[Card(1, "E"), Card(2, "E")], [Card(3, "E")]], 0, [], random.Random(0))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 300))
def test_shuffle_draws_exactly_what_random_shuffle_draws(seed: int, size: int) -> None:
    _assert_shuffles_as_random(seed, size)


@pytest.mark.parametrize("size", [40, 48, 127, 128, 129, 254, 255, 256, 257])
@pytest.mark.parametrize("seed", [0, 1, 2**40 + 7])
def test_shuffle_draws_what_random_draws_where_a_draw_outgrows_a_byte(seed: int, size: int) -> None:
    """The fast path reads each word's top byte: up to 255 items a draw fits in it, past that it must not run."""
    _assert_shuffles_as_random(seed, size)


def _assert_shuffles_as_random(seed: int, size: int) -> None:
    from cartas.core.deck import shuffle

    expected, rng_expected = list(range(size)), random.Random(seed)
    rng_expected.shuffle(expected)
    items, rng = list(range(size)), random.Random(seed)
    shuffle(items, rng)
    assert items == expected
    assert rng.getstate() == rng_expected.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 60), k=st.integers(0, 7))
def test_sample_draws_exactly_what_random_sample_draws(seed: int, size: int, k: int) -> None:
    from cartas.core.deck import sample

    k = min(k, size)
    rng_expected, rng = random.Random(seed), random.Random(seed)
    assert sample(list(range(size)), k, rng) == rng_expected.sample(list(range(size)), k)
    assert rng.getstate() == rng_expected.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), n=st.integers(1, 2**70))
def test_below_draws_exactly_what_randrange_draws(seed: int, n: int) -> None:
    from cartas.core.deck import below

    rng_expected, rng = random.Random(seed), random.Random(seed)
    assert [below(n, rng) for _ in range(5)] == [rng_expected.randrange(n) for _ in range(5)]
    assert rng.getstate() == rng_expected.getstate()


def test_below_leaves_another_generator_to_its_own_randrange() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 3

    from cartas.core.deck import below

    assert below(10, Fixed(0)) == 3
