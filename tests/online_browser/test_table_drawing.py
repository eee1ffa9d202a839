"""Drawing the table again keeps what did not change (online/static/table/keep.js, cards.js's cache of faces).

The table page builds its board whole at every burst of frames; what goes into the page is only what changed: a
seat, the middle, the reader's place or the scores whose new drawing is node for node the same stays the node on
screen, and card faces are clones of one drawing. These tests fail if a drawing puts new nodes for unchanged
seats, if a kept panel is not updated when it did change, or if a cloned face is shared or differs from a drawn one.

Run with ``pytest -m browser tests/online_browser``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import open_seat, serve_fresh, started_table
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


CLONES_JS = """async () => {
  const cards = await import("/static/cards.js");
  const a = cards.cardFace("1E", "small");
  const b = cards.cardFace("1E", "small");
  a.setAttribute("aria-hidden", "true");
  const manilha = cards.cardFace("1E", "small manilha");
  const back = cards.cardBack("small");
  return {
    distinct: a !== b, bHidden: b.hasAttribute("aria-hidden"), card: b.dataset.card, cls: b.getAttribute("class"),
    shapes: b.querySelectorAll("*").length, manilha: manilha.dataset.manilha || null,
    plainManilha: b.dataset.manilha || null,
    backs: back !== cards.cardBack("small") && back.isEqualNode(cards.cardBack("small")),
  };
}"""


def test_card_faces_are_separate_clones(browser: Browser, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/")
    seen: dict[str, Any] = page.evaluate(CLONES_JS)
    page.close()
    assert seen["distinct"] and seen["backs"]
    assert seen["bHidden"] is False  # an attribute set on one clone is not on the next
    assert seen["card"] == "1E" and seen["cls"] == "card small" and seen["shapes"] > 3
    assert seen["manilha"] == "1" and seen["plainManilha"] is None  # the classes are part of what is cached


KEEP_JS = """async () => {
  const { drawInto } = await import("/static/table/keep.js");
  const build = (second, boardClass) => {
    const play = document.createElement("div"); play.className = "play";
    const board = document.createElement("section"); board.className = boardClass; board.id = "board";
    for (const [seat, text] of [["1", "Beto"], ["2", second]]) {
      const panel = document.createElement("div"); panel.className = "seat-panel"; panel.dataset.seat = seat;
      panel.textContent = text; board.append(panel);
    }
    const bar = document.createElement("div"); bar.id = "actionbar"; bar.textContent = "bar";
    play.append(board, bar);
    return play;
  };
  const main = document.createElement("div");
  drawInto(main, [build("Caro", "board players-3")]);
  const [one, two] = main.querySelectorAll(".seat-panel");
  const bar = main.querySelector("#actionbar");
  const play = main.firstElementChild;
  drawInto(main, [build("Dani", "board players-4")]);
  const [oneAfter, twoAfter] = main.querySelectorAll(".seat-panel");
  return {
    playKept: main.firstElementChild === play, oneKept: oneAfter === one, twoKept: twoAfter === two,
    twoText: twoAfter.textContent, barKept: main.querySelector("#actionbar") === bar,
    boardClass: main.querySelector("#board").className, panels: main.querySelectorAll(".seat-panel").length,
  };
}"""


def test_only_changed_panels_are_replaced(browser: Browser, server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/")
    seen: dict[str, Any] = page.evaluate(KEEP_JS)
    page.close()
    assert seen == {"playKept": True, "oneKept": True, "twoKept": False, "twoText": "Dani", "barKept": False,
                    "boardClass": "board players-4", "panels": 2}


def test_a_drawing_keeps_the_seats_that_did_not_change(browser: Browser, server: str) -> None:
    code, (ana,) = started_table(server, "truco", {"players": 4, "points": 15}, ["Ana"])
    page = browser.new_page(viewport={"width": 390, "height": 844})
    open_seat(page, server, code, ana)
    page.wait_for_selector("#hand .card-button.playable, #hand .card-button[data-action]")  # Ana's turn: bots wait
    page.wait_for_timeout(1200)  # a card played just now is drawn arriving for 900 ms: that is a change
    page.click("#sound-switch")
    page.wait_for_timeout(300)
    page.evaluate("""() => {
      // A property, not an attribute: an attribute would make the panel differ from its new drawing.
      for (const node of document.querySelectorAll('.seat-panel, #me, #log')) node.marked = '1';
    }""")
    page.click("#sound-switch")  # draws the table again, nothing on it changed
    page.wait_for_timeout(300)
    marked = page.evaluate("""() => ({
      seats: [...document.querySelectorAll('.seat-panel')].map((n) => n.marked || null),
      me: document.getElementById('me').marked || null, log: document.getElementById('log').marked || null,
      switched: document.getElementById('sound-switch').getAttribute('aria-pressed'),
    })""")
    page.close()
    assert marked["seats"] == ["1", "1", "1"] and marked["me"] == "1" and marked["log"] == "1", marked
    assert marked["switched"] is not None
