"""OpenSpiel's search bots as cartas agents: spec parsing, and real matches in the arena and the CLI."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from cartas.core.arena.runner import Contestant, run_arena
from cartas.core.bots.base import BotFactory, RandomBot
from cartas.core.plugins.manager import get_registry
from cartas.interop.openspiel_bots import DEFAULTS, OpenSpielBotError, parse_spec

pytestmark = pytest.mark.interop


def test_spec_parameters_are_read_and_checked() -> None:
    assert parse_spec("openspiel:ismcts") == ("ismcts", DEFAULTS)
    assert parse_spec("openspiel:mcts?simulations=7&uct_c=1.5") == ("mcts", {**DEFAULTS, "simulations": 7, "uct_c": 1.5})
    with pytest.raises(OpenSpielBotError, match="no OpenSpiel bot 'cfr'; bots: openspiel:ismcts, openspiel:mcts"):
        parse_spec("openspiel:cfr")
    with pytest.raises(OpenSpielBotError, match="no parameter 'depth'; parameters: simulations, uct_c, rollouts"):
        parse_spec("openspiel:ismcts?depth=3")
    with pytest.raises(OpenSpielBotError, match="simulations must be a whole number of at least 1"):
        parse_spec("openspiel:ismcts?simulations=0")
    with pytest.raises(OpenSpielBotError, match="uct_c must be a number"):
        parse_spec("openspiel:ismcts?uct_c=high")


def openspiel_factory(spec: str) -> BotFactory:
    pytest.importorskip("pyspiel", reason="needs the openspiel extra: pip install 'cartas[openspiel]'")
    from cartas.interop.openspiel_bots import openspiel_bot_factory

    return openspiel_bot_factory(spec)


@pytest.mark.parametrize("spec", ["openspiel:ismcts?simulations=4", "openspiel:mcts?simulations=4"])
def test_openspiel_bots_play_whole_matches_reproducibly(spec: str) -> None:
    factory = openspiel_factory(spec)
    pickle.loads(pickle.dumps(factory))  # the process pool sends factories to its workers
    game = get_registry().game("truco_paulista")
    contestants = [Contestant(spec, factory), Contestant("random", RandomBot)]
    runs = [run_arena(game, game.options(), contestants, games=2, seed=8, jobs=1) for _ in range(2)]
    assert len(runs[0].results) == 2
    assert [r.winners for r in runs[0].results] == [r.winners for r in runs[1].results]
    assert [r.decisions for r in runs[0].results] == [r.decisions for r in runs[1].results]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder, so the command line never writes to the user's."""
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path))
    return tmp_path


def test_cartas_arena_accepts_openspiel_bots() -> None:
    openspiel_factory("openspiel:ismcts")
    from cartas.cli.main import make_cli

    runner = CliRunner()
    result = runner.invoke(
        make_cli(), ["arena", "truco_paulista", "random", "openspiel:ismcts?simulations=3", "--games", "2", "--seed", "1",
               "-j", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert [row["bot"] for row in summary["per_bot"]] == ["random", "openspiel:ismcts?simulations=3"]
    assert summary["played"] == 2


def test_cartas_arena_refuses_a_bad_openspiel_spec_in_one_line() -> None:
    from cartas.cli.main import make_cli

    result = CliRunner().invoke(make_cli(), ["arena", "truco", "random", "openspiel:alphazero", "--games", "2"])
    assert result.exit_code != 0
    assert "no OpenSpiel bot 'alphazero'" in result.output


def test_the_openspiel_bot_searches_a_sampled_world_without_the_real_seed() -> None:
    openspiel_factory("openspiel:ismcts")
    from cartas.core.bots.base import SeatView
    from cartas.interop.openspiel_bots import OpenSpielAgent

    game = get_registry().game("truco")
    state = game.start(seed=12)
    seat = state.to_act[0]
    seen = []

    class Recorder:
        def step(self, world):  # type: ignore[no-untyped-def]
            seen.append(world)
            return world.legal_actions()[0]

    agent = OpenSpielAgent(3)
    agent._bot = Recorder()
    agent.choose(SeatView(state, seat))
    world = seen[0].cartas
    assert world is not state and world.seed == -1 and world.history == []
    assert world.hand_of(seat) == state.hand_of(seat)
    assert world.observation(seat) == state.observation(seat)
