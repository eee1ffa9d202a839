"""The prompt's parts without a terminal: what Tab completes, the history kept, the pager's choice, the pass screen."""

from __future__ import annotations

from collections.abc import Iterable

import click
import pytest

from cartas.cli.hotseat import CLEAR_SCREEN, HotSeat
from cartas.cli.human import QuitMatch, completion_words
from cartas.cli.i18n import Messages
from cartas.cli.pager import show_document
from cartas.cli.prompt import Completions
from cartas.cli.render import Renderer


def test_completion_matches_the_start_of_the_line_ignoring_case_and_accents() -> None:
    completions = Completions()
    completions.offer(["play 3O", "play 12C", "draw stock", "Subí", "play 3O", ""])
    assert completions.matches("pl") == ["play 3O", "play 12C"]
    assert completions.matches("PLAY 1") == ["play 12C"]
    assert completions.matches("subi") == ["Subí"]
    assert completions.matches("x") == []
    assert [completions.complete("d", n) for n in range(2)] == ["draw stock", None]


def test_completion_offers_the_moves_as_printed_and_spoken_and_the_commands() -> None:
    words = completion_words(["play 3O"], lambda action: f"tiro el {action}")
    assert words[:2] == ["play 3O", "tiro el play 3O"]
    assert {"help", "hint", "rules", "quit", "reglas", "salir"} <= set(words)
    assert "?" not in words and "q" not in words  # one-letter commands need no completing


def test_rules_go_through_the_pager_only_at_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    paged: list[str] = []
    monkeypatch.setattr(click, "echo_via_pager", lambda text: paged.append(text))
    renderer = Renderer(Messages("en"), plain=True)
    show_document(renderer, "# Rules\n\nPlay well.", terminal=False)
    assert capsys.readouterr().out == "# Rules\n\nPlay well.\n" and paged == []
    show_document(renderer, "# Rules\n\nPlay well.", terminal=True)
    assert capsys.readouterr().out == "" and paged == ["# Rules\n\nPlay well.\n"]


class Answers:
    def __init__(self, *lines: str | None) -> None:
        self.lines = list(lines)
        self.prompts: list[tuple[str, bool]] = []

    def __call__(self, prompt: str, words: Iterable[str] = (), *, remember: bool = True) -> str | None:
        self.prompts.append((prompt, remember))
        return self.lines.pop(0)


def test_the_pass_screen_clears_before_and_after_and_only_when_the_person_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers = Answers("", "", None)
    switched: list[int] = []
    hot_seat = HotSeat(Renderer(Messages("en"), plain=True), answers, terminal=True, on_switch=switched.append)
    hot_seat.before_turn(0)
    hot_seat.before_turn(0)  # the same person goes on: no pass screen
    hot_seat.before_turn(1)
    out = capsys.readouterr().out
    assert out == (
        f"{CLEAR_SCREEN}Pass the keyboard to Player 1, then press Enter.\n{CLEAR_SCREEN}"
        f"{CLEAR_SCREEN}Pass the keyboard to Player 2, then press Enter.\n{CLEAR_SCREEN}"
    )
    assert switched == [0, 1] and answers.prompts == [("", False), ("", False)]
    with pytest.raises(QuitMatch):  # end of input at the pass screen leaves, saved
        hot_seat.before_turn(0)


def test_without_a_terminal_the_pass_screen_writes_no_control_codes(capsys: pytest.CaptureFixture[str]) -> None:
    HotSeat(Renderer(Messages("en"), plain=True), Answers(""), terminal=False).before_turn(1)
    assert capsys.readouterr().out == "Pass the keyboard to Player 2, then press Enter.\n"
