"""The table's clock in the browser (cartas.online.game.clock, static/table/clock.js): the ring with the seconds shows on
the seat whose decision runs, for its player (at 1280 px) and for the rival (on a 390 px phone), and ticks; when a
person's short clock runs out, a bot plays that decision and the page says so in one line.

Run with ``pytest -m browser tests/online_browser/test_clock_in_browser.py`` (about 20 s: the clock is real).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import DESKTOP, Shots, api_call, open_seat, serve_fresh
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
RING_JS = """() => {
  const t = window.cartasTable;
  const o = t && t.state.view && t.state.view.observation;
  const ring = document.querySelector(".clock-ring");
  const panel = ring && ring.parentElement.closest("[data-seat]");
  return {
    toAct: o ? o.to_act : null, me: t ? t.state.me : null,
    seat: panel ? Number(panel.dataset.seat) : null, mine: Boolean(panel && panel.id === "me"),
    secs: ring ? Number(ring.querySelector(".secs").textContent) : null,
    label: ring ? ring.getAttribute("aria-label") : null, rings: document.querySelectorAll(".clock-ring").length,
    visible: ring ? ring.getBoundingClientRect().width > 0 : false,
  };
}"""


HURRY_WATCH_JS = """() => {
  window.hurries = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!node.closest || !node.closest("#live") || !/seconds left to play/.test(node.textContent)) continue;
      window.hurries.push({ me: window.cartasTable.state.me,
        running: [...document.querySelectorAll(".clock-ring")].map((ring) => Number(ring.dataset.seat)) });
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def clocked(server: str, clock: int, reserve: int) -> tuple[str, list[dict[str, Any]]]:
    made = api_call(server, "/api/tables", {"game": "truco", "options": {"players": 2, "points": 15}, "name": "Ana",
                                            "clock": clock, "reserve": reserve})
    code = made["code"]
    joined = api_call(server, f"/api/tables/{code}/join", {"name": "Beto"})
    api_call(server, f"/api/tables/{code}/start", {}, made["host_token"])
    return code, [
        {"token": made["token"], "seat": 0, "host_token": made["host_token"], "name": "Ana"},
        {"token": joined["token"], "seat": joined["seat"], "name": "Beto"},
    ]


def ring(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => document.querySelector('.clock-ring .secs')?.textContent")
    found: dict[str, Any] = page.evaluate(RING_JS)
    return found


def test_the_countdown_shows_on_the_seat_to_play_and_ticks(server: str, browser: Browser) -> None:
    shots = Shots()
    code, seats = clocked(server, clock=30, reserve=60)
    desktop = shots.watch("ana-1280", browser.new_page(viewport=DESKTOP))
    phone = shots.watch("beto-390", browser.new_page(viewport=PHONE))
    try:
        open_seat(desktop, server, code, seats[0])
        open_seat(phone, server, code, seats[1])
        first = {name: ring(page) for name, page in (("ana", desktop), ("beto", phone))}
        for seen in first.values():
            assert seen["rings"] == 1 and seen["visible"] and seen["toAct"] == [seen["seat"]], seen
            assert 5 <= seen["secs"] <= 30 and str(seen["secs"]) in seen["label"], seen
        assert first["ana"]["seat"] == first["beto"]["seat"]  # the same seat on both pages (the page loads take some of the 30 s on a loaded machine)
        assert first["ana"]["mine"] == (first["ana"]["seat"] == 0) and first["beto"]["mine"] == (first["beto"]["seat"] == 1)
        shots.step("clock-running")
        time.sleep(2.2)  # the real clock: the ring counts down without a new frame
        for name, page in (("ana", desktop), ("beto", phone)):
            later = ring(page)
            assert later["seat"] == first[name]["seat"] and later["secs"] <= first[name]["secs"] - 2, (name, later)
        for page in (desktop, phone):  # over 10 s left: nothing said to screen readers
            assert "seconds left to play" not in (page.locator("#live").text_content() if page.locator("#live").count() else "")
        assert not shots.errors, shots.errors
    finally:
        desktop.close()
        phone.close()


def test_a_short_clock_runs_out_and_a_bot_plays_that_decision(server: str, browser: Browser) -> None:
    shots = Shots()
    code, seats = clocked(server, clock=5, reserve=0)
    page = shots.watch("ana-390", browser.new_page(viewport=PHONE))
    rival = shots.watch("beto-1280", browser.new_page(viewport=DESKTOP))
    try:
        for each, seat in ((page, seats[0]), (rival, seats[1])):
            open_seat(each, server, code, seat)
            each.evaluate(HURRY_WATCH_JS)
        seen = ring(page)
        assert seen["secs"] <= 5 and page.locator(".clock-ring.low").count() == 1  # under 10 s: red and pulsing
        shots.step("clock-low")
        line = page.locator("#log").get_by_text("ran out of time", exact=False)
        expect(line.first).to_be_visible(timeout=12_000)
        expect(page.locator(".clock-ring")).to_have_count(1)  # the next decision's clock runs
        shots.step("clock-timeout")
        # Each reader hears the hurry for their own seat only, never for the other's.
        rival.wait_for_function("() => window.hurries.length + 0 >= 0")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            said = {name: each.evaluate("() => window.hurries") for name, each in (("ana", page), ("beto", rival))}
            if said["ana"] and said["beto"]:
                break
            time.sleep(0.5)
        assert said["ana"] or said["beto"], said
        for name, heard in said.items():
            for hurry in heard:
                assert hurry["running"] == [hurry["me"]], (name, hurry)
        assert not shots.errors, shots.errors
    finally:
        page.close()
        rival.close()
