"""Issue 47's site pages: one tap from the lobby to a match against bots, quick play on the last game with points
as a choice, the header's switches and ranking link, the rating as one number; and a screenshot of each page at
390 and 1280 px, light and dark, kept in /tmp/shots/site for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import account_form, api_call, serve_fresh
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots/site")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


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
    account_form(page, server, f"shot{width}{scheme[0]}", "signup")
    for name, path, ready in (
        ("lobby", "/", "#play-machine"), ("quickplay", "/play", "#qp-points"), ("account", "/account", "#profile-form"),
        ("leaderboard", "/leaderboard", "#board-game"), ("profile", f"/u/shot{width}{scheme[0]}", "h1"),
    ):
        page.goto(f"{server}{path}")
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} is wider than {width} px"
    context.close()
