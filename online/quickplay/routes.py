"""The quick-play routes and the function that seats a group at a new table (see cartas.online.quickplay.queue).

``POST /api/quickplay`` {game, players, options, name, bots_after} queues the caller and answers a ticket;
``GET /api/quickplay`` with ``Authorization: Bearer TICKET`` says whether they are seated yet (then the table's
code, seat and seat token, once); ``DELETE /api/quickplay`` leaves the queue.

Partners (:mod:`cartas.online.quickplay.parties`): the same ``POST`` with ``"partner": true`` (an invitation link) or
``"partner": "USERNAME"`` creates a party and answers the creator's ticket and the party's code; ``POST`` with
``"party": "CODE"`` (and a name) accepts it, which queues both. ``GET /api/quickplay/party/CODE`` shows an
invitation; ``GET /api/quickplay/invitations`` lists those addressed to the logged-in account.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cartas.core.errors import CartasError
from cartas.core.i18n import FRAMEWORK as _
from ..accounts.devices import COOKIE as DEVICE
from ..accounts.finish import mark_rated
from ..accounts.suspects import note_origin
from ..accounts.service import Accounts
from ..accounts.routes import current
from ..game.clock import QUICKPLAY_CLOCK
from ..game.hub import Hub
from ..server.http import too_many
from ..server.limits import KeyedBuckets, Rate
from ..game.lobby import LobbyError, clean_name
from .parties import Parties
from .queue import PAIR_EVERY, QuickPlay, Waiting, seat_plan
from ..accounts.ratings import format_of
from ..server.errors import Refused
from ..game.tokens import hash_token
from ..services import Services, route

log = logging.getLogger("cartas.online")
INVITE_RATE = Rate(burst=5, per_minute=5)
"""Parties an address may create: enough to invite a few friends, not to flood someone's invitations."""


def client_key(request: Request) -> str:
    return str(request.client.host) if request.client else "unknown"


def group_seater(hub: Callable[[], Hub], accounts: Callable[[], Accounts], rated: bool = True) -> Callable[
    [list[Waiting]], Awaitable[list[tuple[str, int, str]]]
]:
    """Seats a group at a new table and starts it; ``rated``: a full table of accounts is a rated match (quick
    play's); a friends' challenge is casual (two friends could otherwise trade rating points)."""
    async def seat_group(group: list[Waiting]) -> list[tuple[str, int, str]]:
        first = group[0]
        game = hub().registry.game(first.game)
        options = {**first.options, "players": first.players}
        teams = game.teams(game.options(options))
        plan = seat_plan(group, first.players, tuple(teams) if teams is not None else None)
        host = plan.index(0)  # whoever sits at seat 0 creates the table (a party's first partner, or the lowest)
        creator = group[host]
        created = await hub().create({
            "game": first.game, "options": options, "name": creator.name,
            "clock": QUICKPLAY_CLOCK[0], "reserve": QUICKPLAY_CLOCK[1],
        })
        code, host_token = created["code"], created["host_token"]
        if rated and len(group) == first.players and all(person.account is not None for person in group):
            await mark_rated(accounts(), code)  # people only, all logged in: a rated match (docs/accounts.md)
        table = await hub().get(code)
        assert table is not None
        seats: list[tuple[str, int, str]] = [("", 0, "")] * len(group)
        seats[host] = (code, 0, str(created["token"]))
        for index, person in enumerate(group):
            if index == host:
                continue
            for name in (person.name, *(f"{person.name} {n}" for n in range(2, 9))):
                try:
                    joined = await table.call(table.join, name, plan[index])
                    break
                except Refused as refusal:
                    if refusal.status != 400:
                        raise
                    continue
            else:
                raise Refused(409, _("no name was free for a person in the group"))
            seats[index] = (code, int(joined["seat"]), str(joined["token"]))
        for row in list(table.seats):
            if row.kind == "empty":
                await table.call(
                    table.seating, host_token, {"op": "bot", "seat": row.seat, "level": table.row.bot_level}
                )
        table.unclaimed = not table.connections  # deleted, not kept, if none of them ever connects
        await table.call(table.start, host_token)
        for person, (_code, _seat, token) in zip(group, seats, strict=True):
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
    scheme, _sep, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def invites(shared: Services) -> KeyedBuckets:
    """The partner invitations each address may send, counted per application."""
    found = shared.state.setdefault("invites", KeyedBuckets(INVITE_RATE))
    assert isinstance(found, KeyedBuckets)
    return found


