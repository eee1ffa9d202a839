"""One websocket connection's way out: its own queue and writer task, so a slow or dead socket never blocks a table.

The table only ever puts text on the queue, which never waits. The writer task sends it in order; when a
send fails (the peer went away: Starlette raises ``WebSocketDisconnect``, and after a failed send 1.x raises
``RuntimeError`` or its own disconnect error) the connection is marked dead and further frames are dropped.
A peer that stops reading and lets :data:`MAX_QUEUE` frames pile up is closed, so memory stays bounded.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable

log = logging.getLogger("cartas.online")

MAX_QUEUE = 1000
CLOSE_NORMAL = 1000
CLOSE_TOO_SLOW = 1008


class Connection:
    """A websocket as the table sees it: who it is (a seat, or None for a spectator) and where frames go."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]], close: Callable[[int], Awaitable[None]]) -> None:
        self._send_text = send_text
        self._close = close
        self.seat: int | None = None
        self.token_hash: str | None = None
        """The hash of the seat token it said hello with: its seat follows it when the host reseats people."""
        self.alive = True
        self.chat_times: deque[float] = deque()
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.sent = 0

    def send(self, text: str) -> None:
        """Queue a frame; never waits."""
        if not self.alive:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            log.info("closing a connection that stopped reading (%d frames queued)", MAX_QUEUE)
            self.close(CLOSE_TOO_SLOW)
            return
        self.queue.put_nowait(text)

    def close(self, code: int = CLOSE_NORMAL) -> None:
        """Send what is queued, then close with ``code``."""
        if self.alive:
            self.alive = False
            self.queue.put_nowait(code)

    def chat_allowed(self, limit: int, window: float) -> bool:
        """Whether one more chat line fits in the rate limit (``limit`` lines per ``window`` seconds)."""
        now = time.monotonic()
        while self.chat_times and now - self.chat_times[0] > window:
            self.chat_times.popleft()
        if len(self.chat_times) >= limit:
            return False
        self.chat_times.append(now)
        return True

    async def _write(self) -> None:
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                try:
                    await self._close(item)
                except Exception:  # already closed by the peer: nothing left to do
                    pass
                return
            try:
                await self._send_text(item)
                self.sent += 1
            except Exception:  # WebSocketDisconnect, RuntimeError after close, OSError: the peer is gone
                self.alive = False
                return
