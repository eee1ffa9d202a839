"""The push doors: the server's public key, subscribing and unsubscribing a device, its settings, the worker."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..accounts.routes import required
from ..server.routes import STATIC
from ..server.reader_language import request_language
from ..services import Services, route, services
from . import subscriptions
from .words import KINDS


def pusher(request: Request) -> Any:
    return services(request).state["push"]


@route
async def public_key(s: Services, request: Request) -> Any:
    """``GET /api/push/key``: the VAPID public key a browser subscribes with, and the kinds one may choose."""
    from cartas.core.i18n import FRAMEWORK as _

    return {"key": s.state["push_key"], "kinds": {kind: _(words) for kind, words in KINDS.items()}}


@route
async def subscribe(s: Services, request: Request) -> Any:
    """``POST /api/push/subscribe`` ``{"subscription", "kinds"?}``: this device gets the chosen notifications,
    in the language the page reads."""
    account, _session = await required(s.accounts(), request)
    body = await s.json_body(request)
    await subscriptions.subscribe(
        s.accounts().db, account.id, body, request_language(request.headers), pusher(request).allow_http
    )
    return {"ok": True}


@route
async def unsubscribe(s: Services, request: Request) -> Any:
    """``POST /api/push/unsubscribe`` ``{"endpoint"}``."""
    account, _session = await required(s.accounts(), request)
    body = await s.json_body(request)
    await subscriptions.unsubscribe(s.accounts().db, account.id, body.get("endpoint"))
    return {"ok": True}


@route
async def listing(s: Services, request: Request) -> Any:
    """``GET /api/push/subscriptions``: the account's devices and what each wants."""
    account, _session = await required(s.accounts(), request)
    return {"subscriptions": await subscriptions.listing(s.accounts().db, account.id)}


async def service_worker(request: Request) -> Response:
    """``/sw.js``: the service worker, served from the root so that its scope is the whole site."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Service-Worker-Allowed": "/",
                                                                                   "Cache-Control": "no-cache"})
