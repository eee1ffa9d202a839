"""The websocket endpoint ``/ws/CODE``: the hello with its token, then moves, chat and pings, each frame charged
to the connection's frame budget before it is parsed (docs/online.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import typing
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark, speaking
from cartas.core.wire import WireError, read_json
from .connection import Connection
from ..server.limits import Limiter, Limits
from .hub import Hub
from .ownership import NotOwner
from .words import site_language
from ..server.reader_language import request_language
from .views import dumps


from ..server.http import MAX_FRAME, client_key, error, moved

log = logging.getLogger("cartas.online")

HELLO_TIMEOUT = 15.0
CLOSE_BAD_FRAME = 4400
CLOSE_NO_TABLE = 4404
CLOSE_TOO_MANY = 4429
"""The close code of a websocket whose frame budget is spent (or whose address has too many sockets open)."""


async def websocket(socket: WebSocket) -> None:
    """The ``/ws/CODE`` route: refused (429) when the address has too many sockets open, else served."""
    limiter: Limiter = socket.app.state.limiter
    hub: Hub = socket.app.state.hub()
    key = client_key(socket.scope)
    if not limiter.socket_opened(key):
        with speaking(request_language(socket.headers)):
            denial = error(429, _("too many connections from your address"))
        await socket.send_denial_response(denial)
        return
    try:
        await serve_socket(socket, hub, limiter, key)
    finally:
        limiter.socket_closed(key)

async def _receive(socket: WebSocket) -> str | bytes:
    """The next frame's raw text, or raise ``WebSocketDisconnect``."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw: str | bytes | None = message.get("text")
    if raw is None:
        raw = message.get("bytes") or b""
    return raw


async def _read_frame(socket: WebSocket) -> Any:
    """The next frame as JSON, or raise ``WebSocketDisconnect``; a bad frame raises ``WireError``."""
    return read_json(await _receive(socket), max_bytes=MAX_FRAME)


class Spent(Exception):
    """A websocket's frame budget is spent: it is closed with :data:`CLOSE_TOO_MANY`."""


class FrameBudget:
    """A websocket's frames, counted BEFORE each is parsed: its own budget and its address's, one frame each,
    a bad frame (malformed, oversized, unknown) :attr:`Limits.bad_frame_cost` each. Once either is spent the
    connection is closed, so a flood costs the server a dictionary look-up a frame, not a parse and a view."""

    def __init__(self, limiter: Limiter, key: str) -> None:
        self.own = limiter.frame_budget()
        self.address = limiter.frames.bucket(key)
        self.bad = limiter.limits.bad_frame_cost

    def charge(self, cost: float = 1.0) -> None:
        if not (self.own.take(cost) and self.address.take(cost)):
            raise Spent

    def charge_bad(self) -> None:
        self.charge(max(0.0, self.bad - 1.0))


async def _deny(socket: WebSocket, connection: Connection | None, message: str, code: int) -> None:
    """Tell the client why in an error frame, then close with ``code`` and the reason."""
    if connection is not None:
        connection.send(dumps({"type": "error", "message": message}))
        connection.close(code)
        return
    with contextlib.suppress(Exception):
        await socket.send_text(dumps({"type": "error", "message": message}))
        await socket.close(code, message)


SPENT = "too many frames: the connection is closed; reconnect in a few seconds"


async def serve_socket(socket: WebSocket, hub: Hub, limiter: Limiter | None = None, key: str = "") -> None:
    """One websocket: the hello with its token, then moves, chat and pings until it closes.

    A table another process runs is refused before the upgrade, with the same 503 as over HTTP. Every frame
    is charged to the connection's :class:`FrameBudget` before it is parsed.
    """
    limiter = limiter or Limiter()
    budget = FrameBudget(limiter, key)
    try:
        table = await hub.get(socket.path_params["code"])
    except NotOwner as refusal:
        await socket.send_denial_response(moved(refusal))
        return
    await socket.accept()
    if table is None:
        await socket.send_text(dumps({"type": "error", "message": "no such table"}))
        await socket.close(CLOSE_NO_TABLE)
        return
    try:
        budget.charge()
        hello = await asyncio.wait_for(_read_frame(socket), HELLO_TIMEOUT)
    except (WireError, TimeoutError) as problem:
        message = str(problem) if isinstance(problem, WireError) else "no hello in time"
        await _deny(socket, None, message, CLOSE_BAD_FRAME)
        return
    except Spent:
        await _deny(socket, None, SPENT, CLOSE_TOO_MANY)
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await socket.send_text(dumps({"type": "error", "message": "the first frame must be {\"type\": \"hello\", ...}"}))
        await socket.close(CLOSE_BAD_FRAME)
        return
    reasons = {CLOSE_TOO_MANY: SPENT}
    connection = Connection(socket.send_text, lambda code: socket.close(code, reasons.get(code)))
    connection.language = site_language(hello.get("lang"))
    connection.batched = hello.get("batch") is True
    await table.call(table.connect, connection, hello.get("token"), hello.get("v"))
    table.active_at = time.time()
    try:
        while connection.alive:
            raw = await _receive(socket)
            budget.charge()
            try:
                frame = read_json(raw, max_bytes=MAX_FRAME)
            except WireError as problem:
                budget.charge_bad()
                connection.send(dumps({"type": "error", "message": str(problem)}))
                continue
            kind = frame.get("type") if isinstance(frame, dict) else None
            if kind == "ping":
                connection.send(dumps({"type": "pong"}))
            elif kind == "move":
                table.post(table.move, connection, frame.get("action"), frame.get("v"), time.perf_counter())
            elif kind == "chat":
                chat = limiter.chat.bucket(key)
                if chat.take():
                    table.post(table.say, connection, frame.get("text"), frame.get("name"))
                else:
                    table.tell(connection, mark("too many chat lines from your address"))
            elif kind == "lang":
                table.post(table.set_language, connection, frame.get("lang"))
            else:
                budget.charge_bad()
                message = "frame types are move, chat, lang and ping" if kind else "a frame is a JSON object with a type"
                connection.send(dumps({"type": "error", "message": message}))
    except Spent:
        log.info("table %s: a connection spent its frame budget and was closed", table.code)
        await _deny(socket, connection, SPENT, CLOSE_TOO_MANY)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.post(table.disconnect, connection)
        table.active_at = time.time()
        connection.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(connection.writer, 2)
