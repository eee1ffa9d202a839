"""One websocket connection's way out: its own queue and writer task, so a slow or dead socket never blocks a table.

The table only ever puts text on the queue, which never waits. The queue is a plain deque with one future
to wake the writer when it runs dry: an ``asyncio.Queue`` costs several times more per frame, and a move sends
a dozen frames. The writer task sends the frames in order; when a
send fails (the peer went away: Starlette raises ``WebSocketDisconnect``, and after a failed send 1.x raises
``RuntimeError`` or its own disconnect error) the connection is marked dead and further frames are dropped.
A peer that stops reading and lets :data:`MAX_QUEUE` frames pile up is closed, so memory stays bounded.
A client that asks for it in its hello gets the frames waiting at once in one message, a frame a line
(:attr:`Connection.batched`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable

from ..server.metrics import MoveTimer

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
        self.language: str | None = None
        """The language its reader chose (a site language, see :func:`cartas.online.game.words.site_language`), or
        None for the table's: every frame's text is sent to it in that language."""
        self.alive = True
        self.chat_times: deque[float] = deque()
        self.queue: deque[str | int | tuple[str, MoveTimer]] = deque()
        self._wake: asyncio.Future[None] | None = None
        """Set while the writer waits for a frame; the next frame queued resolves it."""
        self.batched = False
        """The client said ``"batch": true`` in its hello: the frames waiting when the writer runs (a move's ack,
        events and view) go out as one websocket message, one frame a line (docs/online.md). Each frame is the
        same text either way; one message instead of a dozen saves the server a dozen sends per move."""
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.sent = 0

    def send(self, text: str, timer: MoveTimer | None = None) -> None:
        """Queue a frame; never waits. ``timer`` is told when the frame has been written."""
        if not self.alive:
            return
        if len(self.queue) >= MAX_QUEUE:
            log.info("closing a connection that stopped reading (%d frames queued)", MAX_QUEUE)
            self.close(CLOSE_TOO_SLOW)
            return
        if timer is None:
            self._put(text)
        else:
            timer.waiting += 1
            self._put((text, timer))

    def close(self, code: int = CLOSE_NORMAL) -> None:
        """Send what is queued, then close with ``code``."""
        if self.alive:
            self.alive = False
            self._put(code)

    def _put(self, item: str | int | tuple[str, MoveTimer]) -> None:
        self.queue.append(item)
        wake = self._wake
        if wake is not None:
            self._wake = None
            if not wake.done():
                wake.set_result(None)

    def chat_allowed(self, limit: int, window: float) -> bool:
        """Whether one more chat line fits in the rate limit (``limit`` lines per ``window`` seconds)."""
        return _allowed(self.chat_times, limit, window)

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        queue = self.queue
        while True:
            if not queue:
                self._wake = loop.create_future()
                await self._wake
                continue
            item = queue.popleft()
            if isinstance(item, int):
                try:
                    await self._close(item)
                except Exception:  # already closed by the peer: nothing left to do
                    pass
                return
            timers: list[MoveTimer] = []
            if isinstance(item, tuple):
                item, timer = item
                timers.append(timer)
            frames = 1
            if self.batched and queue and not isinstance(queue[0], int):
                lines = [item]
                while queue and not isinstance(queue[0], int):
                    more = queue.popleft()
                    if isinstance(more, tuple):
                        lines.append(more[0])
                        timers.append(more[1])
                    elif isinstance(more, str):
                        lines.append(more)
                item = "\n".join(lines)
                frames = len(lines)
            try:
                await self._send_text(item)
                self.sent += frames
                for timer in timers:
                    timer.sent()
            except Exception:  # WebSocketDisconnect, RuntimeError after close, OSError: the peer is gone
                self.alive = False
                queue.clear()
                return


def _allowed(times: deque[float], limit: int, window: float) -> bool:
    """Count one more event in a sliding window of ``window`` seconds, unless ``limit`` are already in it."""
    now = time.monotonic()
    while times and now - times[0] > window:
        times.popleft()
    if len(times) >= limit:
        return False
    times.append(now)
    return True
