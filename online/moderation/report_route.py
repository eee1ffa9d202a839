"""The report door: a person reports the player at a seat, kept for the operator (``cartas users reports``)."""

from __future__ import annotations

import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cartas.core.i18n import FRAMEWORK as _

from ..accounts.routes import current
from ..server.errors import Refused
from ..server.http import client_key, too_many
from ..services import Services, route


@route
async def report(s: Services, request: Request) -> Any:
    """Report the player at a seat (kept for the operator: cartas users reports; docs/accounts.md)."""
    table = await s.table_or_404(request.path_params["code"])
    body = await s.json_body(request)
    seat = body.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise Refused(400, _("{field} must be a seat index from 0 to {last}", field="seat",
                             last=len(table.seats) - 1))
    row = table.seats[seat]
    if row.kind != "human":
        raise Refused(409, _("only a person can be reported"))
    owners = await s.accounts().seat_tokens(table.code)
    owner = owners.get(row.token_hash or "")
    reported = row.name or f"seat {seat}"
    if owner is not None:
        found = await s.accounts().by_id(owner)
        reported = f"{reported} ({found.username})" if found is not None else reported
    logged_in = await current(s.accounts(), request)
    address = client_key(request.scope)
    reporter = logged_in[0].username if logged_in else f"guest at {address}"
    if not s.limiter.all_reports.take():
        return too_many("reports on the server", s.limiter.all_reports)
    made = await s.moderation.report(
        reporter, logged_in[0].id if logged_in else address, table.code, seat, reported, body.get("reason"),
        body.get("text"),
    )
    return JSONResponse({"report": made}, status_code=201)
