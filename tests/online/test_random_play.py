"""Random play over the websocket layer for every installed game: no frame ever shows a seat (or a spectator)
a card hidden from it, the seed, or a token; and a finished table exports a record that replays to its result.

Every frame is checked where it leaves the table (``Connection.send``, in the table's task), against the state
at that moment. Frames about a move are checked against the cards hidden both before and after it, less the
cards its public events name: the last card of a hand is played face up and may be dealt again to someone
else in the same move; the view itself is checked against the state after the move.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from online_helpers import Player, Server

from cartas.core.history import History, history_path
from cartas.core.record import MatchRecord, replay
from cartas.core.plugins.registry import Registry
from cartas.online.app import installed_registry
from cartas.online import app as app_module
from cartas.online.server.limits import Limits, Rate
from cartas.online.game.connection import Connection
from cartas.online.game.table import LiveTable
from cartas.testing import CARD_TOKEN

GAMES = sorted(installed_registry().games)
PLAYERS = {"truco": 4, "truco_paulista": 4, "tresillo": 4, "mus": 4}
HUMAN_MOVES = 60


class LeakWatch:
    """Checks every frame a connection is sent; collects what leaked."""

    def __init__(self, secrets: list[str]) -> None:
        self.table: LiveTable | None = None
        self.secrets = secrets
        self.leaks: list[str] = []
        self.frames = 0
        self.during: tuple[dict[int | None, set[str]], int] | None = None

    def forbidden(self, seat: int | None) -> set[str]:
        assert self.table is not None and self.table.state is not None
        state = self.table.state
        deck = Counter(state.game.deck(state.options))
        seats = range(state.table.n_seats) if seat is None else (seat,)
        hidden: set[str] = set()
        for s in seats:
            hidden |= {str(c) for c, n in Counter(state.hidden_from(s)).items() if n >= deck[c]}
        return hidden

    def check(self, seat: int | None, text: str) -> None:
        self.frames += 1
        table = self.table
        for secret in self.secrets:
            if secret in text:
                self.leaks.append(f"a secret reached seat {seat}: {text[:120]}")
        if table is None or table.state is None:
            return
        if str(table.state.seed) in text or '"seed"' in text:
            self.leaks.append(f"the seed reached seat {seat}")
        forbidden = self.forbidden(seat)
        if self.during is not None and not text.startswith('{"type":"view"'):
            before, first_event = self.during
            public = {
                m.group(0) for e in table.state.events[first_event:] if e.visible_to is None
                for m in CARD_TOKEN.finditer(e.detail)
            }
            forbidden = (forbidden & before[seat]) - public
        shown = {m.group(0) for m in CARD_TOKEN.finditer(text)}
        if shown & forbidden:
            self.leaks.append(f"seat {seat} was shown {sorted(shown & forbidden)}: {text[:200]}")


@pytest.fixture(autouse=True)
def no_flood_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """These people move as fast as the server answers, far beyond the flood limit meant for browsers."""
    unlimited = Rate(burst=10**6, per_minute=10**9)
    monkeypatch.setattr(app_module, "Limits", lambda: Limits(frames=unlimited, address_frames=unlimited))


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> LeakWatch:
    spy = LeakWatch([])
    send, apply = Connection.send, LiveTable._apply

    def checked_send(self: Connection, text: str, timer: Any = None) -> None:
        spy.check(self.seat, text)
        send(self, text, timer)

    async def watched_apply(
        self: LiveTable, seat: int, action: Any, mover: Any = None, received: Any = None
    ) -> None:
        spy.table = self
        assert self.state is not None
        before = {s: spy.forbidden(s) for s in [None, *range(self.state.table.n_seats)]}
        spy.during = (before, len(self.state.events))
        try:
            await apply(self, seat, action, mover, received)
        finally:
            spy.during = None

    monkeypatch.setattr(Connection, "send", checked_send)
    monkeypatch.setattr(LiveTable, "_apply", watched_apply)
    return spy


def wait_idle(table: LiveTable) -> None:
    """Until no bot is thinking and the table's inbox is empty (read from this thread, so only a hint)."""
    deadline = time.monotonic() + 10
    while (table.bot_job is not None or not table.inbox.empty()) and time.monotonic() < deadline:
        time.sleep(0.002)


