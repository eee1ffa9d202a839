"""The push doors: the server's public key, subscribing and unsubscribing a device, its settings, the worker."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..accounts.routes import required
from ..server.routes import STATIC
from ..server.reader_language import request_language
from ..services import services
from . import subscriptions
from .words import KINDS


def pusher(request: Request) -> Any:
    return services(request).state["push"]


async def public_key(request: Request) -> Response:
    """``GET /api/push/key``: the VAPID public key a browser subscribes with, and the kinds one may choose."""
    s = services(request)

    async def handle(request: Request) -> Any:
        from cartas.core.i18n import FRAMEWORK as _

        return {"key": s.state["push_key"], "kinds": {kind: _(words) for kind, words in KINDS.items()}}

    return await s.guarded(request, handle)


async def subscribe(request: Request) -> Response:
    """``POST /api/push/subscribe`` ``{"subscription", "kinds"?}``: this device gets the chosen notifications,
    in the language the page reads."""
    s = services(request)

    async def handle(request: Request) -> Any:
        account, _session = await required(s.accounts(), request)
        body = await s.json_body(request)
        await subscriptions.subscribe(
            s.accounts().db, account.id, body, request_language(request.headers), pusher(request).allow_http
        )
        return {"ok": True}

    return await s.guarded(request, handle)


async def unsubscribe(request: Request) -> Response:
    """``POST /api/push/unsubscribe`` ``{"endpoint"}``."""
    s = services(request)

    async def handle(request: Request) -> Any:
        account, _session = await required(s.accounts(), request)
        body = await s.json_body(request)
        await subscriptions.unsubscribe(s.accounts().db, account.id, body.get("endpoint"))
        return {"ok": True}

    return await s.guarded(request, handle)


async def listing(request: Request) -> Response:
    """``GET /api/push/subscriptions``: the account's devices and what each wants."""
    s = services(request)

    async def handle(request: Request) -> Any:
        account, _session = await required(s.accounts(), request)
        return {"subscriptions": await subscriptions.listing(s.accounts().db, account.id)}

    return await s.guarded(request, handle)


async def service_worker(request: Request) -> Response:
    """``/sw.js``: the service worker, served from the root so that its scope is the whole site."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Service-Worker-Allowed": "/",
                                                                                   "Cache-Control": "no-cache"})
