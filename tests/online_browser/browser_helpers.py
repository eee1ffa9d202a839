"""What the browser tests share: the skip where chromium is missing, screenshots, the lobby steps, a move by clicking.

Importing this module skips the importing test module (with a message) when /usr/bin/chromium, Playwright or the
online extra is missing. ``ServerProcess`` runs the real ``cartas serve`` in its own process, so a test can kill it
with SIGKILL and start it again on the same database and port.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
try:
    import uvicorn  # noqa: F401  (the online extra: starlette, uvicorn)
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from cartas.online.app import create_app
except ImportError as missing:
    pytest.skip(f"browser tests need the online extra and playwright: {missing}", allow_module_level=True)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}
STEP_TIMEOUT_MS = 15_000
CLICK_TIMEOUT_MS = 2_000


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/online/<name>.py``, loaded from its file: benchmarks is not a package (page_speed's measures,
    the server and API helpers the scripts and these tests share)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "online" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVE = benchmark_script("serve_helpers")
free_port: Callable[[], int] = SERVE.free_port
api_call: Callable[..., Any] = SERVE.api
"""``api_call(server, path, body=None, token=None)``: the JSON answer of a GET, or of a POST of ``body``."""
started_table: Callable[..., tuple[str, list[dict[str, Any]]]] = SERVE.start_table
"""``started_table(server, game, options, people, bot_level="easy")``: a started table, ``people`` in seats 0, 1,
... (the first the host), bots in the rest; the code and each person's seat as this browser keeps it."""


def serve_fresh() -> Iterator[str]:
    """The installed games' server over a fresh database in a temporary folder, bots moving at once, served as
    :func:`serve_in_thread` serves it: what most browser test modules' ``server`` fixture yields."""
    from cartas.online.app import installed_registry

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "online.sqlite3", registry=installed_registry(), bot_delay=0)
        yield from serve_in_thread(app)


