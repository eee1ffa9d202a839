"""The account routes of ``cartas serve``: sign up, log in and out, the profile, sessions, a seat taken back.

A session is carried by the ``cartas_session`` cookie: HttpOnly (no script reads it), SameSite=Lax (not sent
on another site's form posts or fetches), Path=/, 30 days, and Secure when the request came over TLS (its
scheme is https, or a proxy said ``X-Forwarded-Proto: https``). The server's origin check
(:mod:`cartas.online.server.origin`) already refuses state-changing requests from other sites' pages, which together
with SameSite covers cross-site request forgery.

A login or sign-up also sets ``cartas_device`` (:mod:`.devices`) with the same flags, kept a year and kept at
logout: the browser is known again at its next login, past the limits a stranger's wrong passwords spend.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cartas.core.i18n import FRAMEWORK as _
from . import devices
from .service import AVATARS, DECKS, LANGUAGES, Account, Accounts
from ..server.errors import Refused
from ..server.http import client_key
from ..services import Services, route

COOKIE = "cartas_session"
COOKIE_DAYS = 30


def behind_tls(request: Request) -> bool:
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme in ("https", "wss") or forwarded == "https"


def set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        COOKIE, token, max_age=COOKIE_DAYS * 86400, path="/", httponly=True, samesite="lax",
        secure=behind_tls(request),
    )


async def remember_device(response: Response, request: Request, accounts: Accounts, account: Account) -> None:
    """Give the browser that just logged in to ``account`` its device cookie (:mod:`.devices`)."""
    value = await accounts.device_cookie(account, request.cookies.get(devices.COOKIE))
    response.set_cookie(
        devices.COOKIE, value, max_age=devices.DAYS * 86400, path="/", httponly=True, samesite="lax",
        secure=behind_tls(request),
    )


def me(account: Account, session: str | None = None) -> dict[str, Any]:
    body = account.public()
    if session is not None:
        body["session"] = session
    return body


async def current(accounts: Accounts, request: Request) -> tuple[Account, str] | None:
    """The account the request's cookie logs in, with the session's id; None for a guest."""
    return await accounts.account_of(request.cookies.get(COOKIE))


async def required(accounts: Accounts, request: Request) -> tuple[Account, str]:
    found = await current(accounts, request)
    if found is None:
        raise Refused(401, _("log in first (this needs an account)"))
    return found


@route
async def sign_up(s: Services, request: Request) -> Response:
    data = await s.json_body(request)
    account = await s.accounts().sign_up(
        data.get("username"), data.get("password"), data.get("display"), client_key(request.scope)
    )
    token = await s.accounts().open_session(account, request.headers.get("user-agent", ""))
    response = JSONResponse(me(account), status_code=201)
    set_cookie(response, request, token)
    await remember_device(response, request, s.accounts(), account)
    return response


@route
async def log_in(s: Services, request: Request) -> Response:
    data = await s.json_body(request)
    account = await s.accounts().log_in(
        data.get("username"), data.get("password"), client_key(request.scope), request.cookies.get(devices.COOKIE)
    )
    token = await s.accounts().open_session(account, request.headers.get("user-agent", ""))
    response = JSONResponse(me(account))
    set_cookie(response, request, token)
    await remember_device(response, request, s.accounts(), account)
    return response


@route
async def log_out(s: Services, request: Request) -> Response:
    found = await current(s.accounts(), request)
    if found is not None:
        await s.accounts().revoke(found[0], found[1])
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=behind_tls(request))
    return response


@route
async def whoami(s: Services, request: Request) -> Any:
    found = await current(s.accounts(), request)
    choices = {"languages": list(LANGUAGES), "decks": list(DECKS), "avatars": list(AVATARS)}
    if found is None:
        return {"account": None, "choices": choices}
    return {"account": me(*found), "choices": choices}


@route
async def profile(s: Services, request: Request) -> Any:
    account, session = await required(s.accounts(), request)
    return me(await s.accounts().set_profile(account, await s.json_body(request)), session)


@route
async def password(s: Services, request: Request) -> Any:
    account, _ = await required(s.accounts(), request)
    data = await s.json_body(request)
    await s.accounts().change_password(account, data.get("old"), data.get("new"))
    return {"ok": True}


@route
async def sessions(s: Services, request: Request) -> Any:
    account, session = await required(s.accounts(), request)
    listed = await s.accounts().sessions(account)
    for item in listed:
        item["current"] = item["id"] == session
    return listed


@route
async def seats(s: Services, request: Request) -> Any:
    account, _ = await required(s.accounts(), request)
    return await s.accounts().open_seats(account)


@route
async def turn_games(s: Services, request: Request) -> Any:
    """``GET /api/account/turns``: the account's turn-based tables, those waiting for it first."""
    account, _ = await required(s.accounts(), request)
    return {"games": await s.accounts().turn_games(account)}


@route
async def revoke(s: Services, request: Request) -> Any:
    account, _ = await required(s.accounts(), request)
    await s.accounts().revoke(account, request.path_params["session"])
    return {"ok": True}

