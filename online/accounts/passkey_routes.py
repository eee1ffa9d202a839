"""The passkey routes of ``cartas serve`` (docs/accounts.md, "Passkeys"): a logged-in person lists, adds and
removes passkeys; anyone logs in with one and gets the same session cookie as a password login gives.

Each ceremony is two requests: ``.../options`` answers a ticket and the options for the browser's
``navigator.credentials`` call; the next request sends the ticket back with the browser's answer. Without the
``webauthn`` package (the ``online`` extra has it) these routes answer 501 and the rest of the server works.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cartas.core.i18n import FRAMEWORK as _
from .routes import me, remember_device, required, set_cookie
from ..server.errors import Refused
from ..server.http import client_key
from ..services import Services, route


def passkeys_module() -> ModuleType:
    try:
        return importlib.import_module("cartas.online.accounts.passkeys")
    except ImportError:
        raise Refused(501, _("passkeys need the webauthn package on the server (pip install webauthn)")) from None


def service(shared: Services) -> Any:
    """The passkeys' service over the server's accounts, made once per application (the module loads late)."""
    module = passkeys_module()
    found = shared.state.get("passkeys")
    if found is None or found.accounts is not shared.accounts():
        found = shared.state["passkeys"] = module.Passkeys(shared.accounts())
    return found


def party(shared: Services, request: Request) -> Any:
    """The relying party a request speaks to: its own origin, or one the origin check allows (``--allow-origin``)."""
    return passkeys_module().relying_party(request.headers, shared.allow_origins)


@route
async def listing(s: Services, request: Request) -> Any:
    account, _ = await required(s.accounts(), request)
    return [passkey.public() for passkey in await service(s).listing(account)]


@route
async def registration_options(s: Services, request: Request) -> Any:
    account, session = await required(s.accounts(), request)
    return await service(s).registration_options(account, session, party(s, request))


@route
async def register(s: Services, request: Request) -> Any:
    account, session = await required(s.accounts(), request)
    data = await s.json_body(request)
    passkey = await service(s).register(
        account, session, party(s, request), data.get("ticket"), data.get("credential"), data.get("name")
    )
    return JSONResponse(passkey.public(), status_code=201)


@route
async def remove(s: Services, request: Request) -> Any:
    account, _ = await required(s.accounts(), request)
    await service(s).remove(account, request.path_params["passkey"])
    return {"ok": True}


@route
async def login_options(s: Services, request: Request) -> Any:
    return await service(s).login_options(party(s, request), client_key(request.scope))


@route
async def log_in(s: Services, request: Request) -> Response:
    data = await s.json_body(request)
    account = await service(s).log_in(
        party(s, request), data.get("ticket"), data.get("credential"), client_key(request.scope)
    )
    token = await s.accounts().open_session(account, request.headers.get("user-agent", ""))
    response = JSONResponse(me(account))
    set_cookie(response, request, token)
    await remember_device(response, request, s.accounts(), account)
    return response

