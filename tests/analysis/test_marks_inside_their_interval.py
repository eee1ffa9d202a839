"""A loss that lies inside its own ± interval does not make a move an error (issue 47: "4.6 % ± 8.7" was called a
mistake because the points' loss, a different measure, was real)."""

from __future__ import annotations

from cartas.core.analysis.match import BLUNDER, INACCURACY, MISTAKE, mark_for
from cartas.core.analysis.valuation import Interval
from cartas.core.plugins.manager import get_registry


def test_a_chance_loss_inside_its_interval_does_not_raise_the_mark() -> None:
    game = get_registry().game("truco")
    small_points = Interval(0.05 * game.gain_scale, 0.01)
    unsure_chance = Interval(0.15, 0.20)  # 15 % ± 20: could be nothing
    assert mark_for(game, small_points, unsure_chance, real=True) == INACCURACY


def test_a_real_loss_is_marked_by_its_size() -> None:
    game = get_registry().game("truco")
    assert mark_for(game, Interval(0.05 * game.gain_scale, 0.01), Interval(0.06, 0.01), real=True) == MISTAKE
    assert mark_for(game, None, Interval(0.15, 0.02), real=True) == BLUNDER


def test_a_move_that_loses_the_match_is_judged_on_the_means() -> None:
    game = get_registry().game("truco")
    assert mark_for(game, Interval(0.0, 1.0), Interval(0.5, 0.6), real=True) == BLUNDER
