"""Where tables live between moves and across restarts: the table store, its SQL written once for SQLite and Postgres.

A table is its match record (game, options, seed, moves) plus its seats, its chat and its frame version.
The table's task writes each move in one transaction and commits it BEFORE any frame about it is sent, so a
restart loses no move a player has seen. The tables use the store through :class:`AsyncStore`, every method a
coroutine; :class:`TableStore` is its one implementation, over a :class:`~cartas.online.store.db.Runner`: the
SQLite file (:mod:`cartas.online.store.sqlite`, whose statements run at once on the event loop) or a Postgres
database shared by several server processes (:mod:`cartas.online.store.postgres`). The moves, chat, presence and
leases are written in modules of their own (:mod:`.moves`, :mod:`.presence`, :mod:`.leases`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from .db import Runner, Tx, chunks, marks
from .leases import Leases
from .moves import Moves
from .presence import Presence, lobby_changed
from .rows import ENDED as ENDED
from .rows import PURGED as PURGED
from .rows import ChatRow as ChatRow
from .rows import DamagedTable as DamagedTable
from .rows import Lease as Lease
from .rows import SeatRow as SeatRow
from .rows import StoreError as StoreError
from .rows import TableRow as TableRow

log = logging.getLogger("cartas.online")

COLUMNS = (
    "code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished,"
    " spectator_chat, clock, previous, spectators"
)
"""The columns a table is created with."""
READ_COLUMNS = f"{COLUMNS}, ended"
"""What a table's row is read as: the columns written at its creation, then why it ended early."""


class AsyncStore(Protocol):
    """The store as the tables use it: every method a coroutine, so a store over the network never blocks the loop.

    The methods and their meaning are those of :class:`TableStore`.
    """

    async def create_table(self, table: TableRow) -> bool: ...
    async def load_table(self, code: str) -> TableRow | None: ...
    async def tables_with_status(self, status: str) -> list[TableRow]: ...
    async def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]: ...
    async def lobby_older_than(self, created: str, limit: int) -> list[str]: ...
    async def end_table(self, code: str, reason: str) -> None: ...
    async def purge_expired(self, created: str, limit: int) -> int: ...
    async def discard(self, code: str) -> None: ...
    async def save_lobby(
        self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None
    ) -> None: ...
    async def start(self, code: str, seats: list[SeatRow], version: int) -> None: ...
    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None: ...
    async def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None: ...
    async def moves(self, code: str) -> list[tuple[int, str]]: ...
    async def due_turns(self, now: float, limit: int) -> list[str]: ...
    async def set_version(self, code: str, version: int) -> None: ...
    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None: ...
    async def clear_presence(self, code: str) -> None: ...
    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]: ...
    async def add_chat(self, code: str, row: ChatRow) -> None: ...
    async def chat(self, code: str, limit: int) -> list[ChatRow]: ...
    async def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease: ...
    async def renew(self, owner: str, ttl: float) -> set[str]: ...
    async def release(self, owner: str, codes: list[str] | None = None) -> None: ...
    async def unowned_playing(self, owner: str) -> list[str]: ...
    async def checkpoint(self) -> None: ...
    async def close(self) -> None: ...


def table_row(row: Sequence[Any], seats: list[SeatRow]) -> TableRow:
    """A table read as :data:`READ_COLUMNS`, with its seats."""
    (code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished,
     spectator_chat, clock, previous, spectators, ended) = row
    return TableRow(
        code=code, game=game, options=json.loads(options), seed=seed, status=ended or status, grace=grace,
        bot_level=bot_level, host_hash=host_hash, created=created,
        position=None if position is None else json.loads(position), version=version, finished=finished,
        seats=seats, spectator_chat=bool(spectator_chat), clock=None if clock is None else json.loads(clock),
        previous=previous, spectators=bool(spectators),
    )


