"""The server's own doors: its metrics (JSON and Prometheus), health and readiness, the pages and the decks' art."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import speaking
from cartas.core.plugins.registry import Registry
from ..game.hub import Hub
from ..game.settings import Settings
from ..services import services
from .http import error
from .reader_language import request_language

STATIC = Path(__file__).parent.parent / "static"
"""The pages, scripts and decks' art the server sends as they are (package data)."""

@dataclass(frozen=True)
class Page:
    """One of the site's HTML pages: ``file`` as :class:`~cartas.online.server.pages.Pages` fills it in for the
    request's reader. A door's handler is a page's bound ``serve``, so the pages share one body and none is a
    closure."""

    file: str

    async def serve(self, request: Request) -> Response:
        return services(request).pages.response(self.file, request)


READY_TIMEOUT = 2.0
"""Seconds ``/readyz`` waits for the store to answer before it says the server is not ready."""


async def not_ready(hub: Hub | None, settings: Settings) -> str | None:
    """Why the server should get no new traffic now (``/readyz`` answers 503 with it), or None when it is ready:
    starting or shutting down, its store not answering, or its latest write refused (a full disk)."""
    if hub is None:
        return "starting"
    if hub.draining:
        return "shutting down"
    try:
        await asyncio.wait_for(hub.store.load_table(""), READY_TIMEOUT)
    except Exception as problem:
        return f"the database does not answer: {' '.join(str(problem).split()) or type(problem).__name__}"
    if settings.metrics.last_write_failed:
        return "the database refused the latest write (a full disk?)"
    return None


DECK_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


def deck_file(registry: Registry, name: str) -> Path | None:
    """The ES module that draws deck ``name``: cartas's own (``static/decks/<name>.js``), else the file a game
    names in its ``deck_files``; None for a name that is no deck's (never a path outside those files)."""
    if not DECK_NAME.fullmatch(name):
        return None
    built_in = STATIC / "decks" / f"{name}.js"
    if built_in.is_file():
        return built_in
    for game in registry.games.values():
        shipped = game.deck_files.get(name)
        if shipped is not None and Path(shipped).is_file():
            return Path(shipped)
    return None


async def metrics(request: Request) -> Response:
    s = services(request)
    try:
        window = float(request.query_params.get("window", "0")) or None
    except ValueError:
        with speaking(request_language(request.headers)):
            return error(400, _("{field} must be a number of seconds", field="window"))
    tables = s.hub().tables.values()
    return JSONResponse({
        "tables": sum(table.row.status == "playing" for table in tables),
        "connections": sum(len(table.connections) for table in tables),
        "move_ms": s.settings.metrics.moves.summary(window),
        "loop_lag_ms": s.settings.metrics.loop_lag.summary(window),
    })


async def prometheus(request: Request) -> Response:
    s = services(request)
    return Response(generate_latest(s.settings.metrics.registry), media_type=CONTENT_TYPE_LATEST)


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    s = services(request)
    problem = await not_ready(s.state.get("hub"), s.settings)
    if problem is not None:
        return JSONResponse({"status": "not ready", "reason": problem}, status_code=503)
    return JSONResponse({"status": "ready"})


async def deck_art(request: Request) -> Response:
    """The card art of a deck: a built-in one (``static/decks``) or one a plugin's game ships
    (``Game.deck_files``), at one address the pages load whatever the deck is."""
    s = services(request)
    path = deck_file(s.games, request.path_params["name"])
    if path is None:
        with speaking(request_language(request.headers)):
            return PlainTextResponse(_("no such deck"), status_code=404)
    return FileResponse(path, media_type="text/javascript")


lobby_page = Page("index.html").serve
table_page = Page("table.html").serve
match_page = Page("match.html").serve
account_page = Page("account.html").serve
quickplay_page = Page("quickplay.html").serve
leaderboard_page = Page("leaderboard.html").serve