def serve_in_thread(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free loopback port in a daemon thread; yields its base URL, then stops it.
    The tests' module fixtures share it (``yield from serve_in_thread(app)``)."""
    port = free_port()
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
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


# --- the server in its own process -----------------------------------------------------------------------------


class ServerProcess:
    """``cartas serve`` on a fixed port and database, in its own process group, to be killed and started again."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.db = folder / "online.sqlite3"
        self.log = folder / "server.log"
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        return list(SERVE.serve_command(self.port, self.db))

    def start(self, timeout_s: float = 45) -> None:
        """Start the server and wait until it answers; records and history go to a home inside ``folder``."""
        with self.log.open("ab") as log:
            log.write(f"--- start {time.strftime('%H:%M:%S')}\n".encode())
        self.process = SERVE.start_serving(self.folder, self.port, self.log, timeout_s)

    def kill(self) -> None:
        """SIGKILL the server and everything it started (its bot workers): a crash, nothing shut down cleanly."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)

    def get(self, path: str) -> Any:
        return api_call(self.url, path)

    def log_tail(self, lines: int = 40) -> str:
        return str(SERVE.log_tail(self.log, lines))


# --- screenshots -----------------------------------------------------------------------------------------------


class Shots:
    """Screenshots of the open pages: at named steps when asked for, and of everything when the test fails."""

    def __init__(self) -> None:
        wanted = os.environ.get("CARTAS_SCREENSHOTS")
        self.steps = Path(wanted) if wanted else None
        self.pages: dict[str, Page] = {}
        self.errors: list[str] = []

    def watch(self, name: str, page: Page) -> Page:
        self.pages[name] = page
        page.set_default_timeout(STEP_TIMEOUT_MS)
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
            if page.is_closed():
                continue
            try:
                page.screenshot(path=str(folder / f"failure-{name}.png"), full_page=True, timeout=5_000)
                (folder / f"failure-{name}.html").write_text(page.content(), encoding="utf-8")
            except Exception as problem:  # a page that cannot be shot must not hide the failure itself
                (folder / f"failure-{name}.txt").write_text(f"no screenshot: {problem}", encoding="utf-8")
        return folder


@contextmanager
def shots_on_failure(
    shots: Shots, closing: Sequence[Any] = (), note: Callable[[], str] | None = None,
    keep: Callable[[Path], None] | None = None,
) -> Iterator[Shots]:
    """A browser test's steps: when they fail (an assert, a timeout, Ctrl-C) every watched page is shot, ``keep``
    adds what else helps (a server's log) to the folder, and the folder is printed with ``note()`` before the
    failure goes on; the browser contexts in ``closing`` are closed either way. ``closing`` is read at the end,
    so a test may add a context it opens halfway through."""
    try:
        yield shots
    except BaseException:
        folder = shots.failure()
        if keep is not None:
            keep(folder)
        print(f"browser test failed; screenshots in {folder}" + (f"; {note()}" if note is not None else ""))
        raise
    finally:
        for context in closing:
            context.close()


# --- the lobby, step by step -----------------------------------------------------------------------------------


def create_truco_table(page: Page, server: str, name: str, points: int = 15) -> str:
    """From the lobby page: a 4-player truco table to ``points``; opens it and returns its invite link."""
    page.goto(f"{server}/?game=truco")
    page.fill("#name", name)
    page.select_option("#players", "4")
    page.select_option("#opt-points", str(points))
    page.click("details.options summary")
    expect(page.locator("#opt-flor")).to_be_visible()
    page.click("#create")
    invite = page.locator("#invite")
    expect(invite).to_have_value(re.compile(r"/t/[A-Z2-9]{6}$"))
    link = invite.input_value()
    page.click("#open-table")
    expect(page.locator('#seats li[data-seat="0"]')).to_contain_text(name)
    return link


def join_by_link(page: Page, link: str, name: str, seat: int) -> None:
    """A second person opens the invite link and takes the first free seat, which is ``seat``."""
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join")
    expect(page.locator(f'#seats li[data-seat="{seat}"]')).to_contain_text(name)


def shown_label(page: Page, key: str) -> str:
    """The label ``key`` in the language the page shows now, as the server serves it to the page."""
    return str(page.evaluate(
        "async (key) => { const all = await (await fetch('/api/labels')).json();"
        " return (all[document.documentElement.lang] || all.en)[key]; }",
        key,
    ))


def seat_partners_and_bots(host: Page, guest: Page, guest_name: str) -> None:
    """The host (seat 0) moves the guest from seat 1 to seat 2, its partner, and puts easy bots in seats 1 and 3."""
    expect(host.locator('#seats li[data-seat="1"]')).to_contain_text(guest_name)
    host.click('#seats li[data-seat="1"] .move-down')
    expect(host.locator('#seats li[data-seat="2"]')).to_contain_text(guest_name)
    easy = shown_label(host, "level_easy")  # the level as the page's language says it; "easy" is the value
    host.select_option("#level-1", "easy")
    host.click('#seats li[data-seat="1"] .add-bot')
    expect(host.locator('#seats li[data-seat="1"] .who strong')).to_have_text(f"Bot 2 ({easy})")  # named by seat
    host.select_option("#level-3", "easy")
    host.click('#seats li[data-seat="3"] .add-bot')
    expect(host.locator('#seats li[data-seat="3"] .who strong')).to_have_text(f"Bot 4 ({easy})")
    expect(guest.locator('#seats li[data-seat="2"] .tag.you')).to_be_visible()
    team_of = [host.locator(f'#seats li[data-seat="{s}"] .tag.team').inner_text() for s in range(4)]
    assert team_of[0] == team_of[2] != team_of[1] == team_of[3]


# --- the table -------------------------------------------------------------------------------------------------


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


TABLE_STATE_JS = """() => {
  const table = window.cartasTable;
  if (!table) return null;
  const s = table.state;
  const o = s.view && s.view.observation;
  return {
    v: table.socket.version, conn: table.socket.state, me: s.me, pending: s.pending,
    hand_number: o ? o.hand_number : null, to_act: o ? o.to_act : [], scores: o ? o.scores : null,
    over: Boolean(o && o.over), result: s.result ? {winners: s.result.winners, scores: s.result.scores} : null,
  };
}"""


def table_state(page: Page) -> dict[str, Any] | None:
    """What the page's own script holds: socket version and state, hand number, whose turn, scores, the result."""
    return page.evaluate(TABLE_STATE_JS)  # type: ignore[no-any-return]


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


class FrameLog:
    """Every websocket frame each watched page receives, parsed, in order: to check what a reconnect brought."""

    def __init__(self) -> None:
        self.frames: list[tuple[str, dict[str, Any]]] = []

    def watch(self, name: str, page: Page) -> None:
        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self._keep(name, payload))

        page.on("websocket", on_socket)

    def _keep(self, name: str, payload: Any) -> None:
        if not isinstance(payload, str):
            return
        for line in payload.split("\n"):  # the page asks for batches: a frame a line
            try:
                frame = json.loads(line)
            except ValueError:
                continue
            if isinstance(frame, dict):
                self.frames.append((name, frame))

    def mark(self) -> int:
        return len(self.frames)

    def since(self, mark: int, name: str, kind: str) -> list[dict[str, Any]]:
        return [frame for who, frame in self.frames[mark:] if who == name and frame.get("type") == kind]

    def wait_for(
        self, page: Page, mark: int, name: str, kinds: tuple[str, ...], timeout_ms: int = 10_000
    ) -> list[dict[str, Any]]:
        """The frames of ``kinds`` ``name`` received since ``mark``, waiting for the first to arrive.

        Playwright hands frames to Python only while the test is inside one of its calls, so a frame the page
        already has may not be logged yet: the wait lets it through. (A check made the instant the page showed
        "online" found no frame after the welcome on a loaded CI machine.)"""
        waited = 0
        while True:
            found = [frame for kind in kinds for frame in self.since(mark, name, kind)]
            if found or waited >= timeout_ms:
                return found
            page.wait_for_timeout(50)
            waited += 50


