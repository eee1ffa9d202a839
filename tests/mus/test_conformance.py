"""The shared conformance suite, the hidden-information check and mus's invariants on seeded random matches."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.games.mus import MUS
from cartas.games.mus.game import MusGame
from cartas.games.mus.state import MusState
from cartas.core.plugins import summarize_game
from cartas.testing import check_conformance, check_hidden_information

GAME = MusGame()

options_strategy = st.fixed_dictionaries({
    "points": st.sampled_from([30, 40]),
    "reyes": st.sampled_from([8, 4]),
    "real": st.booleans(),
    "games": st.sampled_from([1, 3]),
    "senas": st.booleans(),
    "senas_caught": st.sampled_from([0.0, 0.1, 1.0]),
})


@settings(max_examples=30, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_conformance(options: dict[str, Any], seed: int) -> None:
    check_conformance(GAME, options, seed)


@settings(max_examples=10, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_hidden_information(options: dict[str, Any], seed: int) -> None:
    check_hidden_information(GAME, options, seed)


@settings(max_examples=40, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_points_only_grow_within_a_game_and_the_winner_reached_the_target(options: dict[str, Any], seed: int) -> None:
    state = GAME.start(options, seed=seed)
    assert isinstance(state, MusState)
    rng = random.Random(seed)
    games = list(state.games)
    last = list(state.score)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if state.games == games:
            assert all(now >= before for now, before in zip(state.score, last))
        assert all(len(hand) == 4 for hand in state.hands)
        assert sorted(state.all_cards()) == sorted(GAME.deck(state.options))
        games, last = list(state.games), list(state.score)
    winner = state.result().winners
    team = state.team_of[winner[0]]
    assert state.games[team] == options["games"] // 2 + 1
    assert state.score[team] >= options["points"]


def test_the_listed_summary_is_the_real_game() -> None:
    assert summarize_game(GAME) == MUS
