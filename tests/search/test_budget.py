"""Search that is honest about its budget: sample counts by default, a time limit that binds one decision alone.

Regressions: ``hard`` used to run on 150 ms a decision and, when its first decision took over half of it (any
busy machine), played its fallback's moves for the rest of the match without searching again.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from minitrick import CartaAlta, HighCardBot, LowCardBot

from cartas.core.bots import rollout
from cartas.core.bots.base import SeatView
from cartas.core.match import run_match
from cartas.core.plugins.registry import Registry
from cartas.core.bots.rollout import DEFAULT_SAMPLES, RolloutBot
from cartas.core.bots.search import DEFAULT_SIMULATIONS, ISMCTSBot, SearchCounts, decision_budget
from cartas.core.bots.search_bot import HardBot, SearchBot

GAME = CartaAlta()


@pytest.fixture
def carta_alta_registry(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The real registry's view of the world, with carta alta and its two bots (``medium`` plays its best card)."""
    from cartas.core.plugins import manager as plugins

    registry = Registry()
    registry.add_game(GAME)
    registry.add_bot("carta_alta", "easy", LowCardBot)
    registry.add_bot("carta_alta", "medium", HighCardBot)
    registry.add_bot("*", "hard", HardBot)
    monkeypatch.setattr(plugins, "get_registry", lambda: registry)
    return registry


def slow_clock(step: float) -> Iterator[float]:
    """A clock on which every reading comes ``step`` seconds after the last: a machine as busy as one likes."""
    return (step * tick for tick in itertools.count())


def _hard_match(seed: int) -> tuple[list[tuple[int, object]], list[SearchCounts]]:
    state = GAME.start({"target": 20}, seed=seed)
    bots = {0: HardBot(seed), 1: HardBot(seed + 1)}
    run_match(state, bots)
    return state.history, [bots[0].search_counts, bots[1].search_counts]


@pytest.mark.usefixtures("carta_alta_registry")
def test_a_seeded_hard_match_is_the_same_on_an_idle_and_on_a_crawling_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    history, counts = _hard_match(4)
    assert _hard_match(4)[0] == history
    ticks = slow_clock(1.0)  # a second passes between any two readings of the clock
    monkeypatch.setattr(rollout.time, "perf_counter", lambda: next(ticks))
    slow_history, slow_counts = _hard_match(4)
    assert slow_history == history
    assert slow_counts == counts
    for seat, seat_counts in enumerate(counts):
        moves = sum(1 for who, _ in history if who == seat)
        assert seat_counts.decisions == moves
        assert 0 < seat_counts.searched < moves  # each hand's last card has no choice and is not searched
        assert seat_counts.samples == DEFAULT_SAMPLES * seat_counts.searched


def _views(count: int) -> list[SeatView]:
    views = []
    for seed in range(count):
        state = GAME.start(seed=seed)
        views.append(SeatView(state, state.to_act[0]))
    return views


@pytest.mark.usefixtures("carta_alta_registry")
def test_a_time_limit_on_a_crawling_machine_still_searches_every_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """One state each when the clock says the limit is spent at once; a full search again once it is not."""
    bot = HardBot(0, time_limit=0.15)
    ticks = slow_clock(1.0)
    with monkeypatch.context() as patch:
        patch.setattr(rollout.time, "perf_counter", lambda: next(ticks))
        for view in _views(3):
            bot.choose(view)
    assert bot.search_counts == SearchCounts(decisions=3, searched=3, samples=3)
    engine = bot.engine("carta_alta")
    assert isinstance(engine, RolloutBot) and engine._player is HighCardBot  # still its medium bot
    ticks = slow_clock(0.001)  # then the machine is free again: a millisecond per reading
    monkeypatch.setattr(rollout.time, "perf_counter", lambda: next(ticks))
    bot.choose(_views(4)[3])
    assert engine.last_samples > 5
    assert bot.search_counts.searched == 4


def test_a_time_limit_drops_a_state_that_overruns_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """States are whole: every action of a kept state was played out on it (common random numbers)."""
    ticks = slow_clock(0.01)
    monkeypatch.setattr(rollout.time, "perf_counter", lambda: next(ticks))
    view = _views(1)[0]
    bot = RolloutBot(0, base=HighCardBot, time_limit=0.5)
    estimates = bot.estimates(view)
    assert 1 <= bot.last_samples < 20
    assert {estimate.visits for estimate in estimates.values()} == {bot.last_samples}
    assert len(bot._values) == bot.last_samples and all(len(row) == len(estimates) for row in bot._values)


def test_without_a_budget_the_base_factory_names_its_samples() -> None:
    frugal = type("Frugal", (HighCardBot,), {"rollout_samples": 3})
    bot = RolloutBot(0, base=frugal)
    bot.choose(_views(1)[0])
    assert bot.samples == 3 and bot.last_samples == 3 and bot.time_limit is None
    plain = RolloutBot(0, base=HighCardBot)
    plain.choose(_views(1)[0])
    assert plain.last_samples == DEFAULT_SAMPLES


