"""Which server process runs each table: a lease, taken and renewed for some seconds at a time.

Lease times are read from the runner's clock (``Runner.now``): the database's on Postgres, so the processes'
clocks need not agree; on SQLite the server's, as the processes sharing one file share a machine (SQLite locks
by file).
"""

from __future__ import annotations

from .db import Runner
from .rows import Lease


class Leases:
    """The leases of the tables of :class:`~cartas.online.store.tables.TableStore`."""

    runner: Runner

    async def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease:
        """Take or renew the lease of a table unless another owner holds an unexpired one; the lease it has now."""
        now = self.runner.now
        async with self.runner.transaction() as tx:
            await tx.run(
                f"INSERT INTO leases (code, owner, address, expires) VALUES (?, ?, ?, {now} + ?)"
                " ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, address = excluded.address,"
                f" expires = excluded.expires WHERE leases.owner = excluded.owner OR leases.expires < {now}",
                (code, owner, address, ttl),
            )
            ((holder, where, left),) = await tx.rows(
                f"SELECT owner, address, expires - {now} FROM leases WHERE code = ?", (code,)
            )
        return Lease(code, holder, where, float(left))

    async def renew(self, owner: str, ttl: float) -> set[str]:
        """Extend every lease ``owner`` holds by ``ttl`` seconds from now; the codes it still holds."""
        async with self.runner.transaction() as tx:
            await tx.run(f"UPDATE leases SET expires = {self.runner.now} + ? WHERE owner = ?", (ttl, owner))
            return {row[0] for row in await tx.rows("SELECT code FROM leases WHERE owner = ?", (owner,))}

    async def release(self, owner: str, codes: list[str] | None = None) -> None:
        """Give up the leases of ``codes`` (all of ``owner``'s when None), so another process may take them at once."""
        if codes is None:
            await self.runner.run("DELETE FROM leases WHERE owner = ?", (owner,))
        else:
            await self.runner.run_many("DELETE FROM leases WHERE owner = ? AND code = ?", [(owner, c) for c in codes])

    async def unowned_playing(self, owner: str) -> list[str]:
        """Tables in play that no live lease of another owner covers: their process died, or stopped without
        releasing them, or was this very owner before a restart (an owner id may be stable across restarts).
        Turn-based tables are not among them: they are loaded when someone comes or a deadline passes."""
        rows = await self.runner.rows(
            f"SELECT t.code FROM tables t LEFT JOIN leases l ON l.code = t.code AND l.expires >= {self.runner.now}"
            " AND l.owner <> ? WHERE t.status = 'playing' AND t.ended IS NULL AND l.code IS NULL AND t.turns IS NULL"
            " ORDER BY t.created, t.code",
            (owner,),
        )
        return [row[0] for row in rows]
