"""Quick play ("Jugar ya"): people waiting for the same setup are seated together at a new table.

A person asks for a game, a number of players and options (points); they get a ticket (only its sha256 is
kept) and their place in the ``quickplay`` table of the database, so every server process on one database
sees the same queue. A pairing pass, run by every process every :data:`PAIR_EVERY` seconds and at each new
arrival, takes the database's lock (SQLite: ``BEGIN IMMEDIATE``; Postgres: a transaction-scoped advisory
lock), groups the waiting people of each setup by rating, marks the groups ``pairing`` and commits; only then,
outside the lock, does it create each group's table (it runs it, like any table it creates), seat everyone,
fill the seats of people who accepted bots, start the match, and write each person's seat and token in their
row, which their next poll reads and deletes.

The window: people whose ratings (openskill mu, 25 for a guest or a new account) differ by at most
``WINDOW_BASE + WINDOW_GROWTH * seconds`` (of the longest waiting among them) are seated together, closest
ratings first; a person who said they accept bots after N seconds, once they have waited that long, is seated
with whoever waits (possibly nobody) and bots in the other seats.

The seat's token sits in the database between the pairing pass and the person's next poll (a second or two);
a row not picked up within :data:`UNCLAIMED` seconds is deleted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cartas.online.accounts.db import PgRunner, Runner, SQLiteRunner
from cartas.online.table import Refused
from cartas.online.tokens import hash_token, new_token

PAIR_EVERY = 0.5
WINDOW_BASE = 3.0
WINDOW_GROWTH = 1.0
"""Rating points (mu) the window widens by per second waited."""
UNCLAIMED = 120.0
PAIR_LOCK = 0x71706C79  # "qply": the advisory lock of the pairing pass on Postgres
MAX_BOTS_AFTER = 600.0


@dataclass(frozen=True)
class Waiting:
    ticket_hash: str
    setup: str
    game: str
    options: dict[str, Any]
    players: int
    name: str
    account: str | None
    rating: float
    bots_after: float | None
    joined: float


COLUMNS = "ticket_hash, setup, game, options, players, name, account, rating, bots_after, joined"


def _waiting(row: tuple[Any, ...]) -> Waiting:
    return Waiting(
        row[0], row[1], row[2], json.loads(row[3]), int(row[4]), row[5], row[6], float(row[7]),
        None if row[8] is None else float(row[8]), float(row[9]),
    )


def window(waited: float) -> float:
    return WINDOW_BASE + WINDOW_GROWTH * max(0.0, waited)


def groups_of(waiting: list[Waiting], now: float) -> list[list[Waiting]]:
    """The groups to seat now, from the people waiting for ONE setup: full groups of ``players`` people whose
    ratings are within the window of the longest waiting among them (closest ratings first), then each person
    left who accepts bots by now, alone with bots. Pure, so it is tested without a database."""
    if not waiting:
        return []
    size = waiting[0].players
    left = sorted(waiting, key=lambda w: (w.rating, w.joined))
    found: list[list[Waiting]] = []
    while len(left) >= size:
        best: tuple[float, int] | None = None
        for start in range(len(left) - size + 1):
            group = left[start:start + size]
            spread = group[-1].rating - group[0].rating
            if spread <= window(now - min(w.joined for w in group)) and (best is None or spread < best[0]):
                best = (spread, start)
        if best is None:
            break
        found.append(left[best[1]:best[1] + size])
        del left[best[1]:best[1] + size]
    for person in left:
        if person.bots_after is not None and now - person.joined >= person.bots_after:
            found.append([person])
    return found


class QuickPlay:
    """The queue of one server over its database; ``seat_group`` creates and starts a group's table."""

    def __init__(
        self, db: Runner, seat_group: Callable[[list[Waiting]], Awaitable[list[tuple[str, int, str]]]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.seat_group = seat_group
        self.clock = clock

    async def join(
        self, game: str, options: dict[str, Any], players: int, name: str, account: str | None, rating: float,
        bots_after: float | None,
    ) -> str:
        """Queue a person; their ticket (to poll with)."""
        if bots_after is not None and not 0 <= bots_after <= MAX_BOTS_AFTER:
            raise Refused(400, f"bots_after must be a number of seconds from 0 to {MAX_BOTS_AFTER:g}")
        ticket = new_token()
        setup = json.dumps([game, players, options], sort_keys=True)
        await self.db.run(
            f"INSERT INTO quickplay ({COLUMNS}, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting')",
            (hash_token(ticket), setup, game, json.dumps(options, sort_keys=True), players, name, account, rating,
             bots_after, self.clock()),
        )
        return ticket

    async def poll(self, ticket: str) -> dict[str, Any]:
        """Where the ticket's person is: waiting (for how long) or seated (code, seat, token: given once)."""
        rows = await self.db.rows(
            "SELECT status, joined, code, seat, token FROM quickplay WHERE ticket_hash = ?", (hash_token(ticket),)
        )
        if not rows:
            raise Refused(404, "no such quick-play ticket (it was seated and read, or it left the queue)")
        status, joined, code, seat, token = rows[0]
        if status == "seated":
            await self.db.run("DELETE FROM quickplay WHERE ticket_hash = ?", (hash_token(ticket),))
            return {"status": "seated", "code": code, "seat": seat, "token": token, "url": f"/t/{code}"}
        return {"status": "waiting", "waited": round(self.clock() - float(joined), 1)}

    async def leave(self, ticket: str) -> None:
        changed = await self.db.run(
            "DELETE FROM quickplay WHERE ticket_hash = ? AND status = 'waiting'", (hash_token(ticket),)
        )
        if not changed:
            raise Refused(404, "no such ticket waiting (it may have been seated: poll it)")

    async def _claim(self) -> list[list[Waiting]]:
        """Under the database's lock: the groups to seat now, marked ``pairing`` so no other process takes them."""
        now = self.clock()
        if isinstance(self.db, SQLiteRunner):
            db = self.db.db
            db.execute("BEGIN IMMEDIATE")
            try:
                rows = db.execute(f"SELECT {COLUMNS} FROM quickplay WHERE status = 'waiting'").fetchall()
                groups = self._group(rows, now)
                for group in groups:
                    for person in group:
                        db.execute(
                            "UPDATE quickplay SET status = 'pairing' WHERE ticket_hash = ?", (person.ticket_hash,)
                        )
                db.execute("DELETE FROM quickplay WHERE status = 'seated' AND joined < ?", (now - UNCLAIMED,))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return groups
        assert isinstance(self.db, PgRunner)
        async with self.db.pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (PAIR_LOCK,))
            rows = await (await conn.execute(f"SELECT {COLUMNS} FROM quickplay WHERE status = 'waiting'")).fetchall()
            groups = self._group(rows, now)
            hashes = [person.ticket_hash for group in groups for person in group]
            if hashes:
                await conn.execute("UPDATE quickplay SET status = 'pairing' WHERE ticket_hash = ANY(%s)", (hashes,))
            await conn.execute("DELETE FROM quickplay WHERE status = 'seated' AND joined < %s", (now - UNCLAIMED,))
            return groups

    @staticmethod
    def _group(rows: list[Any], now: float) -> list[list[Waiting]]:
        by_setup: dict[str, list[Waiting]] = {}
        for row in rows:
            person = _waiting(tuple(row))
            by_setup.setdefault(person.setup, []).append(person)
        return [group for waiting in by_setup.values() for group in groups_of(waiting, now)]

    async def pair(self) -> int:
        """One pairing pass; the number of people seated."""
        seated = 0
        for group in await self._claim():
            try:
                seats = await self.seat_group(group)
            except Exception:
                await self.db.run_all([
                    ("UPDATE quickplay SET status = 'waiting' WHERE ticket_hash = ?", (p.ticket_hash,)) for p in group
                ])
                raise
            await self.db.run_all([
                ("UPDATE quickplay SET status = 'seated', code = ?, seat = ?, token = ?, joined = ?"
                 " WHERE ticket_hash = ?", (code, seat, token, self.clock(), person.ticket_hash))
                for person, (code, seat, token) in zip(group, seats, strict=True)
            ])
            seated += len(group)
        return seated
