"""What every HTTP route of the server shares: the JSON error answer, who a request counts against, the
page and bearer token it names, its JSON body read within limits, the security headers of every answer."""

from __future__ import annotations

import asyncio
import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark
from cartas.core.wire import WireError, read_json
from .limits import Bucket
from .timeouts import BODY_TIMEOUT
from ..game.hub import MAX_PAGE, PAGE
from ..game.ownership import NotOwner
from .errors import Refused


MAX_FRAME = 4096
"""The largest websocket frame or HTTP body accepted from a browser: a move or a chat line is far smaller."""
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
        b"frame-ancestors 'none'",
    ),
]


class SecurityHeaders:
    """Adds headers that keep the pages from being framed, sniffed or made to run scripts from elsewhere."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def client_key(scope: Scope) -> str:
    """Who a request counts against: its client address (the proxy's ``X-Forwarded-For`` when uvicorn trusts
    the proxy, see docs/online.md); an account's id will go here when there are accounts."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


TOO_MANY: dict[str, str] = {
    "open-table list reads": mark("too many open-table list reads from your address; try again in {wait} s"),
    "new tables": mark("too many new tables from your address; try again in {wait} s"),
    "joins": mark("too many joins from your address; try again in {wait} s"),
    "reports": mark("too many reports from your address; try again in {wait} s"),
    "analyses": mark("too many analyses from your address; try again in {wait} s"),
    "analyses on the server": mark("too many analyses asked for on this server; try again in {wait} s"),
    "new tables on the server": mark("too many new tables on this server; try again in {wait} s"),
    "joins on the server": mark("too many joins on this server; try again in {wait} s"),
    "reports on the server": mark("too many reports on this server; try again in {wait} s"),
}
"""The refusal of each limited request, in the reader's language (:func:`too_many`)."""


def too_many(what: str, bucket: Bucket) -> JSONResponse:
    wait = max(1, int(bucket.retry_after() + 0.999))
    message = TOO_MANY.get(what)
    text = _(message if message else mark("too many requests from your address; try again in {wait} s"), wait=wait)
    return JSONResponse({"error": text}, status_code=429, headers={"retry-after": str(wait)})


def page_request(request: Request) -> tuple[int, tuple[str, str] | None]:
    """``?limit=N&cursor=C`` of the open-tables list: the page size and the table the page starts after."""
    try:
        limit = int(request.query_params.get("limit", PAGE))
    except ValueError:
        raise Refused(400, _("limit must be a whole number from 1 to {high}", high=MAX_PAGE)) from None
    if not 1 <= limit <= MAX_PAGE:
        raise Refused(400, _("limit must be a whole number from 1 to {high}", high=MAX_PAGE))
    cursor = request.query_params.get("cursor")
    if cursor is None:
        return limit, None
    created, sep, code = cursor.partition("_")
    if not sep or len(cursor) > 64 or not code.isalnum():
        raise Refused(400, _("cursor must be the value of the previous page's next link"))
    return limit, (created, code)


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _sep, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def json_body(request: Request, timeout: float = BODY_TIMEOUT) -> dict[str, Any]:
    """The request's JSON object: at most :data:`MAX_FRAME` bytes, all of it sent within ``timeout`` seconds."""
    body = b""
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_FRAME:
                    raise Refused(413, _("the request body is longer than {limit} bytes", limit=MAX_FRAME))
    except TimeoutError:
        raise Refused(408, _("the request body was not all sent within {seconds} s", seconds=f"{timeout:g}")) from None
    if not body.strip():
        return {}
    try:
        data = read_json(body, max_bytes=MAX_FRAME)
    except WireError as problem:
        raise Refused(400, str(problem)) from None
    if not isinstance(data, dict):
        raise Refused(400, _("the request body must be a JSON object"))
    return data


def moved(refusal: NotOwner) -> JSONResponse:
    """The answer for a table another process runs: 503, its owner's address and when its lease runs out.

    A proxy that routes by table code retries another upstream on 503 (see docs/online.md); a client may go to
    the address in ``X-Cartas-Owner`` itself.
    """
    lease = refusal.lease
    headers = {"x-cartas-owner": lease.address, "retry-after": str(max(1, int(lease.seconds_left + 1)))}
    body = {"error": str(refusal), "owner": lease.address, "retry_after": round(max(0.0, lease.seconds_left), 1)}
    return JSONResponse(body, status_code=503, headers=headers)

