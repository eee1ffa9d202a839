"""The lobby's HTTP doors of the game server: the games, the site's words, the open tables, a table's creation,
joining, leaving, seating, start, rematch, reclaim and record (docs/online.md). Each handler reads the server's
services from the request (:func:`cartas.online.services.services`); the route table (cartas.online.routes) lists them."""

from __future__ import annotations

import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cartas.core.i18n import FRAMEWORK as _

from ..accounts.devices import COOKIE as DEVICE
from ..accounts.finish import mark_rated
from ..accounts.suspects import note_origin
from ..accounts.routes import current
from ..server.errors import Refused
from ..server.http import bearer, client_key, page_request, too_many
from ..services import Services, route, services
from .tokens import hash_token
from .turns import turn_based


async def games_list(request: Request) -> Response:
    s = services(request)
    return JSONResponse(s.hub().games())


async def labels(request: Request) -> Response:
    s = services(request)
    # The same for everyone and fixed for the process's life: cacheable by the browser for an hour.
    return JSONResponse(s.site_labels, headers={"Cache-Control": "public, max-age=3600"})


@route
async def tables_list(s: Services, request: Request) -> Response:
    bucket = s.limiter.reads.bucket(client_key(request.scope))
    if not bucket.take():
        return too_many("open-table list reads", bucket)
    limit, after = page_request(request)
    listed = await s.hub().open_tables(limit, after)
    headers = {}
    if len(listed) == limit:
        last = listed[-1]
        headers["link"] = f'</api/tables?limit={limit}&cursor={last["created"]}_{last["code"]}>; rel="next"'
    return JSONResponse(listed, headers=headers)


@route
async def create_table(s: Services, request: Request) -> Response:
    s.refuse_when_draining()
    bucket = s.limiter.tables.bucket(client_key(request.scope))
    if not bucket.take():
        return too_many("new tables", bucket)
    if not s.limiter.all_tables.take():
        return too_many("new tables on the server", s.limiter.all_tables)
    body = await s.json_body(request)
    rated = body.pop("rated", False)
    if not isinstance(rated, bool):
        raise Refused(400, _("{field} must be true or false", field="rated"))
    logged_in = await current(s.accounts(), request)
    if rated and logged_in is None:
        raise Refused(401, _("log in to create a rated table"))
    if body.get("turns"):  # a game that waits for you is found again in "your games": it needs an account
        if logged_in is None:
            raise Refused(401, _("log in to create a turn-based table"))
        await turn_budget(s, logged_in[0].id)
    created = await s.hub().create(body)
    if logged_in is not None:  # the creator's seat belongs to their account (docs/accounts.md)
        await s.accounts().claim_seat(created["code"], hash_token(created["token"]), logged_in[0].id)
        await note_origin(s.accounts().db, logged_in[0].id, client_key(request.scope), request.cookies.get(DEVICE))
    if rated:
        await mark_rated(s.accounts(), created["code"])
        created["rated"] = True
    return JSONResponse(created, status_code=201)


@route
async def table_info(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    return await table.call(table.info)


async def turn_budget(s: Any, account_id: str) -> None:
    """Refuse a new turn-based seat to an account that holds its budget of them (``Limits.turn_tables``)."""
    most = s.limiter.limits.turn_tables
    if await s.accounts().count_turn_games(account_id) >= most:
        raise Refused(429, _("you already play {most} turn-based tables; finish one first", most=most))


@route
async def join(s: Services, request: Request) -> Any:
    s.refuse_when_draining()
    bucket = s.limiter.joins.bucket(client_key(request.scope))
    if not bucket.take():
        return too_many("joins", bucket)
    if not s.limiter.all_joins.take():
        return too_many("joins on the server", s.limiter.all_joins)
    table = await s.table_or_404(request.path_params["code"])
    body = await s.json_body(request)
    logged_in = await current(s.accounts(), request)
    name = body.get("name") or (logged_in[0].display if logged_in is not None else None)
    address = client_key(request.scope)
    account_id = logged_in[0].id if logged_in is not None else None
    seat = await s.moderation.seat_to_join(table, account_id, address, body.get("seat"))
    if account_id is not None and turn_based(table):
        await turn_budget(s, account_id)
    joined = await table.call(table.join, name, seat)
    s.moderation.joined(table.code, hash_token(joined["token"]), address)
    if logged_in is not None:
        await s.accounts().claim_seat(table.code, hash_token(joined["token"]), logged_in[0].id)
        await note_origin(s.accounts().db, logged_in[0].id, address, request.cookies.get(DEVICE))
    return joined


@route
async def leave(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    return await table.call(table.leave, bearer(request))


@route
async def seating(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    body = await s.json_body(request)
    removal = s.moderation.before_seating(table, body)
    done = await table.call(table.seating, bearer(request), body)
    if removal is not None:  # the host removed a person: told, and barred from that seat
        owners = await s.accounts().seat_tokens(table.code)
        await s.moderation.removed(table.code, removal, owners.get(removal.token_hash))
    return done


@route
async def start(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    return await table.call(table.start, bearer(request))


@route
async def reclaim(s: Services, request: Request) -> Any:
    """A logged-in person's seat at this table, its token issued again for this browser (docs/accounts.md)."""
    logged_in = await current(s.accounts(), request)
    if logged_in is None:
        raise Refused(401, _("log in with the account that took the seat"))
    table = await s.table_or_404(request.path_params["code"])
    mine = await s.accounts().tokens_of(table.code, logged_in[0])
    seat = next((row.seat for row in table.seats if row.token_hash in mine), None)
    if seat is None:
        raise Refused(404, _("your account holds no seat at this table"))
    old = table.seats[seat].token_hash
    given = await table.call(table.reissue, seat)
    await s.accounts().moved_seat(table.code, str(old), hash_token(given["token"]))
    return given


@route
async def rematch(s: Services, request: Request) -> Any:
    return await s.hub().rematch(request.path_params["code"], bearer(request))


@route
async def record(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    match = await table.call(table.record)
    return Response(match.model_dump_json(indent=1), media_type="application/json")
