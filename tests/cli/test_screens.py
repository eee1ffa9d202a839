"""The table a person sees (cli/screen.py) and the script that captures it for docs/screens: each seat's row
once, every player named one way, nothing said twice, lines wrapped at word boundaries at any width."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[2] / "docs" / "screens" / "make_screens.py"


@pytest.fixture(scope="module")
def screens() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_screens", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_screens"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("width", [80, 120])
def test_a_four_player_truco_table_has_each_seat_once(screens: ModuleType, width: int) -> None:
    state = screens.scripted("truco", {"players": 4}, 3, screens.played_some)
    text = screens.capture(state, width)
    rows = [line for line in text.splitlines() if line.startswith(("You ", "Bot 2 (easy) ", "Partner ", "Bot 4 (easy) "))]
    assert [row.split("  ")[0] for row in rows] == ["You", "Bot 2 (easy)", "Partner", "Bot 4 (easy)"]
    assert text.count("Us 0 · Them 0 · to 30") == 1
    assert "to act · mano" in rows[0] and "deals" in rows[3]
    assert text.count("Your cards:") == 1 and "Dealer" not in text and "Scores" not in text
    assert max(len(line) for line in text.splitlines()) <= width


def test_the_chinchon_capture_shows_melds_loose_points_and_why_it_may_not_close(screens: ModuleType) -> None:
    state = screens.scripted(*screens.MELDS)
    text = screens.capture(state, 80)
    assert "Your cards: [" in text and "points)" in text
    assert "You drew: " in text and "You may not close: " in text and "Discard pile: " in text
    assert sum(line.startswith("You  ") for line in text.splitlines()) == 1  # the viewer's row, once


def test_lines_wrap_at_word_boundaries_when_the_screen_is_narrow(screens: ModuleType) -> None:
    state = screens.scripted(*screens.MELDS)
    text = screens.capture(state, 40)
    assert max(len(line) for line in text.splitlines()) <= 40
    words = set(" ".join(text.split()).split(" "))
    assert {"nobody", "may", "close", "before", "everyone"} <= words  # no word was cut in two


def test_the_committed_captures_are_what_the_script_makes(screens: ModuleType, tmp_path: Path) -> None:
    state = screens.scripted(*screens.SCREENS["truco"])
    assert screens.capture(state, 80, state.game.language) == (SCRIPT.parent / "truco-80.txt").read_text(encoding="utf-8")
