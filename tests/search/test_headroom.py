"""Rollout headroom: the gains of moves other than the base bot's, measured on shared sampled states."""

from __future__ import annotations

from minitrick import CartaAlta, LowCardBot

from cartas.core.bots.base import SeatView
from cartas.core.bots.headroom import Decision, measure_headroom
from cartas.core.bots.rollout import Gain, RolloutBot

GAME = CartaAlta()


def test_the_base_bots_own_move_gains_nothing_and_every_other_move_is_compared() -> None:
    state = GAME.start(seed=4)
    view = SeatView(state, state.to_act[0])
    base_move, gains = RolloutBot(1, base=LowCardBot, samples=12).gains(view)
    assert base_move == LowCardBot().choose(view)
    assert gains[base_move] == Gain(0.0, 0.0)
    assert set(gains) == set(view.legal_actions())


def test_a_lone_legal_move_is_not_compared() -> None:
    state = GAME.start(seed=0)
    state.apply(state.legal_actions()[0])
    view = SeatView(state, state.to_act[0])  # the follower holds one card of the suit led
    (only,) = view.legal_actions()
    bot = RolloutBot(1, base=LowCardBot, samples=5)
    assert bot.gains(view) == (only, {}) and bot.last_samples == 0


def test_a_decision_is_clear_only_beyond_the_given_standard_errors() -> None:
    decision = Decision(0, "a", "b", Gain(1.0, 0.4), 30)
    assert decision.clear() and not decision.clear(errors=3.0)
    assert not Decision(0, "a", "b", Gain(1.0, 0.6), 30).clear()


def test_each_measured_decision_names_a_move_other_than_the_base_bots() -> None:
    for decision in measure_headroom(GAME, GAME.options({}), LowCardBot, decisions=5, samples=8, seed=2):
        assert decision.best_move != decision.base_move
        assert decision.samples == 8 and decision.gain.error >= 0
