"""The history of finished matches in an embedded SQLite database, for ``cartas stats``.

One row per finished match, keyed by its save file so that a match finished after a resume is counted once.
The outcome is from the person's side. Only matches a person played count as played, won or lost; a match of
bots only (``--watch``) and one a program played (``--json``) are kept and counted apart, so watching bots or
testing a program never changes a person's record. A file that is not this database is refused and left
untouched; one that a newer cartas wrote (a higher ``user_version``) is refused as such, also untouched.

Several processes may finish a match at the same moment (two terminals, the server, a script of ``--watch``
matches), the first time included: the schema is created once, under SQLite's write lock, by whichever process
gets it first, and every write waits its turn (a busy timeout, then a few retries) rather than failing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from .home import home_error
from .errors import RecordError
from .record import MatchRecord, newer_format

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    record TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    players TEXT NOT NULL,
    winners TEXT NOT NULL,
    scores TEXT NOT NULL,
    outcome TEXT CHECK (outcome IN ('win', 'loss'))
);
"""


BUSY_SECONDS = 5.0
"""How long a write waits for another process's write to end (each takes milliseconds)."""
BUSY_RETRIES = 3
"""How many times a write still refused as locked after that wait is tried again, before giving up."""


class HistoryBusy(RecordError):
    """Another process kept the history locked for longer than the waits allow; the history is fine."""


def history_path(home: Path) -> Path:
    return home / "history.sqlite3"


@dataclass(frozen=True)
class GameStats:
    """One game's line in ``cartas stats``."""

    game: str
    played: int
    wins: int
    losses: int
    streak: str
    best_streak: int
    watched: int = 0
    """Matches of bots only (``--watch``), not in the figures above."""
    programs: int = 0
    """Matches a program played over ``--json``, not in the figures above."""


class History:
    """The database of finished matches."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """Open the database, creating it if new; refuse a damaged or foreign file without writing to it.

        A data folder that cannot be written is refused as such, not taken for a damaged history.
        """
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise home_error(self.path.parent, error) from None
        damaged = (
            f"the history {self.path} is damaged or not a cartas history; it was left as it is "
            "(move it away to start a new one)"
        )
        try:
            # IMMEDIATE: a write takes the write lock at its start, so the busy timeout applies to it (a deferred
            # one that read first may be refused at once, to avoid a deadlock).
            with closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level="IMMEDIATE")) as db:
                version, tables = _layout(db)
                if version == 0 and not tables:
                    _create(db)
                    version, tables = _layout(db)
                if version > SCHEMA_VERSION:  # a newer cartas's: its advice must not be to throw it away
                    raise newer_format(f"the history {self.path}", version, SCHEMA_VERSION)
                if version != SCHEMA_VERSION or "matches" not in tables:
                    raise RecordError(damaged)
                yield db
        except sqlite3.OperationalError as error:
            if _locked(error):
                raise HistoryBusy(
                    f"the history {self.path} is kept locked by another process ({error}); it was left as it is"
                ) from None
            # read-only or unopenable: the folder, not the file
            raise home_error(self.path.parent, f"the history {self.path.name} cannot be used ({error})") from None
        except sqlite3.DatabaseError as error:
            raise RecordError(f"{damaged}: {error}") from None

    def add(self, record: MatchRecord, save: Path) -> None:
        """Count a finished match (again after a resume is harmless: one row per save file)."""
        people = {int(seat) for seat, who in record.players.items() if who == "human"}
        outcome = None
        if people:
            outcome = "win" if people & set(record.winners) else "loss"
        row = (
            str(save), record.game, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            json.dumps(record.players), json.dumps(record.winners), json.dumps(record.scores), outcome,
        )
        for attempt in range(BUSY_RETRIES + 1):
            try:
                with self._connect() as db, db:
                    db.execute(
                        "INSERT OR IGNORE INTO matches (record, game, finished_at, players, winners, scores, outcome)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        row,
                    )
                return
            except HistoryBusy:
                if attempt == BUSY_RETRIES:
                    raise
                time.sleep(0.1 * (attempt + 1))

    def stats(self, game: str | None = None) -> list[GameStats]:
        """Wins, losses and streaks per game, oldest match first so the streaks come out in order."""
        query = "SELECT game, outcome, players FROM matches" + (" WHERE game = ?" if game else "") + " ORDER BY id"
        folder = self.path.parent
        try:
            if folder.exists() and not folder.is_dir():
                raise home_error(folder, "it is a file, not a folder", saving=False)
            if not self.path.exists():
                return []  # nothing finished yet: no need to create a folder or a database to say so
        except OSError as error:
            raise home_error(folder, error, saving=False) from None
        with self._connect() as db:
            rows = db.execute(query, (game,) if game else ()).fetchall()
        outcomes: dict[str, list[str | None]] = {}
        apart: dict[str, dict[str, int]] = {}
        for name, outcome, players in rows:
            kind = _kind_of(players)
            if kind == "person":
                outcomes.setdefault(name, []).append(outcome)
            else:
                outcomes.setdefault(name, [])
                counts = apart.setdefault(name, {})
                counts[kind] = counts.get(kind, 0) + 1
        return [
            _summarise(name, results, apart.get(name, {})) for name, results in sorted(outcomes.items())
        ]


def _layout(db: sqlite3.Connection) -> tuple[int, set[str]]:
    """The schema version the file says and the tables it holds (``0`` and none for a new, empty file).

    Both are read in one transaction: read apart, another process's creation could fall between them and the
    file would read as a version 0 with a table, which is no cartas history.
    """
    outside = not db.in_transaction
    if outside:
        db.execute("BEGIN DEFERRED")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        if outside:
            db.rollback()  # nothing was written: end the read
    return int(version), tables


def _create(db: sqlite3.Connection) -> None:
    """Create the schema in a new file, once, whoever else is opening it at the same moment.

    The check and the creation are one transaction under the write lock: a second process waits, then finds
    the table made and the version set together, never a table without its version (which reads as foreign).
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        version, tables = _layout(db)
        if version == 0 and not tables:
            db.execute(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.commit()
    except BaseException:
        db.rollback()
        raise


def _locked(error: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused because another connection holds the lock (worth waiting for), not the file."""
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _kind_of(players: str) -> str:
    """Who played a recorded match: ``person`` (someone at the terminal), ``program`` (``--json``) or ``watched``."""
    try:
        seats = json.loads(players)
    except ValueError:
        seats = {}
    kinds = set(seats.values()) if isinstance(seats, dict) else set()
    if "human" in kinds:
        return "person"
    return "program" if "program" in kinds else "watched"


def _summarise(game: str, results: list[str | None], apart: dict[str, int]) -> GameStats:
    decided = [r for r in results if r is not None]
    best = run = 0
    for outcome in decided:
        run = run + 1 if outcome == "win" else 0
        best = max(best, run)
    streak = ""
    if decided:
        last = decided[-1]
        length = next((i for i, r in enumerate(reversed(decided)) if r != last), len(decided))
        streak = f"{'W' if last == 'win' else 'L'}{length}"
    return GameStats(
        game, len(results), decided.count("win"), decided.count("loss"), streak, best,
        apart.get("watched", 0), apart.get("program", 0),
    )
