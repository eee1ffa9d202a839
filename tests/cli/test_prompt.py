"""The move prompt at a real terminal (a pty through pexpect): history, completion, Ctrl-C, the confirmation of a
move that loses the match, a forced move playing itself, and the hot-seat screen between two people."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cartas.cli.hotseat import CLEAR_SCREEN
from cartas.core.record import load_record

pexpect = pytest.importorskip("pexpect")
from pty_helpers import PAUSE, PROMPT, SCRIPT, expect_end, expect_prompt, spawn  # noqa: E402

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the cartas console script is not installed")

DEAL = "--deal=1E 4C / 7O 5B"  # seat 0: 1E 4C, seat 1: 7O 5B; dealer 1, so seat 0 is mano and leads
UP = "\x1b[A"


def alta(env: dict[str, str], *args: str) -> pexpect.spawn:
    return spawn(env, "play", "alta", "--no-lobby", "--ascii", "--dealer", "1", DEAL, "--seed", "4", *args)


def quit_and_load(child: pexpect.spawn, home: Path) -> list[tuple[int, str]]:
    expect_prompt(child)
    child.sendline("quit")
    child.expect("Match saved to")
    expect_end(child)
    (save,) = (home / "saves").glob("*.json")
    return load_record(save).actions


def test_up_arrow_brings_back_the_previous_input(subprocess_env: dict[str, str], home: Path) -> None:
    child = alta(subprocess_env)
    expect_prompt(child)
    child.sendline("nonsense")
    child.expect(re.escape("Not understood: nonsense."))
    expect_prompt(child)
    child.send(UP + "\r")
    child.expect(re.escape("Not understood: nonsense."))  # ↑ brought the line back, Enter sent it again
    expect_prompt(child)
    child.sendline("quit")
    expect_end(child)


def test_tab_completes_a_unique_move_prefix(subprocess_env: dict[str, str], home: Path) -> None:
    child = alta(subprocess_env)
    expect_prompt(child)
    child.send("rai\t\r")  # only "raise" starts so
    assert quit_and_load(child, home)[0] == (0, "raise")


def test_ctrl_c_leaves_a_clean_line_and_the_match_saved(subprocess_env: dict[str, str], home: Path) -> None:
    child = alta(subprocess_env)
    expect_prompt(child)
    child.sendline("raise")
    expect_prompt(child)
    child.send("4")  # half a move typed, then Ctrl-C
    child.expect_exact("4")
    child.sendintr()
    child.expect("Match saved to")
    assert child.before.endswith("\r\n")  # the message starts at the margin, not after "4^C"
    expect_end(child)
    assert "Traceback" not in child.before and "KeyboardInterrupt" not in child.before
    (save,) = (home / "saves").glob("*.json")
    assert load_record(save).actions == [(0, "raise")]


def test_a_move_that_loses_the_match_is_marked_and_asks_first(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(
        subprocess_env, "play", "truco_paulista", "--scores", "11,0", "--seed", "3", "--dealer", "1", "--no-lobby",
        "--ascii", "--lang", "en",
    )
    expect_prompt(child)
    child.sendline("jogo")
    child.expect(r"4\. truco   \(!\) loses the match")
    expect_prompt(child)
    child.sendline("truco")
    child.expect(re.escape("truco loses the match on the spot."))
    child.expect(re.escape("Play it anyway? [y/N] "))
    child.sendline("")  # Enter is no: nothing played, the moves again
    child.expect(r"4\. truco   \(!\) loses the match")
    expect_prompt(child)
    child.sendline("4")
    child.expect(re.escape("Play it anyway? [y/N] "))
    child.sendline("y")
    child.expect("You lose.")
    expect_end(child)
    (save,) = (home / "saves").glob("*.json")
    assert load_record(save).actions[-1] == (0, "truco")


def test_a_forced_move_plays_itself_in_one_line(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(
        subprocess_env, "play", "truco_paulista", "--scores", "11,11", "-o", "mao_de_ferro_blind=true", "--seed", "1",
        "--no-lobby", "--ascii", "--lang", "en",
    )
    asked = 0
    while (seen := child.expect([PROMPT, "Only one move was possible: play your first card, unseen", PAUSE])) != 1:
        child.sendline("1" if seen == 0 else "")
        asked += seen == 0
    child.expect("The match is over.")
    expect_end(child)
    (save,) = (home / "saves").glob("*.json")
    mine = [text for seat, text in load_record(save).actions if seat == 0]
    assert len(mine) == asked + 1 and mine[-1] == "play 1st"


def test_no_auto_forced_asks_even_for_the_only_move(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(
        subprocess_env, "play", "truco_paulista", "--scores", "11,11", "-o", "mao_de_ferro_blind=true", "--seed", "1",
        "--no-lobby", "--ascii", "--lang", "en", "--no-auto-forced",
    )
    while (seen := child.expect([PROMPT, "The match is over.", PAUSE])) != 1:
        child.sendline("1" if seen == 0 else "")
    expect_end(child)
    assert "Only one move" not in child.before


def test_hot_seat_hides_the_first_persons_cards(subprocess_env: dict[str, str], home: Path) -> None:
    child = alta(subprocess_env, "--seat", "0", "--seat", "1")
    child.expect(re.escape("Pass the keyboard to Player 1, then press Enter."))
    child.sendline("")
    expect_prompt(child)
    assert "Your cards: 1E 4C" in child.before
    child.sendline("1E")
    child.expect(re.escape("Pass the keyboard to Player 2, then press Enter."))
    assert CLEAR_SCREEN in child.before  # the screen (and scrollback) went before the pass screen
    child.sendline("")
    expect_prompt(child)
    screen = child.before.rsplit(CLEAR_SCREEN, 1)[-1]  # what the second person sees after the pass screen
    assert "Your cards: 7O 5B" in screen
    assert "4C" not in screen  # 1E was played on the table; 4C is still in the first person's hand
    child.sendline("quit")
    child.expect("Match saved to")
    expect_end(child)


def test_replay_at_a_terminal_draws_the_table_with_your_own_cards(subprocess_env: dict[str, str], home: Path) -> None:
    child = alta(subprocess_env, "--points", "5")
    while (seen := child.expect([PROMPT, "The match is over.", PAUSE])) != 1:
        child.sendline("1" if seen == 0 else "")
    expect_end(child)
    child = spawn(subprocess_env, "replay", "last", "--ascii")
    child.expect(re.escape("Enter: next move · h: next hand · q: quit "))
    first = child.before
    assert "Your cards: 1E 4C" in first and "7O" not in first and "5B" not in first  # the seat played, no other
    child.sendline("")
    child.expect(re.escape("Enter: next move · h: next hand · q: quit "))
    assert "1. You: " in child.before
    child.sendline("h")  # to the end of the first hand
    child.expect(re.escape("Enter: next move · h: next hand · q: quit "))
    assert "Hand 2 ==" in child.before and "2. Bot 2 (easy): seat 1 plays 7O" in child.before  # the move once, as its event
    child.sendline("q")
    expect_end(child)
    assert child.before.strip() == "q"  # stopped there: no final scores


def test_paulista_is_played_with_the_french_deck_and_saved_canonical(subprocess_env: dict[str, str], home: Path) -> None:
    child = spawn(
        subprocess_env, "play", "truco_paulista", "--deal", "10O 11C 1E / 4B 12O 5C", "--up", "3C", "--dealer", "1",
        "--seed", "2", "--no-lobby", "--ascii", "--lang", "en",
    )
    child.expect(re.escape("Your cards: QO JC AE"))
    child.expect(re.escape("1. play the queen of diamonds"))
    child.expect(re.escape("2. play the jack of hearts"))
    child.expect(re.escape("3. play the ace of spades"))
    expect_prompt(child)
    child.sendline("Q de ouros")  # either deck's words, in any language the game speaks
    child.expect(re.escape("You: plays the queen of diamonds"))
    assert quit_and_load(child, home)[0] == (0, "play 10O")
