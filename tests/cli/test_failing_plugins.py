"""A plugin's hook or bot that raises: a hook is reported in one line and the match goes on; a bot ends the
match with one line naming it, the match saved (and, under ``--json``, a ``saved`` message sent)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner, Result

from cartas.core import BotFactory, RandomBot, Result as MatchResult, State, hookimpl
from cartas.core.bots.base import SeatView
from cartas.core.record import load_record


class BrokenHooks:
    def __init__(self) -> None:
        self.finished = 0

    @hookimpl
    def match_started(self, state: State) -> None:
        raise RuntimeError("no database\nat all")

    @hookimpl
    def hand_finished(self, state: State) -> None:
        raise KeyError("hand")

    @hookimpl
    def match_finished(self, state: State, result: MatchResult) -> None:
        raise ValueError("bad result")


class Witness:
    """A well-behaved plugin: it must still see every hook the broken one spoils."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    @hookimpl
    def match_started(self, state: State) -> None:
        self.seen.append("started")

    @hookimpl
    def match_finished(self, state: State, result: MatchResult) -> None:
        self.seen.append("finished")


class CrashingBot(RandomBot):
    """Plays two moves, then raises."""

    def choose(self, view: SeatView) -> Any:
        if len(view.observation().events) > 6 or view.observation().hand_number > 0:
            raise ZeroDivisionError("division by zero")
        return super().choose(view)


class CrashingBots:
    @hookimpl
    def register_bots(self, register: Callable[[str, str, BotFactory], None]) -> None:
        register("alta", "crashy", CrashingBot)


def invoke(cli: click.Group, *args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_a_raising_hook_is_one_warning_per_hook_and_the_match_goes_on(
    cli_with: Callable[..., click.Group], saves: Callable[[], list[Path]]
) -> None:
    witness = Witness()
    cli = cli_with(("broken", BrokenHooks()), ("witness", witness))
    result = invoke(cli, "play", "alta", "--watch", "--seed", "3", "--ascii", "--points", "5")
    assert result.exit_code == 0, result.stderr
    assert "Winners:" in result.stdout
    assert result.stderr.splitlines() == [
        "warning: plugin broken's match_started hook raised RuntimeError: no database at all; the match goes on without it",
        "warning: plugin broken's hand_finished hook raised KeyError: 'hand'; the match goes on without it",
        "warning: plugin broken's match_finished hook raised ValueError: bad result; the match goes on without it",
    ]
    assert witness.seen == ["started", "finished"]
    assert load_record(saves()[0]).finished


def test_a_raising_hook_under_json_keeps_stdout_pure(cli_with: Callable[..., click.Group]) -> None:
    result = invoke(cli_with(("broken", BrokenHooks())), "play", "alta", "--json", "--seed", "3", input="0\n" * 30)
    messages = [json.loads(line) for line in result.stdout.splitlines()]
    assert messages[-1]["type"] == "result" and "match_started hook raised" in result.stderr


def test_a_raising_bot_ends_the_match_in_one_line_and_saves_it(
    cli_with: Callable[..., click.Group], saves: Callable[[], list[Path]]
) -> None:
    cli = cli_with(("crashy", CrashingBots()))
    result = invoke(cli, "play", "alta", "--seed", "3", "--bot", "crashy", "--ascii", input="1\n" * 30)
    assert result.exit_code == 1
    path = saves()[0]
    assert result.stderr == (
        f"Error: the crashy bot at seat 1 failed: ZeroDivisionError: division by zero; the match is saved in {path}; "
        "continue it with: cartas resume\n"
    )
    record = load_record(path)
    assert not record.finished and record.actions


def test_a_raising_bot_under_json_sends_saved(cli_with: Callable[..., click.Group], saves: Callable[[], list[Path]]) -> None:
    cli = cli_with(("crashy", CrashingBots()))
    result = invoke(cli, "play", "alta", "--json", "--seed", "3", "--bot", "crashy", input="0\n" * 30)
    assert result.exit_code == 1
    messages = [json.loads(line) for line in result.stdout.splitlines()]
    record = load_record(saves()[0])
    assert messages[-1] == {"type": "saved", "match": saves()[0].stem, "moves": len(record.actions)}
    assert result.stderr.startswith("Error: the crashy bot at seat 1 failed: ZeroDivisionError") and result.stderr.count("\n") == 1
