"""Hidden information: the viuda, face-down discards and blind hands stay out of every observation."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cartas.core.cards import parse_cards
from cartas.games.tresillo.state import FULL_DECK

VIUDA = parse_cards("1B 3B 12B")


def test_the_viuda_is_hidden_from_everyone_until_taken(stacked: Any) -> None:
    state = stacked("1O 3O 12O / 2C 4C 5C / 6C 7C 2E", "5O", stock="1B 3B 12B")
    for seat in range(3):
        assert set(VIUDA) <= set(state.hidden_from(seat))
        text = state.observation(seat).model_dump_json()
        assert not any(str(card) in text for card in VIUDA)


def test_a_sample_keeps_what_the_seat_knows_and_reshuffles_the_rest(stacked: Any) -> None:
    state = stacked("1O 3O 12O / 2C 4C 5C / 6C 7C 2E", "5O", stock="1B 3B 12B")
    state.apply("juego")
    moved = False
    for n in range(20):
        sample = state.sample(0, random.Random(n))
        assert sample.observation(0) == state.observation(0)
        assert sample.cards_held(0) == state.cards_held(0) and sample.up == state.up
        assert Counter(sample.all_cards()) == Counter(FULL_DECK)
        moved |= sample.viuda != state.viuda or sample.cards_held(1) != state.cards_held(1)
    assert moved


def test_a_sample_keeps_the_obliged_figure_in_the_dealers_hand(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O")
    state.apply("obligo")
    for n in range(10):
        sample = state.sample(0, random.Random(n))
        assert parse_cards("11O")[0] in sample.cards_held(2) and len(sample.cards_held(2)) == 4


def test_blind_hands_are_held_but_unseen(stacked: Any) -> None:
    state = stacked("3C 1O 4E / 3O 12C 2B / 7O 1C 6E", "5O", ciega="always")
    assert Counter(state.all_cards()) == Counter(FULL_DECK)
    for seat in range(3):
        assert state.hand_of(seat) == [] and len(state.cards_held(seat)) == 3
        assert set(state.cards_held(seat)) <= set(state.hidden_from(seat))
    state.apply("destapo")
    assert "3C" in state.observation(1).model_dump_json()
