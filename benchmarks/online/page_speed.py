"""How fast the table's pages are in a browser: issue 28's three budgets, measured against a real ``cartas serve``.

- **first paint**: the table page of a hand in play (the seat's token in the browser, so the hand is drawn), loaded
  cold in a fresh context with chromium's CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``); the median and the
  largest of N loads of first paint, first contentful paint and "hand drawn" (the first card of the hand on screen).
  Budget: 1 s.
- **weight**: the lobby, the table and the match page with everything they load over HTTP (HTML, CSS, the ES
  modules, the card decks, the labels, the manifest, the icon, the API's JSON), summed from the network responses'
  bodies. Budget: 300 KB each. The websocket's frames are not in the sum; the table's are printed apart.
- **a move drawn at every seat**: browser pages at one 4-player truco, every move sent by the seat to act; each
  page notes ``performance.now()`` when a "play" event frame arrives on its websocket and again at the first
  animation frame after the card shows in the table's DOM. Per seat: p50, p99 and max over the match. Budget: 100 ms.
  Three ways to seat the table (``--pages``): ``4``, four chromium pages (four devices sharing this machine's
  CPU); ``1``, one page and three bots; ``rotate``, one page and three people played by plain websocket clients
  (Python threads that think ``--think-ms`` before each move, as people do), the page moved to each seat in turn:
  each seat measured as a device of its own draws it.

Run: ``python benchmarks/online/page_speed.py [--loads N] [--moves M] [--pages 4|1|rotate] [--only draw]`` (Debian's
chromium at /usr/bin/chromium and Playwright). The figures depend on the machine's load, which is printed with them; docs/speed.md has a run.
Speed is never asserted in the tests; only the table page's weight, which does not wait on the machine, is
(tests/online_browser/test_page_weight.py loads this file for :func:`page_weight`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # serve_helpers beside this file, also when loaded by path
from serve_helpers import cartas_serve, start_table  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
BUDGET_PAINT_MS = 1000
BUDGET_BYTES = 300 * 1024
BUDGET_DRAW_MS = 100

# --- the server and its API: benchmarks/online/serve_helpers.py ----------------------------------------------------------


def seat_script(code: str, seat: dict[str, Any]) -> str:
    """An init script that puts the seat where the lobby keeps it, before the page's own scripts run."""
    return f"localStorage.setItem({json.dumps(f'cartas:{code}')}, {json.dumps(json.dumps(seat))});"


PLAY_JS = """(preferred) => {
  const t = window.cartasTable; if (!t || !t.state.view || t.state.pending) return null;
  const legal = t.state.view.legal || [];
  if (!legal.length) return null;
  const move = legal.find((a) => a.text === preferred) || legal.find((a) => a.card)
    || legal.find((a) => a.text === "quiero") || legal[0];
  t.state.pending = true;
  t.socket.send({ type: "move", action: move.text, v: t.socket.version });
  return move.text;
}"""
"""Send one legal move through the page's own socket: ``preferred`` when legal ("mazo" ends a truco hand at once),
else a card, else "quiero", else the first."""

OVER_JS = "() => Boolean(window.cartasTable && window.cartasTable.state.result)"


def play_until_over(pages: list[Any], preferred: str = "", timeout_s: float = 300, moves: int | None = None) -> int:
    """Each page sends its moves until the match ends (or ``moves`` have been sent); how many were sent."""
    sent = 0
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if pages[0].evaluate(OVER_JS) or (moves is not None and sent >= moves):
            return sent
        for page in pages:
            if page.evaluate(PLAY_JS, preferred):
                sent += 1
        pages[0].wait_for_timeout(30)
    raise RuntimeError(f"the match did not end in {timeout_s} s")


# --- page weight -------------------------------------------------------------------------------------------------


