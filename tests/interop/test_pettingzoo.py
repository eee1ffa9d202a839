"""The PettingZoo bridge: PettingZoo's own API and seed tests on every game, plus exact checks of our spaces.

Skipped with the install command when the ``pettingzoo`` extra is missing; CI runs them with ``-m interop``.
"""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra: pip install 'cartas[pettingzoo]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cartas.core.plugins.manager import get_registry  # noqa: E402
from cartas.interop.actions import ActionSpaceError, action_space  # noqa: E402
from cartas.interop.pettingzoo import CartasEnv, env  # noqa: E402

from interop_games import GAMES, game_or_skip  # noqa: E402

pytestmark = pytest.mark.interop

CYCLES = 120
"""Steps per test: enough to cross hands in every game, small enough for remigio's long hands."""


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    game_or_skip(name)
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation (observation + action_mask) is unusual; its classic games use it.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name), num_cycles=CYCLES)
        seed_test(lambda: env(name), num_cycles=CYCLES)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 6, "flor": True}])
def test_pettingzoo_api_test_passes_with_teams(options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("truco", **options), num_cycles=CYCLES)


def test_reset_with_a_seed_starts_cartas_match_of_that_seed() -> None:
    environment = env("truco")
    environment.reset(seed=11)
    expected = get_registry().game("truco").start(seed=11)
    assert environment.state is not None
    assert environment.state.hand_of(0) == expected.hand_of(0)
    assert environment.state.hand_of(1) == expected.hand_of(1)


def play(environment: CartasEnv, seed: int) -> list[tuple[str, int, float]]:
    """A whole match with random legal actions from ``seed``: (agent, action, reward) at each turn."""
    rng = random.Random(seed)
    trace = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            action = None
        else:
            legal = [n for n, bit in enumerate(observation["action_mask"]) if bit]
            action = rng.choice(legal)
            assert sorted(environment.actions.text(n) for n in legal) == sorted(info["legal"])
        trace.append((agent, -1 if action is None else action, reward))
        environment.step(action)
    return trace


def test_a_seeded_run_of_episodes_replays_exactly() -> None:
    first, second = env("truco_paulista"), env("truco_paulista")
    first.reset(seed=5)
    second.reset(seed=5)
    runs = []
    for environment in (first, second):
        episodes = [play(environment, 1)]
        environment.reset()
        episodes.append(play(environment, 2))
        runs.append(episodes)
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][1]


def test_rewards_are_zero_sum_and_paid_at_the_end() -> None:
    environment = env("truco", players=4)
    environment.reset(seed=3)
    trace = play(environment, 3)
    final = {agent: reward for agent, action, reward in trace if action == -1}
    assert sorted(final.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert all(reward == 0.0 for agent, action, reward in trace if action != -1)


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = env("truco")
    environment.reset(seed=0)
    state = environment.state
    assert state is not None
    before = (list(state.history), environment.agent_selection)
    space = action_space(state.game, state.options)
    with pytest.raises(ActionSpaceError, match="may not play 'vale cuatro'"):
        environment.step(space.number("vale cuatro"))
    assert (list(state.history), environment.agent_selection) == before


def test_render_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    environment = env("chinchon", render_mode="human")
    environment.reset(seed=2)
    environment.render()
    printed = capsys.readouterr().out.splitlines()
    game = get_registry().game("chinchon")
    assert environment.state is not None
    seat = environment.possible_agents.index(environment.agent_selection)
    assert printed[1:] == game.table_lines(environment.state.observation(seat))


def test_observation_mask_is_empty_for_an_agent_not_to_act() -> None:
    environment = env("truco")
    environment.reset(seed=0)
    waiting = next(a for a in environment.agents if a != environment.agent_selection)
    assert environment.observe(waiting)["action_mask"].sum() == 0
    assert environment.observe(environment.agent_selection)["action_mask"].sum() > 0


def test_bad_game_or_render_mode_is_a_one_line_error() -> None:
    with pytest.raises(ValueError, match="no game called 'poker'; games: "):
        env("poker")
    with pytest.raises(ValueError, match="render_mode must be one of human, ansi, not 'rgb_array'"):
        env("truco", render_mode="rgb_array")
    with pytest.raises(ValueError, match="points"):
        env("truco", points=21)
