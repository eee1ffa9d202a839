"""Saves, replay and the history: corrupt files are refused and left as they are; stats count streaks."""

from __future__ import annotations

import json
import multiprocessing
import re
from collections.abc import Callable
from contextlib import closing
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from click.testing import Result

from cartas.cli.history import History, HistoryBusy, history_path
from cartas.core.record import MatchRecord, load_record

DEAL = "--deal=1E 4C / 7O 5B"


def test_replay_prints_every_step_of_a_finished_match(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--seed", "3", "--dealer", "1", DEAL, "--bot", "hard", "--ascii", input="1\n" * 20)
    path = saves()[0]
    record = load_record(path)
    assert record.finished
    out = run("replay", str(path), "--ascii").output
    assert f"seed 3 · {len(record.actions)} moves" in out
    # alta's events do not say who moved, so the replay names the mover before the move's own event
    assert "1. Player 1: seat 0 plays 1E" in out and "2. Bot 2 (hard): seat 1 plays 7O" in out
    assert "seat 1 takes the hand (1)" in out
    assert f"{len(record.actions)}. " in out
    assert "Winners:" in out
    assert "gets" not in out  # private events stay hidden without --reveal
    revealed = run("replay", str(path), "--ascii", "--reveal").output
    assert "seat 0 gets 1E 4C" in revealed
    assert "  Bot 2 (hard): 7O 5B" in revealed


def test_replay_of_an_unfinished_match_says_how_to_resume(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--ascii", input="quit\n")
    out = run("replay", str(saves()[0]), "--ascii").output
    assert "continue it with: cartas resume" in out


def test_a_corrupt_save_is_refused_and_left_as_it_is(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--ascii", input="quit\n")
    path = saves()[0]
    path.write_text('{"format": "cartas-record/1", "game": "alta", ')
    for args in (["resume"], ["resume", str(path)], ["replay", str(path)]):
        result = run(*args)
        assert result.exit_code == 1
        assert "is not valid JSON" in result.output and "left as it is" in result.output
        assert "Traceback" not in result.output
    assert path.read_text() == '{"format": "cartas-record/1", "game": "alta", '


def test_a_save_whose_moves_do_not_replay_is_refused(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="raise\nquit\n")
    path = saves()[0]
    data = json.loads(path.read_text())
    data["actions"] = [[0, "7O"]]
    path.write_text(json.dumps(data))
    result = run("resume")
    assert result.exit_code == 1
    assert "move 1 ('7O' by seat 0) does not replay" in result.output


def test_resuming_a_finished_match_points_to_replay(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    run("play", "alta", "--watch", "--seed", "1")
    result = run("resume", str(saves()[0]))
    assert result.exit_code == 1 and "is finished; step through it with: cartas replay" in result.output


def test_a_corrupt_history_is_refused_and_left_as_it_is(run: Callable[..., Result], home: Path) -> None:
    home.mkdir(parents=True)
    history_path(home).write_bytes(b"this is not a database at all" * 10)
    result = run("stats")
    assert result.exit_code == 1
    assert "is damaged or not a cartas history; it was left as it is" in result.output
    finished = run("play", "alta", "--watch", "--seed", "2")
    assert finished.exit_code == 1 and "the match was saved to" in finished.output
    assert history_path(home).read_bytes() == b"this is not a database at all" * 10


def _record(winners: list[int], human: int | None = 0) -> MatchRecord:
    players = {"0": "easy", "1": "easy"}
    if human is not None:
        players[str(human)] = "human"
    return MatchRecord(game="alta", options={}, seed=0, players=players, finished=True, winners=winners, scores=[])


def test_stats_count_wins_losses_and_streaks(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    for number, winners in enumerate([[0], [0], [1], [0], [0], [0], [1]]):
        history.add(_record(winners), tmp_path / f"{number}.json")
    history.add(_record([1], human=None), tmp_path / "watched.json")
    history.add(_record([0]), tmp_path / "0.json")  # the same save again (a resumed match) counts once
    (row,) = history.stats()
    # The bots-only match is counted apart, not as one the person played.
    assert (row.game, row.played, row.wins, row.losses, row.streak, row.best_streak) == ("alta", 7, 5, 2, "L1", 3)
    assert (row.watched, row.programs) == (1, 0)


def test_stats_command(run: Callable[..., Result]) -> None:
    assert "No finished matches yet." in run("stats").output
    run("play", "alta", "--seed", "3", "--bot", "hard", input="1\n" * 20)
    rows = json.loads(run("stats", "--json").output)
    assert rows[0]["game"] == "alta" and rows[0]["played"] == 1 and rows[0]["wins"] + rows[0]["losses"] == 1
    table = run("stats", "high", "--ascii").output
    assert "| game | played | wins | losses | streak | best win streak |" in table
    assert re.search(r"\| alta \| 1 +\| [01] +\| [01] +\| [WL]1 +\| [01] +\|", table)


def test_a_save_without_its_players_is_refused(run: Callable[..., Result], home: Path) -> None:
    from cartas.core.record import record_of, save_record
    from cartas_tiny import GAME

    path = home / "saves" / "other.json"
    save_record(record_of(GAME.start({}, seed=1)), path)
    result = run("resume", str(path))
    assert result.exit_code == 1 and "does not say who plays each seat" in result.output


def test_replay_of_a_save_that_lacks_a_seat_is_refused_in_one_line(
    run: Callable[..., Result], saves: Callable[[], list[Path]]
) -> None:
    run("play", "alta", "--watch", "--seed", "2")
    path = saves()[0]
    data = json.loads(path.read_text())
    for players in ({"0": "easy"}, {}, {"0": "easy", "2": "easy"}):
        data["players"] = players
        path.write_text(json.dumps(data))
        before = path.read_bytes()
        result = run("replay", str(path), "--ascii")
        assert result.exit_code == 1
        assert result.output.splitlines() == [
            f"Error: {path} does not say who plays each of its 2 seats, so it cannot be replayed; it was left as it is"
        ]
        assert path.read_bytes() == before


def _finish_at_once(path: str, number: int, start: Barrier, errors: Queue[str]) -> None:
    """One process counting its match in a history that does not exist yet, as soon as the others are ready."""
    start.wait()
    try:
        History(Path(path)).add(_record([number % 2]), Path(path).parent / f"{number}.json")
    except Exception as error:  # the test reports whatever went wrong
        errors.put(f"{type(error).__name__}: {error}")


def test_processes_creating_the_history_at_once_all_count_their_match(tmp_path: Path) -> None:
    """Two terminals finishing their first match together used to lose one from the history, called damaged or
    a data folder that cannot be used: about half of such races did."""
    context = multiprocessing.get_context("fork")
    processes = 4
    for trial in range(8):
        path = tmp_path / str(trial) / "history.sqlite3"
        start, errors = context.Barrier(processes), context.Queue()
        workers = [
            context.Process(target=_finish_at_once, args=(str(path), number, start, errors))
            for number in range(processes)
        ]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=120)
            assert worker.exitcode == 0
        assert errors.empty(), errors.get()
        (row,) = History(path).stats()
        assert (row.played, row.wins, row.losses) == (processes, 2, 2)


def test_a_history_kept_locked_is_called_busy_not_damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    import cartas.core.history as history

    path = tmp_path / "history.sqlite3"
    History(path).add(_record([0]), tmp_path / "0.json")
    monkeypatch.setattr(history, "BUSY_SECONDS", 0.01)
    monkeypatch.setattr(history, "BUSY_RETRIES", 1)
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryBusy, match="is kept locked by another process .*; it was left as it is"):
            History(path).add(_record([0]), tmp_path / "1.json")
    finally:
        holder.rollback()
        holder.close()
    History(path).add(_record([1]), tmp_path / "1.json")
    (row,) = History(path).stats()
    assert (row.played, row.wins, row.losses) == (2, 1, 1)


def test_a_save_of_a_newer_cartas_is_called_so_and_left_as_it_is(
    run: Callable[..., Result], saves: Callable[[], list[Path]]
) -> None:
    run("play", "alta", "--ascii", input="quit\n")
    path = saves()[0]
    data = json.loads(path.read_text())
    data.update(format="cartas-record/2", added_by_version_2={"x": 1})
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    newer = f"{path} was written by a newer version of cartas (format 2; this one reads up to 1); upgrade cartas"
    for args in (["replay", str(path)], ["resume", str(path)], ["resume"]):
        result = run(*args, "--ascii")
        assert result.exit_code == 1
        (line,) = result.output.splitlines()
        assert line.startswith(f"Error: {newer} to open it; it was left as it is"), line
        assert "not a cartas match record" not in line and "damaged" not in line and "Move or delete" not in line
    assert path.read_bytes() == before


def test_a_history_of_a_newer_cartas_is_called_so_and_left_as_it_is(run: Callable[..., Result], home: Path) -> None:
    import sqlite3

    home.mkdir(parents=True)
    path = history_path(home)
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE matches_v2 (id INTEGER PRIMARY KEY, kept TEXT)")
        db.execute("INSERT INTO matches_v2 (kept) VALUES ('a match of the newer version')")
        db.execute("PRAGMA user_version = 2")
        db.commit()
    before = path.read_bytes()
    newer = (f"the history {path} was written by a newer version of cartas (format 2; this one reads up to 1); "
             "upgrade cartas to open it; it was left as it is")
    result = run("stats")
    assert result.exit_code == 1 and result.output.splitlines() == [f"Error: {newer}"]
    finished = run("play", "alta", "--watch", "--seed", "2")
    assert finished.exit_code == 1 and finished.output.splitlines()[-1].endswith(f"but {newer}")
    assert "move it away" not in finished.output
    assert path.read_bytes() == before
