"""Tables that nobody uses any more stop, so a server's memory and database stay bounded by its live tables.

Two ways a table ends early, both kept in the database (``tables.ended``) and never rebuilt at a restart:

- **expired**: a table in the lobby with nobody connected for :attr:`Settings.lobby_expiry` seconds (30 minutes
  by default: the host created it and went away). The hub's sweep finds candidates with one indexed query
  (tables in the lobby created before the cut-off, a batch at a time), never a pass over every table.
- **abandoned**: a match in play with nobody connected (no player, no spectator) for longer than its grace (and at least
  :attr:`Settings.abandon_floor`): its bots stop at once (they never play on alone) and the match is kept as an
  unfinished record, served at ``/api/tables/{code}/record`` and written to the records folder, which
  ``cartas replay`` reads.

A quick-play match that nobody ever connected to is not kept: at the same point it is deleted with its seats
(:func:`discard`), and no record is written.

An expired table is deleted a day later (:data:`PURGE_AFTER`): nothing was played at it. The sweep also
drops from memory the tables that have ended (finished, expired, abandoned) and have no connection: they are
loaded again, read-only, if someone asks for them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from cartas.core.errors import CartasError
from cartas.core.record import save_record
from ..store.tables import ENDED
from .ownership import NotOwner

if TYPE_CHECKING:
    from .hub import Hub
    from .table import LiveTable

log = logging.getLogger("cartas.online")

SWEEP_EVERY = 60.0
"""Seconds between two sweeps for expired tables."""
BATCH = 200
"""Candidates looked at per sweep: a backlog is worked off over several sweeps, never in one long pass."""
DONE = ("finished", *ENDED)
PURGE_AFTER = 86400.0
"""Seconds an expired table is kept (its link says it expired) before it is deleted: no match was played at it,
so nothing is lost, and the database does not grow with tables nobody used."""


def iso(seconds: float) -> str:
    """The tables' ``created`` format for a time: they compare as text in time order."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


async def abandon(table: LiveTable) -> None:
    """Stop a match nobody is connected to: commit it as abandoned, then write its unfinished record."""
    await table.store.end_table(table.code, "abandoned")
    table.row.status = "abandoned"
    table.takeover.clear()
    log.info("table %s: nobody connected for longer than its grace; the match is kept as abandoned", table.code)
    try:
        save_record(table.record(), table.settings.record_path(table.code))
    except (OSError, CartasError):
        log.exception("table %s: the abandoned match's record could not be written", table.code)


async def discard(table: LiveTable) -> None:
    """Delete a quick-play match nobody came to (:attr:`LiveTable.unclaimed`): no record, no row. Its people
    asked for a seat and never took it, so nothing was played by anyone; keeping it would let one client fill
    the database and the records folder by asking for quick play in a loop."""
    await table.store.discard(table.code)
    table.row.status = "abandoned"
    table.takeover.clear()
    log.info("table %s: a quick-play match nobody connected to; deleted", table.code)


async def expire_if_idle(table: LiveTable, now: float) -> bool:
    """Expire a lobby table with nobody connected for the lobby expiry (run in the table's task)."""
    if table.row.status != "lobby" or table.connections:
        return False
    if table.active_at is not None and now - table.active_at < table.settings.lobby_expiry:
        return False
    await table.store.end_table(table.code, "expired")
    table.row.status = "expired"
    return True


async def sweep(hub: Hub, now: float | None = None) -> int:
    """Expire the lobby tables left alone too long and forget ended tables nobody watches; how many expired."""
    now = time.time() if now is None else now
    expired = 0
    for code in await hub.store.lobby_older_than(iso(now - hub.settings.lobby_expiry), BATCH):
        try:
            table = await hub.get(code)
        except NotOwner:
            continue  # another process runs it and sweeps it
        if table is None:
            continue
        if await table.call(expire_if_idle, table, now):
            expired += 1
            await hub.forget(code)
    await hub.store.purge_expired(iso(now - hub.settings.lobby_expiry - PURGE_AFTER), BATCH)
    for code, table in list(hub.tables.items()):
        if table.row.status in DONE and not table.connections:
            await hub.forget(code)
    if expired:
        log.info("%d table(s) expired in the lobby", expired)
    return expired


async def keep_sweeping(hub: Hub, every: float = SWEEP_EVERY) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await sweep(hub)
        except Exception:
            log.exception("the sweep for expired tables failed")
