"""The friends room's doors (docs/accounts.md, "Friends"); every one needs a logged-in account.

- ``GET /api/friends``: friends (online or not, at which tables), requests both ways, challenges, blocks;
- ``POST /api/friends`` ``{"username", "action": "ask"|"accept"|"remove"|"block"|"unblock"}``;
- ``POST /api/challenges`` ``{"username", "game", "options"?, "minutes"?}`` challenges a person;
- ``POST /api/challenges/ID`` ``{"accept": true|false}`` answers one, ``{"cancel": true}`` takes one's own back;
- ``POST /api/invitations`` ``{"kind": "friend"|"challenge", "game"?, "options"?, "minutes"?}`` makes a link;
  ``GET /api/invitations/TOKEN`` shows it, ``POST /api/invitations/TOKEN`` uses it.

Each action is budgeted per address, per account and over the whole server (``Limits.friend_requests``,
``challenges``, ``invitation_links``, ``all_friend_actions``).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cartas.core.errors import CartasError
from cartas.core.i18n import FRAMEWORK as _
from ..accounts.routes import current, required
from ..quickplay.queue import Waiting
from ..quickplay.routes import group_seater
from ..server.http import client_key
from ..server.errors import Refused
from ..server.limits import KeyedBuckets
from ..services import Services, route
from .service import Friends
from .watch import tables_to_watch

BUDGETS = ("friend_requests", "challenges", "invitation_links", "all_friend_actions")


def friends_of(shared: Services) -> Friends:
    """The application's friends room, made at its first use (after the accounts have started)."""
    found = shared.state.get("friends")
    if found is None:
        seat_group = group_seater(shared.hub, shared.accounts, rated=False)

        async def seat(game: str, options: dict[str, Any], people: list[tuple[str, str]]) -> list[tuple[str, int, str]]:
            players = int(options.pop("players", len(people)))
            group = [Waiting("", "", game, options, players, name, account, 0.0, None, 0.0) for account, name in people]
            return await seat_group(group)

        found = shared.state["friends"] = Friends(shared.accounts().db, seat)
    assert isinstance(found, Friends)
    return found


def spend(shared: Services, budget: str, request: Request, account: str) -> None:
    """Take one from ``budget``'s buckets of this address, of this account and of the server; 429 past any."""
    buckets = shared.state.get("friend_buckets")
    if buckets is None:
        limits = shared.limiter.limits
        buckets = shared.state["friend_buckets"] = {
            name: KeyedBuckets(getattr(limits, name), shared.limiter.clock) for name in BUDGETS
        }
    keys = ((budget, f"a:{client_key(request.scope)}"), (budget, f"u:{account}"), ("all_friend_actions", "*"))
    for name, key in keys:
        bucket = buckets[name].bucket(key)
        if not bucket.take():
            wait = max(1, int(bucket.retry_after() + 0.999))
            raise Refused(429, _("too many requests from your address; try again in {wait} s", wait=wait))


def game_named(shared: Services, name: Any, options: Any) -> str:
    """The installed game ``name`` names (its own name), its ``options`` checked now rather than at the accept."""
    try:
        game = shared.games.game(str(name))
        game.options(dict(options or {}))
    except (CartasError, ValueError, TypeError) as problem:
        raise Refused(400, str(problem)) from problem
    return game.name


@route
async def watch(s: Services, request: Request) -> Any:
    """``GET /api/tv``: the tables to watch, and (logged in) those of one's friends; read as the lobby list is."""
    bucket = s.limiter.reads.bucket(client_key(request.scope))
    if not bucket.take():
        raise Refused(429, _("too many requests from your address; try again in {wait} s",
                             wait=max(1, int(bucket.retry_after() + 0.999))))
    logged_in = await current(s.accounts(), request)
    friends = await friends_of(s).friend_ids(logged_in[0].id) if logged_in is not None else []
    return await tables_to_watch(s.accounts().db, friends)


@route
async def listing(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    room = friends_of(s)
    return {**await room.listing(account.id), "challenges": await room.challenges(account.id),
            "blocks": await room.blocks(account.id)}


@route
async def change(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    data = await s.json_body(request)
    spend(s, "friend_requests", request, account.id)
    room, name, action = friends_of(s), data.get("username"), data.get("action")
    if action == "ask":
        return {"status": await room.ask(account.id, name)}
    if action == "accept":
        return {"status": await room.accept(account.id, name)}
    if action == "remove":
        await room.remove(account.id, name)
        return {"status": None}
    if action == "block":
        return {"blocks": await room.block(account.id, name)}
    if action == "unblock":
        return {"blocks": await room.unblock(account.id, name)}
    raise Refused(400, _("action must be one of {reasons}", reasons="ask, accept, remove, block, unblock"))


@route
async def challenge(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    data = await s.json_body(request)
    spend(s, "challenges", request, account.id)
    return await friends_of(s).challenge(
        account.id, data.get("username"), game_named(s, data.get("game"), data.get("options")), data.get("options"), data.get("minutes"))


@route
async def answer(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    data = await s.json_body(request)
    room, made = friends_of(s), request.path_params["id"]
    if data.get("cancel") is True:
        await room.cancel(account.id, made)
        return await room.one(account.id, made)
    spend(s, "challenges", request, account.id)
    if data.get("accept") is True:
        s.refuse_when_draining()
    return await room.answer(account.id, made, data.get("accept"))


@route
async def make_link(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    data = await s.json_body(request)
    spend(s, "invitation_links", request, account.id)
    game = game_named(s, data.get("game"), data.get("options")) if data.get("kind") == "challenge" else None
    return await friends_of(s).make_link(
        account.id, data.get("kind"), game, data.get("options"), data.get("minutes"))


@route
async def show_link(s: Services, request: Request) -> Any:
    return await friends_of(s).show_link(request.path_params["token"])


@route
async def use_link(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    spend(s, "invitation_links", request, account.id)
    return await friends_of(s).use_link(account.id, request.path_params["token"])