def play_randomly(server: Server, code: str, people: dict[int, Player], rng: random.Random, limit: int) -> int:
    """Make random legal moves for the people's seats until the match ends or ``limit`` moves; returns the count."""
    table = server.table(code)
    made = 0
    while made < limit:
        wait_idle(table)
        state = table.state
        assert state is not None
        if state.is_over:
            break
        seat = next((s for s in state.to_act if s in people), None)
        if seat is None:  # read while a bot's move was being applied in the server's thread: look again
            time.sleep(0.002)
            continue
        player = people[seat]
        player.drain(0.005)
        view = player.my_turn()
        choice = rng.randrange(len(view["view"]["legal"]))
        player.send({"type": "move", "action": choice, "v": view["v"]})
        while (frame := player.receive()) is not None and frame["type"] not in ("ack", "error"):
            pass
        assert frame is not None
        made += frame["type"] == "ack"
    return made


@pytest.mark.parametrize("game", GAMES)
def test_random_play_shows_no_hidden_card_seed_or_token(game: str, server: Server, watch: LeakWatch) -> None:
    players = PLAYERS.get(game, 3)
    created = server.create(game, "Ana", players=players)
    code = created["code"]
    beto = server.join(code, "Beto")
    watch.secrets = [created["token"], created["host_token"], beto["token"]]
    server.bots(code, created["host_token"], list(range(2, players)))
    watch.table = server.table(code)
    assert server.host(code, created["host_token"], "start").status_code == 200
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto["token"])}
    spectator = server.connect(code, None)
    made = play_randomly(server, code, people, random.Random(game), HUMAN_MOVES)
    spectator.drain(0.01)
    late = server.connect(code, None)  # a spectator arriving mid-match gets a snapshot, checked as well
    late.until("snapshot")
    assert made >= min(HUMAN_MOVES, 5)
    assert watch.frames > 50
    assert watch.leaks == []
    assert spectator.frames and all(f["type"] != "view" or f["view"]["you"] is None for f in spectator.frames)


def test_a_finished_table_exports_a_record_that_replays_and_counts_in_the_history(
    server: Server, registry: Registry, tmp_path: Path
) -> None:
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    assert server.client.get(f"/api/tables/{code}/record").status_code == 409
    play_randomly(server, code, {0: ana}, random.Random(7), 2000)
    result = ana.until("result")
    assert result["record"] == f"/api/tables/{code}/record"
    response = server.client.get(f"/api/tables/{code}/record")
    assert response.status_code == 200
    record = MatchRecord.model_validate(response.json())
    assert record.finished and record.players == {"0": "human", "1": "random"}
    state = replay(record, registry.game("truco"))
    assert state.is_over and list(state.result().scores) == result["scores"] == record.scores
    assert list(state.result().winners) == result["winners"]
    exported = tmp_path / "data" / "online-records" / f"{code}.json"
    assert json.loads(exported.read_text()) == json.loads(response.text)
    stats = History(history_path(tmp_path / "data")).stats("truco")
    assert stats[0].played == 1 and stats[0].wins + stats[0].losses == 1
    assert server.client.get(f"/api/tables/{code}").json()["status"] == "finished"


def test_a_match_finished_just_before_a_crash_is_exported_on_start_up(make_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "crash.sqlite3"
    first = make_server(db=db)
    created = first.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    first.bots(code, created["host_token"], [1])
    assert first.host(code, created["host_token"], "start").status_code == 200
    ana = first.connect(code, created["token"])
    play_randomly(first, code, {0: ana}, random.Random(3), 2000)
    ana.until("result")
    first.close_all()
    first.client.__exit__(None, None, None)
    exported = tmp_path / "data" / "online-records" / f"{code}.json"
    exported.unlink()
    history_path(tmp_path / "data").unlink()
    make_server(db=db)
    assert MatchRecord.model_validate_json(exported.read_text()).finished
    assert History(history_path(tmp_path / "data")).stats("truco")[0].played == 1
