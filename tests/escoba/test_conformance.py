"""The shared conformance suite and the escoba's invariants, on seeded random matches under hypothesis."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.games.escoba.game import EscobaGame
from cartas.games.escoba.state import FULL_DECK, EscobaState
from cartas.testing import check_conformance, random_decisions

GAME = EscobaGame()

options_strategy = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "points": st.sampled_from([15, 21, 31]),
        "sietes": st.sampled_from(["most", "primera"]),
        "all_sietes": st.booleans(),
        "all_oros": st.booleans(),
        "must_capture": st.booleans(),
    }
)


@settings(max_examples=25, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_conformance(options: dict[str, Any], seed: int) -> None:
    check_conformance(GAME, options, seed, check_every=7)


@settings(max_examples=30, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_cards_and_points_are_conserved(options: dict[str, Any], seed: int) -> None:
    """Forty cards at every step; a deal's points are what its count says, never lost; the winner is alone at
    the top and past the target."""
    state = GAME.start(options, seed=seed)
    assert isinstance(state, EscobaState)
    rng = random.Random(seed)
    before = list(state.scores())
    deals = state.deals_done
    while not state.is_over:
        assert Counter(state.all_cards()) == Counter(FULL_DECK)
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if state.deals_done != deals:
            gained = [0] * state.sides
            for line in state.last_count:
                gained[line.side] += line.points
            assert [b + g for b, g in zip(before, gained)] == list(state.scores())
            before, deals = list(state.scores()), state.deals_done
    scores = state.scores()
    winner_side = state.table.team_of(state.result().winners[0])
    assert scores[winner_side] >= options["points"]
    assert all(scores[winner_side] > points for side, points in enumerate(scores) if side != winner_side)
    assert Counter(state.all_cards()) == Counter(FULL_DECK)


@settings(max_examples=30, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_every_capture_makes_fifteen(options: dict[str, Any], seed: int) -> None:
    """Every legal capture sums to fifteen with the card played; without ``must_capture`` every card may be left."""
    from cartas.games.escoba.actions import Play
    from cartas.games.escoba.captures import value

    state = GAME.start(options, seed=seed)
    for seat, legal in random_decisions(state, random.Random(seed), 60):
        for action in legal:
            assert isinstance(action, Play)
            if action.taken:
                assert sum(value(card) for card in (action.card, *action.taken)) == 15
        if not options["must_capture"]:
            assert {action.card for action in legal} == set(state.hand_of(seat))
            assert all(Play(card) in legal for card in state.hand_of(seat))
