"""The ratings' doors: the leaderboard of a game and format, and the logged-in account's ratings and matches."""

from __future__ import annotations

import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cartas.core.i18n import FRAMEWORK as _

from ..server.errors import Refused
from ..services import Services, route
from .ratings import leaderboard as best_rated
from .ratings import matches_of, ratings_of
from .routes import current


@route
async def leaderboard(s: Services, request: Request) -> Any:
    game = request.query_params.get("game", "")
    fmt = request.query_params.get("format", "1v1")
    base = game.removesuffix("/turns")  # a turn-based match is rated apart (cartas.online.accounts.finish)
    if base not in {g["name"] for g in s.hub().games()}:
        raise Refused(400, _("game must be the name of an installed game (GET /api/games)"))
    if fmt not in ("1v1", "2v2"):
        raise Refused(400, _("format must be 1v1 or 2v2"))
    return {"game": game, "format": fmt, "players": await best_rated(s.accounts().db, game, fmt)}


@route
async def my_matches(s: Services, request: Request) -> Any:
    logged_in = await current(s.accounts(), request)
    if logged_in is None:
        raise Refused(401, _("log in first (this needs an account)"))
    account = logged_in[0].id
    db = s.accounts().db
    return {"ratings": await ratings_of(db, account), "matches": await matches_of(db, account)}
