"""The match-win table and the valuation of ``hard``'s play-outs by it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.bots.base import SeatView
from cartas.core.bots.rollout import RolloutBot
from cartas.games.truco_paulista.actions import Word
from cartas.games.truco_paulista.bots import MediumBot
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.bots.match_odds import (
    ONZE_CHANCES, STAKE_SHARES, match_chance, match_chances, match_value,
)
from cartas.games.truco_paulista.state import TARGET, PaulistaState

GAME = PaulistaGame()
SCORES = st.integers(min_value=0, max_value=TARGET - 1)
SHARES = st.dictionaries(st.sampled_from([1, 3, 6, 9, 12]), st.floats(0.01, 1.0), min_size=1)


def test_exact_values_at_known_scores() -> None:
    assert match_chance(TARGET, 11) == 1.0 and match_chance(11, TARGET) == 0.0
    assert match_chance(11, 11) == 0.5  # a mão de ferro
    assert match_chance(0, 0) == pytest.approx(0.5) and match_chance(7, 7) == pytest.approx(0.5)
    assert ONZE_CHANCES[10] == pytest.approx(0.625)  # play it at even odds: win now, or run to a mão de ferro
    assert ONZE_CHANCES[9] == pytest.approx(0.6953125)
    assert match_chance(11, 9) == ONZE_CHANCES[9] and match_chance(9, 11) == pytest.approx(1 - ONZE_CHANCES[9])
    # One-point mãos only: from 10-9 a mão takes one side to 11 (then a mão de onze) or both to 10.
    single = match_chances({1: 1.0})
    assert single[10][9] == pytest.approx(0.5 * 0.6953125 + 0.5 * 0.5)
    # A truco taken from 10-10 wins the match at once, which one-point mãos never do.
    assert match_chances({3: 1.0})[10][10] == pytest.approx(0.5)
    assert match_chances({3: 1.0})[9][0] == pytest.approx(0.5 + 0.5 * match_chances({3: 1.0})[9][3])


@given(SCORES, SCORES)
def test_the_chance_is_symmetric_and_a_probability(mine: int, theirs: int) -> None:
    chance = match_chance(mine, theirs)
    assert 0.0 < chance < 1.0
    assert chance + match_chance(theirs, mine) == pytest.approx(1.0)


@given(SCORES, SCORES, SHARES)
def test_more_points_never_lower_the_chance(mine: int, theirs: int, shares: dict[int, float]) -> None:
    table = match_chances(shares)

    def chance(a: int, b: int) -> float:
        return 1.0 if a >= TARGET else 0.0 if b >= TARGET else table[a][b]

    assert chance(mine + 1, theirs) >= table[mine][theirs] - 1e-12
    assert chance(mine, theirs + 1) <= table[mine][theirs] + 1e-12


def test_the_measured_shares_are_used() -> None:
    assert match_chances(STAKE_SHARES)[3][5] == match_chance(3, 5)
    assert match_chances({1: 1.0})[3][5] != match_chance(3, 5)


@pytest.mark.parametrize("shares", [{}, {0: 1.0}, {1: -0.5, 3: 1.0}, {1: 0.0}])
def test_bad_shares_are_refused(shares: dict[int, float]) -> None:
    with pytest.raises(ValueError, match="stake shares"):
        match_chances(shares)


def _start(players: int, scores: list[int], seed: int = 4) -> PaulistaState:
    state = GAME.start({"players": players}, seed=seed, position={"scores": scores, "dealer": 0})
    assert isinstance(state, PaulistaState)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_a_play_out_in_the_match_is_valued_by_its_sides_score(players: int) -> None:
    state = _start(players, [10, 4])
    values = match_value(state, [0, 0])
    assert values == [match_chance(10, 4) if seat % 2 == 0 else match_chance(4, 10) for seat in range(players)]


@pytest.mark.parametrize("players", [2, 4])
def test_a_play_out_at_match_end_is_valued_by_the_returns(players: int) -> None:
    state = _start(players, [11, 5])
    seat = state.to_act[0]
    state.apply(Word.TRUCO if Word.TRUCO in state.legal_actions(seat) else Word.JOGO, seat)
    while not state.is_over:
        actor = state.to_act[0]
        state.apply(state.legal_actions(actor)[0], actor)
    assert match_value(state, [11, 5]) == list(state.returns())
    assert sorted(set(state.returns())) == [0.0, 1.0]


def test_hard_over_medium_values_play_outs_by_the_match_with_its_own_margin() -> None:
    bot = RolloutBot(1, base=MediumBot, samples=2)
    state = _start(2, [9, 9])
    bot.choose(SeatView(state, state.to_act[0]))
    assert bot.evaluate is match_value
    assert bot.margin == 0.75
