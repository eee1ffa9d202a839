"""The core's inference: worlds drawn from the posterior a bidding model gives, with a bounded cost."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from minitrick import STRENGTH, CartaAlta, CartaAltaState

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import Decision, Posterior, posterior_for, rival_decisions, soft_bar
from cartas.core.bots.inference.posterior import bidding_weight
from cartas.core.state import State

GAME = CartaAlta()


class LeadsHigh:
    """A toy model: a player who led a card holds (still) a strong hand: every card left above a 5."""

    kinds = frozenset({"play"})

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, CartaAltaState)
        strong = all(STRENGTH[card.rank] >= STRENGTH[5] for card in world.hands[decision.seat])
        return 1.0 if strong else 0.05


def _after_a_lead(seed: int) -> SeatView:
    state = GAME.start(seed=seed)
    state.apply(state.legal_actions()[0])
    return SeatView(state, state.to_act[0])


def _strong_share(view: SeatView, draw: object, n: int = 300) -> float:
    rival = 1 - view.seat
    strong = 0
    for _ in range(n):
        world = draw()  # type: ignore[operator]
        strong += all(STRENGTH[card.rank] >= STRENGTH[5] for card in world.hands[rival])
    return strong / n


def test_the_posterior_favours_the_worlds_the_rivals_words_speak_for() -> None:
    view = _after_a_lead(3)
    rng = random.Random(0)
    posterior = Posterior(bidding_weight(LeadsHigh()))
    prior = _strong_share(view, lambda: view.sample(rng))
    after = _strong_share(view, lambda: posterior.sample(view, rng))
    assert after > prior + 0.3
    assert posterior.counts.samples == 300 and posterior.counts.draws > 300


def test_only_the_rivals_decisions_count() -> None:
    view = _after_a_lead(3)
    world = view.sample(random.Random(1))
    assert [d.seat for d in rival_decisions(world, view.seat, frozenset({"play"}))] == [1 - view.seat]
    assert rival_decisions(world, 1 - view.seat, frozenset({"play"})) == []


def test_a_weight_that_refuses_everything_falls_back_and_says_so() -> None:
    view = _after_a_lead(5)
    posterior = Posterior(lambda world, seen: 0.0, tries=7)
    posterior.sample(view, random.Random(2))
    posterior.sample(view, random.Random(3))
    assert (posterior.counts.samples, posterior.counts.draws, posterior.counts.fallbacks) == (2, 14, 2)


def test_a_bot_names_its_posterior_by_a_bidding_model_or_a_rule() -> None:
    assert posterior_for(object()) is None
    assert isinstance(posterior_for(type("B", (), {"bidding": LeadsHigh()})), Posterior)
    rule = type("R", (), {"plausible": staticmethod(lambda world, view: False)})
    posterior = posterior_for(rule, tries=3)
    assert posterior is not None
    posterior.sample(_after_a_lead(1), random.Random(0))
    assert posterior.counts.fallbacks == 1


@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(0.1, 10), st.floats(0, 0.4))
def test_a_soft_bar_rises_with_the_value_and_stays_within_its_floor(
    low: float, high: float, spread: float, floor: float
) -> None:
    low, high = min(low, high), max(low, high)
    assert floor <= soft_bar(low, 0.0, spread, floor) <= soft_bar(high, 0.0, spread, floor) <= 1 - floor
    assert abs(soft_bar(0.0, 0.0, spread, floor) - 0.5) < 1e-9
