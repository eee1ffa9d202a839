"""The table page's moderation at phone width (390 px): a guest mutes a player from the "People at this table"
panel (their chat lines disappear for this reader, also after a reload, and the player's page shows nothing),
then reports them with a reason and a line; the report is kept for the operator."""

from __future__ import annotations

import json
import sqlite3
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import serve_in_thread
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
PHONE_390 = {"width": 390, "height": 844}
STEP_MS = 15_000


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Path]]:
    from cartas.online.app import create_app, installed_registry

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "online.sqlite3"
        app = create_app(db, registry=installed_registry(), bot_delay=0)
        for base in serve_in_thread(app):
            yield base, db


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Origin": base})
    with urllib.request.urlopen(request, timeout=10) as response:
        found: dict[str, Any] = json.loads(response.read())
        return found


def seated_page(browser: Browser, base: str, code: str, seat: dict[str, Any]) -> Page:
    page = browser.new_context(viewport=PHONE_390).new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(f"{base}/")
    page.evaluate("([code, seat]) => localStorage.setItem(`cartas:${code}`, JSON.stringify(seat))", [code, seat])
    page.goto(f"{base}/t/{code}")
    return page


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_a_guest_mutes_and_reports_a_player_at_390_px(server: tuple[str, Path], browser: Browser) -> None:
    base, db = server
    created = post(base, "/api/tables", {"game": "truco", "name": "Ana", "options": {"players": 2, "points": 15}})
    code = created["code"]
    joined = post(base, f"/api/tables/{code}/join", {"name": "Beto"})
    ana = seated_page(browser, base, code, {"token": created["token"], "seat": 0, "host_token": created["host_token"],
                                            "name": "Ana"})
    beto = seated_page(browser, base, code, {"token": joined["token"], "seat": 1, "name": "Beto"})
    say(beto, "hola a todos")
    expect(ana.locator("#chat-lines")).to_contain_text("hola a todos")

    ana.click("#people summary")
    row = ana.locator("#people li[data-seat='1']")
    expect(row).to_contain_text("Beto")
    row.locator("button.mute").click()
    expect(row.locator("button.mute")).to_have_attribute("aria-pressed", "true")
    expect(ana.locator("#chat-lines")).not_to_contain_text("hola a todos")
    say(beto, "segunda línea")
    expect(beto.locator("#chat-lines")).to_contain_text("segunda línea")
    say(ana, "Ana sigue aquí")
    expect(beto.locator("#chat-lines")).to_contain_text("Ana sigue aquí")  # Beto is told nothing, and hears Ana
    expect(ana.locator("#chat-lines")).to_contain_text("Ana sigue aquí")
    expect(ana.locator("#chat-lines")).not_to_contain_text("segunda línea")
    ana.reload()  # a guest's mute is kept by this browser
    expect(ana.locator("#chat-lines")).to_contain_text("Ana sigue aquí")
    expect(ana.locator("#chat-lines")).not_to_contain_text("segunda línea")
    assert ana.evaluate("() => JSON.parse(localStorage.getItem('cartas:mutes'))") == [f"n:{code}:Beto"]

    ana.click("#people summary")
    ana.locator("#people li[data-seat='1'] button.report").click()
    dialog = ana.locator("#report-dialog")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # the dialog fits the phone
    dialog.locator("input[value='spam']").check()
    dialog.locator("#report-text").fill("repite lo mismo")
    dialog.locator("#report-send").click()
    expect(dialog).to_have_count(0)
    expect(ana.locator("#notice")).not_to_be_empty()
    expect(ana.locator("#people li[data-seat='1'] button.report")).to_be_disabled()

    conn = sqlite3.connect(db, timeout=10)  # what cartas users reports reads (Playwright's loop runs here)
    try:
        kept = conn.execute("SELECT code, seat, reason, detail, reported FROM reports").fetchall()
    finally:
        conn.close()
    assert kept == [(code, 1, "spam", "repite lo mismo", "Beto")]
