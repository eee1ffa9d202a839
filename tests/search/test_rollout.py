"""The rollout bot: legal, reproducible, estimates every move, and improves on the policy it plays out."""

from __future__ import annotations

import itertools
from functools import partial

import pytest
from minitrick import STRENGTH, CartaAlta, CartaAltaState, HighCardBot, LowCardBot, counting_high_card_bot

from cartas.core.bots import rollout
from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.cards import Card
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.core.plugins.registry import Registry
from cartas.core.bots.rollout import MAX_DRAWS, RolloutBot, base_policy, gain_valuation
from cartas.core.bots.search import ISMCTSBot, linear_gain_value
from cartas.core.bots.search_bot import HardBot, SearchBot

GAME = CartaAlta()


def _first_view(seed: int) -> SeatView:
    state = GAME.start(seed=seed)
    return SeatView(state, state.to_act[0])


def _second_view(seed: int) -> SeatView:
    """The follower's view: after a lead it may have to follow suit, so fewer moves may be legal."""
    state = GAME.start(seed=seed)
    state.apply(state.legal_actions()[0])
    return SeatView(state, state.to_act[0])


def test_the_choice_is_legal() -> None:
    for seed in range(5):
        view = _first_view(seed)
        assert RolloutBot(seed, base=HighCardBot, samples=4).choose(view) in view.legal_actions()


def test_same_seed_and_budget_give_the_same_match() -> None:
    def play(seed: int) -> list[tuple[int, object]]:
        state = GAME.start(seed=11)
        bots = {seat: RolloutBot(seed + seat, base=RandomBot, samples=6) for seat in (0, 1)}
        run_match(state, bots)
        return state.history

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_estimates_cover_every_legal_move_with_every_sample() -> None:
    view = _first_view(3)
    bot = RolloutBot(1, base=HighCardBot, samples=7)
    estimates = bot.estimates(view)
    assert set(estimates) == set(view.legal_actions())
    assert all(e.visits == 7 and 0.0 <= e.value <= 1.0 for e in estimates.values())
    assert bot.last_samples == 7


def test_without_a_margin_the_choice_has_the_best_estimate() -> None:
    for seed in range(5):
        view = _first_view(seed)
        estimates = RolloutBot(2, base=HighCardBot, samples=20, margin=0).estimates(view)
        choice = RolloutBot(2, base=HighCardBot, samples=20, margin=0).choose(view)
        assert estimates[choice].value == max(e.value for e in estimates.values())


def test_with_a_huge_margin_the_base_bots_choice_stands() -> None:
    for seed in range(5):
        view = _first_view(seed)
        assert RolloutBot(2, base=LowCardBot, samples=10, margin=1e9).choose(view) == LowCardBot().choose(view)


def test_a_clearly_better_move_overrides_the_base_bots_choice() -> None:
    """Leading its weakest card throws away a trick; rollouts over that poor policy see it on some deal."""
    overrides = 0
    for seed in range(10):
        view = _first_view(seed)
        overrides += RolloutBot(2, base=LowCardBot, samples=30).choose(view) != LowCardBot().choose(view)
    assert overrides >= 3


def test_every_move_is_played_out_on_the_same_sampled_states() -> None:
    """Common random numbers: the follower's hidden hand, as its base bot first sees it in each play-out, is the
    same for every move tried on one sampled state, and differs from one state to the next."""
    first_hands: list[tuple[object, ...]] = []

    class Recording(HighCardBot):
        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            self.seen = False

        def choose(self, view: object) -> object:
            if not self.seen:
                self.seen = True
                first_hands.append((view.seat, tuple(sorted(view.hand()))))  # type: ignore[attr-defined]
            return super().choose(view)

    view = _first_view(8)
    n_legal = len(view.legal_actions())
    RolloutBot(0, base=Recording, samples=3).estimates(view)
    follower = [hand for seat, hand in first_hands if seat != view.seat]
    assert len(follower) == 3 * n_legal
    per_state = [follower[k * n_legal:(k + 1) * n_legal] for k in range(3)]
    assert all(len(set(hands)) == 1 for hands in per_state)
    assert len({hands[0] for hands in per_state}) == 3


def test_a_single_legal_move_is_played_without_sampling() -> None:
    state = GAME.start({"cards": 1}, seed=0)
    bot = RolloutBot(0, base=HighCardBot, samples=10)
    assert bot.choose(SeatView(state, state.to_act[0])) == state.legal_actions()[0]
    assert bot.last_samples == 0


def test_a_time_budget_ends_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves a millisecond per reading, so the test does not depend on the machine's load."""
    readings = itertools.count()
    monkeypatch.setattr(rollout.time, "perf_counter", lambda: next(readings) * 0.001)
    view = _first_view(1)
    bot = RolloutBot(0, base=HighCardBot, time_limit=0.05, evaluate=linear_gain_value)
    bot.choose(view)
    assert 3 < bot.last_samples < 50


