"""The envido sung in turn at a four-player truco, in Debian's chromium at 390 and 1280 px (issue 28, item 2): after an
accepted envido each seat's words ("Tengo 22", "Tengo 25", "Tengo 28", "Son buenas") stand in a bubble by that
seat, numbered in the order said from the mano, all up together until the next card is played.

The table's seed is fixed (seed 36 deals tantos 22, 25, 28 and 27 to seats 1 to 4), so the singing is known.
Run with ``pytest -m browser tests/online_browser/test_envido_sung.py``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import Shots, shots_on_failure, open_seat, serve_in_thread, started_table
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
SEED = 36
SUNG = {0: ("1", "Tengo 22"), 1: ("2", "Tengo 25"), 2: ("3", "Tengo 28"), 3: ("4", "Son buenas")}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from cartas.online.game import hub
    from cartas.online.app import create_app, installed_registry

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setattr(hub, "new_seed", lambda: SEED)
        app = create_app(Path(folder) / "online.sqlite3", registry=installed_registry(), bot_delay=0)
        yield from serve_in_thread(app)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_four_players_sing_the_envido_by_their_seats_in_order(server: str, browser: Browser, size: str) -> None:
    shots = Shots()
    options = {"players": 4, "points": 15, "envido_callers": "all"}
    code, seats = started_table(server, "truco", options, ["Ana", "Beto", "Caro", "Dani"])
    contexts = [browser.new_context(
        viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone", locale="es-AR") for _ in range(2)]
    with shots_on_failure(shots, contexts):
        ana = shots.watch("ana", contexts[0].new_page())
        beto = shots.watch("beto", contexts[1].new_page())
        open_seat(ana, server, code, seats[0])
        open_seat(beto, server, code, seats[1])
        ana.click('#actions .action[data-action="envido"]:not([disabled])')
        beto.click('#actions .action[data-action="quiero"]:not([disabled])')
        for page, me in ((ana, 0), (beto, 1)):
            for seat, (order, words) in SUNG.items():
                where = "#me > .bubble" if seat == me else f'.seat-panel[data-seat="{seat}"] > .bubble'
                bubble = page.locator(where)
                expect(bubble).to_contain_text(words)
                expect(bubble).to_have_attribute("data-order", order)
                expect(bubble).not_to_have_class("old")
                expect(bubble).to_be_in_viewport()
        # The singing calls for no answer: the one to play is told so, not asked to answer a "Son buenas".
        expect(ana.locator("#who-acts")).not_to_contain_text("Son buenas")
        assert ana.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shots.step(f"envido-sung-{size}")
        # The next card played takes the words away.
        ana.locator("#hand .card-button:not([disabled])").first.click()
        expect(beto.locator(".bubble.sung")).to_have_count(0)
        assert not shots.errors, shots.errors
