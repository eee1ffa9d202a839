"""The analysis doors: a finished match analysed for one seat, and the match page's steps (docs/analysis.md)."""

from __future__ import annotations

import typing
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cartas.core.i18n import FRAMEWORK as _

from ..server.errors import Refused
from ..server.http import bearer, client_key, too_many
from ..services import services
from .service import Analyses


async def analysis(request: Request) -> Response:
    """A finished match analysed for one seat (``online/analysis/service.py``): the JSON of ``cartas analyze``, or its
    progress while it runs."""
    s = services(request)

    async def handle(request: Request) -> Any:
        table = await s.table_or_404(request.path_params["code"])
        match = await table.call(table.record)
        if "runner" not in s.analyses:
            s.analyses["runner"] = Analyses(s.hub().registry, s.hub().bots)
        bucket = s.limiter.analyses.bucket(client_key(request.scope))
        return s.analyses["runner"].answer(
            table.code, match, request.query_params,
            lambda: None if bucket.take() else too_many("analyses", bucket),
        )

    return await s.guarded(request, handle)


async def steps(request: Request) -> Response:
    s = services(request)

    async def handle(request: Request) -> Any:
        table = await s.table_or_404(request.path_params["code"])
        asked = request.query_params.get("seat")
        try:
            seat = None if asked in (None, "") else int(asked)
        except ValueError:
            raise Refused(400, _("{field} must be a whole number", field="seat")) from None
        return {"steps": await table.call(table.steps, bearer(request), seat), "seat": seat}

    return await s.guarded(request, handle)
