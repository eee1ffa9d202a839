"""Presence writes, coalesced: who is at a seat is written to the store at most once per seat every
:data:`PRESENCE_DELAY` seconds, however often its websocket comes and goes.

Before, each connect and each disconnect was a commit of its own: a reconnect storm (a client reconnecting in a
loop, or a proxy restarting) wrote a row per reconnect, and grew the SQLite WAL by 77 MB in 20 s. Presence is
what the open-tables list shows of a table (online, away, bot); the table's own clients learn it from frames,
so a list that is half a second behind costs nothing, and the last state of each seat is what gets written.

The table's frame version travels with each presence write, and the store only ever raises the stored version
(``max``), so a late presence write never takes it back below a move committed meanwhile. What a crash loses
is at most the presence frames of the last half second: a client that saw them and comes back gets the view
as it stands (see docs/online.md, Storage).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..store.tables import AsyncStore

log = logging.getLogger("cartas.online")

PRESENCE_DELAY = 0.5
"""Seconds a presence change waits before it is written, taking the seat's later changes along with it."""


class CoalescedPresence:
    """An :class:`~cartas.online.store.tables.AsyncStore` whose ``set_presence`` is deferred and coalesced per seat;
    every other method is the wrapped store's (``store``)."""

    def __init__(self, store: AsyncStore, delay: float = PRESENCE_DELAY) -> None:
        self.store = store
        self.delay = delay
        self.pending: dict[tuple[str, int], tuple[str, int]] = {}
        self.flusher: asyncio.TimerHandle | None = None
        self.writes = 0
        """Presence rows written to the store so far (for the tests and the metrics)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        self.pending[(code, seat)] = (presence, version)
        if self.flusher is None:
            loop = asyncio.get_running_loop()
            self.flusher = loop.call_later(self.delay, lambda: loop.create_task(self.flush()))

    async def flush(self) -> None:
        """Write every pending presence now (a failed one stays pending for the next flush)."""
        if self.flusher is not None:
            self.flusher.cancel()  # when called before its time (on close, or by a test)
            self.flusher = None
        pending, self.pending = self.pending, {}
        for (code, seat), (presence, version) in pending.items():
            try:
                await self.store.set_presence(code, seat, presence, version)
                self.writes += 1
            except Exception as problem:
                log.warning("table %s: the presence at seat %d could not be stored yet: %s", code, seat, problem)
                self.pending.setdefault((code, seat), (presence, version))
        if self.pending and self.flusher is None:
            loop = asyncio.get_running_loop()
            self.flusher = loop.call_later(self.delay, lambda: loop.create_task(self.flush()))

    async def clear_presence(self, code: str) -> None:
        for key in [key for key in self.pending if key[0] == code]:
            del self.pending[key]
        await self.store.clear_presence(code)

    async def end_table(self, code: str, reason: str) -> None:
        """An ended table keeps no presence: what was pending for it is dropped, not written after the end."""
        for key in [key for key in self.pending if key[0] == code]:
            del self.pending[key]
        await self.store.end_table(code, reason)

    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        found = await self.store.presence(codes)
        for (code, seat), (presence, _) in self.pending.items():
            if code in found:
                found[code][seat] = presence
        return found

    async def close(self) -> None:
        await self.flush()
        await self.store.close()
