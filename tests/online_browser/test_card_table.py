"""The table drawn as a card table, in Debian's chromium at 390 and 1280 px: a call said in a bubble by its caller
with the answers in view, a card played in front of the seat that played it, chinchón's stock tapped to draw, and
a rematch that seats the same people at a new table.

Run with ``pytest -m browser tests/online_browser``; see test_table_in_browser.py for how the server is run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_helpers import Shots, shots_on_failure, api_call, serve_fresh, open_seat, play_by_socket_until, started_table
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_truco_call_is_a_bubble_by_its_caller_and_the_answers_are_in_view(
    server: str, browser: Browser, size: str
) -> None:
    shots = Shots()
    code, (ana_seat, beto_seat) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana", "Beto"])
    contexts = [browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
                for _ in range(2)]
    with shots_on_failure(shots, contexts):
        ana = shots.watch("ana", contexts[0].new_page())
        beto = shots.watch("beto", contexts[1].new_page())
        open_seat(ana, server, code, ana_seat)
        open_seat(beto, server, code, beto_seat)
        # Whoever is mano calls truco from the action bar.
        truco = '#actions .action[data-action="truco"]:not([disabled])'
        mano = api_call(server, f"/api/tables/{code}")  # the seat to act first sees the truco button
        ana.wait_for_function("() => window.cartasTable && window.cartasTable.state.view")
        first = ana.evaluate("window.cartasTable.state.view.observation.to_act[0]")
        assert mano["status"] == "playing"
        caller, answerer = (ana, beto) if first == ana_seat["seat"] else (beto, ana)
        expect(caller.locator(truco)).to_be_visible()
        caller_seat = caller.evaluate("window.cartasTable.state.me")
        caller.click(truco)

        # The other sees "¡Truco!" in a bubble at the caller's seat, who called it, and the answers on screen.
        bubble = answerer.locator(f'.seat-panel[data-seat="{caller_seat}"] .bubble')
        expect(bubble).to_contain_text("Truco")
        expect(bubble).to_be_in_viewport()
        expect(answerer.locator("#who-acts")).to_contain_text("Truco")
        for answer in ("quiero", "no quiero"):
            expect(answerer.locator(f'#actions .action[data-action="{answer}"]')).to_be_in_viewport()
        # The caller sees their own words above their place.
        expect(caller.locator("#me > .bubble")).to_contain_text("Truco")
        assert answerer.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        # The answer is said at the answerer's seat, on the caller's screen.
        answerer.click('#actions .action[data-action="quiero"]')
        answerer_seat = 1 - caller_seat
        expect(caller.locator(f'.seat-panel[data-seat="{answerer_seat}"] .bubble')).to_contain_text("Quiero")

        # A card played lies in front of the seat that played it, on both screens.
        card = caller.locator("#hand .card-button:not([disabled])").first
        expect(card).to_be_visible()
        played = card.locator("svg.card").get_attribute("data-card")
        card.click()
        in_front = answerer.locator(f'.seat-panel[data-seat="{caller_seat}"] .played svg[data-card="{played}"]')
        expect(in_front).to_be_visible()
        expect(caller.locator(f'#centre .my-played svg[data-card="{played}"]')).to_be_visible()
        expect(caller.locator(f'#hand svg[data-card="{played}"]')).to_have_count(0)
        shots.step(f"truco-call-{size}")
        assert not shots.errors, shots.errors


@pytest.mark.parametrize("size", sorted(SIZES))
def test_chinchon_draws_by_tapping_the_stock_and_a_rematch_seats_the_same_table(
    server: str, browser: Browser, size: str
) -> None:
    shots = Shots()
    code, (ana_seat,) = started_table(server, "chinchon", {"players": 2, "points": 10}, ["Ana"])
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    with shots_on_failure(shots, [context]):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        stock = ana.locator('#stock[data-action="draw stock"]:not([disabled])')
        expect(stock).to_be_visible()
        expect(stock).to_be_in_viewport()
        before = ana.locator("#hand svg.card").count()
        stock.click()
        expect(ana.locator("#hand svg.card")).to_have_count(before + 1)
        # The card drawn is marked in the hand; tapping a card throws it on the discard pile.
        drawn = ana.evaluate("window.cartasTable.state.view.table_view.drawn")
        expect(ana.locator(f'#hand svg.card.drawn[data-card="{drawn}"]')).to_have_count(1)
        throw = ana.locator('#hand .card-button[data-action^="discard"]:not([disabled])').first
        thrown = (throw.get_attribute("data-action") or "").split(" ")[1]
        throw.click()
        # (the bot, moving at once, may already have taken it from the pile)
        expect(ana.locator(f'#hand svg.card[data-card="{thrown}"]')).to_have_count(0)
        ana.wait_for_function(
            "(card) => window.cartasTable.state.log.some((l) => l.kind === 'discard' && l.detail === card)", arg=thrown)
        line = ana.evaluate(
            "(card) => window.cartasTable.state.log.find((l) => l.kind === 'discard' && l.detail === card).text", thrown)
        expect(ana.locator("#log")).to_contain_text(line)

        # Played to its end (a 10-point limit ends soon): a clear result, and a rematch with the same seats.
        play_by_socket_until(ana, "() => Boolean(window.cartasTable.state.result)", timeout_s=90)
        expect(ana.locator("#result .headline")).to_be_visible()
        assert ana.locator("#result.won, #result.lost").count() == 1
        seats_before = [(s["kind"], s["name"]) for s in api_call(server, f"/api/tables/{code}")["seats"]]
        ana.click("#rematch-button")  # the bot accepts at once, so the new table starts
        ana.wait_for_url(lambda url: f"/t/{code}" not in url)
        new_code = ana.url.rstrip("/").split("/")[-1]
        expect(ana.locator("#board")).to_be_visible()
        info = api_call(server, f"/api/tables/{new_code}")
        assert info["status"] == "playing" and info["game"] == "chinchon"
        assert [(s["kind"], s["name"]) for s in info["seats"]] == seats_before
        expect(ana.locator("#me")).to_contain_text("Ana")
        shots.step(f"rematch-{size}")
        assert not shots.errors, shots.errors


def test_coming_back_says_in_one_line_what_happened_while_away(server: str, browser: Browser) -> None:
    shots = Shots()
    code, (ana_seat, beto_seat) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana", "Beto"])
    contexts = [browser.new_context(viewport=SIZES["phone"]) for _ in range(2)]
    with shots_on_failure(shots, contexts):
        ana = shots.watch("ana", contexts[0].new_page())
        beto = shots.watch("beto", contexts[1].new_page())
        open_seat(ana, server, code, ana_seat)
        open_seat(beto, server, code, beto_seat)
        ana.wait_for_function("() => window.cartasTable.state.view")
        first = ana.evaluate("window.cartasTable.state.view.observation.to_act[0]")
        mover, back = (ana, beto) if first == ana_seat["seat"] else (beto, ana)
        expect(back.locator("#conn")).to_have_attribute("data-state", "online")
        # The one who waits loses the connection (it stays down until told to come back); the other plays a card.
        back.evaluate("() => { const s = window.cartasTable.socket; s.stopped = true; s.ws.close(); }")
        mover.locator("#hand .card-button:not([disabled])").first.click()
        expect(mover.locator("#centre .my-played svg.card")).to_have_count(1)
        back.evaluate("() => { const s = window.cartasTable.socket; s.stopped = false; s.attempt = 0; s.connect(); }")
        expect(back.locator("#conn")).to_have_attribute("data-state", "online")
        notice = back.locator("#notice.info")
        expect(notice).to_be_visible()
        words = back.evaluate("async () => { const all = await (await fetch('/api/labels')).json();"
                              " const l = all[document.documentElement.lang] || all.en;"
                              " return [l.while_away, l.moves_played]; }")
        expect(notice).to_contain_text(f"{words[0]}: 1 {words[1]}")
        assert not shots.errors, shots.errors


def test_the_keyboard_plays_and_the_mazo_asks_twice(server: str, browser: Browser) -> None:
    shots = Shots()
    code, (ana_seat,) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana"])
    context = browser.new_context(viewport=SIZES["laptop"])
    with shots_on_failure(shots, [context]):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        expect(ana.locator("#hand .card-button[data-key='1']:not([disabled])")).to_be_visible()
        mazo = ana.locator('#actions .action.family-fold')
        expect(mazo).to_be_visible()
        key = mazo.get_attribute("data-key") or ""
        version = ana.evaluate("window.cartasTable.socket.version")
        ana.keyboard.press(key)  # once: the button asks again, nothing is sent
        expect(mazo).to_have_class(re.compile(r"\bconfirming\b"))
        ana.wait_for_timeout(300)
        assert ana.evaluate("window.cartasTable.socket.version") == version
        expect(ana.locator("#hand svg.card")).to_have_count(3)
        # A digit plays that card of the hand.
        first = ana.locator("#hand .card-button[data-key='1'] svg.card").get_attribute("data-card")
        ana.keyboard.press("1")
        expect(ana.locator(f'#centre .my-played svg[data-card="{first}"]')).to_be_visible()
        expect(ana.locator(f'#hand svg[data-card="{first}"]')).to_have_count(0)
        assert not shots.errors, shots.errors


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_match_page_steps_through_a_finished_truco(server: str, browser: Browser, size: str) -> None:
    shots = Shots()
    code, (ana_seat,) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana"])
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    with shots_on_failure(shots, [context]):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        play_by_socket_until(ana, "() => Boolean(window.cartasTable.state.result)", timeout_s=150)
        link = ana.locator("#result #match-link")
        expect(link).to_be_visible()
        link.click()
        ana.wait_for_url(re.compile(rf"/t/{code}/match$"))
        expect(ana.locator("#board")).to_be_visible()
        steps = ana.evaluate("window.cartasMatch.state.steps.length")
        record = api_call(server, f"/api/tables/{code}/record")
        assert steps == len(record["actions"]) + 1
        # The first step: the deal, Ana's three cards, as her seat saw it.
        expect(ana.locator("#step-line")).to_contain_text(f"0 / {steps - 1}")
        expect(ana.locator("#hand svg.card")).to_have_count(3)
        expect(ana.locator("#seen-as")).to_contain_text("Ana")
        expect(ana.locator("#step-first")).to_be_disabled()
        # Next: one move made, a card on the table (Ana's or the bot's).
        ana.click("#step-next")
        expect(ana.locator("#step-line")).to_contain_text(f"1 / {steps - 1}")
        expect(ana.locator("#board .played svg.card, #centre .my-played svg.card")).not_to_have_count(0)
        # The keys: End, then the left arrow; the slider follows.
        ana.keyboard.press("End")
        expect(ana.locator("#step-line")).to_contain_text(f"{steps - 1} / {steps - 1}")
        expect(ana.locator("#step-next")).to_be_disabled()
        ana.keyboard.press("ArrowLeft")
        expect(ana.locator("#step-slider")).to_have_value(str(steps - 2))
        ana.click("#step-first")
        expect(ana.locator("#step-slider")).to_have_value("0")
        expect(ana.locator("#stepper")).to_be_in_viewport()
        shots.step(f"match-page-{size}")
        # A spectator's view of the same match: no hand of Ana's.
        ana.click("#as-spectator")
        expect(ana.locator("#seen-as")).not_to_contain_text("Ana")
        expect(ana.locator("#board")).to_be_visible()
        expect(ana.locator("#hand")).to_have_count(0)
        assert not shots.errors, shots.errors
