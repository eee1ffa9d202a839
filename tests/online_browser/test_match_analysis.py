"""The analysis on the match page, in Debian's chromium at 390 and 1280 px: a finished, seeded truco (stored as
``cartas serve`` stores it) analysed for the seat the viewer played, with its progress, its chart, its marks and
each decision's moves; an unfinished match is refused.

The server analyses with 2 sampled deals a decision (``cartas.online.analysis.service.SAMPLES``), so a run takes seconds.
Screenshots: ``CARTAS_SCREENSHOTS=DIR pytest -m browser tests/online_browser/test_match_analysis.py``.
"""

from __future__ import annotations

import re

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import Shots, shots_on_failure, api_call, serve_in_thread
from playwright.sync_api import Browser, expect

from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.online.store.sqlite import SQLiteStore
from cartas.online.store.tables import SeatRow, TableRow
from cartas.online.game.tokens import hash_token

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
FINISHED, PLAYING = "ANLYS7", "ANLYS8"
TOKEN = "ana-token-for-the-analysis-test"
SEATS = [SeatRow(0, "human", "Ana", None, hash_token(TOKEN), True), SeatRow(1, "bot", None, "medium")]


def store_match(store: SQLiteStore, code: str, seed: int, *, finish: bool) -> None:
    """A two-player truco to 15 played by medium bots, stored move by move (stopped early unless ``finish``)."""
    registry = get_registry()
    game = registry.game("truco")
    options = {"players": 2, "points": 15}
    created = "2026-11-20T10:00:00Z"
    store.create_table(TableRow(code, "truco", options, seed, "lobby", 60.0, "medium", "h", created, seats=SEATS))
    store.start(code, SEATS, 1)
    state = game.start(options, seed=seed)
    bots = [registry.bot("truco", "medium")(seed + seat) for seat in range(2)]
    n = 0
    while not state.is_over and (finish or n < 6):
        seat = state.to_act[0]
        action = bots[seat].choose(SeatView(state, seat))
        state.apply(action, seat)
        store.add_move(code, n, seat, str(action), n + 2, created if state.is_over else None)
        n += 1


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from cartas.online.analysis import service as online_analysis
    from cartas.online.app import create_app, installed_registry

    samples = online_analysis.SAMPLES
    online_analysis.SAMPLES = 2  # bounded: a few seconds of play-outs, not a minute
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "online.sqlite3")
        store_match(store, FINISHED, 11, finish=True)
        store_match(store, PLAYING, 12, finish=False)
        store.close()
        app = create_app(Path(folder) / "online.sqlite3", registry=installed_registry(), bot_delay=0,
                         data_dir=Path(folder) / "data")
        try:
            yield from serve_in_thread(app)
        finally:
            online_analysis.SAMPLES = samples


def open_match_as_ana(page: Any, server: str, code: str) -> None:
    page.goto(f"{server}/api/games")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"cartas:{code}", f'{{"token": "{TOKEN}", "seat": 0, "name": "Ana"}}'])
    page.goto(f"{server}/t/{code}/match")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_match_page_analyses_the_viewers_seat(server: str, browser: Browser, size: str) -> None:
    shots = Shots()
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    with shots_on_failure(shots, [context]):
        page = shots.watch("ana", context.new_page())
        open_match_as_ana(page, server, FINISHED)
        section = page.locator("#analysis")
        expect(section).to_be_visible()
        expect(page.locator("#analysis-seat")).to_have_value("0")  # the seat this browser played
        page.wait_for_selector("#analysis-start, #analysis-summary")
        if page.locator("#analysis-start").count():  # the first size asks for it; the second finds it done
            page.click("#analysis-start")
            expect(page.locator("#analysis-progress")).to_be_visible()
        expect(page.locator("#analysis-summary")).to_be_visible(timeout=120_000)
        document = api_call(server, f"/api/tables/{FINISHED}/analysis?seat=0&start=0&lang=es-AR")
        marked = [d for d in document["decisions"] if d["mark"] in ("inaccuracy", "mistake", "blunder")]
        # the chart, inline SVG, with a circle per hand that holds a mistake or a blunder
        expect(page.locator("#analysis-chart svg")).to_be_visible()
        worst = {d["hand"] for d in marked if d["mark"] in ("mistake", "blunder")}
        expect(page.locator("#analysis-chart svg circle[data-mark]")).to_have_count(len(worst))
        # the hands' table: one row a hand
        expect(page.locator("#analysis-hands tbody tr")).to_have_count(len(document["hands"]))
        # the marked decisions, each with its moves, their values and intervals, and the move played
        listed = page.locator("#analysis-decisions > li")
        expect(listed).to_have_count(len(marked))
        if marked:
            first = marked[0]
            item = page.locator(f'#analysis-decisions li[data-move="{first["move"]}"]')
            item.locator("summary").click() if first["mark"] == "inaccuracy" else None
            expect(item).to_contain_text(first["played_text"])
            expect(item.locator(".analysis-moves tbody tr")).to_have_count(len(first["moves"]))
            expect(item.locator(".analysis-moves tr.played")).to_have_count(1)
            expect(item.locator(".analysis-moves tbody tr").first).to_contain_text("±")
            expect(item.locator(".mark")).to_contain_text(document["mark_words"][first["mark"]])
        page.click("#analysis-filter")  # every decision
        expect(listed).to_have_count(len(document["decisions"]))
        given = page.locator("#analysis-given").inner_text()
        percents = [float(x.replace(",", ".")) for x in re.findall(r"(\d+(?:[.,]\d+)?)\s*%", given)]
        assert all(p <= 100 for p in percents), given  # a chance, never a sum of chances ("181,9 %")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shots.step(f"match-analysis-{size}")
        # Practice: the costliest positions as exercises, the board at the position, the answer after a choice.
        costly = sorted((d for d in marked if d.get("loss")), key=lambda d: -d["loss"]["points"]["mean"])[:5]
        if not costly:
            expect(page.locator("#practice-start")).to_have_count(0)
        else:
            page.click("#practice-start")
            expect(page.locator("#step-slider")).to_have_value(str(costly[0]["move"]))
            expect(page.locator("#practice .practice-move")).to_have_count(len(costly[0]["moves"]))
            played = next(m for m in costly[0]["moves"] if m["action"] == costly[0]["played"])
            page.locator("#practice .practice-move", has_text=played["text"]).first.click()
            expect(page.locator("#practice-answer")).to_contain_text(costly[0]["best_text"])
            assert "±" not in page.locator("#practice-answer").inner_text()
            shots.step(f"match-practice-{size}")
            page.click("#practice-next" if len(costly) > 1 else "#practice-done")
        # A decision's "see it on the table" shows the position before that move.
        page.locator("#analysis-decisions > li details").first.evaluate("(d) => { d.open = true; }")
        page.locator(".analysis-go").first.click()
        move = document["decisions"][0]["move"]
        expect(page.locator("#step-slider")).to_have_value(str(move))
        assert not shots.errors, shots.errors


def test_an_unfinished_match_is_not_analysed(server: str, browser: Browser) -> None:
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server}/api/tables/{PLAYING}/analysis?seat=0")
    assert refused.value.code == 409
    context = browser.new_context(viewport=SIZES["laptop"])
    try:
        page = context.new_page()
        open_match_as_ana(page, server, PLAYING)
        expect(page.locator("#match-error")).to_be_visible()
        expect(page.locator("#analysis")).to_have_count(0)
    finally:
        context.close()
