"""Issue 28's "Done when", played in chromium as a person plays it, through what the table draws (never its log):

- a whole 4-player truco to 15 at 390 x 844 with three bots: every call answered from the action bar under the
  caller's bubble, cards played by tapping the hand, each hand's tricks (the winner's star) and the envido (the
  summary's cards) seen on the table, a win/loss banner, then a rematch and the new hand;
- a chinchón to 100 played by tapping the stock, the discard pile and the hand (closing when the bar offers it);
- a paulista with the French deck, in Portuguese for a guest, at a table the host made from a lobby in Spanish.

The deals are seeded: this module's server draws each table's seed from ``SEED`` (set per test), not at random,
so a test plays the same match each run. Bounded: each match has a deadline. Run with ``pytest -m browser``.
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from browser_helpers import (
    Shots,
    shots_on_failure,
    api_call,
    join_by_link,
    PLAY_ONE_JS,
    open_seat,
    serve_in_thread,
    started_table,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SEED = {"next": 2811}
"""The seed the next table (or rematch) gets; each test sets its own first."""
TAP_TIMEOUT_MS = 10_000  # a tap on a loaded machine, where the page may draw the table again under the finger


def next_seed() -> int:
    SEED["next"] += 1
    return SEED["next"] - 1


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    from cartas.online.app import create_app, installed_registry

    with tempfile.TemporaryDirectory() as folder, mock.patch("cartas.online.game.hub.new_seed", next_seed):
        app = create_app(Path(folder) / "online.sqlite3", registry=installed_registry(), bot_delay=0)
        yield from serve_in_thread(app)


def phone(browser: Browser, **extra: Any) -> Any:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **extra)


# --- truco: what the page draws, read in one go ------------------------------------------------------------------

TABLE_DRAWN_JS = """() => {
  const all = (sel) => [...document.querySelectorAll(sel)];
  const enabled = (sel) => all(sel).filter((b) => !b.disabled);
  return {
    result: Boolean(document.querySelector('#result.won, #result.lost')),
    summary: Boolean(document.querySelector('#summary')),
    envidoCards: all('#summary #shown-hands svg.card').length,
    wonMarks: all('#board .pcard.won .mark').length,
    rivalsPlayed: all('.seat-panel .played svg.card').map((c) => c.dataset.card),
    bubbles: all('.seat-panel .bubble:not(.old)').map((b) => b.textContent),
    actions: enabled('#actions .action[data-action]').map((b) => b.dataset.action),
    cards: enabled('#hand .card-button[data-action]').map((b) => b.querySelector('svg.card').dataset.card),
  };
}"""
"""The table as drawn: the banner, the hand's summary and the cards it shows, the trick stars, the cards in front
of the other seats, their open bubbles, the action bar's enabled moves and the hand's playable cards."""

ANSWERS = ("quiero", "no quiero")


class Watched:
    """What the person saw over the match, to assert on at its end."""

    def __init__(self) -> None:
        self.answered_under_a_bubble = 0
        self.envido_cards = 0
        self.won_marks = 0
        self.rival_cards: set[str] = set()
        self.tapped: list[str] = []
        self.seen_in_front: list[str] = []
        self.summaries = 0


def truco_turn(page: Page, seen: Watched, drawn: dict[str, Any], called: set[int], hand: int) -> bool:
    """One move from what the page shows: answer an open call ("quiero") from the bar, call envido once a hand when
    the bar offers it, else tap the first playable card; True when something was tapped."""
    actions = drawn["actions"]
    if "quiero" in actions:
        assert drawn["bubbles"], "a call to answer with no bubble at the caller's seat"
        page.locator('#actions .action[data-action="quiero"]:not([disabled])').tap(timeout=TAP_TIMEOUT_MS)
        seen.answered_under_a_bubble += 1
        return True
    if "envido" in actions and hand not in called:
        called.add(hand)
        page.locator('#actions .action[data-action="envido"]:not([disabled])').tap(timeout=TAP_TIMEOUT_MS)
        return True
    if drawn["cards"]:
        card = drawn["cards"][0]
        page.locator(f'#hand .card-button[data-action]:not([disabled]):has(svg.card[data-card="{card}"])').tap(
            timeout=TAP_TIMEOUT_MS)
        seen.tapped.append(card)
        # It lies in front of me, unless it was the hand's last card and the next hand is dealt already.
        page.wait_for_function(
            "(card) => document.querySelector(`#centre .my-played svg.card[data-card=\"${card}\"]`)"
            " || !document.querySelector(`#hand svg.card[data-card=\"${card}\"]`)", arg=card)
        if page.locator(f'#centre .my-played svg.card[data-card="{card}"]').count():
            seen.seen_in_front.append(card)
        return True
    if actions and not any(a.startswith(("truco", "retruco", "vale", "envido", "real", "falta", "mazo", "seña"))
                           for a in actions[:1]):
        page.locator("#actions .action[data-action]:not([disabled])").first.tap(timeout=TAP_TIMEOUT_MS)
        return True  # a move a card cannot make (a flor to sing): the bar's first
    return False


def test_a_whole_4_player_truco_to_15_on_a_phone_without_the_log(server: str, browser: Browser) -> None:
    SEED["next"] = 2811
    shots = Shots()
    code, (ana_seat,) = started_table(server, "truco", {"players": 4, "points": 15}, ["Ana"], bot_level="easy")
    context = phone(browser)
    seen = Watched()
    with shots_on_failure(shots, [context], note=lambda: f"saw {vars(seen)}"):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        expect(ana.locator("#hand svg.card")).to_have_count(3)
        called: set[int] = set()
        hand, in_summary = 0, False
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, f"the match did not end in 300 s; saw {vars(seen)}"
            drawn = ana.evaluate(TABLE_DRAWN_JS)
            if drawn["summary"] and not in_summary:
                seen.summaries += 1
                hand += 1
            in_summary = drawn["summary"]
            seen.envido_cards = max(seen.envido_cards, drawn["envidoCards"])
            seen.won_marks = max(seen.won_marks, drawn["wonMarks"])
            seen.rival_cards.update(drawn["rivalsPlayed"])
            if drawn["result"]:
                break
            if not truco_turn(ana, seen, drawn, called, hand):
                ana.wait_for_timeout(80)
        shots.step("truco-4p-over")
        banner = ana.locator("#result.won .headline, #result.lost .headline")
        expect(banner).to_be_visible()
        expect(banner).not_to_be_empty()
        final = [int(x) for x in re.findall(r"\d+", ana.locator("#result .final-score").inner_text())]
        assert max(final) >= 15, final
        # What the person saw, never reading the log: the hands' ends, tricks won, the envido as cards, the calls.
        assert seen.summaries >= 2, vars(seen)
        assert seen.won_marks >= 1 and seen.envido_cards >= 1, vars(seen)  # an envido sung shows its cards
        assert seen.answered_under_a_bubble >= 1, vars(seen)
        assert len(seen.tapped) >= 6 and len(seen.seen_in_front) >= len(seen.tapped) // 2, vars(seen)
        assert len(seen.rival_cards) >= 6, vars(seen)

        # A rematch: the bots accept at once, the same seats at a new table, a new hand in Ana's hand.
        ana.locator("#rematch-button").tap()
        ana.wait_for_url(lambda url: f"/t/{code}" not in url)
        expect(ana.locator("#hand svg.card")).to_have_count(3)
        expect(ana.locator("#result")).to_have_count(0)
        new_code = ana.url.rstrip("/").split("/")[-1]
        assert api_call(server, f"/api/tables/{new_code}")["status"] == "playing"
        assert not shots.errors, shots.errors
        print(f"truco to 15 on a phone, final {final}: saw {vars(seen)}")  # with -s: the margins of the asserts


# --- chinchón: the stock, the pile and the hand, tapped ----------------------------------------------------------

RUMMY_DRAWN_JS = """() => {
  const q = (sel) => document.querySelector(sel);
  const usable = (sel) => { const b = q(sel); return Boolean(b && !b.disabled); };
  const top = q('#discard-pile svg.card');
  return {
    result: Boolean(q('#result.won, #result.lost, #result .headline')),
    summary: Boolean(q('#summary')),
    shown: document.querySelectorAll('#summary #shown-hands svg.card').length,
    stock: usable('#stock[data-action="draw stock"]'),
    pile: usable('#discard-pile[data-action="draw discard"]'),
    top: top ? top.dataset.card : null,
    hand: [...document.querySelectorAll('#hand svg.card')].map((c) => c.dataset.card),
    discards: [...document.querySelectorAll('#hand .card-button[data-action^="discard"]:not([disabled])')]
      .map((b) => b.dataset.action.split(' ')[1]),
    closeMode: usable('#close-mode'),
    closing: Boolean(q('#close-mode.on')),
    closes: [...document.querySelectorAll('#hand .card-button[data-action^="close"]:not([disabled])')]
      .map((b) => b.dataset.action.split(' ')[1]),
  };
}"""


def rank_suit(card: str) -> tuple[int, str]:
    """(rank, suit) of a card in notation; the comodín is (0, "J")."""
    return (0, "J") if card.upper() == "JK" else (int(card[:-1]), card[-1].upper())


def ties(card: str, others: list[str]) -> int:
    """How many of ``others`` could meld with ``card``: the same rank, or the same suit one or two ranks away."""
    rank, suit = rank_suit(card)
    if rank == 0:
        return 99  # the comodín melds with anything: never thrown
    count = 0
    for other in others:
        r, s = rank_suit(other)
        count += r == 0 or r == rank or (s == suit and 0 < abs(r - rank) <= 2)
    return count


def worst(cards: list[str], hand: list[str]) -> str:
    """The card to throw: the one tied to fewest others, the highest of those."""
    return min(cards, key=lambda c: (ties(c, [o for o in hand if o != c]), -rank_suit(c)[0]))


def rummy_turn(page: Page, drawn: dict[str, Any], taps: dict[str, int]) -> bool:
    """One tap a player would make: past the last hand's summary (it lies over the piles on a phone: "Continue"),
    take the pile's card when it melds with the hand, else the stock; close when the bar offers it; else throw the
    loosest card."""
    hand = drawn["hand"]
    if drawn["summary"]:
        taps["summaries"] += 1
        taps["shown"] = max(taps["shown"], drawn["shown"])
        page.locator("#summary-close").tap(timeout=TAP_TIMEOUT_MS)
        return True
    if drawn["pile"] and drawn["top"] and ties(drawn["top"], hand) >= 2:
        page.locator("#discard-pile").tap(timeout=TAP_TIMEOUT_MS)
        taps["pile"] += 1
        return True
    if drawn["stock"]:
        page.locator("#stock").tap(timeout=TAP_TIMEOUT_MS)
        taps["stock"] += 1
        return True
    if drawn["closeMode"] and not drawn["closing"]:
        page.locator("#close-mode").tap(timeout=TAP_TIMEOUT_MS)
        return True
    if drawn["closing"] and drawn["closes"]:
        card = worst(drawn["closes"], hand)
        page.locator(f'#hand .card-button[data-action="close {card}"]').tap(timeout=TAP_TIMEOUT_MS)
        taps["close"] += 1
        return True
    if drawn["discards"]:
        card = worst(drawn["discards"], hand)
        page.locator(f'#hand .card-button[data-action="discard {card}"]').tap(timeout=TAP_TIMEOUT_MS)
        taps["discard"] += 1
        return True
    return False


def test_a_chinchon_to_100_played_by_tapping_the_stock_and_the_pile(server: str, browser: Browser) -> None:
    SEED["next"] = 5105
    shots = Shots()
    code, (ana_seat,) = started_table(server, "chinchon", {"players": 2, "points": 100}, ["Ana"], bot_level="easy")
    context = phone(browser)
    taps = {"stock": 0, "pile": 0, "discard": 0, "close": 0, "summaries": 0, "shown": 0}
    with shots_on_failure(shots, [context], note=lambda: f"taps {taps}"):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        ana.wait_for_selector("#hand svg.card")
        deadline = time.monotonic() + 360
        while True:
            assert time.monotonic() < deadline, f"the chinchón did not end in 360 s: {taps}"
            drawn = ana.evaluate(RUMMY_DRAWN_JS)
            if drawn["result"]:
                break
            if not rummy_turn(ana, drawn, taps):
                ana.wait_for_timeout(80)
        shots.step("chinchon-over")
        expect(ana.locator("#result .headline")).to_be_visible()
        assert ana.locator("#result.won, #result.lost").count() == 1
        record = api_call(server, f"/api/tables/{code}")
        assert record["status"] == "finished", record["status"]
        # Every draw was a tap on the stock or the pile, every throw a tap on the hand; a hand was closed by tap.
        assert taps["stock"] >= 10 and taps["pile"] >= 1 and taps["discard"] >= 10 and taps["close"] >= 1, taps
        # Each hand's end was read as cards: the summary showed the hands laid down.
        assert taps["summaries"] >= 1 and taps["shown"] >= 7, taps
        assert not shots.errors, shots.errors
        print(f"chinchón to 100 by taps: {taps}")


# --- paulista: French deck, Portuguese, from a Spanish host ------------------------------------------------------

LETTERS = {1: "A", 10: "Q", 11: "J", 12: "K"}

CARDS_DRAWN_JS = """() => [...document.querySelectorAll('#board svg.card[data-card]')].map((c) => ({
  card: c.dataset.card, deck: c.dataset.deck, corner: (c.querySelector('text') || {}).textContent || '',
  name: c.getAttribute('aria-label') || (c.closest('button') ? c.closest('button').title : ''),
}))"""


def test_a_paulista_with_the_french_deck_in_portuguese_from_a_spanish_host(server: str, browser: Browser) -> None:
    SEED["next"] = 7301
    shots = Shots()
    host_context = phone(browser, locale="es")
    guest_context = phone(browser, locale="pt-BR")
    with shots_on_failure(shots, [host_context, guest_context]):
        host = shots.watch("host", host_context.new_page())
        guest = shots.watch("guest", guest_context.new_page())
        # The host makes the table from the lobby, which speaks Spanish to them.
        host.goto(f"{server}/?game=truco_paulista")
        expect(host.locator("html")).to_have_attribute("lang", "es")  # set once the labels have come
        host.fill("#name", "Lola")
        host.select_option("#players", "2")
        host.click("details.options summary")
        expect(host.locator("#opt-deck")).to_be_visible()
        host.select_option("#opt-deck", "french")
        host.click("#create")
        invite = host.locator("#invite")
        expect(invite).to_have_value(re.compile(r"/t/[A-Z2-9]{6}$"))
        link = invite.input_value()
        host.click("#open-table")
        expect(host.locator('#seats li[data-seat="0"]')).to_contain_text("Lola")
        # The guest, whose browser speaks Portuguese, joins by the link and the host starts.
        join_by_link(guest, link, "Bia", 1)
        expect(host.locator('#seats li[data-seat="1"]')).to_contain_text("Bia")
        host.click("#start")
        guest.wait_for_selector("#hand svg.card")
        host.wait_for_selector("#hand svg.card")
        expect(guest.locator("html")).to_have_attribute("lang", "pt-BR")
        expect(host.locator("html")).to_have_attribute("lang", "es")
        # The guest's page speaks Portuguese: its headings and its moves (a card's button says "jogo ...").
        expect(guest.locator("#board")).to_have_attribute("aria-label", guest.evaluate(
            "async () => (await (await fetch('/api/labels')).json())['pt-BR'].table"))
        code = link.rstrip("/").split("/")[-1]
        turn = host.evaluate("window.cartasTable.state.view.observation.to_act[0]")
        mover = guest if turn == 1 else host
        first = mover.locator("#hand .card-button[data-action]:not([disabled])").first
        expect(first).to_be_visible()
        title = first.get_attribute("title") or ""
        assert title.startswith("jogo " if mover is guest else "juego "), title
        # French cards on the guest's screen, named in Portuguese; Q J K for the figures. Play on (both seats
        # through their sockets) until the guest has seen a figure drawn.
        figures: list[dict[str, Any]] = []
        deadline = time.monotonic() + 120
        while not figures:
            assert time.monotonic() < deadline, "no Q, J or K was dealt in 120 s"
            cards = guest.evaluate(CARDS_DRAWN_JS)
            assert cards and all(c["deck"] == "french" for c in cards), cards
            for c in cards:
                rank = int(c["card"][:-1]) if c["card"] != "JK" else 0
                assert c["corner"].startswith(LETTERS.get(rank, str(rank))), c
                assert not any(w in c["name"] for w in ("sota", "caballo", "oros", "bastos", "diamantes")), c
            figures = [c for c in cards if c["card"][:-1] in ("10", "11", "12")]
            if not figures:
                for page in (guest, host):
                    page.evaluate(PLAY_ONE_JS, "")  # a card when it is this seat's turn
                guest.wait_for_timeout(150)
        names = [c["name"] for c in figures]
        assert all(re.search(r"\b(a dama|o valete|o rei)\b", n) for n in names if n), names
        assert api_call(server, f"/api/tables/{code}")["game"] == "truco_paulista"
        shots.step("paulista-pt-from-es")
        assert not shots.errors, shots.errors