def kind_of(url: str, content_type: str) -> str:
    if "/decks/" in url:
        return "card art"
    for word, kind in (("javascript", "js"), ("css", "css"), ("html", "html"), ("svg", "icon"),
                       ("manifest", "manifest")):
        if word in content_type:
            return kind
    return "manifest" if url.endswith("manifest.json") else "json" if "json" in content_type else "other"


def page_weight(page: Any, url: str, ready: str) -> dict[str, int]:
    """The bytes of every HTTP response ``page`` receives loading ``url`` until ``ready`` (a selector) shows and
    the network is quiet, by kind (html, css, js, card art, json, manifest, icon), plus ``total`` and ``ws`` (the
    websocket frames received, apart). Run it in a fresh context: a warm cache would hide what a first visit loads."""
    responses: list[Any] = []
    frames: list[int] = []
    page.on("response", lambda response: responses.append(response))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(len(payload))))
    page.goto(url)
    page.wait_for_selector(ready)
    try:
        page.wait_for_load_state("networkidle", timeout=5_000)
    except Exception:  # a page that keeps polling still has its weight counted as it stands
        pass
    sizes: dict[str, int] = {}
    for response in responses:
        try:
            body = response.body()
        except Exception:  # a redirect or a response the page dropped has no body to count
            continue
        kind = kind_of(response.url, response.headers.get("content-type", ""))
        sizes[kind] = sizes.get(kind, 0) + len(body)
    sizes["total"] = sum(sizes.values())
    sizes["ws"] = sum(frames)
    return sizes


# --- first paint -------------------------------------------------------------------------------------------------

HAND_DRAWN_JS = """
new MutationObserver((_, observer) => {
  if (document.querySelector('#hand svg.card')) {
    observer.disconnect();
    requestAnimationFrame(() => { window.__handDrawn = performance.now(); });
  }
}).observe(document, { childList: true, subtree: true });
"""


def first_paints(browser: Any, server: str, code: str, seat: dict[str, Any], loads: int) -> dict[str, list[float]]:
    """``loads`` cold loads of the table page, CPU slowed 4x: first paint, first contentful paint, hand drawn (ms)."""
    out: dict[str, list[float]] = {"first paint": [], "first contentful paint": [], "hand drawn": []}
    for _ in range(loads):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        context.add_init_script(seat_script(code, seat))
        context.add_init_script(HAND_DRAWN_JS)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"{server}/t/{code}")
        page.wait_for_function("() => window.__handDrawn", timeout=30_000)
        paints = {entry["name"]: entry["startTime"] for entry in page.evaluate(
            "() => performance.getEntriesByType('paint').map((e) => ({name: e.name, startTime: e.startTime}))")}
        out["first paint"].append(paints.get("first-paint", float("nan")))
        out["first contentful paint"].append(paints.get("first-contentful-paint", float("nan")))
        out["hand drawn"].append(page.evaluate("window.__handDrawn"))
        context.close()
    return out


# --- a move drawn at every seat ----------------------------------------------------------------------------------

DRAW_TIMING_JS = """
(() => {
  const waiting = new Map();  // card -> {at: its "play" frame's arrival, view: the next view frame's}
  window.__drawMs = [];  // [from the play frame, from the view frame that carries the card]
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // Added before the page's own listener, so it runs first: the time is the frame's arrival.
      this.addEventListener('message', (event) => {
        const at = performance.now();
        for (const line of String(event.data).split('\n')) {  // the page asks for batches: a frame a line
          try {
            const frame = JSON.parse(line);
            const played = frame.type === 'event' && frame.kind === 'play' && frame.detail;
            if (played) waiting.set(String(frame.detail), { at, view: null });
            if (frame.type === 'view') for (const entry of waiting.values()) if (entry.view === null) entry.view = at;
          } catch (_) { /* not JSON: not a move */ }
        }
      });
    }
  };
  const check = () => {
    for (const [card, entry] of waiting) {
      if (document.querySelector(`.played svg.card[data-card="${card}"]`)) {
        waiting.delete(card);
        requestAnimationFrame(() => {
          const now = performance.now();
          window.__drawMs.push([now - entry.at, now - (entry.view === null ? entry.at : entry.view)]);
        });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();
"""
"""Per page: the milliseconds from a played card's frame arriving (and from the view frame that carries it, which
the server sends right after) to the first animation frame with the card drawn."""


