"""A data folder that cannot be used (a plain file, a read-only mount) is named in one line with the way out
(``CARTAS_HOME``, ``--no-save``), before any move; ``--no-save`` plays without writing anything."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cartas.cli import saves

DEAL = "--deal=1E 4C / 7O 5B"


@pytest.fixture
def plain_file_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: Path) -> Path:
    """CARTAS_HOME pointing at a plain file."""
    path = tmp_path / "not-a-folder"
    path.write_text("just a file\n")
    monkeypatch.setenv("CARTAS_HOME", str(path))
    return path


def one_error_line(result: Result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Error: ") and "Traceback" not in result.output
    return lines[-1]


@pytest.mark.parametrize(
    "args", [("play", "alta", "--ascii"), ("play", "alta", "--watch", "--ascii"), ("play", "alta", "--json")]
)
def test_a_plain_file_as_data_folder_is_named_with_the_way_out(
    run: Callable[..., Result], plain_file_home: Path, args: tuple[str, ...]
) -> None:
    line = one_error_line(run(*args, "--seed", "3", input="quit\n"))
    assert line == (
        f"Error: cannot use the data folder {plain_file_home}: Not a directory; choose another folder with "
        "CARTAS_HOME=/path/to/folder, or play without saving with --no-save"
    )
    assert plain_file_home.read_text() == "just a file\n"


def test_stats_over_a_plain_file_names_it(run: Callable[..., Result], plain_file_home: Path) -> None:
    line = one_error_line(run("stats"))
    assert line == (
        f"Error: cannot use the data folder {plain_file_home}: it is a file, not a folder; "
        "choose another folder with CARTAS_HOME=/path/to/folder"
    )


def test_stats_with_no_data_folder_creates_nothing(run: Callable[..., Result], home: Path) -> None:
    assert run("stats").output == "No finished matches yet.\n"
    assert not home.exists()


def test_a_read_only_data_folder_is_refused_before_any_move(
    run: Callable[..., Result], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    line = one_error_line(run("play", "alta", "--json", "--seed", "3", input="quit\n"))
    assert line.startswith(f"Error: cannot use the data folder {home}: Permission denied; choose another folder")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only folders")
def test_a_really_read_only_data_folder(run: Callable[..., Result], home: Path) -> None:
    home.mkdir()
    home.chmod(0o500)
    try:
        line = one_error_line(run("play", "alta", "--watch", "--seed", "3"))
        assert "Permission denied" in line and "--no-save" in line
    finally:
        home.chmod(0o700)


def test_no_save_plays_a_whole_match_and_writes_nothing(run: Callable[..., Result], plain_file_home: Path) -> None:
    result = run("play", "alta", "--watch", "--seed", "3", "--ascii", "--no-save")
    assert result.exit_code == 0, result.output
    assert "Winners:" in result.output
    assert plain_file_home.read_text() == "just a file\n"


def test_no_save_in_the_terminal_and_over_the_protocol(run: Callable[..., Result], home: Path) -> None:
    quit_early = run("play", "alta", "--seed", "3", "--ascii", "--no-save", input="quit\n")
    assert quit_early.exit_code == 0 and "Match left unsaved (--no-save)." in quit_early.output
    protocol = run("play", "alta", "--json", "--seed", "3", "--dealer", "1", DEAL, "--no-save", input="0\n" * 40)
    messages = [json.loads(line) for line in protocol.stdout.splitlines()]  # stderr has the --dealer note
    assert messages[-1]["type"] == "result"
    assert not home.exists()


def test_a_folder_that_fails_in_mid_match_is_one_line(
    run: Callable[..., Result], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []

    def fail_after_first(record: object, path: Path) -> None:
        calls.append(path)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "save_record", fail_after_first)
    monkeypatch.setattr(saves, "replace_atomically", fail_after_first)
    line = one_error_line(run("play", "alta", "--watch", "--seed", "3", "--ascii"))
    assert line.startswith(f"Error: cannot use the data folder {home / 'saves'}: No space left on device;")