# --- tables set up through the API, a seat opened in a page ------------------------------------------------------


def open_seat(page: Page, server: str, code: str, seat: dict[str, Any]) -> None:
    """Open table ``code`` in ``page`` as the person holding ``seat`` (put where the lobby would keep it)."""
    page.goto(f"{server}/api/games")  # any page of the site, to reach its localStorage
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"cartas:{code}", json.dumps(seat)])
    page.goto(f"{server}/t/{code}")
    expect(page.locator("#board")).to_be_visible()


PLAY_ONE_JS = """(preferred) => {
  const t = window.cartasTable; if (!t || !t.state.view || t.state.pending) return null;
  const legal = t.state.view.legal || [];
  if (!legal.length) return null;
  const move = legal.find((a) => preferred && a.text === preferred) || legal.find((a) => a.card)
    || legal.find((a) => a.text === "quiero") || legal[0];
  t.state.pending = true;
  t.socket.send({ type: "move", action: move.text, v: t.socket.version });
  return move.text;
}"""


def play_by_socket_until(page: Page, done_js: str, timeout_s: float = 60, preferred: str = "") -> None:
    """Send this page's first legal moves (``preferred`` when legal, else a card first) through its own socket until
    ``done_js`` is true. ``preferred="mazo"`` ends a truco to 15 in a few dozen moves, every hand folded."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(done_js):
            return
        page.evaluate(PLAY_ONE_JS, preferred)
        page.wait_for_timeout(40)
    raise AssertionError(f"not reached in {timeout_s} s: {done_js}")


def account_form(page: Page, server: str, username: str, form: str = "signup", password: str = "correct horse") -> None:
    """Sign up (``form="signup"``) or log in (``"login"``) on the account page, and wait for the profile form."""
    page.goto(f"{server}/account")
    fields = page.locator(f"#{form}-form")
    fields.locator("input[name=username]").fill(username)
    fields.locator("input[name=password]").fill(password)
    fields.locator("button[type=submit]").click()
    expect(page.locator("#profile-form")).to_be_visible()
