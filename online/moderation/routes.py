"""The routes of a person's profile and of moderation (docs/accounts.md):

- ``GET /u/USERNAME`` the profile page; ``GET /api/users/USERNAME`` its data (:mod:`cartas.online.accounts.profile`);
- ``GET /api/account/mutes`` the logged-in account's mutes; ``POST /api/account/mutes`` ``{"target": ...,
  "muted": true|false}`` mutes or unmutes one (:mod:`cartas.online.moderation.service`);
- ``GET /api/tables/CODE/people`` who sits where, with the username of a seat taken with an account (for the
  table page's mute and report controls).

The report route is :mod:`cartas.online.moderation.report_route`; the join and seating routes (cartas.online.game.routes)
call :class:`Moderation` themselves. Each handler reads the server's services (cartas.online.services); the route
table, :mod:`cartas.online.routes`, lists them.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cartas.core.i18n import FRAMEWORK as _
from ..accounts.routes import required
from ..friends.routes import friends_of
from .service import Moderation, table_people
from ..accounts.profile import profile_of
from ..server.errors import Refused
from ..server.routes import Page
from ..services import Services, route


profile_page = Page("profile.html").serve


@route
async def profile(s: Services, request: Request) -> Any:
    found = await profile_of(s.accounts().db, request.path_params["username"])
    if found is None:
        raise Refused(404, _("no such player"))
    return found


@route
async def mutes(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    # a blocked person's chat is hidden as a muted one's (docs/accounts.md, "Friends")
    blocked = await friends_of(s).blocked_usernames(account.id)
    return {"mutes": sorted({*await s.moderation.mutes(account.id), *blocked})}


@route
async def set_mute(s: Services, request: Request) -> Any:
    account, _session = await required(s.accounts(), request)
    data = await s.json_body(request)
    muted = data.get("muted", True)
    if not isinstance(muted, bool):
        raise Refused(400, _("{field} must be true or false", field="muted"))
    change = s.moderation.mute if muted else s.moderation.unmute
    return {"mutes": await change(account.id, data.get("target"))}


@route
async def people(s: Services, request: Request) -> Any:
    table = await s.hub().get(request.path_params["code"])
    if table is None:
        raise Refused(404, _("no table {code}", code=repr(request.path_params["code"])))
    return await table_people(s.accounts().db, table)