class TableStore(Moves, Presence, Leases):
    """The tables, their seats and the lobby's lists, over one runner; every write commits before it returns."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    async def create_table(self, table: TableRow) -> bool:
        """Store a new table and its seats; False when the code is taken (the caller draws another)."""
        try:
            async with self.runner.transaction() as tx:
                await tx.run(
                    f"INSERT INTO tables ({COLUMNS}) VALUES ({marks(COLUMNS.split(','))})",
                    (
                        table.code, table.game, json.dumps(table.options), table.seed,
                        None if table.position is None else json.dumps(table.position), table.status, table.grace,
                        table.bot_level, table.host_hash, table.version, table.created, table.finished,
                        int(table.spectator_chat), None if table.clock is None else json.dumps(table.clock),
                        table.previous, int(table.spectators),
                    ),
                )
                if table.clock is not None and table.clock.get("turns"):  # found by the deadline job's query
                    await tx.run("UPDATE tables SET turns = ? WHERE code = ?", (table.clock["turn"], table.code))
                await self._write_seats(tx, table.code, table.seats)
                await lobby_changed(self.runner, tx, table.code)
        except self.runner.conflict:
            return False
        return True

    async def _write_seats(self, tx: Tx, code: str, seats: list[SeatRow]) -> None:
        await tx.run("DELETE FROM seats WHERE code = ?", (code,))
        await tx.run_many(
            "INSERT INTO seats (code, seat, kind, name, level, token_hash, host) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(code, s.seat, s.kind, s.name, s.level, s.token_hash, int(s.host)) for s in seats],
        )

    async def _tables(self, where: str, args: Sequence[Any]) -> list[TableRow]:
        """The tables ``WHERE where`` (which may end in ORDER BY and LIMIT), each with its seats (one read for all)."""
        rows = await self.runner.rows(f"SELECT {READ_COLUMNS} FROM tables t WHERE {where}", args)
        seats: dict[str, list[SeatRow]] = {row[0]: [] for row in rows}
        for codes in chunks(list(seats)):
            for code, seat, kind, name, level, token_hash, host in await self.runner.rows(
                f"SELECT code, seat, kind, name, level, token_hash, host FROM seats WHERE code IN ({marks(codes)})"
                " ORDER BY code, seat",
                codes,
            ):
                seats[code].append(SeatRow(seat, kind, name, level, token_hash, bool(host)))
        return [table_row(row, seats[row[0]]) for row in rows]

    async def load_table(self, code: str) -> TableRow | None:
        try:
            found = await self._tables("code = ?", (code,))
        except self.runner.damage as error:
            raise DamagedTable(code, error) from None
        return found[0] if found else None

    async def tables_with_status(self, status: str) -> list[TableRow]:
        """The tables with ``status``; one whose rows cannot be read is left out with one line in the log."""
        where = "status = ? AND ended IS NULL ORDER BY created, code"
        try:
            return await self._tables(where, (status,))
        except self.runner.damage:
            pass  # one table at a time, to serve all but the damaged ones
        found = []
        for (code,) in await self.runner.rows(f"SELECT code FROM tables WHERE {where}", (status,)):
            try:
                row = await self.load_table(code)
            except DamagedTable as error:
                log.error("%s", error)
                continue
            if row is not None:
                found.append(row)
        return found

    async def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        """Up to ``limit`` tables in the lobby with a free seat, in (created, code) order after ``after``: one
        indexed range read, whatever the number of tables."""
        created, code = after or ("", "")
        return await self._tables(
            "status = 'lobby' AND ended IS NULL AND (created, code) > (?, ?)"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.kind = 'empty')"
            " ORDER BY created, code LIMIT ?",
            (created, code, limit),
        )

    async def lobby_older_than(self, created: str, limit: int) -> list[str]:
        """The codes of up to ``limit`` live tables in the lobby created before ``created``, oldest first."""
        rows = await self.runner.rows(
            "SELECT code FROM tables WHERE status = 'lobby' AND ended IS NULL AND created < ? ORDER BY created, code"
            " LIMIT ?",
            (created, limit),
        )
        return [row[0] for row in rows]

    async def end_table(self, code: str, reason: str) -> None:
        """Mark a table stopped before its end (``reason`` in :data:`ENDED`) and forget its presence rows."""
        if reason not in ENDED:
            raise ValueError(f"a table ends early as one of {', '.join(ENDED)}, not {reason!r}")
        async with self.runner.transaction() as tx:
            await tx.run("UPDATE tables SET ended = ? WHERE code = ?", (reason, code))
            await tx.run("DELETE FROM presence WHERE code = ?", (code,))
            await lobby_changed(self.runner, tx, code)

    async def purge_expired(self, created: str, limit: int) -> int:
        """Delete up to ``limit`` expired tables created before ``created`` (no match was played at them) with
        their seats and chat; how many."""
        async with self.runner.transaction() as tx:
            codes = [(row[0],) for row in await tx.rows(
                "SELECT code FROM tables WHERE status = 'lobby' AND ended = 'expired' AND created < ?"
                " ORDER BY created, code LIMIT ?",
                (created, limit),
            )]
            for table in PURGED:
                await tx.run_many(f"DELETE FROM {table} WHERE code = ?", codes)
        return len(codes)

    async def discard(self, code: str) -> None:
        """Delete a started table nobody ever connected to (a quick-play table whose people never came): its
        seats, moves, chat and the accounts' claims on its seats, as if it had never been made."""
        async with self.runner.transaction() as tx:
            for table in ("seat_accounts", "rated_tables", *PURGED):
                await tx.run(f"DELETE FROM {table} WHERE code = ?", (code,))

    async def save_lobby(
        self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None
    ) -> None:
        """Replace the seats (and the options, when the seat order changed them) at a new frame version."""
        async with self.runner.transaction() as tx:
            await self._write_seats(tx, code, seats)
            await tx.run("UPDATE tables SET version = ? WHERE code = ?", (version, code))
            if options is not None:
                await tx.run("UPDATE tables SET options = ? WHERE code = ?", (json.dumps(options), code))
            await lobby_changed(self.runner, tx, code)

    async def start(self, code: str, seats: list[SeatRow], version: int) -> None:
        async with self.runner.transaction() as tx:
            await self._write_seats(tx, code, seats)
            await tx.run("UPDATE tables SET status = 'playing', version = ? WHERE code = ?", (version, code))
            await lobby_changed(self.runner, tx, code)

    async def checkpoint(self) -> None:
        """Housekeeping the server runs every few seconds (the SQLite store's WAL checkpoint, off the loop)."""

    async def close(self) -> None:
        """Let the database go (each store closes what it opened)."""
