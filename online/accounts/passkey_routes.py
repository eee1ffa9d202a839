"""The passkey routes of ``cartas serve`` (docs/accounts.md, "Passkeys"): a logged-in person lists, adds and
removes passkeys; anyone logs in with one and gets the same session cookie as a password login gives.

Each ceremony is two requests: ``.../options`` answers a ticket and the options for the browser's
``navigator.credentials`` call; the next request sends the ticket back with the browser's answer. Without the
``webauthn`` package (the ``online`` extra has it) these routes answer 501 and the rest of the server works.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Iterable
from types import ModuleType
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cartas.core.i18n import FRAMEWORK as _
from .service import Accounts
from .routes import Body, Key, me, remember_device, required, set_cookie
from ..game.table import Refused


def passkeys_module() -> ModuleType:
    try:
        return importlib.import_module("cartas.online.accounts.passkeys")
    except ImportError:
        raise Refused(501, _("passkeys need the webauthn package on the server (pip install webauthn)")) from None


def passkey_routes(
    accounts: Callable[[], Accounts], body: Body, key: Key, guarded: Callable[..., Awaitable[Response]],
    allowed_origins: Iterable[str] = (),
) -> list[Route]:
    """The routes; the arguments are :func:`~cartas.online.accounts.routes.account_routes`'s, and the origins the
    origin check allows besides the request's own (``--allow-origin``)."""
    allowed = tuple(allowed_origins)
    made: dict[str, Any] = {}

    def service() -> Any:
        module = passkeys_module()
        found = made.get("service")
        if found is None or found.accounts is not accounts():
            found = made["service"] = module.Passkeys(accounts())
        return found

    def party(request: Request) -> Any:
        return passkeys_module().relying_party(request.headers, allowed)

    async def listing(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            account, _ = await required(accounts(), request)
            return [passkey.public() for passkey in await service().listing(account)]

        return await guarded(request, handle)

    async def registration_options(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            account, session = await required(accounts(), request)
            return await service().registration_options(account, session, party(request))

        return await guarded(request, handle)

    async def register(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            account, session = await required(accounts(), request)
            data = await body(request)
            passkey = await service().register(
                account, session, party(request), data.get("ticket"), data.get("credential"), data.get("name")
            )
            return JSONResponse(passkey.public(), status_code=201)

        return await guarded(request, handle)

    async def remove(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            account, _ = await required(accounts(), request)
            await service().remove(account, request.path_params["passkey"])
            return {"ok": True}

        return await guarded(request, handle)

    async def login_options(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            return await service().login_options(party(request), key(request))

        return await guarded(request, handle)

    async def log_in(request: Request) -> Response:
        async def handle(request: Request) -> Response:
            data = await body(request)
            account = await service().log_in(party(request), data.get("ticket"), data.get("credential"), key(request))
            token = await accounts().open_session(account, request.headers.get("user-agent", ""))
            response = JSONResponse(me(account))
            set_cookie(response, request, token)
            await remember_device(response, request, accounts(), account)
            return response

        return await guarded(request, handle)

    return [
        Route("/api/account/passkeys", listing, methods=["GET"]),
        Route("/api/account/passkeys/options", registration_options, methods=["POST"]),
        Route("/api/account/passkeys", register, methods=["POST"]),
        Route("/api/account/passkeys/{passkey}/remove", remove, methods=["POST"]),
        Route("/api/account/passkey-login/options", login_options, methods=["POST"]),
        Route("/api/account/passkey-login", log_in, methods=["POST"]),
    ]
