"""The public profile page (/u/NAME) draws in a browser: the person's name, the record per game and format, and the
last matches, on a phone and on a laptop. The page is one ES module; when it did not parse, the page stayed blank
while the API behind it answered, which only a browser sees."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import DESKTOP, Shots, serve_in_thread, shots_on_failure
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

PHONE_390 = {"width": 390, "height": 844}


def seeded(db_path: Path) -> None:
    """Two accounts, ana and beto, and one rated 2-player truco that ana won, kept in ``db_path``."""
    from starlette.testclient import TestClient

    from cartas.online.app import create_app, installed_registry
    from cartas.online.accounts.ratings import Finished, record_match

    app = create_app(db_path, registry=installed_registry(), bot_delay=0)
    with TestClient(app) as client:
        ids = []
        for name in ("ana", "beto"):
            client.cookies.clear()
            answer = client.post("/api/account/signup", json={"username": name, "password": "correct horse"})
            assert answer.status_code == 201, answer.text
            db = app.state.accounts().db
            ids.append(str(db.db.execute("SELECT id FROM accounts WHERE username = ?", (name,)).fetchone()[0]))
        match = Finished(
            code="MATCH1", game="truco", players=2, teams=None, winners=(0,), scores=(15, 9),
            accounts=dict(enumerate(ids)), kinds={0: "human", 1: "human"}, bot_share={}, rated_table=True,
        )
        asyncio.run(record_match(app.state.accounts().db, match))


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from cartas.online.app import create_app, installed_registry

    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "online.sqlite3"
        seeded(db_path)
        yield from serve_in_thread(create_app(db_path, registry=installed_registry(), bot_delay=0))


@pytest.mark.parametrize("viewport", [PHONE_390, DESKTOP], ids=["390px", "1280px"])
def test_the_profile_shows_the_name_and_the_record_per_game(server: str, browser: Browser, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport, locale="es-AR")
    shots = Shots()
    page = shots.watch("profile", context.new_page())
    with shots_on_failure(shots, closing=[context]):
        page.goto(f"{server}/u/ana")
        expect(page.locator("#app h1")).to_contain_text("ana")
        record = page.locator("#records .record[data-game='truco'][data-format='1v1']")
        expect(record).to_be_visible()
        expect(record.locator("h3")).to_contain_text("Truco")
        expect(record.locator(".matches")).to_have_text("1")
        expect(record.locator(".wins")).to_have_text("1")
        expect(record.locator(".losses")).to_have_text("0")
        expect(page.locator("#last-matches li")).to_have_count(1)
        expect(page.locator("#last-matches a")).to_contain_text("15")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the profile is {width} px wide on a {viewport['width']} px screen"
        shots.step(f"profile-{viewport['width']}")
        assert not shots.errors, shots.errors
