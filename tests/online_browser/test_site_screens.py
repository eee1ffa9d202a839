"""Issue 47's site pages: one tap from the lobby to a match against bots, quick play on the last game with points
as a choice, the header's switches and ranking link, the rating as one number; and a screenshot of each page at
390 and 1280 px, light and dark, kept in /tmp/shots/site for a person to look at."""

from __future__ import annotations

import json
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import account_form, api_call, serve_in_thread
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots/site")
DATABASE: list[Path] = []


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from cartas.online.app import create_app, installed_registry

    with tempfile.TemporaryDirectory() as folder:
        DATABASE[:] = [Path(folder) / "online.sqlite3"]
        app = create_app(DATABASE[0], registry=installed_registry(), bot_delay=0)
        yield from serve_in_thread(app)


def seed_rated_matches(winner: str, loser: str, count: int) -> None:
    """``count`` rated truco 1v1 matches won by ``winner`` (usernames), written as the server records them, with
    openskill's update: the store's own rows, so the pages read them as after real matches."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    with sqlite3.connect(DATABASE[0]) as db:
        ids = [db.execute("SELECT id FROM accounts WHERE username = ?", (name,)).fetchone()[0] for name in (winner, loser)]
        ratings = [model.rating(), model.rating()]
        for n in range(count):
            before = [(r.mu, r.sigma) for r in ratings]
            [[a], [b]] = model.rate([[ratings[0]], [ratings[1]]], ranks=[1, 2])
            ratings = [a, b]
            for seat, account in enumerate(ids):
                db.execute(
                    "INSERT INTO rated_players (code, account, game, format, seat, team, score, won, rated, before_mu,"
                    " before_sigma, after_mu, after_sigma, at, scores) VALUES (?, ?, 'truco', '1v1', ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)",
                    (f"{winner}-{n}", account, seat, seat, (15, 9)[seat], int(seat == 0), *before[seat],
                     ratings[seat].mu, ratings[seat].sigma, f"2026-12-0{1 + n % 6}T18:47:00Z", json.dumps([15, 9])),
                )
        for seat, account in enumerate(ids):
            db.execute("DELETE FROM ratings WHERE account = ?", (account,))
            db.execute("INSERT INTO ratings (account, game, format, mu, sigma, matches) VALUES (?, 'truco', '1v1', ?, ?, ?)",
                       (account, ratings[seat].mu, ratings[seat].sigma, count))


def test_one_tap_from_the_lobby_starts_a_match_against_bots(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    page.goto(server)
    page.locator("#play-machine").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"), timeout=15_000)
    code = page.url.rsplit("/", 1)[1]
    info = api_call(server, f"/api/tables/{code}")
    assert info["game"] == "truco" and info["status"] == "playing", info
    assert [seat["kind"] for seat in info["seats"]] == ["human", "bot"], info["seats"]
    expect(page.locator("#hand .card, .hand .card").first).to_be_visible(timeout=15_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        for width in (390, 1280):
            page.emulate_media(color_scheme=scheme)
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_timeout(300)
            page.screenshot(path=str(SHOTS / f"machine-table-{width}-{scheme}.png"))


def test_quick_play_opens_on_truco_with_points_and_the_wait_as_choices(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    page.goto(f"{server}/play")
    expect(page.locator("#qp-game")).to_have_value("truco")
    assert page.locator("#qp-points").evaluate("e => e.tagName") == "SELECT"
    assert page.locator("#qp-points option").all_inner_texts() == ["15", "30"]
    expect(page.locator("#qp-points")).to_have_value("30")
    assert page.locator("#qp-bots").evaluate("e => e.tagName") == "SELECT"
    for selector in ("#theme-switch", "#sound-switch", "#ranking-link"):
        expect(page.locator(selector)).to_be_visible()
    page.select_option("select.lang", "es-AR")
    cut = page.locator("select.lang").evaluate("e => e.scrollWidth > e.clientWidth + 1")
    assert not cut, "the language select is cut"


def test_the_account_page_shows_no_mu_sigma_and_names_the_device(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    account_form(page, server, "ana", "signup")
    expect(page.locator("ul.sessions")).to_contain_text("Chrome · Linux")
    assert "Mozilla/5.0" not in page.locator("ul.sessions").inner_text()
    assert "±" not in page.locator("main").inner_text()
    for selector in ("#theme-switch", "#sound-switch", "#ranking-link"):
        expect(page.locator(selector)).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_the_site_pages(server: str, browser: Browser, width: int, scheme: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme, locale="es-AR")
    page = context.new_page()
    me = f"shot{width}{scheme[0]}"
    account_form(browser.new_page(), server, f"{me}r", "signup")  # the rival, in a browser of their own
    account_form(page, server, me, "signup")
    seed_rated_matches(f"{me}r", me, 3)
    for name, path, ready in (
        ("lobby", "/", "#play-machine"), ("quickplay", "/play", "#qp-points"), ("account", "/account", "#profile-form"),
        ("leaderboard", "/leaderboard", "#board-game"), ("profile", f"/u/shot{width}{scheme[0]}", "h1"),
    ):
        page.goto(f"{server}{path}")
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} is wider than {width} px"
        assert "±" not in page.locator("main").inner_text(), name
    context.close()


def test_the_rating_reads_as_one_number_with_its_rank_change_and_labelled_score(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 800}, locale="es-AR").new_page()
    account_form(browser.new_page(), server, "rival", "signup")
    account_form(page, server, "lola", "signup")
    seed_rated_matches("rival", "lola", 1)
    page.goto(f"{server}/account")
    expect(page.locator("table.ratings td.rating")).to_have_text("1421?")  # 1500 + 30 (22.36 - 25)
    line = page.locator("ul.matches li").first
    expect(line).to_contain_text("Truco argentino")
    expect(line).to_contain_text("Vos 9 – 15 Rival")
    expect(line).to_contain_text("\u221279")
    assert "2026-12-01T" not in line.inner_text()
    page.goto(f"{server}/leaderboard?game=truco&format=1v1")
    expect(page.locator("td.rank").first).to_have_text("#1")
    expect(page.locator("tr", has_text="lola").locator("td.rating")).to_have_text("1421?")
    page.goto(f"{server}/u/lola")
    expect(page.locator("#records .rating")).to_contain_text("1421?")
    expect(page.locator("#records .rating")).to_contain_text("#")
    expect(page.locator("#last-matches")).to_contain_text("Vos 9 – 15 Rival")
