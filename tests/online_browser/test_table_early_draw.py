"""A played card is drawn from its ``play`` event frame, before the view frame that follows it arrives
(online/static/table/early.js), and the view that follows does not draw it a second time.

The page's websocket is routed through Playwright: frames pass as they come until the watched seat plays a card;
from then on the server's frames are held back (the view of that move and all after it, in order), the table is
read, and then the held frames are let through. These fail if the card waits for its view, if it is drawn twice
once the view comes, or if the reader's card stays in the hand.

Run with ``pytest -m browser tests/online_browser``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import PLAY_ONE_JS, open_seat, serve_fresh, started_table
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


class HoldAfterPlay:
    """The page's socket routed: server frames pass until ``seat`` plays a card; after that event they wait in
    ``held`` until :meth:`release`."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.card: str | None = None
        self.held: list[str] = []
        self.page_side: Any = None

    def route(self, ws: Any) -> None:
        self.page_side = ws
        server = ws.connect_to_server()
        server.on_message(self.from_server)

    def from_server(self, message: str | bytes) -> None:
        # the page asks for batches: a message holds the frames the server had ready, one a line; each is passed
        # on as a message of its own, so the frames after the play can be held back
        for text in (message if isinstance(message, str) else message.decode()).split("\n"):
            if self.card is not None:
                self.held.append(text)
                continue
            frame = json.loads(text)
            self.page_side.send(text)
            if frame.get("type") == "event" and frame.get("kind") == "play" and frame.get("seat") == self.seat:
                self.card = str(frame["detail"])

    def release(self) -> None:
        for text in self.held:
            self.page_side.send(text)
        self.held.clear()


ROW_JS = """(seat) => {
  const me = window.cartasTable.state.me;
  const row = seat === me ? document.querySelector('.my-played .cards.played')
    : document.querySelector(`.seat-panel[data-seat="${seat}"] .cards.played`);
  return {
    played: row ? [...row.querySelectorAll('svg.card')].map((c) => c.dataset.card) : [],
    hand: [...document.querySelectorAll('#hand svg.card')].map((c) => c.dataset.card),
    backs: seat === me ? null : document.querySelectorAll(`.seat-panel[data-seat="${seat}"] .cards.backs .card`).length,
  };
}"""


@pytest.mark.parametrize("seat", [0, 1], ids=["the reader's card", "a rival's card"])
def test_a_played_card_is_drawn_before_its_view(browser: Browser, server: str, seat: int) -> None:
    code, (ana,) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana"])
    hold = HoldAfterPlay(seat)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.route_web_socket("**/ws/**", hold.route)
    open_seat(page, server, code, ana)
    for _ in range(200):  # Ana answers calls and plays cards until the watched seat has played one
        if hold.card is not None:
            break
        page.evaluate(PLAY_ONE_JS, "")
        page.wait_for_timeout(50)
    assert hold.card is not None, "the watched seat never played a card"
    page.wait_for_timeout(400)  # the drawing of the event (a task after it), frames held meanwhile
    before = page.evaluate(ROW_JS, seat)
    waited = len(hold.held)
    hold.release()
    page.wait_for_timeout(600)
    after = page.evaluate(ROW_JS, seat)
    page.close()
    assert waited >= 1, "the move's view was not held: the test proves nothing"
    assert before["played"] and before["played"][-1] == hold.card, before
    # The views agree: the card once, in its place (the held frames may carry the seat's next card after it).
    assert after["played"][:len(before["played"])] == before["played"], (before, after)
    assert after["played"].count(hold.card) == 1, after
    if seat == 0:
        assert hold.card not in before["hand"] and hold.card not in after["hand"]
    else:
        assert before["backs"] == 3 - len(before["played"]) and after["backs"] == 3 - len(after["played"])
