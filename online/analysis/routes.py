"""The analysis doors: a finished match analysed for one seat, and the match page's steps (docs/analysis.md)."""

from __future__ import annotations

import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cartas.core.i18n import FRAMEWORK as _

from ..server.errors import Refused
from ..server.http import bearer, client_key, too_many
from ..accounts.routes import current
from ..services import Services, route
from .service import Analyses


def analyses(s: Services) -> Analyses:
    """The server's analyses, made at the first request for one."""
    if "runner" not in s.analyses:
        s.analyses["runner"] = Analyses(s.hub().registry, s.hub().bots)
    return s.analyses["runner"]


@route
async def analysis(s: Services, request: Request) -> Any:
    """``GET``: a finished match's analysis for one seat (``online/analysis/service.py``), the JSON of ``cartas
    analyze``, or its place in line or progress while it waits or runs; never starts one (a ``GET`` skips the
    Origin check, so any page could make its visitors start runs)."""
    table = await s.table_or_404(request.path_params["code"])
    match = await table.call(table.record)
    return analyses(s).answer(table.code, match, request.query_params)


@route
async def start_analysis(s: Services, request: Request) -> Any:
    """``POST``: as the ``GET``, and the run is queued when it is neither done nor under way, within the address's,
    the account's and the server's budgets."""
    table = await s.table_or_404(request.path_params["code"])
    match = await table.call(table.record)
    address = client_key(request.scope)
    logged_in = await current(s.accounts(), request)
    askers = {f"address:{address}"} | ({f"account:{logged_in[0].id}"} if logged_in else set())
    mine = s.limiter.analyses.bucket(address)
    everyone = s.limiter.all_analyses

    def may_start() -> Response | None:
        if not mine.take():
            return too_many("analyses", mine)
        return None if everyone.take() else too_many("analyses on the server", everyone)

    return analyses(s).answer(table.code, match, request.query_params, may_start, askers)


@route
async def steps(s: Services, request: Request) -> Any:
    table = await s.table_or_404(request.path_params["code"])
    asked = request.query_params.get("seat")
    try:
        seat = None if asked in (None, "") else int(asked)
    except ValueError:
        raise Refused(400, _("{field} must be a whole number", field="seat")) from None
    return {"steps": await table.call(table.steps, bearer(request), seat), "seat": seat}
