"""A fake clock for the table clocks' tests (cartas.online.game.clock.Timers): time moves only when a test says so,
and a timer fires in the server's event loop thread, as a real one would, when the test advances past it."""

from __future__ import annotations

import asyncio
import heapq
from collections.abc import Callable
from typing import Any

from online_helpers import Server


class FakeHandle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeTimers:
    """Monotonic time that stands still, and timers that fire when :meth:`advance` passes their deadline."""

    def __init__(self) -> None:
        self.at = 1000.0
        self.pending: list[tuple[float, int, Callable[..., Any], tuple[Any, ...], FakeHandle]] = []
        self.count = 0

    def now(self) -> float:
        return self.at

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> FakeHandle:
        handle = FakeHandle()
        self.count += 1
        heapq.heappush(self.pending, (self.at + delay, self.count, callback, args, handle))
        return handle

    def live(self) -> int:
        """Timers set and neither fired nor cancelled."""
        return sum(not entry[4].cancelled for entry in self.pending)

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, firing every due timer in deadline order (call it in the loop's thread)."""
        self.at += seconds
        while self.pending and self.pending[0][0] <= self.at:
            _, _, callback, args, handle = heapq.heappop(self.pending)
            if not handle.cancelled:
                callback(*args)


def with_fake_clock(server: Server) -> FakeTimers:
    """Give the server's tables (those created from now on) a fake clock."""
    timers = FakeTimers()
    server.hub().settings.timers = timers
    return timers


def advance(server: Server, timers: FakeTimers, seconds: float) -> None:
    server.client.portal.call(timers.advance, seconds)


def settle(server: Server, code: str) -> None:
    """Until the table has run everything it was given and no bot is thinking (run in the loop's thread)."""
    table = server.table(code)

    async def idle() -> None:
        for _ in range(500):
            await table.call(lambda: None)
            await asyncio.sleep(0)
            if table.bot_job is None and table.inbox.empty():
                return
        raise AssertionError("the table never settled")

    server.client.portal.call(idle)
