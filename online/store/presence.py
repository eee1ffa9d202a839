"""Who is at each person's seat (online, away, or a bot playing for them), written by the table's owner at each
change so the open-tables list of every process shows it; and the lobby's change notice on Postgres."""

from __future__ import annotations

from .db import Runner, Tx, chunks, marks

LOBBY_CHANNEL = "cartas_lobby"
"""The channel every change to a table in the lobby is notified on (its code as the payload), at commit."""


async def lobby_changed(runner: Runner, tx: Tx, code: str, *, if_in_lobby: bool = False) -> None:
    """Tell every process listening that the open-tables list changed (only when the table is in the lobby, with
    ``if_in_lobby``). Postgres delivers the notice at commit; a SQLite database has one process and no notices."""
    if runner.listens:
        await tx.run(
            "SELECT pg_notify(?, code) FROM tables WHERE code = ?" + (" AND status = 'lobby'" if if_in_lobby else ""),
            (LOBBY_CHANNEL, code),
        )


class Presence:
    """The presence rows of the tables of :class:`~cartas.online.store.tables.TableStore`."""

    runner: Runner

    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        """Record who is at a person's seat now (``online``, ``away``, ``bot``) at the table's new version."""
        async with self.runner.transaction() as tx:
            await tx.run(
                "INSERT INTO presence (code, seat, presence) VALUES (?, ?, ?)"
                " ON CONFLICT (code, seat) DO UPDATE SET presence = excluded.presence",
                (code, seat, presence),
            )
            # Never lower: a coalesced presence write (cartas.online.game.presence) may follow a later move's commit.
            await tx.run(
                "UPDATE tables SET version = CASE WHEN version > ? THEN version ELSE ? END WHERE code = ?",
                (version, version, code),
            )
            await lobby_changed(self.runner, tx, code, if_in_lobby=True)

    async def clear_presence(self, code: str) -> None:
        """Forget who was at the table's seats: a process that loads it has nobody connected yet."""
        async with self.runner.transaction() as tx:
            await tx.run("DELETE FROM presence WHERE code = ?", (code,))
            await lobby_changed(self.runner, tx, code)

    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        """The recorded presence at these tables, by code and seat (a seat not recorded is away)."""
        found: dict[str, dict[int, str]] = {code: {} for code in codes}
        for chunk in chunks(codes):
            rows = await self.runner.rows(
                f"SELECT code, seat, presence FROM presence WHERE code IN ({marks(chunk)})", chunk
            )
            for code, seat, presence in rows:
                found[code][seat] = presence
        return found
