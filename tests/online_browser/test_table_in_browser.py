"""Two people play truco in Debian's chromium: lobby, invite link, seating, a hand played by clicking, a reconnect.

Run with ``pytest -m browser tests/online_browser``. It drives /usr/bin/chromium through Playwright (never
``playwright install``) against the real server started on a free loopback port with a temporary database and no bot
delay. Screenshots of every page go to ``$CARTAS_ARTIFACTS`` (or a temporary folder) when the test fails, and at each
step when ``CARTAS_SCREENSHOTS`` names a folder.
"""

from __future__ import annotations

import os
import re
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
try:
    import uvicorn
    from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from cartas.online.app import create_app  # noqa: F401  (the online extra: starlette, uvicorn)
except ImportError as missing:
    pytest.skip(f"browser tests need the online extra and playwright: {missing}", allow_module_level=True)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}
STEP_TIMEOUT_MS = 15_000
CLICK_TIMEOUT_MS = 2_000


def build_app(db: Path) -> Any:
    """The real server's app over a fresh database."""
    from cartas.online.app import create_app, installed_registry

    # With a registry given, bots decide in the server's own thread: no process pool to start in a test.
    return create_app(db, registry=installed_registry(), bot_delay=0)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        config = uvicorn.Config(build_app(Path(folder) / "online.sqlite3"), host="127.0.0.1", port=port,
                                log_level="warning", lifespan="auto")
        uv = uvicorn.Server(config)
        thread = threading.Thread(target=uv.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not uv.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
        uv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Shots:
    """Screenshots of the open pages: at named steps when asked for, and of everything when the test fails."""

    def __init__(self) -> None:
        wanted = os.environ.get("CARTAS_SCREENSHOTS")
        self.steps = Path(wanted) if wanted else None
        self.pages: dict[str, Page] = {}
        self.errors: list[str] = []

    def watch(self, name: str, page: Page) -> Page:
        self.pages[name] = page
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        return page

    def step(self, label: str) -> None:
        if self.steps is None:
            return
        self.steps.mkdir(parents=True, exist_ok=True)
        for name, page in self.pages.items():
            if page.is_closed():
                continue
            page.screenshot(path=str(self.steps / f"{label}-{name}.png"), full_page=True)
            size = page.viewport_size
            if size and size["width"] > PHONE["width"]:  # the same screen on a phone, for looking at
                page.set_viewport_size(PHONE)
                page.screenshot(path=str(self.steps / f"{label}-{name}-at-375.png"), full_page=True)
                page.set_viewport_size(size)

    def failure(self) -> Path:
        folder = Path(os.environ.get("CARTAS_ARTIFACTS") or tempfile.mkdtemp(prefix="cartas-browser-"))
        folder.mkdir(parents=True, exist_ok=True)
        for name, page in self.pages.items():
            if not page.is_closed():
                page.screenshot(path=str(folder / f"failure-{name}.png"), full_page=True)
                (folder / f"failure-{name}.html").write_text(page.content(), encoding="utf-8")
        return folder


def click_something(page: Page) -> bool:
    """Make one move if it is this page's turn: a card from the hand first, else an answer, else another call.

    False when there is nothing to click, or the end-of-hand summary came up over the table meanwhile.
    """
    if page.locator("#summary").count():
        return False
    try:
        return pick_move(page)
    except PlaywrightTimeout:
        return False


def pick_move(page: Page) -> bool:
    cards = page.locator("#hand .card-button:not([disabled])")
    if cards.count():
        cards.first.click(timeout=CLICK_TIMEOUT_MS)
        return True
    buttons = page.locator("#actions .action:not([disabled])")
    if not buttons.count():
        return False
    texts = [buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())]
    for preferred in ("quiero", "no quiero"):
        if preferred in texts:
            buttons.nth(texts.index(preferred)).click(timeout=CLICK_TIMEOUT_MS)
            return True
    calm = [i for i, text in enumerate(texts) if not text.startswith(("seña", "truco", "retruco", "vale", "envido",
                                                                        "real", "falta", "flor", "mazo"))]
    buttons.nth(calm[0] if calm else 0).click(timeout=CLICK_TIMEOUT_MS)
    return True


def fits_a_phone(page: Page) -> bool:
    """Nothing sticks out sideways on the 375 px screen."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def hand_cards(page: Page) -> list[str]:
    return [card.get_attribute("data-card") or "" for card in page.locator("#hand svg.card").all()]


def scores(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#scores .side-score").all_inner_texts()]


def play_until_hand_over(pages: list[Page], timeout_s: float = 40) -> Page:
    """Click for whichever person is to act until one page shows the end-of-hand summary; that page."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator("#summary").count():
                return page
        moved = False
        for page in pages:
            moved = click_something(page) or moved
            if moved:
                page.wait_for_timeout(150)
        if not moved:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the hand did not end in time")


