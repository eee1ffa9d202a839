"""The browser's boundary: a request that changes state, or a websocket upgrade, from another site is refused.

Any page on the web can make its visitors' browsers POST to this server (a form, or ``fetch`` with a simple
content type) or open a websocket to it; the browser then says which page asked in the ``Origin`` header.
Such a request is refused with 403 (a websocket upgrade with 403 before it is accepted) unless its origin is
the server's own (the ``Host`` it was reached at) or one of ``cartas serve --allow-origin``.
A request without ``Origin`` comes from a program, not from a page in a browser (browsers send it on every
POST and every websocket upgrade), and is let through, as is usual; reads (GET, HEAD, OPTIONS) are too.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def normal_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, the default port left out, so two spellings compare equal."""
    raw = origin.strip().lower().rstrip("/")
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        return raw
    host = parts.hostname
    if not parts.scheme or not host:
        return raw
    if ":" in host:
        host = f"[{host}]"
    if port is None or str(port) == DEFAULT_PORTS.get(parts.scheme):
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def own_origins(headers: Headers) -> set[str]:
    """The origins this request was addressed to: its ``Host`` over http or https. The scheme is not compared:
    behind a proxy that ends TLS the server may see http where the browser says https, and a page that can
    speak for this host over plain http can already read and change its traffic."""
    host = headers.get("host")
    if not host:
        return set()
    return {normal_origin(f"http://{host}"), normal_origin(f"https://{host}")}


class OriginCheck:
    """ASGI middleware refusing cross-site state changes and websocket upgrades (see the module's docstring)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(normal_origin(origin) for origin in allowed)

    def allows(self, scope: Scope, headers: Headers) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return True
        origin = normal_origin(origin)
        return origin in self.allowed or origin in own_origins(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        checked = kind == "websocket" or (kind == "http" and scope.get("method", "GET") not in SAFE_METHODS)
        if checked:
            headers = Headers(scope=scope)
            if not self.allows(scope, headers):
                message = f"requests from {headers.get('origin', '')[:100]!r} are not allowed (see --allow-origin)"
                if kind == "websocket" and "websocket.http.response" not in scope.get("extensions", {}):
                    await send({"type": "websocket.close", "code": 1008})  # the server answers 403 itself
                    return
                if kind == "websocket":
                    await send({
                        "type": "websocket.http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json")],
                    })
                    body = JSONResponse({"error": message}).body
                    await send({"type": "websocket.http.response.body", "body": body})
                    return
                await JSONResponse({"error": message}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)
