"""A graceful stop for ``cartas serve``: on SIGTERM (or a first Ctrl-C) the server first drains its tables, then
lets uvicorn stop.

uvicorn alone stops listening and closes every websocket with 1012 at once, while a table may be between a
move's commit and its frames, and the clients learn nothing but the close code. Here the first signal starts
:meth:`cartas.online.game.hub.Hub.drain` instead: ``/readyz`` turns to 503 and new tables and joins are refused, each
table finishes what it was given, each client gets a ``restart`` frame and a 1012 close. Then uvicorn's own stop
runs (no more connections to wait for), the app's lifespan ends the bot worker pool and closes the store. A
second signal stops at once, as uvicorn does.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from types import FrameType

import uvicorn

log = logging.getLogger("cartas.online")

DRAIN_TIMEOUT = 15.0
"""The longest the drain may take before uvicorn's stop goes ahead anyway."""


class GracefulServer(uvicorn.Server):
    """uvicorn's server, with ``drain`` awaited between the first stop signal and uvicorn's own shutdown."""

    def __init__(self, config: uvicorn.Config, drain: Callable[[], Awaitable[int]]) -> None:
        super().__init__(config)
        self.drain = drain
        self.drain_task: asyncio.Task[None] | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.drain_task is not None:  # a second signal: stop now
            super().handle_exit(sig, frame)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            super().handle_exit(sig, frame)
            return
        self.drain_task = loop.create_task(self._drain_then_exit(sig))

    async def _drain_then_exit(self, sig: int) -> None:
        log.info("stopping: the tables finish their work and the clients are told to reconnect")
        try:
            closed = await asyncio.wait_for(self.drain(), DRAIN_TIMEOUT)
            log.info("%d connection(s) told to reconnect", closed)
        except Exception as problem:
            log.warning("the drain did not finish (%s); stopping anyway", problem or type(problem).__name__)
        super().handle_exit(sig, None)
