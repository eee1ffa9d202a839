"""Two people play truco in Debian's chromium: lobby, invite link, seating, a hand played by clicking, a reconnect.

Run with ``pytest -m browser tests/online_browser``. It drives /usr/bin/chromium through Playwright (never
``playwright install``) against the real server started on a free loopback port with a temporary database and no bot
delay. Screenshots of every page go to ``$CARTAS_ARTIFACTS`` (or a temporary folder) when the test fails, and at each
step when ``CARTAS_SCREENSHOTS`` names a folder.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    Shots,
    shots_on_failure,
    click_something,
    create_truco_table,
    fits_a_phone,
    serve_in_thread,
    hand_cards,
    join_by_link,
    play_until_hand_over,
    scores,
    seat_partners_and_bots,
)
from playwright.sync_api import Browser, BrowserContext, expect

pytestmark = pytest.mark.browser


def build_app(db: Path) -> Any:
    """The real server's app over a fresh database."""
    import uvicorn  # noqa: F401  (checked by browser_helpers)

    from cartas.online.app import create_app, installed_registry

    # With a registry given, bots decide in the server's own thread: no process pool to start in a test.
    return create_app(db, registry=installed_registry(), bot_delay=0)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        yield from serve_in_thread(build_app(Path(folder) / "online.sqlite3"))


def test_two_people_play_a_hand_of_truco_and_one_reconnects(server: str, browser: Browser) -> None:
    shots = Shots()
    contexts: list[BrowserContext] = []
    with shots_on_failure(shots, contexts):
        ana_ctx = browser.new_context(viewport=DESKTOP, locale="es-AR")
        beto_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="es-AR")
        contexts += [ana_ctx, beto_ctx]
        ana = shots.watch("ana-desktop", ana_ctx.new_page())

        # The creator opens a 4-player truco table from the lobby and gets a short invite link.
        link = create_truco_table(ana, server, "Ana")
        shots.step("lobby")

        # A second person joins by the link, from a phone-sized screen.
        beto = shots.watch("beto-phone", beto_ctx.new_page())
        join_by_link(beto, link, "Beto", seat=1)

        # The host makes the two people partners (seats 0 and 2) and puts bots in the other two seats.
        seat_partners_and_bots(ana, beto, "Beto")
        shots.step("table-lobby")
        assert fits_a_phone(beto)

        ana.click("#start")
        for page in (ana, beto):
            expect(page.locator("#board")).to_be_visible()
            expect(page.locator("#hand svg.card")).to_have_count(3)
        # Each person sees their own three cards and the same scores; nobody sees another's hand.
        assert set(hand_cards(ana)).isdisjoint(hand_cards(beto))
        assert scores(ana) == scores(beto) == ["0", "0"]
        # The page names the sides and the partner as the table's lines do ("Nosotros" / "Ellos", "Compañero"),
        # on the scores and as a tag on the partner's seat, which shows Beto's own name.
        said = ana.evaluate("() => window.cartasTable.state.view.said")
        assert [text.strip() for text in ana.locator("#scores .side-name").all_inner_texts()] == said["sides"]
        expect(ana.locator('.seat-panel[data-seat="2"] .tag.said')).to_have_text(said["seats"][2])
        expect(ana.locator('.seat-panel[data-seat="2"] .seat-head strong')).to_have_text("Beto")
        assert said["seats"][2] != "Beto" and ana.locator('.seat-panel[data-seat="1"] .tag.said').count() == 0

        # Each page speaks its reader's browser language (Argentine Spanish here); English is one choice away.
        expect(beto.locator("#me")).to_contain_text("Tus cartas")
        ana.select_option("select.lang", "en")
        expect(ana.locator("#me")).to_contain_text("Your hand")

        # Someone with the link but no seat watches: the table, and no card that is still in a hand.
        watcher_ctx = browser.new_context(viewport=DESKTOP)
        contexts.append(watcher_ctx)
        watcher = shots.watch("watcher", watcher_ctx.new_page())
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
