"""The store as the tables use it, measured: each move's commit timed and counted, each failed write counted and
remembered until a write succeeds again (``/readyz`` says not ready meanwhile). Every other method is the wrapped
store's own."""

from __future__ import annotations

import logging
import time
from typing import Any

from ..server.metrics import Metrics
from .tables import AsyncStore

log = logging.getLogger("cartas.online")


class MeasuredStore:
    """An :class:`~cartas.online.store.tables.AsyncStore` whose writes feed :class:`~cartas.online.server.metrics.Metrics`."""

    WRITES = frozenset({
        "create_table", "save_lobby", "start", "set_version", "set_presence", "clear_presence", "add_chat",
        "end_table", "purge_expired", "save_clock", "discard",
    })

    def __init__(self, store: AsyncStore, metrics: Metrics) -> None:
        self.store = store
        self.metrics = metrics

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if name not in self.WRITES:
            return found

        async def write(*args: Any, **kwargs: Any) -> Any:
            return await self._watched(found(*args, **kwargs))

        return write

    async def _watched(self, pending: Any) -> Any:
        try:
            result = await pending
        except Exception:
            self.metrics.failed_writes.inc()
            self.metrics.last_write_failed = True
            raise
        self.metrics.last_write_failed = False
        return result

    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        began = time.perf_counter()
        await self._watched(self.store.add_move(code, n, seat, action, version, finished, clock))
        self.metrics.commit.observe(time.perf_counter() - began)
        self.metrics.moves_total.inc()
        # Never the action: a move may name a card other seats have not seen.
        log.debug("table %s: move %d by seat %d stored", code, n, seat)
