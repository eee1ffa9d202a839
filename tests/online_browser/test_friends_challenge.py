"""A challenge between two people in the browser: Ana asks Beto to be friends from the lobby, Beto
accepts on his, Ana challenges him to truco, Beto accepts, and both land at the one started table. Screenshots
of the lobby at 390 and 1280 px go to /tmp/shots/friends/."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import DESKTOP, account_form, serve_fresh
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
PHONE_390 = {"width": 390, "height": 844}
STEP_MS = 15_000
SHOTS = Path("/tmp/shots/friends")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def signed_up(browser: Browser, server: str, username: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport, locale="es-AR").new_page()
    page.set_default_timeout(STEP_MS)
    account_form(page, server, username, "signup")
    return page


def test_a_friend_challenges_a_friend_and_both_land_at_the_table(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ana = signed_up(browser, server, "ana", DESKTOP)
    beto = signed_up(browser, server, "beto", PHONE_390)
    ana.goto(f"{server}/")
    ana.fill("#friend-name", "beto")
    ana.click("#add-friend button")
    expect(ana.locator("#friends")).to_contain_text("beto")
    beto.goto(f"{server}/")
    expect(beto.locator("#friends-badge")).to_have_text("1")
    beto.screenshot(path=str(SHOTS / "request-390.png"), full_page=True)
    beto.locator("[data-asked=ana] button").first.click()
    expect(beto.locator("[data-friend=ana]")).to_be_visible()
    ana.reload()
    ana.locator("[data-friend=beto] button").first.click()
    expect(ana.locator("#friends [data-challenge]")).to_be_visible()
    ana.screenshot(path=str(SHOTS / "challenge-sent-1280.png"), full_page=True)
    beto.reload()
    offered = beto.locator("#friends [data-challenge]")
    expect(offered).to_contain_text("ana")
    beto.screenshot(path=str(SHOTS / "challenge-390.png"), full_page=True)
    offered.locator("button").first.click()
    beto.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    ana.reload()
    ana.locator("#friends [data-challenge] button").first.click()
    ana.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    assert ana.url == beto.url
    code = ana.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/tables/{code}", timeout=10) as response:
        info = json.loads(response.read())
    assert info["status"] == "playing" and sorted(s["name"] for s in info["seats"]) == ["ana", "beto"]
    expect(ana.locator("body")).not_to_contain_text("esta mesa es privada")
    ana.wait_for_timeout(1500)
    ana.screenshot(path=str(SHOTS / "table-1280.png"))
    beto.screenshot(path=str(SHOTS / "table-390.png"))
    for page, width in ((ana, "1280"), (beto, "390")):
        page.goto(f"{server}/")
        expect(page.locator("#watch")).to_contain_text(code)
        page.screenshot(path=str(SHOTS / f"lobby-{width}.png"), full_page=True)
