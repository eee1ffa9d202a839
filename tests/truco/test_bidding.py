"""Truco's bidding model: the worlds the bots sample after a rival's call hold what that call speaks for."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import posterior_for
from cartas.core.state import State
from cartas.games.truco.bots.bidding import answered_call, strength_at
from cartas.games.truco.bots import MediumBot, QuickMediumBot
from cartas.games.truco.envido import tanto
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState
from cartas.testing import sampled_mean

GAME = TrucoGame()


def _after(words: list[str], seed: int = 3) -> tuple[SeatView, int]:
    """The view of the seat that must answer after the mano said ``words`` (the rival is the mano)."""
    state = GAME.start({"players": 2}, seed=seed)
    mano = state.to_act[0]
    for word in words:
        state.apply(word, state.to_act[0])
    return SeatView(state, 1 - mano), mano


def _mean(view: SeatView, measure: Callable[[TrucoState], float], *, inferred: bool) -> float:
    posterior = posterior_for(MediumBot)
    assert posterior is not None
    return sampled_mean(view, measure, posterior if inferred else None, seed=11, kind=TrucoState)


def test_a_real_envido_raises_the_rivals_tanto_in_the_samples() -> None:
    for seed in (3, 4, 5):
        view, rival = _after(["real envido"], seed)

        def rival_tanto(world: TrucoState) -> int:
            return tanto(world.dealt[rival])

        prior = _mean(view, rival_tanto, inferred=False)
        after = _mean(view, rival_tanto, inferred=True)
        assert after > prior + 4, (seed, prior, after)


def test_a_truco_call_raises_the_rivals_strength_in_the_samples() -> None:
    for seed in (3, 4, 5):
        view, rival = _after(["truco"], seed)

        def rival_strength(world: TrucoState) -> float:
            return strength_at(world, rival, len(world.events))

        prior = _mean(view, rival_strength, inferred=False)
        after = _mean(view, rival_strength, inferred=True)
        assert after > prior + 0.35, (seed, prior, after)


def test_a_refused_envido_lowers_the_rivals_tanto() -> None:
    state = GAME.start({"players": 2}, seed=6)
    mano = state.to_act[0]
    state.apply("envido", mano)
    state.apply("no quiero", 1 - mano)
    # Now the mano's view of the rival who refused.
    view = SeatView(state, mano)
    rival = 1 - mano

    def rival_tanto(world: TrucoState) -> int:
        return tanto(world.dealt[rival])

    assert _mean(view, rival_tanto, inferred=True) < _mean(view, rival_tanto, inferred=False) - 2


def test_an_answer_is_read_against_the_call_it_answers() -> None:
    state = GAME.start({"players": 2}, seed=3)
    mano = state.to_act[0]
    state.apply("truco", mano)
    state.apply("envido", 1 - mano)  # the envido goes first: the truco waits
    state.apply("quiero", mano)
    world: State = state
    quieros = [at for at, event in enumerate(world.events) if event.kind == "quiero"]
    assert answered_call(world, quieros[0]) == "envido"
    state.apply("quiero", 1 - mano)
    quieros = [at for at, event in enumerate(world.events) if event.kind == "quiero"]
    assert answered_call(world, quieros[1]) == "truco"


def test_medium_reads_the_calls_and_its_rollout_variant_leaves_that_to_hard() -> None:
    assert posterior_for(MediumBot) is not None and posterior_for(QuickMediumBot) is None


def test_the_rollout_variant_plays_whole_matches_without_a_posterior() -> None:
    """Regression: with no bidding model, medium's sampling must fall back to plain samples."""
    from cartas.core.match import run_match

    state = GAME.start({"players": 2, "points": 15}, seed=2)
    result = run_match(state, {0: QuickMediumBot(1), 1: MediumBot(2)})
    assert state.is_over and result.winners
