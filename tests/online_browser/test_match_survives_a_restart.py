"""A whole truco match in two browsers: one person reconnects mid-hand, the server is killed and comes back.

This is issue 14's "done when" played end to end: ``cartas serve`` runs in its own process; Ana (desktop) opens a
4-player table to 15 points from the lobby, Beto (a 375 px phone) joins by the invite link, Ana makes him her partner
and puts easy bots in the other seats, and both play by clicking (the first playable card, "quiero" to every call)
until the match ends. Mid-hand Beto's page is closed and the link opened again; later, on a person's turn, the server
is killed with SIGKILL and started again on the same database and port, and both pages must come back by themselves
to the same version, hands and scores. The result screen's record link must download a record that
``cartas.core.record`` replays to the same final scores.

The whole test is bounded by ``CARTAS_BROWSER_BOUND`` seconds (default 240); screenshots of every page and the
server's log tail are saved when it fails (see browser_helpers.Shots).
"""

from __future__ import annotations

import os
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from browser_helpers import (
    CLICK_TIMEOUT_MS,
    DESKTOP,
    PHONE,
    FrameLog,
    ServerProcess,
    Shots,
    shots_on_failure,
    click_something,
    create_truco_table,
    hand_cards,
    join_by_link,
    scores,
    seat_partners_and_bots,
    table_state,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cartas.core.record import load_record, replay

pytestmark = pytest.mark.browser

BOUND_S = float(os.environ.get("CARTAS_BROWSER_BOUND", "240"))
PEOPLE = {0: "ana", 2: "beto"}  # seats, after the host made them partners
COME_BACK_MS = 30_000
"""How long a page may take to reconnect after the server is back (its back-off waits up to 10 s)."""


class OutOfTime(Exception):
    pass


@pytest.fixture
def bounded() -> Iterator[None]:
    """A hard bound on the whole test: SIGALRM interrupts whatever step is waiting."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime(f"the match did not finish within {BOUND_S:.0f} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, BOUND_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def server() -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory(prefix="cartas-serve-") as folder:
        process = ServerProcess(Path(folder))
        process.start()
        try:
            yield process
        finally:
            process.kill()


def close_summaries(pages: list[Page]) -> None:
    for page in pages:
        if page.locator("#summary-close").count():
            try:  # the summary also folds by itself once the next hand is under way
                page.click("#summary-close", timeout=CLICK_TIMEOUT_MS)
            except PlaywrightTimeout:
                pass


def settled(pages: list[Page], server: ServerProcess) -> dict[str, Any] | None:
    """Both pages at the server's version, nothing pending, and only people to act: the table cannot move alone."""
    states = [table_state(page) for page in pages]
    if any(s is None or s["conn"] != "online" or s["pending"] or s["over"] for s in states):
        return None
    first = states[0]
    assert first is not None
    if not first["to_act"] or not set(first["to_act"]) <= set(PEOPLE):
        return None
    version = server.get(f"/api/tables/{code_of(pages[0])}")["version"]
    if any(s is not None and s["v"] != version for s in states):
        return None
    return {"version": version, "hand_number": first["hand_number"], "scores": first["scores"],
            "to_act": first["to_act"],
            "hands": [hand_cards(page) for page in pages], "shown_scores": [scores(page) for page in pages]}


def code_of(page: Page) -> str:
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def test_a_match_with_a_reconnect_and_a_server_restart(
    bounded: None, server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    began = time.monotonic()
    shots = Shots()
    frames = FrameLog()
    contexts: list[BrowserContext] = []
    with shots_on_failure(shots, contexts, keep=lambda folder: (folder / "server.log").write_text(server.log_tail(200), encoding="utf-8")):
        ana_ctx = browser.new_context(viewport=DESKTOP, accept_downloads=True)
        beto_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        contexts += [ana_ctx, beto_ctx]
        ana = shots.watch("ana-desktop", ana_ctx.new_page())
        frames.watch("ana", ana)

        # The lobby: a table to 15 points, Beto joins by the link, partners with Ana, easy bots opposite.
        link = create_truco_table(ana, server.url, "Ana", points=15)
        beto = shots.watch("beto-phone", beto_ctx.new_page())
        frames.watch("beto", beto)
        join_by_link(beto, link, "Beto", seat=1)
        seat_partners_and_bots(ana, beto, "Beto")
        ana.click("#start")
        for page in (ana, beto):
            expect(page.locator("#hand svg.card")).to_have_count(3)
            expect(page.locator("#melds")).to_have_count(0)  # truco has no melds: no empty "loose cards" panel

        reconnected_in_hand: int | None = None
        restarted_in_hand: int | None = None
        back_s = 0.0
        before_kill_scores: list[int] = []
        moves = 0
        while not all(page.locator("#result").count() for page in (ana, beto)):
            close_summaries([ana, beto])
            state = table_state(ana)
            assert state is not None

            # Beto's page is closed mid-hand (he has played a card) and the invite link opened again.
            if reconnected_in_hand is None and len(hand_cards(beto)) == 2 and not state["over"]:
                before = (hand_cards(beto), scores(beto), table_state(beto))
                beto.close()
                beto = shots.watch("beto-phone", beto_ctx.new_page())
                frames.watch("beto", beto)
                beto.goto(link)
                expect(beto.locator("#conn")).to_have_attribute("data-state", "online")
                expect(beto.locator("#hand svg.card")).to_have_count(len(before[0]))
                assert hand_cards(beto) == before[0]
                assert scores(beto) == before[1]
                after = table_state(beto)
                assert after is not None and before[2] is not None
                assert after["hand_number"] == before[2]["hand_number"]
                expect(beto.locator("#me")).to_contain_text("Beto")
                reconnected_in_hand = after["hand_number"]
                continue

            # Later, mid-hand in the third hand or after (scores on the board) and on a person's turn, the server
            # is killed and started again.
            if (reconnected_in_hand is not None and restarted_in_hand is None and state["hand_number"] >= 2
                    and len(hand_cards(ana)) < 3):
                before_kill = settled([ana, beto], server)
                if before_kill is not None:
                    mark = frames.mark()
                    killed_at = time.monotonic()
                    server.kill()
                    for page in (ana, beto):
                        expect(page.locator("#conn")).not_to_have_attribute("data-state", "online")
                    server.start()
                    for page in (ana, beto):
                        expect(page.locator("#conn")).to_have_attribute("data-state", "online", timeout=COME_BACK_MS)
                    # The table came back at the version it had: the first page back is welcomed at it, the
                    # second one after the first's presence frame; no move was lost or made meanwhile.
                    welcomes = [
                        frames.wait_for(page, mark, name, ("welcome",))[:1] for name, page in (("ana", ana), ("beto", beto))
                    ]
                    assert sorted(w[0]["v"] for w in welcomes if w) == [before_kill["version"], before_kill["version"] + 1]
                    for name, page in (("ana", ana), ("beto", beto)):
                        # A page that saw everything gets a fresh view; one that missed frames, a snapshot.
                        shown = frames.wait_for(page, mark, name, ("view", "snapshot"))
                        assert shown, name
                        view = shown[0]["view"]["observation"]
                        assert view["hand_number"] == before_kill["hand_number"]
                        assert view["scores"] == before_kill["scores"]
                        assert view["to_act"] == before_kill["to_act"]
                    assert [hand_cards(page) for page in (ana, beto)] == before_kill["hands"]
                    assert [scores(page) for page in (ana, beto)] == before_kill["shown_scores"]
                    assert server.get(f"/api/tables/{code_of(ana)}")["status"] == "playing"
                    restarted_in_hand = before_kill["hand_number"]
                    before_kill_scores = before_kill["scores"]
                    back_s = time.monotonic() - killed_at
                    shots.step("after-restart")
                    continue

            moved = click_something(ana) or click_something(beto)
            moves += moved
            if not moved:
                ana.wait_for_timeout(50)

        assert reconnected_in_hand is not None, "the match ended before Beto had a hand to reconnect in"
        assert restarted_in_hand is not None, "the match ended before the server could be restarted mid-hand"

        # The result screen, the same on both pages, and a record that replays to the same scores.
        shots.step("result")
        results = [table_state(page) for page in (ana, beto)]
        assert results[0] is not None and results[1] is not None
        assert results[0]["result"] == results[1]["result"]
        final = results[0]["result"]
        assert max(final["scores"]) >= 15
        expect(ana.locator("#result")).to_contain_text(" – ".join(str(s) for s in final["scores"]))
        with ana.expect_download() as download_info:
            ana.click("#record-link")
        saved = tmp_path / "record.json"
        download_info.value.save_as(saved)
        record = load_record(saved)
        from cartas.online.app import installed_registry

        replayed = replay(record, installed_registry().game("truco"))
        assert replayed.is_over
        assert list(replayed.result().scores) == final["scores"] == record.scores
        assert sorted(replayed.result().winners) == sorted(final["winners"])
        assert record.players == {"0": "human", "1": "easy", "2": "human", "3": "easy"}
        assert record.options["points"] == 15
        assert not shots.errors, shots.errors
        print(f"match of {len(record.actions)} moves ({moves} clicked) to {final['scores']}; Beto reconnected in hand "
              f"{reconnected_in_hand}, the server restarted in hand {restarted_in_hand} at {before_kill_scores} "
              f"(both pages back in {back_s:.1f} s); "
              f"{time.monotonic() - began:.1f} s")
