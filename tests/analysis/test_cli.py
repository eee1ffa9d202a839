"""``cartas analyze``: a record file, an online table's code, JSON, practice, the chart's refusal, and a plugin's
game analysed through the core like the built-in ones."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cartas.cli.analyze import exercises, verdict
from cartas.cli.main import make_cli
from cartas.core.analysis import MARKS, analyse
from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import build_registry, make_plugin_manager
from cartas.core.record import MatchRecord, record_of, save_record

from tests.analysis.test_analysis import CHINCHON_MOVES, CHINCHON_POSITION, REGISTRY

BLUNDER = MatchRecord(game="chinchon", options={"players": 2}, seed=5, position=CHINCHON_POSITION,
                      actions=CHINCHON_MOVES + [(0, "discard 4O")], players={"0": "human", "1": "medium"})


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path / "home"))
    for variable in ("CARTAS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    return tmp_path / "home"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(), ["analyze", *args], prog_name="cartas")
    return result.exit_code, result.output


def test_a_record_file_is_analysed_as_json(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "blunder.json"
    save_record(BLUNDER, path)
    code, output = _run(str(path), "--json", "--samples", "6", "--lang", "en")
    assert code == 0, output
    document = json.loads(output)
    assert document["format"] == "cartas-analysis/1" and document["seat"] == 0
    last = document["decisions"][-1]
    assert last["played"] == "discard 4O" and last["mark"] == "blunder"
    assert document["match"]["marks"]["blunder"] >= 1


def test_an_online_tables_code_names_its_record_in_the_data_folder(home: Path) -> None:
    save_record(BLUNDER, home / "online-records" / "K7QP.json")
    code, output = _run("k7qp", "--samples", "6", "--lang", "es")
    assert code == 0, output
    assert "error grave" in output and "Regalado" in output


def test_practice_shows_the_costliest_position_then_its_answer(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "blunder.json"
    save_record(BLUNDER, path)
    code, output = _run(str(path), "--samples", "6", "--practice", "--lang", "en")
    assert code == 0, output
    exercise = output[output.index("Exercise 1 of 1"):]
    assert "close with the 8 of cups" in exercise  # the move list of the position
    assert "blunder" in exercise  # the answer follows


def test_an_exercise_answer_is_judged_against_the_same_deals() -> None:
    game = REGISTRY.game("chinchon")
    analysis = analyse(game, BLUNDER, 0, samples=6, seed=0)
    (decision,) = exercises(analysis)
    assert decision.played.__str__() == "discard 4O"
    assert verdict(game, decision, decision.best).startswith("Right")
    assert "The best move was" in verdict(game, decision, decision.played)


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is not None, reason="matplotlib is installed")
def test_a_chart_without_matplotlib_is_refused_in_one_line_before_any_work(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "blunder.json"
    save_record(BLUNDER, path)
    code, output = _run(str(path), "--chart", str(tmp_path / "c.png"), "--lang", "en")
    assert code == 1
    assert output.strip().splitlines() == ["Error: --chart needs matplotlib: pip install 'cartas[chart]'"]
    assert not (tmp_path / "c.png").exists()


def test_a_plugins_game_is_analysed_through_the_core() -> None:
    sys.path.insert(0, str(Path(__file__).parent.parent / "cli"))
    import cartas_tiny

    pm, failures = make_plugin_manager(entry_points=[], extra=[("cartas_tiny", cartas_tiny)])
    registry = build_registry(pm, failures)
    game = registry.game("alta")
    state = game.start({}, seed=3)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(SeatView(state, seat).legal_actions()), seat)
    analysis = analyse(game, record_of(state), 0, samples=4)
    assert analysis.decisions
    assert all(decision.mark in MARKS + ("best", "too_close") for decision in analysis.decisions)
    assert analysis.hands[-1].chance_after in (0.0, 1.0)  # the match is over: won or lost


def test_replay_takes_an_online_tables_code_too(home: Path) -> None:
    save_record(BLUNDER, home / "online-records" / "K7QP.json")
    result = CliRunner().invoke(make_cli(), ["replay", "k7qp", "--lang", "en"], prog_name="cartas")
    assert result.exit_code == 0, result.output
    assert "6 moves" in result.output
    missing = CliRunner().invoke(make_cli(), ["replay", "ZZZZ", "--lang", "en"], prog_name="cartas")
    assert missing.exit_code != 0
