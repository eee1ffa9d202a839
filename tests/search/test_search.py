"""The ISMCTS bot: it beats random play clearly, estimates every legal move, and repeats itself for a seed."""

from __future__ import annotations

import math
import time
import random
from functools import partial
from typing import Any

import pytest
from minitrick import CartaAlta, counting_high_card_bot

from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.core.bots.search import ISMCTSBot, linear_gain_value, score_gain_value
from cartas.core.bots.search_bot import HardBot
from cartas.core.state import State
from cartas.core.table import Table
from cartas.testing import check_conformance

GAME = CartaAlta()


def test_the_test_game_keeps_the_contract() -> None:
    for seed in range(5):
        check_conformance(GAME, {}, seed)


def test_ismcts_beats_random_clearly() -> None:
    """100 matches, seats alternating: random play would win about half; the search wins far more.

    Under the null hypothesis (win rate 0.5) 66 wins or more out of 100 has probability below 0.001.
    """
    wins = 0
    for number in range(100):
        state = GAME.start(seed=number)
        me = number % 2
        result = run_match(state, {me: ISMCTSBot(number, simulations=40), 1 - me: RandomBot(number)})
        wins += me in result.winners
    assert wins >= 66


def test_estimates_cover_every_legal_move_even_with_a_tiny_budget() -> None:
    state = GAME.start(seed=3)
    view = SeatView(state, state.to_act[0])
    estimates = ISMCTSBot(1, simulations=2).estimates(view)
    assert set(estimates) == set(view.legal_actions())
    assert all(e.visits >= 1 and 0.0 <= e.value <= 1.0 for e in estimates.values())


def test_choice_is_the_most_visited_legal_move() -> None:
    state = GAME.start(seed=5)
    view = SeatView(state, state.to_act[0])
    bot = ISMCTSBot(2, simulations=300)
    choice = ISMCTSBot(2, simulations=300).choose(view)
    estimates = bot.estimates(view)
    assert choice in view.legal_actions()
    assert estimates[choice].visits == max(e.visits for e in estimates.values())
    assert sum(e.visits for e in estimates.values()) == 300


def test_same_seed_and_budget_give_the_same_match() -> None:
    def play(seed: int) -> list[tuple[int, object]]:
        state = GAME.start(seed=11)
        run_match(state, {0: ISMCTSBot(seed, simulations=30), 1: ISMCTSBot(seed + 1, simulations=30)})
        return state.history

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_search_does_not_touch_the_real_state() -> None:
    state = GAME.start(seed=4)
    before = (state.history.copy(), [h.copy() for h in state.hands], state.rng.getstate())
    ISMCTSBot(0, simulations=50).choose(SeatView(state, state.to_act[0]))
    assert before == (state.history, state.hands, state.rng.getstate())


def test_a_rollout_policy_plays_the_rollouts() -> None:
    calls: list[int] = []
    state = GAME.start(seed=2)
    ISMCTSBot(0, simulations=20, rollout=counting_high_card_bot(calls)).choose(SeatView(state, state.to_act[0]))
    assert calls


def test_a_single_legal_move_is_played_without_search() -> None:
    state = GAME.start({"cards": 1}, seed=0)
    bot = ISMCTSBot(0, simulations=10)
    assert bot.choose(SeatView(state, state.to_act[0])) == state.legal_actions()[0]
    assert bot.last_simulations == 0


def test_a_time_budget_ends_the_decision() -> None:
    state = GAME.start(seed=1)
    bot = ISMCTSBot(0, time_limit=0.05)
    started = time.perf_counter()
    bot.choose(SeatView(state, state.to_act[0]))
    assert time.perf_counter() - started < 0.5
    assert bot.last_simulations > 5


def test_budget_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        ISMCTSBot(0, simulations=0)


def _unused(*args: object) -> Any:
    raise NotImplementedError


class _Scored(State):
    """Just enough of a state for the evaluator: a table, scores and whether the match is over. A ``State`` all
    the same: compiled (the search module is in the compiled build), the evaluators check that they get one."""

    def __init__(self, table: Table, scores: tuple[int, ...], over: bool = False) -> None:
        self.table, self._scores, self.is_over = table, scores, over

    def scores(self) -> tuple[int, ...]:
        return self._scores

    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if s == max(self._scores) else 0.0 for s in self._scores)

    _legal_actions = _apply = observation = public_observation = hand_of = hidden_from = _unused
    all_cards = result = clone = sample = _unused


def test_score_gain_value_counts_team_points_against_the_other_side() -> None:
    table = Table.partnership(4)
    values = score_gain_value(_Scored(table, (13, 10)), (10, 10), scale=3.0)
    assert values == [0.75, 0.25, 0.75, 0.25]


def test_score_gain_value_between_three_players_and_for_penalty_points() -> None:
    table = Table(3)
    values = score_gain_value(_Scored(table, (4, 1, 1)), (0, 0, 0), scale=3.0)
    assert values[0] == pytest.approx(0.5 + 0.5 * 3 / 6)
    assert values[1] == pytest.approx(0.5 - 0.5 * 1.5 / 4.5)
    penalties = score_gain_value(_Scored(table, (4, 1, 1)), (0, 0, 0), scale=3.0, sign=-1)
    assert penalties[0] < 0.5 < penalties[1]


