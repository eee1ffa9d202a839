"""The quick-play routes and the function that seats a group at a new table (see cartas.online.quickplay).

``POST /api/quickplay`` {game, players, options, name, bots_after} queues the caller and answers a ticket;
``GET /api/quickplay`` with ``Authorization: Bearer TICKET`` says whether they are seated yet (then the table's
code, seat and seat token, once); ``DELETE /api/quickplay`` leaves the queue.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cartas.core.errors import CartasError
from cartas.online.accounts.finish import mark_rated
from cartas.online.accounts.service import Accounts
from cartas.online.accounts.web import current
from cartas.online.clock import QUICKPLAY_CLOCK
from cartas.online.hub import Hub
from cartas.online.lobby import LobbyError, clean_name
from cartas.online.quickplay import PAIR_EVERY, QuickPlay, Waiting
from cartas.online.ratings import format_of
from cartas.online.table import Refused
from cartas.online.tokens import hash_token

log = logging.getLogger("cartas.online")


def group_seater(hub: Callable[[], Hub], accounts: Callable[[], Accounts]) -> Callable[
    [list[Waiting]], Awaitable[list[tuple[str, int, str]]]
]:
    async def seat_group(group: list[Waiting]) -> list[tuple[str, int, str]]:
        first = group[0]
        created = await hub().create(
            {"game": first.game, "options": {**first.options, "players": first.players}, "name": first.name,
             "clock": QUICKPLAY_CLOCK[0], "reserve": QUICKPLAY_CLOCK[1]}
        )
        code, host = created["code"], created["host_token"]
        if len(group) == first.players and all(person.account is not None for person in group):
            await mark_rated(accounts(), code)  # people only, all logged in: a rated match (docs/accounts.md)
        table = await hub().get(code)
        assert table is not None
        seats = [(code, 0, str(created["token"]))]
        for person in group[1:]:
            for name in (person.name, *(f"{person.name} {n}" for n in range(2, 9))):
                try:
                    joined = await table.call(table.join, name, None)
                    break
                except Refused:
                    continue
            else:
                raise Refused(409, "no name was free for a person in the group")
            seats.append((code, int(joined["seat"]), str(joined["token"])))
        for row in list(table.seats):
            if row.kind == "empty":
                await table.call(table.seating, host, {"op": "bot", "seat": row.seat, "level": table.row.bot_level})
        await table.call(table.start, host)
        for person, (_, _, token) in zip(group, seats, strict=True):
            if person.account is not None:
                await accounts().claim_seat(code, hash_token(token), person.account)
        return seats

    return seat_group


async def keep_pairing(queue: QuickPlay, every: float = PAIR_EVERY) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await queue.pair()
        except Exception:
            log.exception("the quick-play pairing pass failed")


def bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def quickplay_routes(
    queue: Callable[[], QuickPlay], hub: Callable[[], Hub], accounts: Callable[[], Accounts],
    body: Callable[[Request], Awaitable[dict[str, Any]]], guarded: Callable[..., Awaitable[Response]],
) -> list[Route]:
    async def join(request: Request) -> Response:
        async def handle(request: Request) -> Response:
            data = await body(request)
            try:
                game = hub().registry.game(str(data.get("game", "")))
            except CartasError as error:
                raise Refused(400, str(error)) from None
            players, options = data.get("players"), data.get("options") or {}
            if not isinstance(options, dict) or "players" in options:
                raise Refused(400, "options must be an object without players, such as {\"points\": 15}")
            if isinstance(players, bool) or not isinstance(players, int):
                raise Refused(400, "players must be a whole number")
            try:
                checked = game.options({**options, "players": players})
            except CartasError as error:
                raise Refused(400, str(error)) from None
            logged_in = await current(accounts(), request)
            try:
                name = clean_name(data.get("name") or (logged_in[0].display if logged_in else None))
            except LobbyError as error:
                raise Refused(400, str(error)) from None
            bots_after = data.get("bots_after")
            if bots_after is not None and (isinstance(bots_after, bool) or not isinstance(bots_after, int | float)):
                raise Refused(400, "bots_after must be a number of seconds, or null for people only")
            account = logged_in[0].id if logged_in else None
            teams = game.teams(checked)
            rating = await accounts().rating(account, game.name, format_of(players, teams))
            ticket = await queue().join(game.name, options, players, name, account, rating, bots_after)
            try:
                await queue().pair()  # at once, so a match waiting for this person starts now
            except Exception:
                log.exception("the quick-play pairing pass failed")
            return JSONResponse({"ticket": ticket, "rating": round(rating, 2)}, status_code=201)

        return await guarded(request, handle)

    async def poll(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            ticket = bearer(request)
            if not ticket:
                raise Refused(401, "this needs the ticket (Authorization: Bearer TICKET)")
            return await queue().poll(ticket)

        return await guarded(request, handle)

    async def leave(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            ticket = bearer(request)
            if not ticket:
                raise Refused(401, "this needs the ticket (Authorization: Bearer TICKET)")
            await queue().leave(ticket)
            return {"ok": True}

        return await guarded(request, handle)

    return [
        Route("/api/quickplay", join, methods=["POST"]),
        Route("/api/quickplay", poll, methods=["GET"]),
        Route("/api/quickplay", leave, methods=["DELETE"]),
    ]
