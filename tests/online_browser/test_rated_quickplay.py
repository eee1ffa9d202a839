"""Two accounts sign up in their own browsers, ask for quick play, are paired, play a rated 2-player truco to
its end (to 15 points, folding hands to keep it short) and see their ratings move as openskill computes for
that result."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import DESKTOP, PHONE, PlaywrightTimeout, account_form, pick_move, serve_fresh
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def sign_up(page: Page, server: str, username: str) -> None:
    account_form(page, server, username, "signup")


def queue(page: Page, server: str) -> None:
    page.goto(f"{server}/play")
    page.select_option("#qp-game", "truco")
    page.select_option("#qp-players", "2")
    page.select_option("#qp-points", "15")
    page.click("#play-now")


def fold_or_move(page: Page) -> bool:
    """One move on this page if it may: close the end-of-hand summary, else fold the hand (the mazo: it ends
    the hand at once and keeps the match short), else whatever pick_move picks."""
    fold = page.locator("#actions .action:not([disabled])[data-action^='mazo']")
    try:
        if page.locator("#summary-close").count():
            page.locator("#summary-close").click(timeout=2000)
            return True
        if fold.count():
            fold.first.click(timeout=2000)
            return True
        return pick_move(page)
    except PlaywrightTimeout:
        return False


def test_two_accounts_quick_play_a_rated_truco_and_their_ratings_move(server: str, browser: Browser) -> None:
    from openskill.models import PlackettLuce

    ana = browser.new_context(viewport=DESKTOP).new_page()
    beto = browser.new_context(viewport=PHONE).new_page()
    sign_up(ana, server, "ana")
    sign_up(beto, server, "beto")
    queue(ana, server)
    expect(ana.locator("#qp-waiting")).to_be_visible()
    queue(beto, server)
    for page in (ana, beto):
        page.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"), timeout=15_000)
    assert ana.url == beto.url
    deadline = time.monotonic() + 240
    while not (ana.locator("#result").count() and beto.locator("#result").count()):
        assert time.monotonic() < deadline, "the match did not end in 4 minutes"
        if not (fold_or_move(ana) or fold_or_move(beto)):
            ana.wait_for_timeout(50)
    code = ana.url.rsplit("/", 1)[1]
    result: dict[str, Any] = ana.evaluate(f"fetch('/api/tables/{code}/record').then(r => r.json())")
    model = PlackettLuce()
    ranks = [1.0 if seat in result["winners"] else 2.0 for seat in (0, 1)]
    rated = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    info: dict[str, Any] = ana.evaluate(f"fetch('/api/tables/{code}').then(r => r.json())")
    seat_of = {seat["name"]: seat["seat"] for seat in info["seats"]}
    shown: dict[str, tuple[int, str]] = {}
    for name in ("ana", "beto"):
        rating = rated[seat_of[name]][0]
        number = round(1500 + 30 * (rating.mu - 25))  # cartas.online.accounts.shown
        shown[name] = (number, f"+{number - 1500}" if number >= 1500 else f"\u2212{1500 - number}")
    # Both players read both new numbers and their changes on the end banner.
    for page in (ana, beto):
        for name, (number, change) in shown.items():
            expect(page.locator(f"#rating-changes li[data-seat='{seat_of[name]}']")).to_contain_text(
                f"{number}? ({change})", timeout=10_000)
    shots = Path("/tmp/shots/site")  # the banner, for a person to look at
    shots.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        for page, width in ((ana, 1280), (beto, 390)):
            page.emulate_media(color_scheme=scheme)
            page.set_viewport_size({"width": width, "height": 800 if width > 400 else 740})
            page.evaluate("document.querySelector('#result')?.scrollIntoView()")  # redrawn on resize: no held handle
            page.screenshot(path=str(shots / f"banner-{width}-{scheme}.png"))
    for name, page in (("ana", ana), ("beto", beto)):
        number, change = shown[name]
        page.goto(f"{server}/account")
        expect(page.locator("table.ratings")).to_contain_text(f"{number}?", timeout=10_000)
        expect(page.locator("ul.matches")).to_contain_text(change)