def static_from(context: Any, folder: Path | None) -> None:
    """Serve the page's ``/static/`` files from ``folder`` where it has them (the table's modules as they were before
    a change, say), so that one server measures both, alternating; nothing changes when ``folder`` is None."""
    if folder is None:
        return

    def answer(route: Any) -> None:
        path = route.request.url.split("/static/", 1)[1].split("?", 1)[0]
        local = folder / path
        if local.is_file():
            kind = "text/css" if path.endswith(".css") else "text/javascript"
            route.fulfill(status=200, body=local.read_bytes(), headers={"Content-Type": kind, "Cache-Control": "no-store"})
        else:
            route.continue_()

    context.route("**/static/**", answer)


def draw_delays(browser: Any, server: str, moves: int | None, pages_at_table: int = 4,
                static: Path | None = None) -> tuple[list[list[list[float]]], int]:
    """``pages_at_table`` people (easy bots in the other seats) at one 4-player truco to 15, playing until it ends
    (or ``moves`` are sent); each person's delays. With one page, the browser has the machine's cores to itself, as
    a person's phone has; with four, four pages share two cores."""
    people = ["Ana", "Beto", "Caro", "Dani"][:pages_at_table]
    code, seats = start_table(server, "truco", {"players": 4, "points": 15}, people)
    contexts, pages = [], []
    for seat in seats:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        context.add_init_script(seat_script(code, seat))
        context.add_init_script(DRAW_TIMING_JS)
        static_from(context, static)
        page = context.new_page()
        page.goto(f"{server}/t/{code}")
        page.wait_for_selector("#hand svg.card")
        contexts.append(context)
        pages.append(page)
    sent = play_until_over(pages, moves=moves)
    pages[0].wait_for_timeout(500)  # the last frames drawn
    delays = [list(page.evaluate("window.__drawMs")) for page in pages]
    for context in contexts:
        context.close()
    return delays, sent


def choose_move(legal: list[dict[str, Any]], preferred: str = "") -> str:
    """What PLAY_JS chooses, in Python: ``preferred`` when legal, else a card, else "quiero", else the first."""
    for wanted in ([a for a in legal if a.get("text") == preferred], [a for a in legal if a.get("card")],
                   [a for a in legal if a.get("text") == "quiero"], legal):
        if wanted:
            return str(wanted[0]["text"])
    return ""


class SocketPerson(threading.Thread):
    """A person at a seat without a browser: a plain websocket client that says hello with the seat's token and,
    whenever its view has legal moves, thinks ``think_ms`` and sends one (a card when it can). It draws nothing:
    the one chromium page at the table is the only device measured, with the CPU to itself as a phone has."""

    def __init__(self, server: str, code: str, seat: dict[str, Any], think_ms: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url = server.replace("http://", "ws://") + f"/ws/{code}"
        self.token = seat["token"]
        self.think_s = think_ms / 1000
        self.stop = stop
        self.sent = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        from websockets.sync.client import connect
        try:
            with connect(self.url) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token, "v": None, "lang": None}))
                version: int | None = None
                legal: list[dict[str, Any]] = []
                due: float | None = None  # when the move being thought of is sent
                while not self.stop.is_set():
                    wait = 0.2 if due is None else max(0.0, due - time.monotonic())
                    try:
                        frame = json.loads(ws.recv(timeout=wait))
                    except TimeoutError:
                        frame = None
                    if frame is not None:
                        if isinstance(frame.get("v"), int) and frame.get("type") != "view":
                            version = frame["v"]
                        if frame.get("type") == "snapshot" and frame.get("view"):
                            frame = {"type": "view", "view": frame["view"]}
                        if frame.get("type") == "view":
                            legal = list((frame.get("view") or {}).get("legal") or [])
                            due = time.monotonic() + self.think_s if legal else None
                        elif frame.get("type") == "error":
                            due = time.monotonic() + self.think_s if legal else None
                        elif frame.get("type") == "result":
                            return
                        continue
                    if due is not None and time.monotonic() >= due:
                        ws.send(json.dumps({"type": "move", "action": choose_move(legal), "v": version}))
                        self.sent += 1
                        due = None
        except BaseException as problem:  # noqa: BLE001 - reported by the caller, not swallowed
            self.error = problem


