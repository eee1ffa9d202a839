"""What the server's route handlers share, built once by :func:`cartas.online.app.create_app` and kept on the
application (``app.state.services``): the hub, the accounts and quick play once the server has started, the
limits, the settings, moderation, the pages, and the steps every JSON route takes (a refusal answered in the
reader's language, a body read within its limits).

A handler is a plain function of the request; it reads these with :func:`services`, so no route is a closure
inside the app's factory and the route table (:mod:`cartas.online.routes`) can list them all. A JSON route is
written as a function of the services and the request under :func:`route`, which takes those steps for it.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import speaking
from cartas.core.plugins.registry import Registry
from .accounts.service import Accounts
from .analysis.service import Analyses
from .game.hub import Hub
from .game.ownership import NotOwner
from .game.settings import Settings
from .game.table import LiveTable
from .moderation.service import Moderation
from .quickplay.queue import QuickPlay
from .server.errors import Refused
from .server.http import error, json_body, moved
from .server.limits import Limiter
from .server.pages import Pages
from .server.reader_language import request_language


@dataclass
class Services:
    """The server's parts the handlers use; those made at start-up (hub, accounts, quick play) live in ``state``."""

    games: Registry
    settings: Settings
    limiter: Limiter
    moderation: Moderation
    pages: Pages
    body_timeout: float
    allow_origins: tuple[str, ...]
    site_labels: dict[str, Any]
    state: dict[str, Any] = field(default_factory=dict)
    """The hub, the accounts and quick play, once the application's lifespan has started them."""
    analyses: dict[str, Analyses] = field(default_factory=dict)
    """The analyses' runner, made at the first request for one."""

    def hub(self) -> Hub:
        found = self.state["hub"]
        assert isinstance(found, Hub)
        return found

    def accounts(self) -> Accounts:
        found = self.state["accounts"]
        assert isinstance(found, Accounts)
        return found

    def quickplay(self) -> QuickPlay:
        found = self.state["quickplay"]
        assert isinstance(found, QuickPlay)
        return found

    def refuse_when_draining(self) -> None:
        if self.hub().draining:
            raise Refused(503, _("the server is restarting; try again in a moment"))

    async def table_or_404(self, code: str) -> LiveTable:
        table = await self.hub().get(code)
        if table is None:
            raise Refused(404, _("no table {code}", code=repr(code)))
        return table

    async def json_body(self, request: Request) -> dict[str, Any]:
        return await json_body(request, self.body_timeout)

    async def guarded(self, request: Request, handler: Callable[[Request], Awaitable[Any]]) -> Response:
        """``handler``'s answer: JSON unless it is a response already; a refusal as ``{"error": ...}`` written in
        the reader's language (the page's choice, else Accept-Language), as a connection's frames are
        (docs/online.md); a table another process runs as the 503 a proxy retries elsewhere."""
        try:
            with speaking(request_language(request.headers)):
                result = await handler(request)
        except Refused as refusal:
            return error(refusal.status, refusal.message)
        except NotOwner as refusal:
            return moved(refusal)
        if isinstance(result, Response):
            return result
        return JSONResponse(result)


def services(connection: HTTPConnection) -> Services:
    """The services of the application serving ``connection`` (a request or a websocket)."""
    found = connection.app.state.services
    assert isinstance(found, Services)
    return found


def route(handler: Callable[[Services, Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
    """The Starlette endpoint that answers a request with ``handler(services, request)`` under
    :meth:`Services.guarded`: every JSON route takes the same steps (refusals in the reader's language, a table
    moved elsewhere as a 503), so they are written once here. The endpoint keeps ``handler``'s name, qualified
    name and docstring, so the route table and its checks see the room's own function, not a closure."""

    @functools.wraps(handler)
    async def endpoint(request: Request) -> Response:
        shared = services(request)
        return await shared.guarded(request, functools.partial(handler, shared))

    return endpoint
