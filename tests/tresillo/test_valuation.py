"""The ``hard`` bot's valuation of a julepe play-out: the chance of winning the match from the chips reached."""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.bots.base import SeatView
from cartas.core.bots.rollout import RolloutBot
from cartas.core.bots.search import linear_gain_value
from cartas.games.tresillo.bots import MediumBot
from cartas.games.tresillo.bots.valuation import SPREAD_PER_STAKE, match_chance_value, win_chances


def test_two_players_chances_are_the_normal_of_their_difference() -> None:
    spread = 10.0
    chances = win_chances([110, 90], [True, True], spread)
    expected = NormalDist().cdf(20 / (spread * math.sqrt(2)))
    assert chances[0] == pytest.approx(expected, abs=1e-6)
    assert chances[1] == pytest.approx(1 - expected, abs=1e-6)


def test_equal_bankrolls_have_equal_chances() -> None:
    assert win_chances([100] * 4, [True] * 4, 30.0) == pytest.approx([0.25] * 4, abs=1e-9)


def test_a_seat_out_of_the_match_has_no_chance_and_caps_nobody_below_it() -> None:
    chances = win_chances([100, 100, 1], [True, True, False], 20.0)
    assert chances == pytest.approx([0.5, 0.5, 0.0], abs=1e-9)
    assert win_chances([5, 50], [True, False], 1.0) == pytest.approx([0.0, 0.0], abs=1e-12)


@given(st.lists(st.integers(0, 400), min_size=3, max_size=8), st.floats(5.0, 200.0))
def test_chances_sum_to_one_and_never_favour_fewer_chips(chips: list[int], spread: float) -> None:
    chances = win_chances(chips, [True] * len(chips), spread)
    assert sum(chances) == pytest.approx(1.0, abs=1e-6)
    for a in range(len(chips)):
        for b in range(len(chips)):
            if chips[a] > chips[b]:
                assert chances[a] >= chances[b]


def test_the_spread_narrows_as_the_deals_run_out(stacked: Any) -> None:
    early = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", chips=[110, 100, 90], deals=20)
    late = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", chips=[110, 100, 90], deals=2)
    early_chance = match_chance_value(early, early.scores())
    late_chance = match_chance_value(late, late.scores())
    assert late_chance[0] > early_chance[0] > 1 / 3
    spread = SPREAD_PER_STAKE * 3 * 3 * math.sqrt(2)  # a stake of 3, three players, two deals left
    assert late_chance == pytest.approx(win_chances([110, 100, 90], [True] * 3, spread))


def test_a_finished_match_is_valued_by_its_result(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", deals=1)
    for action in ("juego", "juego", "juego", "play 1O", "play 2E", "play 1C"):
        state.apply(action)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert match_chance_value(state, state.scores()) == list(state.returns())


def test_a_big_fall_costs_more_than_a_lost_ante_where_linear_gains_saturate(stacked: Any) -> None:
    """The core's linear value clips at ten chips; a fall of forty is then no worse than one of twelve."""
    before = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", chips=[100, 100, 100])
    small = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", chips=[85, 106, 106])
    big = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O", chips=[60, 106, 106])
    root = before.scores()
    assert linear_gain_value(small, root)[0] == linear_gain_value(big, root)[0] == 0.0
    assert match_chance_value(small, root)[0] > match_chance_value(big, root)[0] + 0.05


def test_hard_values_its_julepe_play_outs_by_the_chance_of_winning(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O")
    bot = RolloutBot(1, base=MediumBot)
    bot.choose(SeatView(state, 0))
    assert bot.evaluate is match_chance_value
