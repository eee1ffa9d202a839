"""The matches a local server finished, read straight from its SQLite database: what ``cartas replay CODE``,
``cartas analyze CODE`` and ``cartas saves`` read.

This module is the one door from the command line into the server's store, and it needs nothing of the server:
only the standard library's ``sqlite3`` and the core (no Starlette, no uvicorn), so it works without the
``online`` extra. The database is opened read-only (``mode=ro``): a server running on it is never disturbed and
nothing is ever upgraded or written, so a database of a newer cartas is refused, not touched.

Only a match that is over is read, finished or abandoned, as ``GET /api/tables/CODE/record`` serves it: until
then its seed and moves would tell the reader every hand in play.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cartas.core.errors import CartasError, RecordError
from cartas.core.game import Game
from cartas.core.position import Position
from cartas.core.record import MatchRecord, record_of, replay
from ..game.lobby import recorded_names
from .schema import SCHEMA_VERSION
from .tables import SeatRow

DATABASE = "online.sqlite3"
"""The database ``cartas serve`` uses in the data folder when ``--db`` does not name another."""

BUSY_SECONDS = 2.0
"""How long a read waits for a server's write to let go of the database."""


class OnlineMatchError(CartasError):
    """The database cannot be read, or the table named is not a match that is over; the message says which."""


class UnreadableDatabase(OnlineMatchError):
    """The file is not a cartas online database this cartas reads (foreign, damaged, newer, locked away)."""


@dataclass(frozen=True)
class OnlineMatch:
    """One match a server played: its table's code, its record (names kept) and when it ended."""

    code: str
    record: MatchRecord
    ended: str
    """When the match finished (or was abandoned, or the table was created, when nothing else is known), UTC ISO."""
    abandoned: bool


def default_database(home: Path) -> Path:
    """The server's database in the data folder ``home``, as ``cartas serve`` opens it by default."""
    return home / DATABASE


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to ``path``; a foreign, damaged or newer database is refused in one line."""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_SECONDS)
    except sqlite3.Error as error:
        raise UnreadableDatabase(f"{path}: cannot be read ({error})") from None
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables or "tables" not in tables:
            raise UnreadableDatabase(f"{path} is not a cartas online database")
        version = db.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise UnreadableDatabase(
                f"{path} has schema version {version}; this cartas reads versions up to {SCHEMA_VERSION}"
            )
        yield db
    except sqlite3.Error as error:
        raise UnreadableDatabase(f"{path}: cannot be read ({error})") from None
    finally:
        db.close()


def _has_ended_column(db: sqlite3.Connection) -> bool:
    """Whether the database knows abandoned tables (schema 4 on); an older one only has finished ones."""
    return any(row[1] == "ended" for row in db.execute("PRAGMA table_info(tables)"))


_COLUMNS = "code, game, options, seed, position, status, created, finished"


def _match(db: sqlite3.Connection, row: tuple[object, ...], ended_column: bool) -> OnlineMatch:
    code, game, options, seed, position, status, created, finished = row[:8]
    abandoned = ended_column and row[8] == "abandoned" and status != "finished"
    seats = [
        SeatRow(int(seat), str(kind), name, level)
        for seat, kind, name, level in db.execute(
            "SELECT seat, kind, name, level FROM seats WHERE code = ? ORDER BY seat", (code,)
        )
    ]
    moves = [(int(seat), str(action)) for seat, action in db.execute(
        "SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,)
    )]
    try:
        record = MatchRecord(
            game=str(game), options=json.loads(str(options)), seed=int(str(seed)),
            position=None if position is None else Position.model_validate(json.loads(str(position))),
            actions=moves,
            players={str(s.seat): "human" if s.kind == "human" else (s.level or "bot") for s in seats},
            names={str(seat): name for seat, name in recorded_names(seats).items()},
            finished=status == "finished",
        )
    except (ValueError, TypeError) as error:
        raise OnlineMatchError(f"table {code}: its stored match cannot be read ({error})") from None
    return OnlineMatch(str(code), record, str(finished or created), abandoned)


def over_clause(ended_column: bool) -> str:
    """The tables whose match is over: finished, or abandoned in play (the ones whose record is public)."""
    return "(status = 'finished' OR ended = 'abandoned')" if ended_column else "status = 'finished'"


def find_online_match(path: Path, code: str) -> OnlineMatch | None:
    """The match of table ``code`` (any case) in the database at ``path``; ``None`` when there is no such table
    (or no database). A table whose match is not over is refused: its record is secret until the end."""
    if not path.is_file():
        return None
    with _reading(path) as db:
        ended_column = _has_ended_column(db)
        extra = ", ended" if ended_column else ""
        row = db.execute(
            f"SELECT {_COLUMNS}{extra} FROM tables WHERE code = ? OR code = ? LIMIT 1", (code.upper(), code)
        ).fetchone()
        if row is None:
            return None
        found = _match(db, row, ended_column)
        if not (found.record.finished or found.abandoned):
            raise OnlineMatchError(
                f"the match at table {found.code} is not over; it can be replayed and analysed once it ends"
            )
        return found


def online_matches(path: Path, limit: int) -> tuple[list[OnlineMatch], int]:
    """The ``limit`` matches over that ended last, newest first, and how many there are in all (none when there
    is no database)."""
    if not path.is_file():
        return [], 0
    with _reading(path) as db:
        ended_column = _has_ended_column(db)
        over = over_clause(ended_column)
        total = int(db.execute(f"SELECT count(*) FROM tables WHERE {over}").fetchone()[0])
        extra = ", ended" if ended_column else ""
        rows = db.execute(
            f"SELECT {_COLUMNS}{extra} FROM tables WHERE {over} ORDER BY coalesce(finished, created) DESC, code"
            " LIMIT ?", (limit,),
        ).fetchall()
        return [_match(db, row, ended_column) for row in rows], total


def completed(match: OnlineMatch, game_of: Callable[[str], Game | None]) -> MatchRecord:
    """The match's record with its result (winners, final scores), replayed by its game when installed; as it
    was read when the game is not installed or the moves do not replay."""
    game = game_of(match.record.game)
    if game is None:
        return match.record
    record = match.record
    try:
        state = replay(record, game)
    except (RecordError, CartasError):
        return record
    players = {int(seat): who for seat, who in record.players.items()}
    names = {int(seat): name for seat, name in record.names.items()}
    return record_of(state, players, names)
