"""The arena on Ray: the same results as one local process, and clear errors when Ray is missing or misused.

The tests marked ``ray`` need the extra (``pip install -e '.[ray]'``); CI runs them against a local Ray
instance started with ``ray start --head`` (``CARTAS_RAY_ADDRESS=auto``). Without the variable they start a
private instance. The default suite leaves them out; the error paths run everywhere.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from cartas.cli.arena_command import arena_command
from cartas.core.arena.runner import Contestant, MatchResult, run_arena
from cartas.core.arena.ray import check_reachable, ray_runner
from cartas.core.errors import ArenaError
from cartas.core.plugins.manager import get_registry
from cartas.core.arena.ratings import Sprt

ADDRESS = os.environ.get("CARTAS_RAY_ADDRESS", "local")


def without_times(results: list[MatchResult]) -> list[MatchResult]:
    return [replace(result, seconds=0.0) for result in results]


def test_ray_without_the_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes ``import ray`` fail as if it were not installed
    with pytest.raises(ArenaError, match=r"cartas\[ray\]"):
        ray_runner("auto")
    result = CliRunner().invoke(arena_command, ["truco", "easy", "random", "--ray", "auto", "-q"])
    assert result.exit_code == 1
    assert "pip install 'cartas[ray]'" in result.output


def test_ray_and_jobs_together_are_refused() -> None:
    result = CliRunner().invoke(arena_command, ["truco", "easy", "random", "--ray", "auto", "--jobs", "2"])
    assert result.exit_code == 2
    assert "--jobs" in result.output and "--ray" in result.output


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """One connection for the module: the runner leaves a connection it did not open alone."""
    ray = pytest.importorskip("ray")
    ray.init(address=None if ADDRESS == "local" else ADDRESS, log_to_driver=False, logging_level="WARNING")
    yield ray
    ray.shutdown()


def truco_bots() -> list[Contestant]:
    registry = get_registry()
    return [Contestant("easy", registry.bot("truco", "easy")), Contestant("random", registry.bot("truco", "random"))]


@pytest.mark.ray
def test_a_ray_run_gives_the_results_of_one_local_process(ray_cluster: Any) -> None:
    game = get_registry().game("truco")
    options = game.options({})
    local = run_arena(game, options, truco_bots(), games=6, seed=11, jobs=1)
    remote = run_arena(game, options, truco_bots(), games=6, seed=11, runner=ray_runner(ADDRESS))
    assert len(remote.results) == 6
    assert without_times(remote.results) == without_times(local.results)
    assert ray_cluster.is_initialized()  # the runner did not close a connection it did not open


@pytest.mark.ray
def test_a_sequential_test_on_ray_stops_at_the_deal_one_process_stops_at(ray_cluster: Any) -> None:
    game = get_registry().game("truco")
    options = game.options({"points": 15})
    sprt = Sprt(elo0=0, elo1=150)
    local = run_arena(game, options, truco_bots(), games=400, seed=2, jobs=1, sprt=sprt)
    remote = run_arena(game, options, truco_bots(), games=400, seed=2, runner=ray_runner(ADDRESS), sprt=sprt)
    assert local.decision is not None
    assert (remote.decision, len(remote.results)) == (local.decision, len(local.results))
    assert without_times(remote.results) == without_times(local.results)


@pytest.mark.ray
def test_cartas_arena_with_ray_prints_the_summary_of_a_local_run(ray_cluster: Any) -> None:
    def summary(*where: str) -> dict[str, Any]:
        args = ["truco", "easy", "random", "--games", "4", "--seed", "5", "--json", *where]
        result = CliRunner().invoke(arena_command, args)
        assert result.exit_code == 0, result.output
        data: dict[str, Any] = json.loads(result.output)
        data.pop("seconds")
        return data

    assert summary("--ray", ADDRESS) == summary("--jobs", "1")


def test_a_head_node_that_does_not_answer_is_reported_at_once() -> None:
    with socket.socket() as unused:  # a port nobody listens on: bound, never listening
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
        with pytest.raises(ArenaError, match=f"no Ray head node answers at 127.0.0.1:{port}"):
            check_reachable(f"127.0.0.1:{port}")


def test_an_address_that_is_not_one_names_the_forms_allowed() -> None:
    with pytest.raises(ArenaError, match="auto, local or the HOST:PORT of a head node"):
        check_reachable("my-cluster")


def test_a_listening_head_node_passes_the_check() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        check_reachable(f"127.0.0.1:{server.getsockname()[1]}")
    for address in ("auto", "local", "ray://example.invalid:10001"):
        check_reachable(address)  # left to Ray