@route
async def join(s: Services, request: Request) -> Response:
    data = await s.json_body(request)
    logged_in = await current(s.accounts(), request)
    account = logged_in[0].id if logged_in else None
    try:
        name = clean_name(data.get("name") or (logged_in[0].display if logged_in else None))
    except LobbyError as error:
        raise Refused(400, str(error)) from None
    if data.get("party") is not None:  # accepting a partner's invitation: the setup is the party's
        party = await Parties(s.quickplay()).by_code(data.get("party"))
        party_game = s.hub().registry.game(party.game)
        fmt = format_of(party.players, party_game.teams(
            party_game.options({**party.options, "players": party.players})))
        ratings = (await s.accounts().rating(party.leader_account, party.game, fmt),
                   await s.accounts().rating(account, party.game, fmt))
        ticket = await Parties(s.quickplay()).accept(party, name, account, ratings)
        if account is not None:
            await note_origin(s.accounts().db, account, client_key(request), request.cookies.get(DEVICE))
        await pair_now(s)
        return JSONResponse({"ticket": ticket, "party": party.code, "rating": round(ratings[1], 2)},
                            status_code=201)
    try:
        game = s.hub().registry.game(str(data.get("game", "")))
    except CartasError as error:
        raise Refused(400, str(error)) from None
    players, options = data.get("players"), data.get("options") or {}
    if not isinstance(options, dict) or "players" in options:
        raise Refused(400, _("options must be an object without players, such as {example}",
                             example='{"points": 15}'))
    if isinstance(players, bool) or not isinstance(players, int):
        raise Refused(400, _("{field} must be a whole number", field="players"))
    try:
        checked = game.options({**options, "players": players})
    except CartasError as error:
        raise Refused(400, str(error)) from None
    bots_after = data.get("bots_after")
    if bots_after is not None and (isinstance(bots_after, bool) or not isinstance(bots_after, int | float)):
        raise Refused(400, _("{field} must be a number of seconds, or null for people only",
                             field="bots_after"))
    teams = game.teams(checked)
    fmt = format_of(players, teams)
    partner = data.get("partner")
    if partner is not None and partner is not False:  # a party: the friend accepts, then both queue
        if fmt != "2v2":
            raise Refused(400, _("partners queue together only for a game of two teams of two"))
        if not invites(s).take(client_key(request)):
            raise Refused(429, _("too many invitations from your address; try again in a minute"))
        invitee = await invited_account(s, partner, account)
        made = await Parties(s.quickplay()).create(game.name, options, players, name, account, bots_after, invitee)
        return JSONResponse(made, status_code=201)
    over = await within_budget(s, request, account)
    if over is not None:
        return over
    rating = await s.accounts().rating(account, game.name, fmt)
    ticket = await s.quickplay().join(game.name, options, players, name, account, rating, bots_after)
    tickets_of(s).setdefault(client_key(request), []).append(hash_token(ticket))
    if account is not None:
        await note_origin(s.accounts().db, account, client_key(request), request.cookies.get(DEVICE))
    await pair_now(s)
    return JSONResponse({"ticket": ticket, "rating": round(rating, 2)}, status_code=201)


def tickets_of(shared: Services) -> dict[str, list[str]]:
    """The tickets each address took from this process (their hashes), to hold it to
    :attr:`~cartas.online.server.limits.Limits.quickplay_tickets`; pruned to those still waiting at each join."""
    found = shared.state.setdefault("quickplay_tickets", {})
    assert isinstance(found, dict)
    return found


async def within_budget(s: Services, request: Request, account: str | None) -> Response | None:
    """Refuse a quick-play ticket past its budget: each ticket may start a table, so it takes one from the
    address's (and the account's) table budget, like ``POST /api/tables``; an address and an account have at
    most :attr:`~cartas.online.server.limits.Limits.quickplay_tickets` waiting, and the server
    :attr:`~cartas.online.server.limits.Limits.quickplay_waiting` in all; the 429 answer when the table budget is
    spent, None when the ticket may be given."""
    limits, address = s.limiter.limits, client_key(request)
    mine = tickets_of(s)
    waiting = await s.quickplay().still_waiting(mine.get(address, []))
    if waiting:
        mine[address] = waiting
    else:
        mine.pop(address, None)
    if len(waiting) >= limits.quickplay_tickets or (
        account is not None and await s.quickplay().waiting_of(account) >= limits.quickplay_tickets
    ):
        raise Refused(429, _("you already have {most} quick-play tickets waiting; leave one to ask for another",
                             most=limits.quickplay_tickets))
    if await s.quickplay().waiting_of(None) >= limits.quickplay_waiting:
        raise Refused(503, _("quick play is full right now; try again in a minute"))
    for key in (address, *(() if account is None else (f"account:{account}",))):
        bucket = s.limiter.tables.bucket(key)
        if not bucket.take():
            return too_many("new tables", bucket)
    return None


async def pair_now(s: Services) -> None:
    try:
        await s.quickplay().pair()  # at once, so a match waiting for this person starts now
    except Exception:
        log.exception("the quick-play pairing pass failed")


async def invited_account(s: Services, partner: Any, own: str | None) -> str | None:
    """``partner`` true: an invitation by link (anyone with the code); a username: only that account."""
    if partner is True:
        return None
    if not isinstance(partner, str) or not partner.strip():
        raise Refused(400, _("partner must be true (an invitation link) or a username"))
    found = await s.accounts().by_name(partner.strip().lower())
    if found is None or found.disabled:
        raise Refused(404, _("no player with the username {name}", name=repr(partner.strip()[:24])))
    if found.id == own:
        raise Refused(400, _("you cannot be your own partner"))
    return found.id


@route
async def poll(s: Services, request: Request) -> Any:
    ticket = bearer(request)
    if not ticket:
        raise Refused(401, _("this needs the ticket (Authorization: Bearer TICKET)"))
    try:
        return await s.quickplay().poll(ticket)
    except Refused as refusal:
        party = await Parties(s.quickplay()).state_of(ticket) if refusal.status == 404 else None
        if party is None:
            raise
        return party


@route
async def leave(s: Services, request: Request) -> Any:
    ticket = bearer(request)
    if not ticket:
        raise Refused(401, _("this needs the ticket (Authorization: Bearer TICKET)"))
    if not await Parties(s.quickplay()).leave(ticket):
        await s.quickplay().leave(ticket)
    return {"ok": True}


@route
async def party_page_data(s: Services, request: Request) -> Any:
    return (await Parties(s.quickplay()).by_code(request.path_params["code"])).public()


@route
async def invitations(s: Services, request: Request) -> Any:
    logged_in = await current(s.accounts(), request)
    return [] if logged_in is None else await Parties(s.quickplay()).invitations(logged_in[0].id)