def test_budget_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        RolloutBot(0, samples=0)


def test_play_outs_do_not_touch_the_real_state() -> None:
    state = GAME.start(seed=4)
    before = (state.history.copy(), [h.copy() for h in state.hands], state.rng.getstate())
    RolloutBot(0, base=HighCardBot, samples=10).choose(SeatView(state, state.to_act[0]))
    assert before == (state.history, state.hands, state.rng.getstate())


def test_play_outs_stop_at_the_end_of_the_hand() -> None:
    hands_seen = []

    class Watching(HighCardBot):
        def choose(self, view: object) -> object:
            hands_seen.append(view.hands_played)  # type: ignore[attr-defined]
            return super().choose(view)

    view = _first_view(6)
    RolloutBot(0, base=Watching, samples=5).choose(view)
    assert hands_seen and set(hands_seen) == {view.hands_played}


def test_a_cheaper_variant_plays_the_play_outs_when_the_base_bot_offers_one() -> None:
    used: list[int] = []

    class Dear(LowCardBot):
        for_rollouts = counting_high_card_bot(used)

    RolloutBot(0, base=Dear, samples=3).choose(_first_view(2))
    assert used


def _match_wins(first: object, second: object, matches: int) -> int:
    """Matches ``first`` wins against ``second`` on the same deals, seats alternating."""
    wins = 0
    for number in range(matches):
        state = GAME.start(seed=number)
        me = number % 2
        bots = {me: first(number), 1 - me: second(number)}  # type: ignore[operator]
        wins += me in run_match(state, bots).winners
    return wins


def test_rollouts_improve_on_the_base_policy() -> None:
    """Over a poor base policy (always its weakest card): 60 matches, seats alternating.

    Equal strength would win about 30; 38 or more has probability below 0.03 under that hypothesis (41 won).
    """
    wins = _match_wins(lambda seed: RolloutBot(seed, base=LowCardBot, samples=8), LowCardBot, 60)
    assert wins >= 38


def test_rollouts_improve_on_a_sound_base_policy() -> None:
    """Over the strongest-card heuristic too: 60 matches; 37 or more has probability below 0.05 at parity (40 won)."""
    wins = _match_wins(lambda seed: RolloutBot(seed, base=HighCardBot, samples=8), HighCardBot, 60)
    assert wins >= 37


def _registry_with(game: CartaAlta, **levels: object) -> Registry:
    registry = Registry()
    registry.add_game(game)
    for level, factory in levels.items():
        registry.add_bot(game.name, level, factory)  # type: ignore[arg-type]
    registry.add_bot("*", "hard", HardBot)
    return registry


