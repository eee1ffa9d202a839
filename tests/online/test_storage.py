"""The store heals: a full disk refuses moves cleanly and accepts them again once space is back, with no
acknowledged move lost and no restart; presence writes are coalesced; a damaged table is skipped."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from online_helpers import Player, Server

from cartas.online.game.presence import CoalescedPresence


def one_person(server: Server, players: int = 2) -> tuple[str, dict]:  # type: ignore[type-arg]
    created = server.create("truco", "Ana", players=players, points=30)
    code = created["code"]
    server.bots(code, created["host_token"], list(range(1, players)))
    assert server.host(code, created["host_token"], "start").status_code == 200
    return code, created


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` at ``folder``; the test is skipped, saying why, where one cannot be mounted."""
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"no tmpfs could be mounted for the disk-full test (needs root): {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the disk holding ``folder`` with a ballast file, to the last byte."""
    ballast = folder / "ballast"
    with open(ballast, "wb", buffering=0) as out:
        with contextlib.suppress(OSError):
            while True:
                out.write(b"\0" * 4096)
        with contextlib.suppress(OSError):
            while True:
                out.write(b"\0")
    return ballast


def move_once(player: Player, view: dict | None = None) -> str:  # type: ignore[type-arg]
    """Send one legal move at this seat's turn; ``ack`` when it was stored, else the error's text."""
    view = view or player.my_turn(10)
    player.send({"type": "move", "action": 0, "v": view["v"]})
    while True:
        frame = player.receive(10)
        assert frame is not None, "neither an ack nor an error came"
        if frame["type"] == "ack":
            return "ack"
        if frame["type"] == "error":
            return str(frame["message"])


