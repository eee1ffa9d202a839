"""How fast the table's pages are in a browser: issue 28's three budgets, measured against a real ``cartas serve``.

- **first paint**: the table page of a hand in play (the seat's token in the browser, so the hand is drawn), loaded
  cold in a fresh context with chromium's CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``); the median and the
  largest of N loads of first paint, first contentful paint and "hand drawn" (the first card of the hand on screen).
  Budget: 1 s.
- **weight**: the lobby, the table and the match page with everything they load over HTTP (HTML, CSS, the ES
  modules, the card decks, the labels, the manifest, the icon, the API's JSON), summed from the network responses'
  bodies. Budget: 300 KB each. The websocket's frames are not in the sum; the table's are printed apart.
- **a move drawn at every seat**: four browser pages at one 4-player truco, every move sent by the page to act; each
  page notes ``performance.now()`` when a "play" event frame arrives on its websocket and again at the first
  animation frame after the card shows in the table's DOM. Per seat: p50, p99 and max over the match. Budget: 100 ms.

Run: ``python benchmarks/page_speed.py [--loads N] [--moves M]`` (Debian's chromium at /usr/bin/chromium and
Playwright). The figures depend on the machine's load, which is printed with them; docs/speed.md has a run.
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

# --- the server and its API: benchmarks/serve_helpers.py ----------------------------------------------------------


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
        try {
          const frame = JSON.parse(event.data);
          const played = frame.type === 'event' && frame.kind === 'play' && frame.detail;
          if (played) waiting.set(String(frame.detail), { at, view: null });
          if (frame.type === 'view') for (const entry of waiting.values()) if (entry.view === null) entry.view = at;
        } catch (_) { /* not JSON: not a move */ }
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


def draw_delays(browser: Any, server: str, moves: int | None, pages_at_table: int = 4) -> tuple[list[list[list[float]]], int]:
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
    parser.add_argument("--pages", type=int, choices=(1, 4), default=4,
                        help="browser pages at the 4-player table: 4 people (default), or 1 and three bots")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder, cartas_serve(Path(folder)) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

        # A hand in play: Ana and three bots, Ana has played her first card.
        code, (ana,) = start_table(server, "truco", {"players": 4, "points": 15}, ["Ana"])
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(seat_script(code, ana))
        page = context.new_page()
        page.goto(f"{server}/t/{code}")
        page.wait_for_selector("#hand svg.card")
        play_until_over([page], moves=1)
        page.wait_for_selector("#centre .my-played svg.card")
        context.close()

        paints = first_paints(browser, server, code, ana, args.loads)
        print(f"\nThe table page mid-hand, cold, CPU 4x slower, {args.loads} loads (ms; budget {BUDGET_PAINT_MS}):")
        print(f"{'':24} {'median':>8} {'max':>8}")
        for name, values in paints.items():
            print(f"{name:24} {statistics.median(values):8.0f} {max(values):8.0f}  "
                  f"{verdict(max(values) <= BUDGET_PAINT_MS)}")

        # The match page of a finished match: a 2-player truco, every hand folded ("mazo"), ends in ~15 moves.
        done, (bea,) = start_table(server, "truco", {"players": 2, "points": 15}, ["Bea"])
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(seat_script(done, bea))
        page = context.new_page()
        page.goto(f"{server}/t/{done}")
        page.wait_for_selector("#hand svg.card")
        play_until_over([page], preferred="mazo")
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

        delays, sent = draw_delays(browser, server, args.moves, args.pages)
        print(f"\nA played card drawn after its frame arrived, {args.pages} page(s) at one table, {sent} moves sent "
              f"by the pages (ms; budget "
              f"{BUDGET_DRAW_MS}):")
        print(f"{'seat':6} {'cards':>6} {'p50':>7} {'p99':>7} {'max':>7}   from the view frame: {'p50':>7} {'max':>7}")
        for seat, pairs in enumerate(delays):
            values, from_view = [pair[0] for pair in pairs], [pair[1] for pair in pairs]
            print(f"{seat:<6} {len(values):6} {quantile(values, 0.5):7.1f} {quantile(values, 0.99):7.1f} "
                  f"{max(values, default=float('nan')):7.1f}   {'':20} {quantile(from_view, 0.5):7.1f} "
                  f"{max(from_view, default=float('nan')):7.1f}  "
                  + verdict(bool(values) and max(values) <= BUDGET_DRAW_MS))
        browser.close()
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