def test_a_play_out_budget_gives_a_decision_with_fewer_moves_more_states() -> None:
    """``rollout_playouts`` spends a decision's play-outs over its moves: ``playouts // moves`` states, never
    fewer than ``rollout_samples``; a budget given to the bot is a count of states and ignores it."""
    spender = type("Spender", (HighCardBot,), {"rollout_samples": 3, "rollout_playouts": staticmethod(lambda view: 24)})
    for view in _views(6):
        moves = len(view.legal_actions())
        assert moves > 1
        bot = RolloutBot(0, base=spender, margin=0.0)
        estimates = bot.estimates(view)
        assert bot.last_samples == max(3, 24 // moves) > 3
        assert {estimate.visits for estimate in estimates.values()} == {bot.last_samples}
        counted = RolloutBot(0, base=spender, samples=2)
        counted.estimates(view)
        assert counted.last_samples == 2
    few = RolloutBot(0, base=spender)
    few._prepare(GAME.name)
    view = _views(1)[0]
    assert [few._states_for(view, moves) for moves in (1, 2, 8, 9, 30)] == [24, 12, 3, 3, 3]


def test_a_base_factory_that_names_no_samples_is_followed_without_a_search() -> None:
    """Remigio's ``medium`` does so; the counts show the decisions were not searched, and ``hint`` still gets
    an estimate of every move."""
    from cartas.core.plugins.manager import get_registry
    from cartas.games.chinchon.bots import MediumBot, RemigioMediumBot

    assert get_registry().bot("remigio", "medium") is RemigioMediumBot and RemigioMediumBot.rollout_samples == 0
    assert get_registry().bot("chinchon", "medium") is MediumBot and MediumBot.rollout_samples == 3
    lazy = type("Lazy", (LowCardBot,), {"rollout_samples": 0})
    view = _views(2)[1]
    bot = RolloutBot(0, base=lazy, margin=0.0)
    for _ in range(3):
        assert bot.choose(view) == LowCardBot().choose(view)
    assert bot.search_counts == SearchCounts(decisions=3, searched=0, samples=0)
    estimates = bot.estimates(view)
    assert set(estimates) == set(view.legal_actions()) and bot.last_samples == 1


def test_ismcts_counts_its_simulations_and_defaults_to_a_count() -> None:
    bot = ISMCTSBot(0)
    assert (bot.simulations, bot.time_limit) == (DEFAULT_SIMULATIONS, None)
    small = ISMCTSBot(0, simulations=12)
    for view in _views(2):
        small.choose(view)
    assert small.search_counts == SearchCounts(decisions=2, searched=2, samples=24)
    assert small.search_counts.per_decision == 12.0
    assert SearchBot(0).search_counts == SearchCounts()  # nothing searched before the first decision


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        decision_budget("samples", 0, None, 8)
    with pytest.raises(ValueError, match="positive"):
        RolloutBot(0, time_limit=0.0)
    with pytest.raises(ValueError, match="positive"):
        HardBot(0, time_limit=-1.0).engine("truco")
    assert decision_budget("samples", None, None, 8) == (8, None)
    assert decision_budget("samples", 4, 0.1, 8) == (4, 0.1)


def test_no_play_out_goes_past_the_hand_not_even_the_last_actions() -> None:
    """Truco lists ``mazo`` last, and it ends the hand. The last action is applied to the sampled state itself;
    its play-out used to read the hand number after that, and so played the whole next hand out as well."""
    from cartas.core.plugins.manager import get_registry

    registry = get_registry()
    truco = registry.game("truco")
    medium = registry.bot("truco", "medium")
    seen: list[int] = []

    class Watching(medium):  # type: ignore[misc, valid-type]
        def choose(self, view: SeatView) -> object:
            seen.append(view.hands_played)
            return super().choose(view)

    Watching.for_rollouts = Watching  # the play-outs are played by this very bot
    state = truco.start(seed=3)
    view = SeatView(state, state.to_act[0])
    assert str(view.legal_actions()[-1]) == "mazo"
    bot = RolloutBot(0, base=Watching, samples=2)
    bot.estimates(view)
    assert bot.last_samples == 2 and seen and set(seen) == {0}


def test_a_search_copy_deals_no_next_hand() -> None:
    from cartas.core.plugins.manager import get_registry

    truco = get_registry().game("truco")
    state = truco.start(seed=3)
    copy = SeatView(state, 0).sample(random.Random(1))
    assert copy.search_copy and not state.search_copy and copy.clone().search_copy
    copy.apply("mazo", copy.to_act[0])
    assert copy.hands_played == 1 and copy.to_act == () and copy.history == [(copy.history[0][0], copy.history[0][1])]
    state.apply("mazo", state.to_act[0])
    assert state.hands_played == 1 and state.to_act  # the match itself deals on


def test_think_gives_the_search_bots_a_time_limit_and_no_other_bot() -> None:
    from types import SimpleNamespace

    from click.testing import CliRunner

    from cartas.cli.main import make_cli
    from cartas.cli.session import make_bots, takes_time_limit
    from cartas.core.plugins.manager import get_registry

    registry = get_registry()
    assert takes_time_limit(HardBot) and takes_time_limit(SearchBot)
    assert not takes_time_limit(registry.bot("truco", "medium")) and not takes_time_limit(len)
    state = registry.game("truco").start(seed=1)
    app = SimpleNamespace(registry=registry)
    agents = make_bots(app, state, {0: "hard", 1: "medium"}, think=0.2)  # type: ignore[arg-type]
    assert isinstance(agents[0].agent, HardBot) and agents[0].agent.time_limit == 0.2  # type: ignore[attr-defined]
    assert make_bots(app, state, {0: "hard"})[0].time_limit is None  # type: ignore[arg-type, attr-defined]
    cli = make_cli()
    refused = CliRunner().invoke(cli, ["play", "truco", "--json", "--think", "0.2"])
    assert refused.exit_code != 0 and "--think" in refused.output
    negative = CliRunner().invoke(cli, ["play", "truco", "--watch", "--think", "0"])
    assert negative.exit_code != 0 and "--think" in negative.output
