"""A table's moves, chat lines and frame version, as the table store writes and reads them.

A move and its table's new version (with the clock, and the finished status at the match's end) are one
transaction, committed before any frame about the move is sent; so is a chat line and the version it gives.
"""

from __future__ import annotations

import json

from .db import Runner
from .rows import ChatRow, DamagedTable


class Moves:
    """The moves, the chat and the version of the tables of :class:`~cartas.online.store.tables.TableStore`."""

    runner: Runner

    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        """Append move ``n`` (0-based) and the table's new version; mark the table finished when ``finished``;
        replace the table's clock (JSON) when ``clock`` is given, in the same transaction."""
        stamp = stamped(version, finished, clock)
        async with self.runner.transaction() as tx:
            await tx.run("INSERT INTO moves (code, n, seat, action) VALUES (?, ?, ?, ?)", (code, n, seat, action))
            await tx.run(f"UPDATE tables SET {stamp[0]} WHERE code = ?", (*stamp[1], code))

    async def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None:
        """Replace the table's clock (JSON) at a new version, and mark it finished when ``finished`` (lost on time)."""
        assignments, args = stamped(version, finished, clock)
        await self.runner.run(f"UPDATE tables SET {assignments} WHERE code = ?", (*args, code))

    async def moves(self, code: str) -> list[tuple[int, str]]:
        try:
            rows = await self.runner.rows("SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,))
        except self.runner.damage as error:
            raise DamagedTable(code, error) from None
        return [(seat, action) for seat, action in rows]

    async def due_turns(self, now: float, limit: int) -> list[str]:
        """Turn-based tables in play whose deadline is ``now`` or earlier, the longest overdue first."""
        rows = await self.runner.rows(
            "SELECT code FROM tables WHERE deadline IS NOT NULL AND deadline <= ? AND status = 'playing'"
            " AND ended IS NULL ORDER BY deadline LIMIT ?",
            (now, limit),
        )
        return [row[0] for row in rows]

    async def set_version(self, code: str, version: int) -> None:
        await self.runner.run("UPDATE tables SET version = ? WHERE code = ?", (version, code))

    async def add_chat(self, code: str, row: ChatRow) -> None:
        """Store a chat line; its ``v`` is the table's new version."""
        async with self.runner.transaction() as tx:
            await tx.run(
                "INSERT INTO chat (code, v, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)",
                (code, row.v, row.seat, row.name, row.text, row.at),
            )
            await tx.run("UPDATE tables SET version = ? WHERE code = ?", (row.v, code))

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        rows = await self.runner.rows(
            "SELECT v, seat, name, text, at FROM chat WHERE code = ? ORDER BY v DESC LIMIT ?", (code, limit)
        )
        return [ChatRow(*row) for row in reversed(rows)]


def stamped(version: int, finished: str | None, clock: str | None) -> tuple[str, tuple[object, ...]]:
    """The assignments (and their values) that give a table its new version, its clock when there is one, and
    the finished status when the match is over."""
    assignments, args = ["version = ?"], list[object]([version])
    if clock is not None:
        assignments.append("clock = ?, deadline = ?")
        args += [clock, json.loads(clock).get("deadline")]
    if finished is not None:
        assignments.append("status = 'finished', finished = ?")
        args.append(finished)
    return ", ".join(assignments), tuple(args)
