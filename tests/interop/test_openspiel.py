"""The OpenSpiel bridge: OpenSpiel's own random simulation test on every game, plus exact checks.

Skipped with the install command when the ``openspiel`` extra is missing; CI runs them with ``-m interop``.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install 'cartas[openspiel]'")

from cartas.core.errors import OptionsError  # noqa: E402
from cartas.core.plugins.manager import get_registry  # noqa: E402
from cartas.interop.openspiel import CartasState, load, register  # noqa: E402

from interop_games import GAMES, game_or_skip  # noqa: E402

pytestmark = pytest.mark.interop

SHORT = {"chinchon": "points=20", "remigio": "points=20", "tresillo": "deals=5"}
"""Shorter matches for the games whose random matches run to thousands of decisions; the test checks every
state of a match, so the rules are exercised the same, hand after hand, in a fraction of the time."""


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    game_or_skip(name)
    register()
    params = ",".join(filter(None, [SHORT.get(name, ""), "seed=3"]))
    game = pyspiel.load_game(f"cartas_{name}({params})")
    # serialize=False: sampled chance keeps its generator in the cartas match, which OpenSpiel cannot save.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_four_player_truco_with_flor_passes_the_random_sim_test() -> None:
    game = load("truco", players=4, flor=True, seed=5)
    assert game.num_players() == 4
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_options_are_game_parameters_with_their_defaults() -> None:
    game = load("truco")
    params = game.get_parameters()
    assert params["players"] == 2 and params["points"] == 30 and params["flor"] is False and params["seed"] == -1
    assert game.num_distinct_actions() == 63
    assert game.information_state_tensor_size() == 92
    with pytest.raises(OptionsError, match="points"):
        load("truco", points=20)


def test_a_seeded_game_replays_its_matches() -> None:
    first, second = load("chinchon", seed=9), load("chinchon", seed=9)
    for _ in range(2):
        a, b = first.new_initial_state(), second.new_initial_state()
        assert str(a) == str(b)
    assert str(load("chinchon", seed=10).new_initial_state()) != str(first.new_initial_state())


def play_random(state: CartasState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def test_actions_have_their_cartas_texts_and_clones_are_independent() -> None:
    state = load("truco", seed=1).new_initial_state()
    cartas = state.cartas
    player = state.current_player()
    texts = sorted(state.action_to_string(player, action) for action in state.legal_actions())
    assert texts == sorted(str(action) for action in cartas.legal_actions(player))
    copy = state.clone()
    play_random(copy, random.Random(0), 5)
    assert len(state.cartas.history) == 0 and len(copy.cartas.history) == 5
    assert state.history() == [] and len(copy.history()) == 5


def test_resample_keeps_the_players_view_and_redeals_the_rest() -> None:
    state = load("truco", seed=2).new_initial_state()
    play_random(state, random.Random(2), 3)
    player = state.current_player()
    other = 1 - player
    real = state.cartas.hand_of(other)
    differs = 0
    for draw in range(20):
        sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.cartas.hand_of(player) == state.cartas.hand_of(player)
        assert sampled.cartas.history == []
        differs += sampled.cartas.hand_of(other) != real
    assert differs >= 15


def test_returns_are_zero_sum_at_the_end() -> None:
    state = load("truco_paulista", players=4, seed=4).new_initial_state()
    play_random(state, random.Random(4), 10_000)
    assert state.is_terminal()
    returns = state.returns()
    assert sorted(returns) == [-1.0, -1.0, 1.0, 1.0]
    winners = set(state.cartas.result().winners)
    assert [seat for seat, value in enumerate(returns) if value > 0] == sorted(winners)


def test_every_installed_game_is_registered() -> None:
    names = register()
    assert names == [f"cartas_{name}" for name in get_registry().games]
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered


def test_a_resampled_state_does_not_carry_the_real_seed() -> None:
    state = load("truco", seed=6).new_initial_state()
    real_seed = state.cartas.seed
    sampled = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.cartas.seed == -1
    assert str(real_seed) not in str(sampled)
