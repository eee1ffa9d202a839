"""A person at a real terminal (a pty through pexpect): the lobby's questions and a whole match typed by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cartas.core.record import load_record

pexpect = pytest.importorskip("pexpect")
from pty_helpers import PROMPT, SCRIPT, expect_end, expect_prompt  # noqa: E402
from pty_helpers import spawn as pty_spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the cartas console script is not installed")


def test_a_whole_match_typed_at_a_terminal(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(subprocess_env, "play", "alta", "--seed", "9", "--players", "3", "--no-lobby")
    moves = pauses = 0
    while True:
        index = child.expect([PROMPT, "The match is over.", re.escape("Press Enter to deal the next hand")])
        if index == 1:
            break
        if index == 2:  # at a terminal, each hand's summary waits for Enter
            pauses += 1
            child.sendline("")
            continue
        if moves == 0:
            child.sendline("hint")
            child.expect(re.escape("(95% interval):"))
            expect_prompt(child)
            child.sendline("nonsense")
            child.expect("Not understood")
            expect_prompt(child)
        child.sendline("2" if moves % 2 else "1")
        moves += 1
    child.expect("You (win!|lose.)")
    child.expect(re.escape("Play again with the same players and a new deal? [y/N] "))
    child.sendline("n")
    expect_end(child)
    child.close()
    assert child.exitstatus == 0
    assert moves >= 2 and pauses >= 1
    (save,) = (home / "saves").glob("*.json")
    record = load_record(save)
    assert record.finished and sum(1 for seat, _ in record.actions if seat == 0) == moves


def test_the_lobby_asks_what_the_flags_leave_out(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(subprocess_env, "play", "alta", "--seed", "4", "--ascii")
    child.expect(r"Number of players \(2, 3, 4\) \[2\]: ")
    child.sendline("4")
    child.expect(r"Points to play to \(3, 5\) \[3\]: ")
    child.sendline("6")
    child.expect("Error: '6' is not one of '3', '5'.")
    child.sendline("5")
    child.expect(r"Bot level \(easy, hard, search, random\) \[easy\]: ")
    child.sendline("")
    child.expect("Seats: 1,3 against 2,4")
    child.expect("Players: 1 you · 2 easy · 3 easy · 4 easy")
    child.expect(re.escape("Teams (players by name or number, / between teams) [1,3/2,4]: "))
    child.sendline("")
    child.expect(re.escape("Seat order, from seat 1 (partners alternate) [1,2,3,4]: "))
    child.sendline("2,1,3,4")  # typed from 1, as shown
    child.expect(re.escape("Error: order '2,1,3,4' splits the team 1,3; partners sit at seats 1,3 or 2,4"))
    child.sendline("2,1,4,3")
    child.expect(re.escape("At the table: Bot 1 (easy) · You · Bot 3 (easy) · Partner (easy)"))
    expect_prompt(child)
    child.sendline("1")  # a save is written at the first move
    expect_prompt(child)
    child.sendline("quit")
    child.expect("Match saved to")
    expect_end(child)
    child.close()
    (save,) = (home / "saves").glob("*.json")
    record = load_record(save)
    assert record.options == {"players": 4, "points": 5}
    assert record.players == {"0": "easy", "1": "human", "2": "easy", "3": "easy"}


def test_ctrl_d_saves_and_leaves(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(subprocess_env, "play", "alta", "--no-lobby")
    expect_prompt(child)
    child.sendeof()
    child.expect("Match saved to")
    expect_end(child)
    child.close()
    assert child.exitstatus == 0


def test_term_dumb_gives_plain_text(subprocess_env: dict[str, str], home: Path) -> None:
    child = pexpect.spawn(
        str(SCRIPT), ["play", "alta", "--no-lobby", "--seed", "1"], env=dict(subprocess_env, TERM="dumb"),
        encoding="utf-8", timeout=15,
    )
    expect_prompt(child)
    assert "\x1b[" not in child.before and "== Alta (test game) · Hand 1 ==" in child.before
    child.sendline("quit")
    expect_end(child)


def test_replay_steps_one_move_per_enter(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(subprocess_env, "play", "alta", "--watch", "--seed", "6", "--delay", "0")  # no pace needed
    expect_end(child)
    (save,) = (home / "saves").glob("*.json")
    child = spawn(subprocess_env, "replay", str(save), "--ascii")
    child.expect("moves ==")
    child.sendline("")
    child.expect("1. Bot ")
    child.sendline("")
    child.expect("2. Bot ")
    child.sendline("q")
    expect_end(child)
    assert "3. Bot " not in child.before


def test_a_watched_match_paces_itself_at_a_terminal(subprocess_env: dict[str, str], home: Path) -> None:
    import time

    child = spawn(subprocess_env, "play", "alta", "--watch", "--seed", "6", "--points", "3")
    started = time.monotonic()
    child.expect(pexpect.EOF, timeout=90)
    (save,) = (home / "saves").glob("*.json")
    assert time.monotonic() - started >= len(load_record(save).actions) * 1.0  # a second after each move


def test_a_rematch_accepted_at_the_end_deals_a_new_match_with_the_same_players(
    subprocess_env: dict[str, str], home: Path
) -> None:
    child = spawn(subprocess_env, "play", "alta", "--seed", "9", "--bot", "random", "--no-lobby", "--ascii")
    matches = 0
    while matches < 2:
        index = child.expect([PROMPT, re.escape("Press Enter to deal the next hand"), re.escape("[y/N] ")])
        if index == 2:
            matches += 1
            child.sendline("y" if matches == 1 else "n")
        else:
            child.sendline("1" if index == 0 else "")
    expect_end(child)
    saves = sorted((home / "saves").glob("*.json"))
    records = [load_record(save) for save in saves]
    assert len(records) == 2 and all(record.finished for record in records)
    assert records[0].players == records[1].players == {"0": "human", "1": "random"}
    assert records[0].seed != records[1].seed


def spawn(env: dict[str, str], *args: str) -> pexpect.spawn:
    return pty_spawn(env, *args, timeout=15)
