"""The search levels cut to answer in time (issue 32 item 7): remigio's play-outs cut short, ``search`` on a
budget per game, chinchón's ``hard`` over a narrower shortlist."""

from __future__ import annotations

import random

from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots.levels import MediumBot, shortlist
from cartas.games.chinchon.game import ChinchonGame, RemigioGame
from cartas.games.chinchon.bots.search import (
    SIMULATIONS, ChinchonHardBot, NarrowMediumBot, RummySearchBot, narrow_shortlist,
)
from cartas.games.chinchon.state import RummyState


def remigio_search_copy(seed: int) -> RummyState:
    state = RemigioGame().start({"players": 2}, seed=seed)
    world = SeatView(state, state.to_act[0]).sample(random.Random(seed))
    assert isinstance(world, RummyState)
    return world


def test_a_remigio_cut_gives_the_lowest_hand_the_others_loose_points() -> None:
    for seed in range(10):
        state = remigio_search_copy(seed)
        rules = state.rules
        points = [rules.arrange(hand).points for hand in state.hands]
        best = 0 if points[0] < points[1] else 1 if points[1] < points[0] else 1 - state.dealer  # mano wins a tie
        expected = [0, 0]
        expected[best] = points[1 - best]
        assert state.cut_hand()
        assert list(state.scores()) == expected
        assert state.hands_played == 1 and state.to_act == ()


def test_a_remigio_cut_waits_for_a_turn_and_never_touches_a_real_match() -> None:
    state = remigio_search_copy(3)
    state.apply(state.legal_actions()[0])  # drawn: mid-turn
    assert not state.cut_hand() and state.hands_played == 0
    real = RemigioGame().start({"players": 2}, seed=3)
    assert not real.cut_hand() and real.scores() == (0, 0)
    assert RemigioGame.rollout_depth == ChinchonGame.rollout_depth == 8


def test_search_runs_its_games_budget_and_no_more() -> None:
    registry = get_registry()
    for name, game in (("chinchon", ChinchonGame()), ("remigio", RemigioGame())):
        assert registry.bot(name, "search") is RummySearchBot
        state = game.start({"players": 2}, seed=2)
        bot = RummySearchBot(5)
        bot.choose(SeatView(state, state.to_act[0]))
        assert bot.search_counts.samples == SIMULATIONS[name]
        assert RummySearchBot(5, budget=7).budget == 7  # a budget given is kept


def test_search_plays_the_same_moves_for_the_same_seed() -> None:
    state = RemigioGame().start({"players": 2}, seed=4)
    for _ in range(6):
        seat = state.to_act[0]
        view = SeatView(state, seat)
        first, second = RummySearchBot(9).choose(view), RummySearchBot(9).choose(view)
        assert first == second
        state.apply(first, seat)


def test_chinchons_hard_plays_out_two_discards_besides_mediums_own() -> None:
    assert get_registry().bot("chinchon", "hard") is ChinchonHardBot
    state = ChinchonGame().start({"players": 2}, seed=9)
    rng = random.Random(9)
    seen = 0
    while not state.is_over and seen < 12:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        legal = view.legal_actions()
        narrow, full = narrow_shortlist(view), shortlist(view)
        if isinstance(legal[0], Discard):
            seen += 1
            plain = [a for a in full if isinstance(a, Discard) and not a.close]
            assert [a for a in narrow if not a.close] == plain[: NarrowMediumBot.SEARCHED]  # type: ignore[attr-defined]
            assert [a for a in narrow if a.close] == [a for a in full if a.close]  # type: ignore[attr-defined]
        else:
            assert narrow == full == legal
        state.apply(rng.choice(legal), seat)
    assert NarrowMediumBot.shortlist is narrow_shortlist  # type: ignore[attr-defined]
    assert MediumBot.shortlist is shortlist  # type: ignore[attr-defined]  # medium keeps the full one


def test_chinchons_hard_is_deterministic_for_a_seed_and_searches_at_most_three_candidates() -> None:
    state = ChinchonGame().start({"players": 2}, seed=11)
    bots = [ChinchonHardBot(1), ChinchonHardBot(1)]
    for _ in range(10):
        seat = state.to_act[0]
        view = SeatView(state, seat)
        first, second = (bot.choose(view) for bot in bots)
        assert first == second
        state.apply(first, seat)
    assert bots[0].search_counts.searched > 0


def test_chinchons_hard_plays_out_two_sampled_states_a_decision() -> None:
    """Issue 32 item 7: three states put its slowest decisions at the 300 ms bar; ``medium`` keeps its three for
    ``hint``'s and the core's other users."""
    state = ChinchonGame().start({"players": 2}, seed=11)
    bot = ChinchonHardBot(1)
    for _ in range(10):
        seat = state.to_act[0]
        view = SeatView(state, seat)
        state.apply(bot.choose(view), seat)
    counts = bot.search_counts
    assert counts.searched > 0
    assert counts.samples == 2 * counts.searched
    assert NarrowMediumBot.rollout_samples == 2 and MediumBot.rollout_samples == 3
