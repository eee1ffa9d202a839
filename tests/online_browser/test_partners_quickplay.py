"""Four accounts in quick play for 4-player truco, two of them queued together as partners (issue 30): Ana
invites Beto by username, Beto accepts on his /play page, Carla and Dora look for a game alone; all four land
at one started table, Ana and Beto on one side."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator

import pytest
from browser_helpers import DESKTOP, account_form, serve_fresh
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
PHONE_390 = {"width": 390, "height": 844}
STEP_MS = 15_000


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def signed_up(browser: Browser, server: str, username: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(STEP_MS)
    account_form(page, server, username, "signup")
    return page


def four_player_truco(page: Page, server: str) -> None:
    page.goto(f"{server}/play")
    page.select_option("#qp-game", "truco")
    page.select_option("#qp-players", "4")
    page.select_option("#qp-points", "15")


def test_four_accounts_with_a_pair_queued_together_sit_at_one_table(server: str, browser: Browser) -> None:
    ana = signed_up(browser, server, "ana", DESKTOP)
    beto = signed_up(browser, server, "beto", PHONE_390)
    carla = signed_up(browser, server, "carla", PHONE_390)
    dora = signed_up(browser, server, "dora", DESKTOP)
    four_player_truco(ana, server)
    ana.fill("#qp-partner", "beto")
    ana.click("#qp-invite")
    expect(ana.locator("#qp-party")).to_be_visible()
    beto.goto(f"{server}/play")
    invitation = beto.locator("#qp-invitations li")
    expect(invitation).to_contain_text("ana")
    invitation.locator("button").click()
    expect(beto.locator("#qp-waiting")).to_be_visible()
    expect(ana.locator("#qp-waiting")).to_be_visible()  # the party entered the queue: Ana looks for rivals too
    for page in (carla, dora):
        four_player_truco(page, server)
        page.click("#play-now")
    for page in (ana, beto, carla, dora):
        page.wait_for_url(re.compile(r"/t/[A-Z0-9]{6}$"), timeout=STEP_MS)
    assert ana.url == beto.url == carla.url == dora.url
    code = ana.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/tables/{code}", timeout=10) as response:
        info = json.loads(response.read())
    names = [seat["name"] for seat in info["seats"]]
    assert info["status"] == "playing"
    assert {names[0], names[2]} == {"ana", "beto"} and {names[1], names[3]} == {"carla", "dora"}
    with urllib.request.urlopen(f"{server}/api/tables/{code}/people", timeout=10) as response:
        people = json.loads(response.read())
    assert sorted(p["username"] for p in people) == ["ana", "beto", "carla", "dora"]