def rotating_draw_delays(browser: Any, server: str, moves: int, think_ms: int,
                         static: Path | None = None) -> list[tuple[list[list[float]], int]]:
    """The page at each seat in turn of a 4-player truco to 15 (a new table each time), the three other seats
    played by :class:`SocketPerson`; per seat, the page's delays and the moves sent at that table."""
    out = []
    for seat_at in range(4):
        people = ["Ana", "Beto", "Caro", "Dani"]
        code, seats = start_table(server, "truco", {"players": 4, "points": 15}, people)
        stop = threading.Event()
        others = [SocketPerson(server, code, seat, think_ms, stop) for seat in seats if seat["seat"] != seat_at]
        for person in others:
            person.start()
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        context.add_init_script(seat_script(code, seats[seat_at]))
        context.add_init_script(DRAW_TIMING_JS)
        static_from(context, static)
        page = context.new_page()
        page.goto(f"{server}/t/{code}")
        page.wait_for_selector("#hand svg.card")
        sent = 0
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            total = sent + sum(person.sent for person in others)
            if page.evaluate(OVER_JS) or total >= moves:
                break
            failed = [person.error for person in others if person.error is not None]
            if failed:
                raise RuntimeError(f"a socket person failed: {failed[0]!r}")
            if page.evaluate(PLAY_JS, ""):
                sent += 1
            page.wait_for_timeout(30)
        page.wait_for_timeout(500)  # the last frames drawn
        delays = list(page.evaluate("window.__drawMs"))
        stop.set()
        context.close()
        for person in others:
            person.join(timeout=5)
        out.append(([[] for _ in range(seat_at)] + [delays], sent + sum(person.sent for person in others)))
    return out


def print_delays(delays: list[list[list[float]]], only: int | None = None) -> None:
    print(f"{'seat':6} {'cards':>6} {'p50':>7} {'p99':>7} {'max':>7}   from the view frame: {'p50':>7} {'max':>7}")
    for seat, pairs in enumerate(delays):
        if only is not None and seat != only:
            continue
        values, from_view = [pair[0] for pair in pairs], [pair[1] for pair in pairs]
        print(f"{seat:<6} {len(values):6} {quantile(values, 0.5):7.1f} {quantile(values, 0.99):7.1f} "
              f"{max(values, default=float('nan')):7.1f}   {'':20} {quantile(from_view, 0.5):7.1f} "
              f"{max(from_view, default=float('nan')):7.1f}  "
              + verdict(bool(values) and max(values) <= BUDGET_DRAW_MS))


