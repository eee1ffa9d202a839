"""On a 390x844 phone the reader's hand is whole on screen, above the action bar that stays fixed at the bottom:
in truco for 2 and 4 players and in chinchón, at the start of the hand and after the end-of-hand summary came up.
The call buttons say the call as it is said ("¡Truco!"), and chinchón's bar says what to do with the piles.

Run with ``pytest -m browser tests/online_browser``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import Shots, shots_on_failure, open_seat, play_by_socket_until, started_table
from browser_helpers import serve_fresh
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

HAND_BOXES_JS = """() => {
  const bar = document.getElementById("actionbar");
  const barTop = bar && getComputedStyle(bar).display !== "none" ? bar.getBoundingClientRect().top : innerHeight;
  return {
    barTop, height: innerHeight, width: innerWidth,
    cards: [...document.querySelectorAll("#hand svg.card")].map((card) => {
      const box = card.getBoundingClientRect();
      return { card: card.dataset.card, top: box.top, bottom: box.bottom, left: box.left, right: box.right };
    }),
  };
}"""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def assert_hand_in_view(page: Page, where: str) -> None:
    """Every card of the hand lies inside the viewport and wholly above the action bar, with the page at its top."""
    page.evaluate("() => window.scrollTo(0, 0)")
    seen: dict[str, Any] = page.evaluate(HAND_BOXES_JS)
    assert seen["cards"], f"{where}: no hand drawn"
    for box in seen["cards"]:
        assert box["top"] >= 0 and box["left"] >= 0 and box["right"] <= seen["width"], (where, box, seen)
        assert box["bottom"] <= seen["barTop"] + 0.5, (where, "under the action bar", box, seen["barTop"])


@pytest.mark.parametrize(("game", "options"), [
    ("truco", {"players": 2, "points": 15}),
    ("truco", {"players": 4, "points": 15}),
    ("chinchon", {"players": 2, "points": 10}),
])
def test_the_hand_is_whole_above_the_action_bar_on_a_phone(
    server: str, browser: Browser, game: str, options: dict[str, Any]
) -> None:
    shots = Shots()
    code, (ana_seat,) = started_table(server, game, options, ["Ana"])
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    with shots_on_failure(shots, [context]):
        ana = shots.watch("ana", context.new_page())
        open_seat(ana, server, code, ana_seat)
        ana.wait_for_function("() => window.cartasTable.state.view && window.cartasTable.state.view.legal.length")
        expect(ana.locator("#actionbar")).to_be_visible()
        assert_hand_in_view(ana, "the first move")
        if game == "truco":
            # The call button says the call as it is sung, its icon apart from the words.
            truco = ana.locator('#actions .action[data-action="truco"]')
            said = ana.evaluate("window.cartasTable.state.view.legal.find((a) => a.text === 'truco').said")
            assert said and said != "truco" and said.lower().strip("¡!") == "truco", said
            expect(truco).to_contain_text(said)
        else:
            # Chinchón's bar says what to do now: draw from the stock or the pile.
            expect(ana.locator("#todo")).to_be_visible()
            words = ana.evaluate("async () => { const all = await (await fetch('/api/labels')).json();"
                                 " return (all[document.documentElement.lang] || all.en).draw_prompt; }")
            expect(ana.locator("#todo")).to_contain_text(words)
        # After a hand ended, the summary on the felt leaves the next hand's cards in view.
        play_by_socket_until(ana, "() => Boolean(window.cartasTable.state.summary || window.cartasTable.state.result)",
                             timeout_s=90)
        ana.wait_for_function("() => document.querySelectorAll('#hand svg.card').length > 0"
                              " || window.cartasTable.state.result", timeout=15_000)
        if ana.evaluate("!window.cartasTable.state.result && Boolean(document.getElementById('summary'))"):
            assert_hand_in_view(ana, "with the summary up")
        shots.step(f"fit-{game}-{options['players']}")
        assert not shots.errors, shots.errors