def test_a_full_disk_refuses_moves_and_they_are_accepted_again_once_space_is_freed(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with small_disk(tmp_path / "disk") as disk:
        db = disk / "online.sqlite3"
        server = make_server(db=db)
        code, created = one_person(server)
        ana = server.connect(code, created["token"], lang="en")  # errors come in the reader's language
        acked = 0
        for _ in range(3):
            assert move_once(ana) == "ack"
            acked += 1
        turn = ana.my_turn(10)  # the bots have answered: nothing is being written
        ballast = fill(disk)
        refused = [move_once(ana, turn)] + [move_once(ana) for _ in range(2)]
        assert refused == ["the server could not store the move; try again"] * 3
        ballast.unlink()
        freed = time.monotonic()
        answer = move_once(ana)
        while answer != "ack" and time.monotonic() - freed < 30:
            answer = move_once(ana)
        assert answer == "ack", f"moves were still refused after the disk was freed: {answer}"
        print(f"a move was accepted {time.monotonic() - freed:.3f} s after the disk was freed")
        acked += 1
        for _ in range(3):
            assert move_once(ana) == "ack"
            acked += 1
        seen = [frame["v"] for frame in ana.frames if frame["type"] == "ack"]
        assert len(seen) == acked
        stored = server.hub().store.sync.moves(code)
        people = [move for move in stored if move[0] == 0]
        assert len(people) == acked  # every acknowledged move of the person is stored, none twice
        server.close_all()
        server.client.__exit__(None, None, None)
        again = make_server(db=db)  # and the database opens again as it is
        assert again.hub().store.sync.moves(code)[: len(stored)] == stored


def test_a_bots_move_refused_by_a_full_disk_is_played_once_space_is_back(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with small_disk(tmp_path / "disk") as disk:
        server = make_server(db=disk / "online.sqlite3", bot_delay=1.0)
        code, created = one_person(server)
        ana = server.connect(code, created["token"])
        assert move_once(ana) == "ack"  # the bot now takes a second to answer: the disk is full by then
        ballast = fill(disk)
        store = server.hub().store.sync
        deadline = time.monotonic() + 10
        while not server.app.state.settings.metrics.last_write_failed and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.app.state.settings.metrics.last_write_failed, "the bot's move was not refused"
        stored = len(store.moves(code))
        ballast.unlink()
        assert move_once(ana) == "ack"  # the bot played once the disk had room, and it is the person's turn again
        after = store.moves(code)
        # the bot's move (and its next one, when a new hand starts with it), then the person's
        assert len(after) >= stored + 2 and after[-1][0] == 0
        assert {seat for seat, _ in after[stored:-1]} == {1}


def test_a_reconnect_storm_writes_one_presence_row_per_seat_and_delay(make_server) -> None:  # type: ignore[no-untyped-def]
    from cartas.online.server.limits import Limits, Rate

    server = make_server(limits=Limits(connects=Rate(burst=100, per_minute=100)))  # the storm is the point here
    code, created = one_person(server)
    store = server.hub().store.store  # under the measuring layer
    assert isinstance(store, CoalescedPresence)
    before = store.writes
    for _ in range(40):
        ana = server.connect(code, created["token"])
        ana.until("welcome")
        server.close_all()
    deadline = time.monotonic() + 10
    while store.pending and time.monotonic() < deadline:
        time.sleep(0.05)
    # 40 connects and 40 disconnects of one seat, at most a few flushes of it (one per half second)
    written = store.writes - before
    print(f"80 presence changes of one seat, {written} presence rows written")
    assert 1 <= written <= 20, written
    seats = server.client.get(f"/api/tables/{code}").json()["seats"]
    assert seats[0]["presence"] == "away"
    assert store.sync.presence([code])[code][0] == "away"


def test_a_commit_that_fails_leaves_no_transaction_open_so_the_next_write_succeeds(tmp_path: Path) -> None:
    from cartas.online.store.sqlite import SQLiteStore
    from cartas.online.store.tables import SeatRow, TableRow

    store = SQLiteStore(tmp_path / "t.sqlite3")
    store.create_table(TableRow("ABCD", "truco", {}, 1, "playing", 60, "easy", "h", "now", seats=[SeatRow(0)]))
    # A commit that fails and leaves SQLite's transaction open (a deferred foreign key, like a COMMIT refused for
    # want of space that SQLite did not roll back itself): the store must roll it back, not carry it along.
    with pytest.raises(Exception, match="FOREIGN KEY"):
        with store._transaction() as db:
            db.execute("PRAGMA defer_foreign_keys = ON")
            db.execute("INSERT INTO moves (code, n, seat, action) VALUES ('NOPE', 0, 0, 'x')")
    assert not store.db.in_transaction
    store.add_move("ABCD", 0, 0, "play 1E", 1, None)
    assert store.moves("ABCD") == [(0, "play 1E")]
    assert store.db.execute("SELECT count(*) FROM moves WHERE code = 'NOPE'").fetchone() == (0,)


def test_a_damaged_table_is_skipped_with_one_log_line_and_the_others_are_served(  # type: ignore[no-untyped-def]
    make_server, registry, tmp_path, caplog
) -> None:
    from damaged_db import damage_moves_of, three_tables

    db = tmp_path / "damaged.sqlite3"
    three_tables(registry, db)
    damage_moves_of(db, "BBBBBB")
    with caplog.at_level("INFO", logger="cartas.online"):
        server = make_server(db=db)
        assert server.client.get("/api/tables/AAAAAA").status_code == 200
        assert server.client.get("/api/tables/CCCCCC").status_code == 200
        assert server.client.get("/api/tables/BBBBBB").status_code == 404
    assert set(server.hub().tables) == {"AAAAAA", "CCCCCC"}
    about = [record for record in caplog.records if "BBBBBB" in record.getMessage()]
    assert len(about) == 1 and about[0].levelname == "ERROR" and about[0].exc_info is None
    assert "skipped" in about[0].getMessage()


def test_a_wal_past_its_limit_is_emptied_by_the_checkpoint_even_while_a_writer_keeps_writing(tmp_path: Path) -> None:
    import threading

    from cartas.online.store.sqlite import SQLiteStore, WAL_LIMIT
    from cartas.online.store.tables import SeatRow, TableRow

    store = SQLiteStore(tmp_path / "w.sqlite3")
    store.create_table(TableRow("ABCD", "truco", {}, 1, "playing", 60, "easy", "h", "now", seats=[SeatRow(0)]))
    n = 0
    while store.wal_bytes() <= WAL_LIMIT:
        with store._transaction() as db:  # big moves, so the WAL passes its limit quickly
            db.executemany(
                "INSERT INTO moves (code, n, seat, action) VALUES ('ABCD', ?, 0, ?)",
                [(n + i, "x" * 2000) for i in range(100)],
            )
        n += 100
    writing = threading.Event()
    done = threading.Event()

    def checkpoints() -> None:
        writing.wait()
        store.checkpoint()
        done.set()

    thread = threading.Thread(target=checkpoints)
    thread.start()
    while not done.is_set():  # the tables go on writing while the checkpoint runs
        store.add_move("ABCD", n, 0, "play 1E", n + 1, None)
        n += 1
        writing.set()
    thread.join()
    store.add_move("ABCD", n, 0, "mazo", n + 1, None)
    assert store.wal_bytes() < WAL_LIMIT // 4  # emptied, then only the last few writes
    assert len(store.moves("ABCD")) == n + 1