def test_hard_rolls_out_the_games_medium_bot_else_easy(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartas.core.plugins import manager as plugins

    monkeypatch.setattr(plugins, "get_registry", lambda: _registry_with(GAME, easy=LowCardBot, medium=HighCardBot))
    assert base_policy("carta_alta") is HighCardBot
    engine = HardBot(0).engine("carta_alta")
    assert isinstance(engine, RolloutBot) and engine.base is HighCardBot
    monkeypatch.setattr(plugins, "get_registry", lambda: _registry_with(GAME, easy=LowCardBot))
    assert base_policy("carta_alta") is LowCardBot


def test_hard_searches_a_game_without_bots_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartas.core.plugins import manager as plugins

    monkeypatch.setattr(plugins, "get_registry", lambda: _registry_with(GAME))
    assert base_policy("carta_alta") is None
    assert isinstance(HardBot(0).engine("carta_alta"), ISMCTSBot)


def test_search_level_is_ismcts_and_hard_estimates_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_registry().bot("any_game", "search") is SearchBot
    assert isinstance(SearchBot(0).engine("truco"), ISMCTSBot)
    from cartas.core.plugins import manager as plugins

    monkeypatch.setattr(plugins, "get_registry", lambda: _registry_with(GAME, medium=HighCardBot))
    view = _second_view(3)
    estimates = HardBot(0).estimates(view)
    assert set(estimates) == set(view.legal_actions())


def test_without_a_base_bot_the_rollout_bot_plays_out_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartas.core.plugins import manager as plugins

    monkeypatch.setattr(plugins, "get_registry", lambda: _registry_with(GAME))
    bot = RolloutBot(0, samples=2)
    bot.choose(_first_view(0))
    assert bot.base is RandomBot


def test_hard_in_truco_rolls_out_truco_medium_and_plays_legally() -> None:
    registry = get_registry()
    truco = registry.game("truco")
    medium = registry.bot("truco", "medium")
    engine = HardBot(0).engine("truco")
    assert isinstance(engine, RolloutBot) and engine.base is medium
    state = truco.start(seed=3)
    view = SeatView(state, state.to_act[0])
    bot = RolloutBot(5, base=medium, samples=2)
    assert bot.choose(view) in view.legal_actions()
    # the play-outs compare truco medium's shortlist: every legal move but the señas, the falta envido and the
    # mazo (issue 32's latency: hard plays those only when medium chooses them)
    shortlist = set(medium.shortlist(view))  # type: ignore[attr-defined]
    assert set(bot.estimates(view)) == shortlist
    assert shortlist == {a for a in view.legal_actions() if str(a) not in ("falta envido", "mazo")}


# --- inference: sampled states the base bot finds implausible are drawn again -------------------


def _base_that_believes(rule: object) -> type:
    """HighCardBot with a ``plausible`` rule, as a game's medium bot would carry one."""
    return type("Believer", (HighCardBot,), {"plausible": staticmethod(rule)})


def test_play_outs_start_only_from_states_the_base_bot_finds_plausible() -> None:
    view = _first_view(4)
    hidden_ace = next(card for card in GAME.deck(GAME.options({})) if card not in view.hand() and card.rank == 1)
    verdicts: list[bool] = []

    def holds_the_ace(world: CartaAltaState, seen: SeatView) -> bool:
        assert seen is view
        verdicts.append(hidden_ace in world.hands[1 - seen.seat])
        return verdicts[-1]

    bot = RolloutBot(2, base=_base_that_believes(holds_the_ace), samples=12)
    bot.estimates(view)
    assert verdicts.count(True) == bot.last_samples == 12  # every play-out began from an accepted state
    assert verdicts.count(False) > 0  # and some drawn states were refused


def test_a_rule_that_refuses_everything_costs_a_bounded_number_of_draws() -> None:
    calls: list[int] = []

    def never(world: CartaAltaState, seen: SeatView) -> bool:
        calls.append(1)
        return False

    bot = RolloutBot(2, base=_base_that_believes(never), samples=5)
    estimates = bot.estimates(_first_view(4))
    assert all(estimate.visits == 5 for estimate in estimates.values())
    assert len(calls) == 5 * MAX_DRAWS
    assert bot.inference is not None
    assert (bot.inference.samples, bot.inference.draws, bot.inference.fallbacks) == (5, 5 * MAX_DRAWS, 5)


def test_a_shortlist_narrows_the_moves_played_out_but_the_base_choice_stays_in() -> None:
    view = _first_view(6)
    legal = view.legal_actions()
    weakest = min(legal, key=lambda card: STRENGTH[card.rank])

    def only_the_weakest(seen: SeatView) -> list[Card]:
        return [weakest]

    base = type("Narrow", (HighCardBot,), {"shortlist": staticmethod(only_the_weakest)})
    bot = RolloutBot(3, base=base, samples=5, margin=0.0)
    assert set(bot.estimates(view)) == {weakest}  # hint shows what was played out
    choice = bot.choose(view)
    assert set(bot.estimates(view)) == {weakest}
    assert choice in (weakest, HighCardBot(0).choose(view))  # the base bot's own move is always compared
    assert bot.last_samples == 5


def test_play_outs_are_valued_on_each_games_own_scale() -> None:
    chinchon = gain_valuation("chinchon")
    assert isinstance(chinchon, partial)
    assert chinchon.keywords == {"sign": -1, "scale": 33.0}  # penalties, and rounds that swing by tens of points
    truco = gain_valuation("truco")
    assert isinstance(truco, partial) and truco.keywords == {"sign": 1, "scale": 10.0}
    assert gain_valuation("no such game") is linear_gain_value


def test_the_base_factory_may_set_the_margin_and_the_evaluator() -> None:
    """A game's base bot tunes its own ``hard``: how clearly a move must win, and how a play-out is valued."""
    valued: list[int] = []

    def count_and_value(state: object, root_scores: object) -> list[float]:
        valued.append(1)
        return [0.5, 0.5]

    class TunedBot(HighCardBot):
        rollout_margin = 2.5
        rollout_evaluate = staticmethod(count_and_value)

    view = _first_view(3)
    tuned = RolloutBot(1, base=TunedBot, samples=3)
    tuned.choose(view)
    assert tuned.margin == 2.5 and len(valued) == 3 * len(view.legal_actions())
    plain = RolloutBot(1, base=HighCardBot, samples=3)
    plain.choose(view)
    assert plain.margin == rollout.DEFAULT_MARGIN and plain.evaluate is not count_and_value
    assert RolloutBot(1, base=TunedBot, samples=3, margin=0.0).margin == 0.0
