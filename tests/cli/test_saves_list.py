"""``cartas saves``: the numbered list, numbers and ``last`` in replay and resume, pruning; and the stats split."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from cartas.cli.save_list import SaveNotFound, list_saves, resolve_save
from cartas.core.record import MatchRecord, load_record, save_record

DEAL = "--deal=1E 4C / 7O 5B"
DAY = 24 * 60 * 60
NOW = time.time()


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Dates in the list are local time; the tests' local time is UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def aged(path: Path, days: float) -> Path:
    stamp = NOW - days * DAY
    os.utime(path, (stamp, stamp))
    return path


@pytest.fixture
def three_saves(run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]) -> dict[str, Path]:
    """A watched match finished 40 days ago, one a person left after a move 30 days ago, one finished today."""
    run("play", "alta", "--watch", "--seed", "6")
    (watched,) = saves()
    aged(watched, 40)
    run("play", "alta", "--ascii", "--dealer", "1", DEAL, "--seed", "4", input="raise\nquit\n")
    (left,) = set(saves()) - {watched}
    aged(left, 30)
    run("play", "alta", "--seed", "3", "--bot", "hard", input="1\n" * 20)
    (today,) = set(saves()) - {watched, left}
    return {"watched": watched, "left": left, "today": today}


def day(path: Path) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(path.stat().st_mtime))


def test_saves_lists_newest_first_with_game_date_players_score_state_and_id(
    run: Callable[..., Result], three_saves: dict[str, Path]
) -> None:
    today, left, watched = three_saves["today"], three_saves["left"], three_saves["watched"]
    final = load_record(today)
    watched_final = load_record(watched)
    assert run("saves").output.splitlines() == [
        f"1\talta\t{day(today)}\tyou, Bot 2 (hard)\t{final.scores[0]}-{final.scores[1]}\tfinished\t{today.stem}",
        f"2\talta\t{day(left)}\tyou, Bot 2 (easy)\t0-0\tunfinished\t{left.stem}",
        f"3\talta\t{day(watched)}\tBot 1 (easy), Bot 2 (easy)\t{'-'.join(map(str, watched_final.scores))}\tfinished\t{watched.stem}",
    ]


def test_a_damaged_save_is_listed_as_such_and_keeps_its_number(
    run: Callable[..., Result], three_saves: dict[str, Path], home: Path
) -> None:
    broken = home / "saves" / "broken.json"
    broken.write_text("{not json")
    aged(broken, 35)
    rows = [line.split("\t") for line in run("saves").output.splitlines()]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    assert rows[2][1:] == ["?", day(broken), "?", "?", "damaged", "broken"]


def test_no_saves_says_how_to_start(run: Callable[..., Result]) -> None:
    assert run("saves").output == "No saves yet; start a match with: cartas play GAME\n"


def test_numbers_and_last_name_the_saves_of_the_list(home: Path, three_saves: dict[str, Path]) -> None:
    assert resolve_save(home, "1") == three_saves["today"]
    assert resolve_save(home, "3") == three_saves["watched"]
    assert resolve_save(home, "last") == three_saves["today"]
    assert resolve_save(home, "last", unfinished=True) == three_saves["left"]
    assert resolve_save(home, three_saves["left"].stem) == three_saves["left"]
    with pytest.raises(SaveNotFound, match="there is no save number 4: cartas saves lists 1 to 3"):
        resolve_save(home, "4")
    with pytest.raises(SaveNotFound, match="there is no save number 0"):
        resolve_save(home, "0")


def test_last_with_no_saves_is_a_clear_error(run: Callable[..., Result]) -> None:
    result = run("replay", "last")
    assert result.exit_code == 1 and result.output == "Error: there are no saves yet\n"
    result = run("resume", "last")
    assert result.exit_code == 1 and result.output == "Error: there is no unfinished match to resume\n"


def test_replay_and_resume_take_a_number_or_last(run: Callable[..., Result], three_saves: dict[str, Path]) -> None:
    replayed = run("replay", "3", "--ascii")
    assert replayed.exit_code == 0 and f"{len(load_record(three_saves['watched']).actions)} moves ==" in replayed.output
    resumed = run("resume", "last", "--ascii", input="quit\n")
    assert resumed.exit_code == 0 and f"({three_saves['left']})" in resumed.output
    finished = run("resume", "1")
    assert finished.exit_code == 1 and "is finished; step through it with: cartas replay" in finished.output


def test_a_start_left_before_the_first_move_leaves_no_file(
    run: Callable[..., Result], saves: Callable[[], list[Path]]
) -> None:
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="quit\n")
    assert result.exit_code == 0 and "Nothing was played, so nothing was saved." in result.output
    assert saves() == []
    run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="raise\nquit\n")
    assert [load_record(path).actions for path in saves()] == [[(0, "raise")]]


def test_prune_removes_old_finished_saves_and_keeps_unfinished_ones(
    run: Callable[..., Result], three_saves: dict[str, Path], saves: Callable[[], list[Path]]
) -> None:
    result = run("saves", "--prune", "20")
    assert result.output == "Removed 1 of 1 saves.\n"
    assert saves() == sorted([three_saves["left"], three_saves["today"]])  # the unfinished one, 30 days old, stays
    assert run("saves", "--prune", "20").output == "No save is old enough to prune.\n"
    assert run("saves", "--prune", "20", "--all").output == "Removed 1 of 1 saves.\n"
    assert saves() == [three_saves["today"]]


def test_prune_keeps_a_save_being_played(
    run: Callable[..., Result], three_saves: dict[str, Path], saves: Callable[[], list[Path]]
) -> None:
    from cartas.cli.save_lock import playing

    with playing(three_saves["watched"]):
        assert run("saves", "--prune", "20").output == "Removed 0 of 1 saves.\n"
    assert three_saves["watched"] in saves()


def test_prune_all_needs_prune(run: Callable[..., Result]) -> None:
    result = run("saves", "--all")
    assert result.exit_code == 2 and "--all says what --prune removes" in result.output


def test_list_saves_orders_by_time_then_name(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    record = MatchRecord(game="alta", options={"players": 2}, seed=1, players={"0": "human", "1": "easy"})
    for name, days in (("b", 1), ("a", 1), ("c", 2)):
        save_record(record, folder / f"{name}.json")
        aged(folder / f"{name}.json", days)
    assert [entry.path.stem for entry in list_saves(home)] == ["b", "a", "c"]


def test_stats_count_a_persons_matches_and_the_others_apart(run: Callable[..., Result]) -> None:
    run("play", "alta", "--watch", "--seed", "6")
    run("play", "alta", "--seed", "3", "--bot", "hard", input="1\n" * 20)
    program = run("play", "alta", "--json", "--seed", "5", input='{"action": 0}\n' * 20)
    assert '"type": "result"' in program.output or '"type":"result"' in program.output
    out = run("stats", "--ascii").output
    row = next(line for line in out.splitlines() if line.startswith("| alta"))
    assert row.split("|")[2].strip() == "1"  # played: only the person's match
    assert out.splitlines()[-1] == (
        "Not counted above: bots only (--watch): 1; played by a program (--json): 1."
    )
    (stats,) = json.loads(run("stats", "--json").output)
    assert (stats["played"], stats["watched"], stats["programs"]) == (1, 1, 1)


def test_prune_at_a_terminal_lists_and_asks_and_no_keeps_everything(
    run: Callable[..., Result], three_saves: dict[str, Path], saves: Callable[[], list[Path]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cartas.cli.saves_command.at_terminal", lambda: True)
    before = saves()
    result = run("saves", "--prune", "20", input="n\n")
    lines = result.output.splitlines()
    assert lines[0].split() == ["#", "game", "date", "players", "score", "state", "id"]
    assert lines[1].split()[-1] == three_saves["watched"].stem and len(lines) == 4
    assert lines[2] == "Remove this save? [y/N]: n" and lines[3] == "Nothing was removed."
    assert saves() == before
    assert run("saves", "--prune", "20", input="y\n").output.endswith("Removed 1 of 1 saves.\n")
    assert run("saves", "--prune", "0", "--all", "--yes").output == "Removed 2 of 2 saves.\n"


def test_a_temporary_file_left_by_a_killed_save_is_removed(
    run: Callable[..., Result], home: Path, saves: Callable[[], list[Path]]
) -> None:
    """``kill -9`` in mid-save leaves the half-written temporary file beside the save: ``cartas saves`` and the
    next match's first save remove it, and leave the saves and a live writer's file alone."""
    run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="raise\nquit\n")
    (save,) = saves()
    folder = save.parent
    before = save.read_bytes()
    old = time.time() - 120

    def leftover(name: str) -> Path:
        path = folder / name
        path.write_text('{"format": "cartas-rec')
        os.utime(path, (old, old))
        return path

    earlier = leftover(save.name + "x1y2z3w4.tmp")  # as versions before this one named them
    killed = leftover(f".{save.name}.4194304.0badc0de.q8w7e6r5.tmp")
    result = run("saves")
    assert result.exit_code == 0 and "damaged" not in result.output
    assert not earlier.exists() and not killed.exists()
    assert save.read_bytes() == before
    again = leftover(f".{save.name}.4194304.0badc0de.a1s2d3f4.tmp")
    run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="raise\nquit\n")
    assert not again.exists()
    assert len(saves()) == 2 and sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == []
