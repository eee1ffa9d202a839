"""Slow and half-sent requests are timed out, so a client cannot hold connections open by trickling bytes.

uvicorn closes a keep-alive connection that stays idle (``timeout_keep_alive``) and bounds a request head's
size (``h11_max_incomplete_event_size``), but it waits for ever for a head that is never finished: a client
that sends ``GET / HTTP/1.1`` and then one header line a minute (slowloris) holds its connection, and a
thousand such hold a thousand. :class:`TimedH11Protocol` is uvicorn's own h11 protocol with a deadline on each
request head: from the connection's start, or from the end of the previous response, the head must be in
within :data:`HEAD_TIMEOUT` seconds, or the connection is closed. A body sent too slowly is the application's
to time out (``cartas.online.server.http`` answers 408 after :data:`BODY_TIMEOUT` seconds), and a websocket that says
no hello is closed after 15 s.
"""

from __future__ import annotations

import asyncio
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0
"""Seconds a client has to send a whole request head (the request line and the headers)."""
BODY_TIMEOUT = 10.0
"""Seconds a client has to send a whole request body (4 KiB at most)."""
KEEP_ALIVE = 5.0
"""Seconds an idle keep-alive connection is kept (uvicorn's ``timeout_keep_alive``)."""
MAX_HEAD = 16 * 1024
"""The largest request head taken (uvicorn's ``h11_max_incomplete_event_size``): larger ones get 400."""


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on every request head (see the module's docstring)."""

    head_timeout = HEAD_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._head_deadline = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _disarm(self) -> None:
        deadline = getattr(self, "_head_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._head_deadline = None

    def _waiting_for_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _head_too_slow(self) -> None:
        self._head_deadline = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        upgraded = self.transport.get_protocol() is not self  # a websocket took the connection over
        if upgraded or not self._waiting_for_head():
            self._disarm()  # a head came in: its request runs; the deadline starts again after the response

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


MAX_CONNECTIONS = 2000
"""Connections and requests in flight on the whole server (uvicorn's ``limit_concurrency``): one more is answered
503 at once. The global cap of every door, including the static files, which have no bucket of their own."""


def uvicorn_options(max_message: int = 64 * 1024, deflate: bool = False) -> dict[str, object]:
    """The keyword arguments ``cartas serve`` gives uvicorn: the timed protocol and the limits above."""
    return {
        "http": TimedH11Protocol, "timeout_keep_alive": KEEP_ALIVE, "h11_max_incomplete_event_size": MAX_HEAD,
        "ws_max_size": max_message, "ws_per_message_deflate": deflate, "limit_concurrency": MAX_CONNECTIONS,
    }