def test_a_finished_match_is_valued_by_its_returns() -> None:
    table = Table(2)
    assert score_gain_value(_Scored(table, (30, 12), over=True), (29, 0)) == [1.0, 0.0]


def test_value_stays_inside_the_unit_interval() -> None:
    rng = random.Random(0)
    table = Table(2)
    for _ in range(200):
        scores = (rng.randrange(-50, 50), rng.randrange(-50, 50))
        values = score_gain_value(_Scored(table, scores), (0, 0))
        assert all(0.0 < v < 1.0 for v in values)
        assert math.isclose(values[0] + values[1], 1.0)


def test_hard_is_registered_for_every_game_and_searches() -> None:
    assert get_registry().bot("any_game", "hard") is HardBot
    state = GAME.start(seed=9)
    view = SeatView(state, state.to_act[0])
    bot = HardBot(0)
    assert bot.choose(view) in view.legal_actions()
    assert set(bot.estimates(view)) == set(view.legal_actions())


def test_ismcts_factory_is_picklable_for_worker_processes() -> None:
    import pickle

    factory = partial(ISMCTSBot, simulations=10)
    assert pickle.loads(pickle.dumps(factory))(3).simulations == 10


def test_hard_reads_penalty_scores_the_other_way(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartas.core.plugins import manager as plugins
    from cartas.core.plugins.registry import Registry

    class Penalties(CartaAlta):
        name = "carta_baja"
        score_sign = -1

    registry = Registry()
    registry.add_game(Penalties())
    monkeypatch.setattr(plugins, "get_registry", lambda: registry)
    table = Table(2)
    penalties = HardBot(0).engine("carta_baja")
    assert penalties.evaluate(_Scored(table, (5, 0)), (0, 0))[0] < 0.5
    points = HardBot(0).engine("carta_alta")
    assert points.evaluate(_Scored(table, (5, 0)), (0, 0))[0] > 0.5


def test_linear_gain_value_is_linear_in_points_and_clipped() -> None:
    table = Table.partnership(4)
    values = linear_gain_value(_Scored(table, (13, 10)), (10, 10), scale=10.0)
    assert values == [pytest.approx(0.65), pytest.approx(0.35), pytest.approx(0.65), pytest.approx(0.35)]
    assert linear_gain_value(_Scored(Table(2), (40, 0)), (0, 0), scale=10.0) == [1.0, 0.0]
    penalties = linear_gain_value(_Scored(Table(3), (4, 1, 1)), (0, 0, 0), sign=-1)
    assert penalties[0] < 0.5 < penalties[1] == penalties[2]


def test_linear_gain_value_gives_a_finished_match_its_returns() -> None:
    assert linear_gain_value(_Scored(Table(2), (30, 29), over=True), (29, 29)) == [1.0, 0.0]


# --- play-outs cut short (Game.rollout_depth, State.cut_hand) --------------------------------------------


def chinchon_search_copy(seed: int) -> State:
    """A sampled two-player chinchón state at the start of a turn, as the search plays it out."""
    state = get_registry().games["chinchon"].start({"players": 2}, seed=seed)
    return SeatView(state, state.to_act[0]).sample(random.Random(seed))


def test_a_cut_scores_each_hand_its_deadwood_and_ends_the_hand() -> None:
    for seed in range(20):
        state = chinchon_search_copy(seed)
        rules = state.rules  # type: ignore[attr-defined]
        expected = [total + rules.arrange(hand).points for total, hand in zip(state.scores(), state.hands)]  # type: ignore[attr-defined]
        assert state.cut_hand()
        assert list(state.scores()) == expected
        assert state.hands_played == 1 and state.to_act == ()


def test_a_cut_waits_for_the_start_of_a_turn_and_never_touches_a_real_match() -> None:
    state = chinchon_search_copy(3)
    state.apply(state.legal_actions()[0])  # drawn: eight cards in hand, mid-turn
    assert not state.cut_hand() and state.hands_played == 0
    real = get_registry().games["chinchon"].start({"players": 2}, seed=3)
    assert not real.cut_hand() and real.hands_played == 0 and real.scores() == (0, 0)
    truco = get_registry().games["truco"].start({"players": 2}, seed=3)
    assert not SeatView(truco, truco.to_act[0]).sample(random.Random(1)).cut_hand()


def test_a_rollout_past_its_depth_is_cut_at_the_first_turn_that_allows_it() -> None:
    for depth, moves in ((0, 0), (1, 2), (2, 2), (3, 4)):  # a turn is two moves: draw, then discard
        state = chinchon_search_copy(5)
        bot = ISMCTSBot(1, simulations=1, rollout_depth=depth)
        bot._rollout(state, 0)
        events = [event.kind for event in state.events]
        assert events.count("draw") + events.count("discard") == moves
        assert state.hands_played == 1


def test_the_search_bot_cuts_where_the_game_says() -> None:
    from cartas.core.bots.search_bot import SearchBot

    assert SearchBot(1).engine("chinchon").rollout_depth == 8  # type: ignore[union-attr]
    assert SearchBot(1).engine("truco").rollout_depth is None  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="rollout depth"):
        ISMCTSBot(1, rollout_depth=-1)
