"""The server's log lines as JSON (``cartas serve --log-format json``): one object a line, for a log collector.

Each line has ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``, plus ``request_id`` when it was
logged while serving an HTTP request or a websocket (the client's ``X-Request-Id`` when it sent a sane one, else
one drawn here, and sent back in the response's ``X-Request-Id``) and ``table`` when it is about one table.
Nothing else of the request goes in: never a token (they travel in headers and frames, which are not logged),
never a seed, never a move's text. ``tests/online/test_logs.py`` scans a whole match's log for them.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import re
import secrets
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST: contextvars.ContextVar[tuple[str, asyncio.Task[Any] | None] | None] = contextvars.ContextVar(
    "cartas_request", default=None
)
"""The request being served and the task serving it: a table task started by a request copies the context, but
its lines are not that request's, so the id is only written from the request's own task."""
SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def current_request_id() -> str | None:
    found = REQUEST.get()
    if found is None:
        return None
    request_id, task = found
    try:
        running = asyncio.current_task()
    except RuntimeError:
        running = None
    return request_id if running is task else None


def table_of(record: logging.LogRecord) -> str | None:
    """The table a line is about: ``extra={"table": code}``, or the code of a ``"table %s: ..."`` line."""
    code = getattr(record, "table", None)
    if isinstance(code, str):
        return code
    if isinstance(record.msg, str) and record.msg.startswith("table %s") and isinstance(record.args, tuple):
        first = record.args[0] if record.args else None
        return first if isinstance(first, str) else None
    return None


class JsonFormatter(logging.Formatter):
    """One JSON object a line; an exception's traceback goes in ``error`` as one string."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = current_request_id()
        if request_id is not None:
            line["request_id"] = request_id
        table = table_of(record)
        if table is not None:
            line["table"] = table
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class RequestIds:
    """ASGI middleware: give each request and websocket an id for the log lines written while serving it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if SANE_ID.fullmatch(given) else secrets.token_hex(6)
        token = REQUEST.set((request_id, asyncio.current_task()))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + [(b"x-request-id", request_id.encode())]
            await send(message)

        try:
            # A websocket's messages carry no headers to add: its frames (a dozen a move) go straight out.
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            REQUEST.reset(token)


def banner(message: str, log_format: str) -> str:
    """A line ``cartas serve`` itself prints on stdout (where it serves): as is, or, with the JSON log format,
    as one object shaped like the log's lines, so a collector reading stdout meets nothing but JSON."""
    if log_format != "json":
        return message
    return JsonFormatter().format(logging.LogRecord("cartas.serve", logging.INFO, __file__, 0, message, None, None))


def log_config(log_format: str, level: str = "INFO") -> dict[str, Any]:
    """The ``logging.config`` dictionary for uvicorn and cartas: JSON lines, or uvicorn's own text lines."""
    formatter: dict[str, Any] = (
        {"()": "cartas.online.server.logs.JsonFormatter"} if log_format == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr"}},
        "loggers": {
            name: {"handlers": ["stderr"], "level": level, "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "cartas")
        },
    }
