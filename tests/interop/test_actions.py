"""The integer action spaces and the observation vector: exact layouts, and every legal action numbered.

These need neither OpenSpiel nor PettingZoo, so they run in the default suite.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.plugins.manager import get_registry
from cartas.interop.actions import ActionSpace, ActionSpaceError, action_space, discover_texts, widen
from cartas.interop.encoding import ObservationEncoder, card_words
from cartas.interop.outcome import sides_of_seats, zero_sum_returns
from cartas.testing import random_decisions

from interop_games import GAMES, game_or_skip


def test_truco_space_is_the_documented_table() -> None:
    game = get_registry().game("truco")
    space = action_space(game, game.options())
    assert len(space) == 13 + 40 + 10
    assert space.texts[:3] == ("envido", "real envido", "falta envido")
    assert space.number("play 1O") == 13
    assert space.number("play 12B") == 52
    assert space.text(53) == "seña ancho_espada"


def test_chinchon_space_widens_with_the_deck_option() -> None:
    game = get_registry().game("chinchon")
    assert len(action_space(game, game.options({"deck": 50}))) == 4 + 2 * 49
    assert len(action_space(game, game.options({"deck": 40}))) == 4 + 2 * 40


def test_unknown_action_and_out_of_range_number_are_clear_errors() -> None:
    space = ActionSpace.of_texts("demo", ["carta", "me planto"])
    with pytest.raises(ActionSpaceError, match="'envido' has no number"):
        space.number("envido")
    with pytest.raises(ActionSpaceError, match="outside the action space 0-1"):
        space.text(2)


def test_widen_turns_card_actions_into_verb_patterns() -> None:
    deck = get_registry().game("truco").deck(get_registry().game("truco").options())
    texts = widen(["mazo", "play 7O", "play 1E"], deck)
    assert texts[0] == "mazo"
    assert texts[1:] == [f"play {card}" for card in deck]


def test_discovery_finds_the_plugin_actions() -> None:
    game = game_or_skip("siete_y_medio")
    assert discover_texts(game, game.options(), matches=5) == ["carta", "me planto"]


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_every_legal_action_of_a_random_match_is_numbered(name: str, seed: int) -> None:
    game = game_or_skip(name)
    options = game.options()
    space = action_space(game, options)
    encoder = ObservationEncoder(game, options)
    state = game.start(options, seed=seed)
    for seat, legal in random_decisions(state, random.Random(seed), 300):
        numbers = space.numbers(legal)
        assert [space.text(n) for n in numbers] == sorted(map(str, legal), key=space.number)
        vector = encoder.encode(state.observation(seat))
        assert len(vector) == encoder.size
        hand = vector[: len(encoder.cards)]
        assert sum(hand) == len(state.hand_of(seat))


def test_encoding_layout_of_a_truco_deal() -> None:
    game = get_registry().game("truco")
    options = game.options()
    encoder = ObservationEncoder(game, options)
    assert encoder.pieces == (
        ("hand", 40), ("seen", 40), ("scores", 2), ("seat", 2), ("to_act", 2), ("dealer", 2), ("mano", 2),
        ("hand_number", 1), ("over", 1),
    )
    state = game.start(options, seed=3)
    seat = state.to_act[0]
    vector = encoder.encode(state.observation(seat))
    held = [str(card) for card, count in zip(encoder.cards, vector[:40]) if count]
    assert sorted(held) == sorted(str(card) for card in state.hand_of(seat))
    assert vector[encoder.offsets["seat"] + seat] == 1.0
    assert vector[encoder.offsets["to_act"] + seat] == 1.0


def test_card_words_reads_nested_values() -> None:
    assert list(card_words({"vira": "4B", "tricks": [["play 1E", "7O"]], "n": 3, "JK": "10C 12X"})) == [
        "4B", "1E", "7O", "JK", "10C",
    ]


def test_zero_sum_returns_by_side() -> None:
    game = get_registry().game("truco")
    state = game.start({"players": 4}, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    sides = sides_of_seats(game, state.options)
    returns = zero_sum_returns(state, sides)
    winners = set(state.result().winners)
    assert returns == [1.0 if seat in winners else -1.0 for seat in range(4)]
    assert sum(returns) == 0.0