def test_two_people_play_a_hand_of_truco_and_one_reconnects(server: str, browser: Browser) -> None:
    shots = Shots()
    contexts: list[BrowserContext] = []
    try:
        ana_ctx = browser.new_context(viewport=DESKTOP)
        beto_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        contexts += [ana_ctx, beto_ctx]
        ana = shots.watch("ana-desktop", ana_ctx.new_page())
        ana.set_default_timeout(STEP_TIMEOUT_MS)

        # The creator opens a 4-player truco table from the lobby and gets a short invite link.
        ana.goto(f"{server}/?game=truco")
        ana.fill("#name", "Ana")
        ana.select_option("#players", "4")
        ana.select_option("#opt-points", "15")
        ana.click("details.options summary")
        expect(ana.locator("#opt-flor")).to_be_visible()
        ana.click("#create")
        invite = ana.locator("#invite")
        expect(invite).to_have_value(re.compile(r"/t/[A-Z2-9]{6}$"))
        link = invite.input_value()
        shots.step("lobby")
        ana.click("#open-table")
        expect(ana.locator('#seats li[data-seat="0"]')).to_contain_text("Ana")

        # A second person joins by the link, from a phone-sized screen.
        beto = shots.watch("beto-phone", beto_ctx.new_page())
        beto.set_default_timeout(STEP_TIMEOUT_MS)
        beto.goto(link)
        beto.fill("#join-name", "Beto")
        beto.click("#join")
        expect(beto.locator('#seats li[data-seat="1"]')).to_contain_text("Beto")
        expect(ana.locator('#seats li[data-seat="1"]')).to_contain_text("Beto")

        # The host makes the two people partners (seats 0 and 2) and puts bots in the other two seats.
        ana.click('#seats li[data-seat="1"] .move-down')
        expect(ana.locator('#seats li[data-seat="2"]')).to_contain_text("Beto")
        ana.select_option("#level-1", "easy")
        ana.click('#seats li[data-seat="1"] .add-bot')
        expect(ana.locator('#seats li[data-seat="1"]')).to_contain_text("easy")
        ana.click('#seats li[data-seat="3"] .add-bot')
        expect(ana.locator('#seats li[data-seat="3"]')).to_contain_text("bot")
        expect(beto.locator('#seats li[data-seat="2"] .tag.you')).to_be_visible()
        team_of = [ana.locator(f'#seats li[data-seat="{s}"] .tag.team').inner_text() for s in range(4)]
        assert team_of[0] == team_of[2] != team_of[1] == team_of[3]
        shots.step("table-lobby")
        assert fits_a_phone(beto)

        ana.click("#start")
        for page in (ana, beto):
            expect(page.locator("#board")).to_be_visible()
            expect(page.locator("#hand svg.card")).to_have_count(3)
        # Each person sees their own three cards and the same scores; nobody sees another's hand.
        assert set(hand_cards(ana)).isdisjoint(hand_cards(beto))
        assert scores(ana) == scores(beto) == ["0", "0"]

        # Truco speaks Argentine Spanish; English is one choice away.
        expect(beto.locator("#me")).to_contain_text("Tus cartas")
        ana.select_option("select.lang", "en")
        expect(ana.locator("#me")).to_contain_text("Your hand")

        # Someone with the link but no seat watches: the table, and no card that is still in a hand.
        watcher_ctx = browser.new_context(viewport=DESKTOP)
        contexts.append(watcher_ctx)
        watcher = shots.watch("watcher", watcher_ctx.new_page())
        watcher.set_default_timeout(STEP_TIMEOUT_MS)
        watcher.goto(link)
        expect(watcher.locator("#board")).to_be_visible()
        expect(watcher.locator("#hand")).to_have_count(0)
        seen = {card.get_attribute("data-card") for card in watcher.locator("svg.card[data-card]").all()}
        assert seen.isdisjoint(hand_cards(ana) + hand_cards(beto))
        watcher.close()

        # Chat reaches the table as text: markup in it is shown, never built.
        beto.fill("#chat-input", "<b>hola</b> compañera")
        beto.click("#chat-send")
        expect(ana.locator("#chat-lines")).to_contain_text("<b>hola</b> compañera")
        assert ana.locator("#chat-lines b").count() == 0

        # The hand is played to its end by clicking cards and buttons.
        for _ in range(40):
            if click_something(ana) or click_something(beto):
                break
            ana.wait_for_timeout(100)
        shots.step("mid-hand")
        assert fits_a_phone(beto)
        ended = play_until_hand_over([ana, beto])
        expect(ended.locator("#summary")).to_contain_text(re.compile(r"→"))
        shots.step("hand-over")
        for page in (ana, beto):
            expect(page.locator("#summary")).to_be_visible()
            page.click("#summary-close")
        expect(ana.locator("#hand svg.card")).to_have_count(3)

        # Beto's connection is cut (the page closes) and comes back: the same seat, hand and scores.
        expect(beto.locator("#hand svg.card")).to_have_count(3)
        before_hand, before_scores = hand_cards(beto), scores(beto)
        beto.close()
        beto = shots.watch("beto-phone", beto_ctx.new_page())
        beto.set_default_timeout(STEP_TIMEOUT_MS)
        beto.goto(link)
        expect(beto.locator("#conn")).to_have_attribute("data-state", "online")
        expect(beto.locator("#hand svg.card")).to_have_count(len(before_hand))
        assert hand_cards(beto) == before_hand
        assert scores(beto) == before_scores
        expect(beto.locator("#me")).to_contain_text("Beto")

        # Ana's socket drops in place (as on a network change): it reconnects by itself to the same table.
        ana_hand = hand_cards(ana)
        ana.evaluate("window.cartasTable.socket.drop()")
        expect(ana.locator("#conn")).to_have_attribute("data-state", "online")
        expect(ana.locator("#hand svg.card")).to_have_count(len(ana_hand))
        assert hand_cards(ana) == ana_hand
        assert not shots.errors, shots.errors
    except BaseException:
        folder = shots.failure()
        print(f"browser test failed; screenshots in {folder}")
        raise
    finally:
        for context in contexts:
            context.close()