# --- the report --------------------------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def verdict(ok: bool) -> str:
    return "within" if ok else "OVER"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10, help="cold loads of the table page (default 10)")
    parser.add_argument("--moves", type=int, default=None, help="stop the 4-seat match after this many moves")
    parser.add_argument("--pages", choices=("1", "4", "rotate"), default="4",
                        help="browser pages at the 4-player table: 4 people (default), 1 and three bots, or "
                             "rotate: 1 page at each seat in turn and three people on plain websockets")
    parser.add_argument("--think-ms", type=int, default=250,
                        help="how long a websocket person thinks before each move (--pages rotate; default 250)")
    parser.add_argument("--only", choices=("all", "draw"), default="all",
                        help="draw: measure only the moves drawn, not the first paint nor the weights")
    parser.add_argument("--static-from", type=Path, default=None, metavar="DIR",
                        help="the moves drawn with the page's static files taken from DIR where it has them")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder, cartas_serve(Path(folder)) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.only == "all":
            paint_and_weight(browser, server, args.loads)
        if args.pages == "rotate":
            rounds = rotating_draw_delays(browser, server, args.moves or 60, args.think_ms, args.static_from)
            print(f"\nA played card drawn after its frame arrived, one page at each seat in turn, the other three "
                  f"people on websockets thinking {args.think_ms} ms (ms; budget {BUDGET_DRAW_MS}):")
            for seat_at, (delays, sent) in enumerate(rounds):
                print(f"-- the page at seat {seat_at}, {sent} moves at the table")
                print_delays(delays, only=seat_at)
        else:
            delays, sent = draw_delays(browser, server, args.moves, int(args.pages), args.static_from)
            print(f"\nA played card drawn after its frame arrived, {args.pages} page(s) at one table, {sent} moves "
                  f"sent by the pages (ms; budget {BUDGET_DRAW_MS}):")
            print_delays(delays)
        browser.close()
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _play_at(browser: Any, server: str, code: str, seat: dict[str, Any], **play: Any) -> tuple[Any, Any]:
    """Opens table ``code`` on a phone as ``seat``, waits for the hand and plays with ``play_until_over``'s
    ``play`` arguments; the context and page are returned open, for the caller to check and close."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(seat_script(code, seat))
    page = context.new_page()
    page.goto(f"{server}/t/{code}")
    page.wait_for_selector("#hand svg.card")
    play_until_over([page], **play)
    return context, page


def paint_and_weight(browser: Any, server: str, loads: int) -> None:
    """The first paint of the table page mid-hand and the three pages' weights, printed."""
    # A hand in play: Ana and three bots, Ana has played her first card.
    code, (ana,) = start_table(server, "truco", {"players": 4, "points": 15}, ["Ana"])
    context, page = _play_at(browser, server, code, ana, moves=1)
    page.wait_for_selector("#centre .my-played svg.card")
    context.close()

    paints = first_paints(browser, server, code, ana, loads)
    print(f"\nThe table page mid-hand, cold, CPU 4x slower, {loads} loads (ms; budget {BUDGET_PAINT_MS}):")
    print(f"{'':24} {'median':>8} {'max':>8}")
    for name, values in paints.items():
        print(f"{name:24} {statistics.median(values):8.0f} {max(values):8.0f}  "
              f"{verdict(max(values) <= BUDGET_PAINT_MS)}")

    # The match page of a finished match: a 2-player truco, every hand folded ("mazo"), ends in ~15 moves.
    done, (bea,) = start_table(server, "truco", {"players": 2, "points": 15}, ["Bea"])
    context, _ = _play_at(browser, server, done, bea, preferred="mazo")
    context.close()

    print(f"\nPage weight, first visit, bytes of HTTP bodies (KB; budget {BUDGET_BYTES // 1024}):")
    kinds = ["html", "css", "js", "card art", "json", "manifest", "icon", "other"]
    print(f"{'page':8} " + " ".join(f"{k:>8}" for k in kinds) + f" {'total':>8} {'ws':>8}")
    for name, path, ready in (("lobby", "/", "#create"), ("table", f"/t/{code}", "#hand svg.card"),
                              ("match", f"/t/{done}/match", "#board")):
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(seat_script(code if name == "table" else done, ana if name == "table" else bea))
        sizes = page_weight(context.new_page(), f"{server}{path}", ready)
        context.close()
        print(f"{name:8} " + " ".join(f"{sizes.get(k, 0) / 1024:8.1f}" for k in kinds)
              + f" {sizes['total'] / 1024:8.1f} {sizes['ws'] / 1024:8.1f}  "
              + verdict(sizes["total"] <= BUDGET_BYTES))


if __name__ == "__main__":
    main()
