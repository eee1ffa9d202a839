"""``cartas serve --check``, ``--backup`` and ``--restore``."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from click.testing import CliRunner
from damaged_db import damage_moves_of, played_moves, three_tables

from cartas.cli.main import make_cli
from cartas.core.plugins.registry import Registry
from cartas.online.store.sqlite import SQLiteStore


def serve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(make_cli(), ["serve", *args])
    return result.exit_code, result.output


def test_check_passes_a_sound_database_and_names_the_damaged_table(registry: Registry, tmp_path: Path) -> None:
    db = tmp_path / "online.sqlite3"
    counts = three_tables(registry, db)
    assert min(counts.values()) > 100
    status, output = serve("--check", "--db", str(db))
    assert status == 0, output
    assert output == f"{db}: sound (3 table(s) replayed)\n"
    damage_moves_of(db, "BBBBBB")
    status, output = serve("--check", "--db", str(db))
    assert status == 1
    lines = output.splitlines()
    assert any(line.startswith("table BBBBBB:") for line in lines), output
    assert not any("AAAAAA" in line or "CCCCCC" in line for line in lines)
    assert all("Traceback" not in line for line in lines)


def test_check_names_a_table_whose_moves_do_not_replay(registry: Registry, tmp_path: Path) -> None:
    db = tmp_path / "online.sqlite3"
    three_tables(registry, db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE moves SET action = 'nonsense' WHERE code = 'CCCCCC' AND n = 5")
    status, output = serve("--check", "--db", str(db))
    assert status == 1
    assert [line.split(":")[0] for line in output.splitlines()] == ["table CCCCCC"]


def test_backup_while_a_writer_writes_then_restore_gives_back_every_committed_move(
    registry: Registry, tmp_path: Path
) -> None:
    db = tmp_path / "online.sqlite3"
    three_tables(registry, db)
    store = SQLiteStore(db)
    options, moves = played_moves(registry, 99, 300)
    from cartas.online.store.tables import SeatRow, TableRow

    store.create_table(TableRow("DDDDDD", "truco", options, 99, "playing", 60, "random", "h", "now", seats=[SeatRow(0)]))
    written = threading.Event()

    def writer() -> None:  # a server's writes going on while the backup is taken
        for n, (seat, action) in enumerate(moves):
            store.add_move("DDDDDD", n, seat, action, n + 1, None)
        written.set()

    thread = threading.Thread(target=writer)
    thread.start()
    backup = tmp_path / "copies" / "backup.sqlite3"
    backup.parent.mkdir()
    status, output = serve("--backup", str(backup), "--db", str(db))
    thread.join()
    assert status == 0, output
    assert output == f"{db} copied to {backup} (4 table(s))\n"
    copied = SQLiteStore(backup).moves("DDDDDD")
    assert copied == moves[: len(copied)]  # a consistent snapshot: a prefix of the moves, in order
    assert written.is_set()
    store.add_move("DDDDDD", len(moves), 0, "after the backup", len(moves) + 1, None)
    store.close()

    status, output = serve("--restore", str(backup), "--db", str(db))
    assert status == 0, output
    assert output == f"{backup} restored to {db} (4 table(s))\n"
    assert SQLiteStore(db).moves("DDDDDD") == copied
    status, output = serve("--check", "--db", str(db))
    assert status == 0, output


def test_restore_refuses_while_a_server_holds_leases_and_refuses_a_foreign_file(
    registry: Registry, tmp_path: Path
) -> None:
    db = tmp_path / "online.sqlite3"
    three_tables(registry, db)
    backup = tmp_path / "backup.sqlite3"
    assert serve("--backup", str(backup), "--db", str(db))[0] == 0
    store = SQLiteStore(db)
    store.acquire("AAAAAA", "me", "http://127.0.0.1:1", 60)
    before = db.read_bytes()
    status, output = serve("--restore", str(backup), "--db", str(db))
    assert status == 1 and "stop it before restoring" in output and len(output.splitlines()) == 1
    assert db.read_bytes() == before
    store.release("me")
    store.close()
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as raw:
        raw.execute("CREATE TABLE t (x)")
    foreign_bytes = foreign.read_bytes()
    status, output = serve("--restore", str(foreign), "--db", str(db))
    assert status == 1 and output == f"Error: {foreign} is not a cartas online database\n"
    assert foreign.read_bytes() == foreign_bytes
    status, output = serve("--check", "--backup", str(backup), "--db", str(db))
    assert status == 2 and "one at a time" in output
