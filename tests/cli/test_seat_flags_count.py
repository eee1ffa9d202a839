"""The seat flags' move to counting from 1: in 0.3 they count from 0, and say once (on stderr) that 0.4 counts
from 1; ``CARTAS_SEAT_BASE=1`` counts from 1 now, refusals included; ``CARTAS_SEAT_BASE=0`` keeps 0 quietly."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cartas.cli.main import make_cli
from cartas.core.record import load_record

NOTE = "Note: --seat, --bots, --teams, --order and --dealer count seats from 0 until cartas 0.4"


def play(*flags: str) -> Result:
    return CliRunner().invoke(make_cli(), ["play", "truco", "--players", "4", "--no-lobby", "--ascii", "--lang", "en",
                                           "--seed", "5", *flags], input="1\nquit\n")


def saved(home: Path) -> tuple[dict[str, str], int | None]:
    [path] = (home / "saves").glob("*.json")
    record = load_record(path)
    dealer = record.position.dealer if record.position is not None else None
    return dict(record.players), dealer


def test_today_the_flags_count_from_0_and_say_so_once(home: Path) -> None:
    result = play("--seat", "1", "--bots", "0=easy", "--dealer", "3")
    assert result.exit_code == 0, result.output
    assert result.stderr.count(NOTE) == 1
    assert saved(home) == ({"0": "easy", "1": "human", "2": "medium", "3": "medium"}, 3)


def test_a_level_or_a_name_needs_no_note(home: Path) -> None:
    result = play("--bots", "easy,medium,hard", "--teams", "you,medium/easy,hard")
    assert result.exit_code == 0, result.output
    assert NOTE not in result.stderr


def test_opting_in_counts_from_1(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARTAS_SEAT_BASE", "1")
    result = play("--seat", "2", "--bots", "1=easy", "--dealer", "4")
    assert result.exit_code == 0, result.output
    assert NOTE not in result.stderr
    assert saved(home) == ({"0": "easy", "1": "human", "2": "medium", "3": "medium"}, 3)


def test_opting_in_reads_teams_and_order_from_1(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARTAS_SEAT_BASE", "1")
    result = play("--bots", "easy,medium,hard", "--teams", "1,3/2,4", "--order", "2,1,4,3")
    assert result.exit_code == 0, result.output
    assert saved(home)[0] == {"0": "easy", "1": "human", "2": "hard", "3": "medium"}


@pytest.mark.parametrize(("flags", "refusal"), [
    (("--seat", "0"), "--seat 0 is not a seat; seats are 1 to 4"),
    (("--dealer", "5"), "--dealer 5 is not a seat; seats are 1 to 4"),
    (("--bots", "0=easy"), "--bots 0 is not a seat; seats are 1 to 4"),
])
def test_opting_in_refuses_in_the_count_written(
    flags: tuple[str, ...], refusal: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARTAS_SEAT_BASE", "1")
    result = play(*flags)
    assert result.exit_code == 2 and refusal in result.output


def test_zero_keeps_0_without_the_note(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARTAS_SEAT_BASE", "0")
    result = play("--seat", "1")
    assert result.exit_code == 0 and NOTE not in result.stderr
    assert saved(home)[0]["1"] == "human"
