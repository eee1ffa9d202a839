"""The web application of ``cartas serve``: the HTTP lobby API, the websocket of each table and the static pages.

Routes only carry requests to the tables (:mod:`cartas.online.game.table`) and frames back; they decide nothing.
Every body and frame from outside goes through the bounded JSON reader, so bad input gets a one-line error,
never a traceback. docs/online.md describes the API and the frames.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
import typing
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from cartas.core.buildinfo import build_info
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark, speaking
from cartas.core.plugins import manager as plugins
from cartas.core.plugins.registry import Registry
from cartas.core.wire import WireError, read_json
from .analysis.service import Analyses
from .store.db import runner_for
from .accounts.finish import mark_rated, on_finished, rated_table
from .accounts.service import Accounts
from .accounts.passkey_routes import passkey_routes
from .accounts.routes import account_routes, current
from .game.bots import BotRunner, InlineBots, PoolBots
from .game.connection import Connection
from .game.expiry import SWEEP_EVERY, keep_sweeping
from .server.limits import Bucket, Limiter, Limits
from .server.origin import OriginCheck
from .server.pages import Pages
from .server.timeouts import BODY_TIMEOUT
from .game.hub import MAX_PAGE, PAGE, Hub, NotOwner, Ownership
from .game.words import all_labels, site_language
from .server.logs import RequestIds
from .server.loop_info import describe_loop
from .store.measured import MeasuredStore
from .moderation.service import Moderation
from .moderation.routes import people_routes
from .game.presence import CoalescedPresence
from .server.reader_language import request_language
from .store.postgres import PostgresStore, is_postgres_url
from .quickplay.queue import QuickPlay
from .quickplay.routes import group_seater, keep_pairing, quickplay_routes
from .accounts.ratings import leaderboard as best_rated
from .accounts.ratings import matches_of, ratings_of
from .store.tables import WAL_LIMIT, AsyncStore, OnLoop, SQLiteStore
from .game.table import LiveTable, Refused, Settings
from .game.tokens import hash_token
from .game.views import dumps

log = logging.getLogger("cartas.online")

STATIC = Path(__file__).parent / "static"
MAX_FRAME = 4096
"""The largest websocket frame or HTTP body accepted from a browser: a move or a chat line is far smaller."""
HELLO_TIMEOUT = 15.0
CHECKPOINT_EVERY = 5.0
"""Seconds between the database's checkpoints, run in a worker thread (see cartas.online.store.tables)."""
WAL_LOOK_EVERY = 0.5
"""Seconds between looks at the WAL's size: one past :data:`WAL_LIMIT` is checkpointed at once."""
CLOSE_BAD_FRAME = 4400
CLOSE_NO_TABLE = 4404
CLOSE_TOO_MANY = 4429
"""The close code of a websocket whose frame budget is spent (or whose address has too many sockets open)."""
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
        b"frame-ancestors 'none'",
    ),
]


class SecurityHeaders:
    """Adds headers that keep the pages from being framed, sniffed or made to run scripts from elsewhere."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


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


def installed_registry() -> Registry:
    """The installed plugins' registry, with those ``CARTAS_PLUGINS`` names (the core loads them)."""
    return plugins.installed_registry()


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def client_key(scope: Scope) -> str:
    """Who a request counts against: its client address (the proxy's ``X-Forwarded-For`` when uvicorn trusts
    the proxy, see docs/online.md); an account's id will go here when there are accounts."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


TOO_MANY: dict[str, str] = {
    "open-table list reads": mark("too many open-table list reads from your address; try again in {wait} s"),
    "new tables": mark("too many new tables from your address; try again in {wait} s"),
    "joins": mark("too many joins from your address; try again in {wait} s"),
    "reports": mark("too many reports from your address; try again in {wait} s"),
    "analyses": mark("too many analyses from your address; try again in {wait} s"),
}
"""The refusal of each limited request, in the reader's language (:func:`too_many`)."""


def too_many(what: str, bucket: Bucket) -> JSONResponse:
    wait = max(1, int(bucket.retry_after() + 0.999))
    message = TOO_MANY.get(what)
    text = _(message if message else mark("too many requests from your address; try again in {wait} s"), wait=wait)
    return JSONResponse({"error": text}, status_code=429, headers={"retry-after": str(wait)})


def page_request(request: Request) -> tuple[int, tuple[str, str] | None]:
    """``?limit=N&cursor=C`` of the open-tables list: the page size and the table the page starts after."""
    try:
        limit = int(request.query_params.get("limit", PAGE))
    except ValueError:
        raise Refused(400, _("limit must be a whole number from 1 to {high}", high=MAX_PAGE)) from None
    if not 1 <= limit <= MAX_PAGE:
        raise Refused(400, _("limit must be a whole number from 1 to {high}", high=MAX_PAGE))
    cursor = request.query_params.get("cursor")
    if cursor is None:
        return limit, None
    created, sep, code = cursor.partition("_")
    if not sep or len(cursor) > 64 or not code.isalnum():
        raise Refused(400, _("cursor must be the value of the previous page's next link"))
    return limit, (created, code)


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _sep, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def json_body(request: Request, timeout: float = BODY_TIMEOUT) -> dict[str, Any]:
    """The request's JSON object: at most :data:`MAX_FRAME` bytes, all of it sent within ``timeout`` seconds."""
    body = b""
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_FRAME:
                    raise Refused(413, _("the request body is longer than {limit} bytes", limit=MAX_FRAME))
    except TimeoutError:
        raise Refused(408, _("the request body was not all sent within {seconds} s", seconds=f"{timeout:g}")) from None
    if not body.strip():
        return {}
    try:
        data = read_json(body, max_bytes=MAX_FRAME)
    except WireError as problem:
        raise Refused(400, str(problem)) from None
    if not isinstance(data, dict):
        raise Refused(400, _("the request body must be a JSON object"))
    return data


def moved(refusal: NotOwner) -> JSONResponse:
    """The answer for a table another process runs: 503, its owner's address and when its lease runs out.

    A proxy that routes by table code retries another upstream on 503 (see docs/online.md); a client may go to
    the address in ``X-Cartas-Owner`` itself.
    """
    lease = refusal.lease
    headers = {"x-cartas-owner": lease.address, "retry-after": str(max(1, int(lease.seconds_left + 1)))}
    body = {"error": str(refusal), "owner": lease.address, "retry_after": round(max(0.0, lease.seconds_left), 1)}
    return JSONResponse(body, status_code=503, headers=headers)


async def open_store(db: Path | str) -> AsyncStore:
    """The store ``--db`` names: a Postgres database for a postgresql:// URL, else a SQLite file."""
    if is_postgres_url(db):
        return await PostgresStore(str(db)).open()
    return OnLoop(SQLiteStore(Path(db)))


def create_app(
    db_path: Path | str,
    *,
    registry: Registry | None = None,
    hooks: Any = None,
    bot_delay: float = 0.6,
    bot_runner: BotRunner | None = None,
    grace: float = 60.0,
    data_dir: Path | None = None,
    buffer: int = 256,
    ownership: Ownership | None = None,
    limits: Limits | None = None,
    allow_origins: Sequence[str] = (),
    lobby_expiry: float = 1800.0,
    abandon_floor: float = 5.0,
    sweep_every: float = SWEEP_EVERY,
    body_timeout: float = BODY_TIMEOUT,
    clock: Callable[[], float] = time.monotonic,
) -> Starlette:
    """The ``cartas serve`` application over the SQLite file or the Postgres URL ``db_path``.

    ``registry`` defaults to the installed plugins, and ``hooks`` (the lifecycle hooks the tables fire, a pluggy
    ``pm.hook``) to theirs, none when a registry is given without them; ``bot_runner`` to a process pool (an
    :class:`InlineBots` when a registry is given, since pool workers load the installed plugins, not a test's registry);
    ``grace`` is the default grace period of new tables; finished matches' records and the history go in
    ``data_dir`` (the database's folder by default; needed with Postgres); ``buffer`` versioned frames per table
    are kept for reconnects; ``ownership`` says who this process is among several on one database.
    ``limits`` are each client address's (:mod:`cartas.online.server.limits`); ``allow_origins`` the other sites whose
    pages may change state here (:mod:`cartas.online.server.origin`); ``lobby_expiry``, ``abandon_floor`` and
    ``sweep_every`` say when tables nobody uses stop (:mod:`cartas.online.game.expiry`); ``body_timeout`` how long a
    request body may take to arrive; ``clock`` is the limits' clock (a fake one in tests).
    """
    postgres = is_postgres_url(db_path)
    if postgres and data_dir is None:
        raise ValueError("a Postgres database needs a data_dir for the finished matches' records")
    db: Path | str = str(db_path) if postgres else Path(db_path)
    if registry is None:
        pm, failures = plugins.load_plugins()
        games = plugins.build_registry(pm, failures)
        hooks = pm.hook if hooks is None else hooks
    else:
        games = registry
    runner = bot_runner if bot_runner is not None else (InlineBots(games) if registry is not None else None)
    settings = Settings(
        data_dir=data_dir or Path(db).parent, bot_delay=bot_delay, buffer=buffer, lobby_expiry=lobby_expiry,
        abandon_floor=abandon_floor,
    )
    limiter = Limiter(limits or Limits(), clock)
    state: dict[str, Any] = {}
    settings.hooks = hooks  # the lifecycle hooks every table fires (docs/session.md)

    def hub() -> Hub:
        found = state["hub"]
        assert isinstance(found, Hub)
        return found

    def quickplay() -> QuickPlay:
        found = state["quickplay"]
        assert isinstance(found, QuickPlay)
        return found

    def accounts() -> Accounts:
        found = state["accounts"]
        assert isinstance(found, Accounts)
        return found

    moderation = Moderation(lambda: accounts().db, clock)  # mutes, reports, removals (docs/accounts.md)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Presence writes coalesced (cartas.online.game.presence), every write measured (cartas.online.store.measured).
        coalesced = typing.cast(AsyncStore, CoalescedPresence(await open_store(db)))
        store = typing.cast(AsyncStore, MeasuredStore(coalesced, settings.metrics))
        bots = runner if runner is not None else PoolBots()
        state["hub"] = Hub(store, games, bots, settings, grace, ownership)
        app.state.store = store
        state["accounts"] = Accounts(runner_for(store), limiter.limits, clock)  # docs/accounts.md
        settings.on_finished = lambda table: on_finished(accounts(), table)
        settings.rated = lambda code: rated_table(accounts(), code)  # what a timeout costs (cartas.online.game.clock)
        state["quickplay"] = QuickPlay(accounts().db, group_seater(hub, accounts))
        loop = asyncio.get_running_loop()
        log.info("cartas %s", build_info().describe())  # which build serves: docs/compiled.md
        log.info("event loop: %s", describe_loop(loop))
        rebuilt = await state["hub"].start_up()
        if rebuilt:
            log.info("rebuilt %d table(s) in play from the database", rebuilt)
        watcher = loop.create_task(settings.metrics.watch_loop())
        checkpoints = loop.create_task(checkpoint_every(store, CHECKPOINT_EVERY))
        leases = loop.create_task(state["hub"].keep_leases())
        lobby = loop.create_task(state["hub"].listen_lobby())
        sweeper = loop.create_task(keep_sweeping(state["hub"], sweep_every))
        pairing = loop.create_task(keep_pairing(state["quickplay"]))
        app.state.leases = leases
        try:
            yield
        finally:
            watcher.cancel()
            checkpoints.cancel()
            leases.cancel()
            lobby.cancel()
            sweeper.cancel()
            pairing.cancel()
            await state["hub"].shut_down()
            await store.close()

    def refuse_when_draining() -> None:
        if hub().draining:
            raise Refused(503, _("the server is restarting; try again in a moment"))

    async def table_or_404(code: str) -> LiveTable:
        table = await hub().get(code)
        if table is None:
            raise Refused(404, _("no table {code}", code=repr(code)))
        return table

    async def guarded(request: Request, handler: Any) -> Response:
        # A refusal is written in the reader's language (the page's choice, else Accept-Language), as a
        # connection's frames are: docs/online.md.
        try:
            with speaking(request_language(request.headers)):
                result = await handler(request)
        except Refused as refusal:
            return error(refusal.status, refusal.message)
        except NotOwner as refusal:
            return moved(refusal)
        if isinstance(result, Response):
            return result
        return JSONResponse(result)

    site_labels = all_labels()

    async def games_list(request: Request) -> Response:
        return JSONResponse(hub().games())

    async def labels(request: Request) -> Response:
        # The same for everyone and fixed for the process's life: cacheable by the browser for an hour.
        return JSONResponse(site_labels, headers={"Cache-Control": "public, max-age=3600"})

    async def tables_list(request: Request) -> Response:
        async def handle(request: Request) -> Response:
            bucket = limiter.reads.bucket(client_key(request.scope))
            if not bucket.take():
                return too_many("open-table list reads", bucket)
            limit, after = page_request(request)
            listed = await hub().open_tables(limit, after)
            headers = {}
            if len(listed) == limit:
                last = listed[-1]
                headers["link"] = f'</api/tables?limit={limit}&cursor={last["created"]}_{last["code"]}>; rel="next"'
            return JSONResponse(listed, headers=headers)

        return await guarded(request, handle)

    async def create_table(request: Request) -> Response:
        async def handle(request: Request) -> Response:
            refuse_when_draining()
            bucket = limiter.tables.bucket(client_key(request.scope))
            if not bucket.take():
                return too_many("new tables", bucket)
            body = await json_body(request, body_timeout)
            rated = body.pop("rated", False)
            if not isinstance(rated, bool):
                raise Refused(400, _("{field} must be true or false", field="rated"))
            logged_in = await current(accounts(), request)
            if rated and logged_in is None:
                raise Refused(401, _("log in to create a rated table"))
            created = await hub().create(body)
            if logged_in is not None:  # the creator's seat belongs to their account (docs/accounts.md)
                await accounts().claim_seat(created["code"], hash_token(created["token"]), logged_in[0].id)
            if rated:
                await mark_rated(accounts(), created["code"])
                created["rated"] = True
            return JSONResponse(created, status_code=201)

        return await guarded(request, handle)

    async def table_info(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            return await table.call(table.info)

        return await guarded(request, handle)

    async def join(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            refuse_when_draining()
            bucket = limiter.joins.bucket(client_key(request.scope))
            if not bucket.take():
                return too_many("joins", bucket)
            table = await table_or_404(request.path_params["code"])
            body = await json_body(request, body_timeout)
            logged_in = await current(accounts(), request)
            name = body.get("name") or (logged_in[0].display if logged_in is not None else None)
            address = client_key(request.scope)
            account_id = logged_in[0].id if logged_in is not None else None
            seat = await moderation.seat_to_join(table, account_id, address, body.get("seat"))
            joined = await table.call(table.join, name, seat)
            moderation.joined(table.code, hash_token(joined["token"]), address)
            if logged_in is not None:
                await accounts().claim_seat(table.code, hash_token(joined["token"]), logged_in[0].id)
            return joined

        return await guarded(request, handle)

    async def leave(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            return await table.call(table.leave, bearer(request))

        return await guarded(request, handle)

    async def seating(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            body = await json_body(request, body_timeout)
            removal = moderation.before_seating(table, body)
            done = await table.call(table.seating, bearer(request), body)
            if removal is not None:  # the host removed a person: told, and barred from that seat
                owners = await accounts().seat_tokens(table.code)
                await moderation.removed(table.code, removal, owners.get(removal.token_hash))
            return done

        return await guarded(request, handle)

    async def start(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            return await table.call(table.start, bearer(request))

        return await guarded(request, handle)

    async def reclaim(request: Request) -> Response:
        """A logged-in person's seat at this table, its token issued again for this browser (docs/accounts.md)."""

        async def handle(request: Request) -> Any:
            logged_in = await current(accounts(), request)
            if logged_in is None:
                raise Refused(401, _("log in with the account that took the seat"))
            table = await table_or_404(request.path_params["code"])
            mine = await accounts().tokens_of(table.code, logged_in[0])
            seat = next((row.seat for row in table.seats if row.token_hash in mine), None)
            if seat is None:
                raise Refused(404, _("your account holds no seat at this table"))
            old = table.seats[seat].token_hash
            given = await table.call(table.reissue, seat)
            await accounts().moved_seat(table.code, str(old), hash_token(given["token"]))
            return given

        return await guarded(request, handle)

    async def leaderboard(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            game = request.query_params.get("game", "")
            fmt = request.query_params.get("format", "1v1")
            if game not in {g["name"] for g in hub().games()}:
                raise Refused(400, _("game must be the name of an installed game (GET /api/games)"))
            if fmt not in ("1v1", "2v2"):
                raise Refused(400, _("format must be 1v1 or 2v2"))
            return {"game": game, "format": fmt, "players": await best_rated(accounts().db, game, fmt)}

        return await guarded(request, handle)

    async def my_matches(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            logged_in = await current(accounts(), request)
            if logged_in is None:
                raise Refused(401, _("log in first (this needs an account)"))
            account = logged_in[0].id
            db = accounts().db
            return {"ratings": await ratings_of(db, account), "matches": await matches_of(db, account)}

        return await guarded(request, handle)

    async def report(request: Request) -> Response:
        """Report the player at a seat (kept for the operator: cartas users reports; docs/accounts.md)."""

        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            body = await json_body(request, body_timeout)
            seat = body.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
                raise Refused(400, _("{field} must be a seat index from 0 to {last}", field="seat",
                                     last=len(table.seats) - 1))
            row = table.seats[seat]
            if row.kind != "human":
                raise Refused(409, _("only a person can be reported"))
            owners = await accounts().seat_tokens(table.code)
            owner = owners.get(row.token_hash or "")
            reported = row.name or f"seat {seat}"
            if owner is not None:
                found = await accounts().by_id(owner)
                reported = f"{reported} ({found.username})" if found is not None else reported
            logged_in = await current(accounts(), request)
            address = client_key(request.scope)
            reporter = logged_in[0].username if logged_in else f"guest at {address}"
            made = await moderation.report(
                reporter, logged_in[0].id if logged_in else address, table.code, seat, reported, body.get("reason"),
                body.get("text"),
            )
            return JSONResponse({"report": made}, status_code=201)

        return await guarded(request, handle)

    async def rematch(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            return await hub().rematch(request.path_params["code"], bearer(request))

        return await guarded(request, handle)

    async def record(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            match = await table.call(table.record)
            return Response(match.model_dump_json(indent=1), media_type="application/json")

        return await guarded(request, handle)

    analyses: dict[str, Analyses] = {}

    async def analysis(request: Request) -> Response:
        """A finished match analysed for one seat (``online/analysis/service.py``): the JSON of ``cartas analyze``, or its
        progress while it runs."""
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            match = await table.call(table.record)
            if "runner" not in analyses:
                analyses["runner"] = Analyses(hub().registry, hub().bots)
            bucket = limiter.analyses.bucket(client_key(request.scope))
            return analyses["runner"].answer(
                table.code, match, request.query_params,
                lambda: None if bucket.take() else too_many("analyses", bucket),
            )

        return await guarded(request, handle)

    async def steps(request: Request) -> Response:
        async def handle(request: Request) -> Any:
            table = await table_or_404(request.path_params["code"])
            asked = request.query_params.get("seat")
            try:
                seat = None if asked in (None, "") else int(asked)
            except ValueError:
                raise Refused(400, _("{field} must be a whole number", field="seat")) from None
            return {"steps": await table.call(table.steps, bearer(request), seat), "seat": seat}

        return await guarded(request, handle)

    async def metrics(request: Request) -> Response:
        try:
            window = float(request.query_params.get("window", "0")) or None
        except ValueError:
            with speaking(request_language(request.headers)):
                return error(400, _("{field} must be a number of seconds", field="window"))
        tables = hub().tables.values()
        return JSONResponse({
            "tables": sum(table.row.status == "playing" for table in tables),
            "connections": sum(len(table.connections) for table in tables),
            "move_ms": settings.metrics.moves.summary(window),
            "loop_lag_ms": settings.metrics.loop_lag.summary(window),
        })

    def gauges() -> dict[str, float]:
        found = state.get("hub")
        if found is None:
            return {}
        tables = list(found.tables.values())
        return {
            "cartas_tables_playing": sum(table.row.status == "playing" for table in tables),
            "cartas_tables_loaded": len(tables),
            "cartas_connections": sum(len(table.connections) for table in tables),
            "cartas_bot_queue": getattr(found.bots, "pending", 0),
        }

    settings.metrics.gauges(gauges)

    async def prometheus(request: Request) -> Response:
        return Response(generate_latest(settings.metrics.registry), media_type=CONTENT_TYPE_LATEST)

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "alive"})

    async def readyz(request: Request) -> Response:
        problem = await not_ready(state.get("hub"), settings)
        if problem is not None:
            return JSONResponse({"status": "not ready", "reason": problem}, status_code=503)
        return JSONResponse({"status": "ready"})

    pages = Pages(STATIC)  # every page made from the one skeleton, once (cartas.online.server.pages)

    async def lobby_page(request: Request) -> Response:
        return pages.response("index.html", request)

    async def deck_art(request: Request) -> Response:
        """The card art of a deck: a built-in one (``static/decks``) or one a plugin's game ships
        (``Game.deck_files``), at one address the pages load whatever the deck is."""
        path = deck_file(games, request.path_params["name"])
        if path is None:
            with speaking(request_language(request.headers)):
                return PlainTextResponse(_("no such deck"), status_code=404)
        return FileResponse(path, media_type="text/javascript")

    async def table_page(request: Request) -> Response:
        return pages.response("table.html", request)

    async def match_page(request: Request) -> Response:
        return pages.response("match.html", request)
    async def account_page(request: Request) -> Response:
        return pages.response("account.html", request)

    async def quickplay_page(request: Request) -> Response:
        return pages.response("quickplay.html", request)

    async def leaderboard_page(request: Request) -> Response:
        return pages.response("leaderboard.html", request)

    async def websocket(socket: WebSocket) -> None:
        key = client_key(socket.scope)
        if not limiter.socket_opened(key):
            with speaking(request_language(socket.headers)):
                denial = error(429, _("too many connections from your address"))
            await socket.send_denial_response(denial)
            return
        try:
            await serve_socket(socket, hub(), limiter, key)
        finally:
            limiter.socket_closed(key)

    routes = [
        Route("/", lobby_page),
        Route("/t/{code}", table_page),
        Route("/t/{code}/match", match_page),
        Route("/decks/{name}.js", deck_art),
        Route("/api/games", games_list),
        Route("/api/labels", labels),
        Route("/api/tables", tables_list, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{code}", table_info),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/api/tables/{code}/leave", leave, methods=["POST"]),
        Route("/api/tables/{code}/seating", seating, methods=["POST"]),
        Route("/api/tables/{code}/start", start, methods=["POST"]),
        Route("/api/tables/{code}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{code}/record", record),
        Route("/api/tables/{code}/analysis", analysis),
        Route("/api/tables/{code}/steps", steps),
        Route("/api/tables/{code}/reclaim", reclaim, methods=["POST"]),
        Route("/api/tables/{code}/report", report, methods=["POST"]),
        Route("/account", account_page),
        Route("/leaderboard", leaderboard_page),
        Route("/play", quickplay_page),
        Route("/api/leaderboard", leaderboard),
        *quickplay_routes(quickplay, hub, accounts, lambda request: json_body(request, body_timeout), guarded),
        Route("/api/account/matches", my_matches),
        *people_routes(
            accounts, hub, moderation, lambda request: json_body(request, body_timeout), guarded, pages,
        ),
        *account_routes(
            accounts, lambda request: json_body(request, body_timeout), lambda r: client_key(r.scope), guarded
        ),
        *passkey_routes(
            accounts, lambda request: json_body(request, body_timeout), lambda r: client_key(r.scope), guarded,
            allow_origins,
        ),
        Route("/api/metrics", metrics),
        Route("/metrics", prometheus),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        WebSocketRoute("/ws/{code}", websocket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(OriginCheck, allowed=allow_origins)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestIds)
    app.state.hub = hub
    app.state.accounts = accounts

    async def drain() -> int:
        found = state.get("hub")
        return 0 if found is None else await found.drain()

    app.state.drain = drain
    app.state.settings = settings
    app.state.default_grace = grace
    app.state.ownership = ownership
    app.state.limiter = limiter
    return app


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


async def checkpoint_every(store: AsyncStore, seconds: float, look_every: float = WAL_LOOK_EVERY) -> None:
    """Checkpoint the database every ``seconds`` (SQLite's in a worker thread, so the event loop never does it),
    and sooner whenever the WAL has grown past its limit: its size is looked at every ``look_every`` seconds."""
    sync = getattr(store, "sync", None)
    wal_bytes = getattr(sync, "wal_bytes", None)
    last = time.monotonic()
    while True:
        await asyncio.sleep(look_every)
        due = time.monotonic() - last >= seconds
        if not due and (wal_bytes is None or wal_bytes() <= WAL_LIMIT):
            continue
        last = time.monotonic()
        try:
            await store.checkpoint()
        except Exception as problem:  # a busy, locked or full database: try again next time
            log.warning("the database checkpoint failed: %s", problem)


async def _receive(socket: WebSocket) -> str | bytes:
    """The next frame's raw text, or raise ``WebSocketDisconnect``."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw: str | bytes | None = message.get("text")
    if raw is None:
        raw = message.get("bytes") or b""
    return raw


async def _read_frame(socket: WebSocket) -> Any:
    """The next frame as JSON, or raise ``WebSocketDisconnect``; a bad frame raises ``WireError``."""
    return read_json(await _receive(socket), max_bytes=MAX_FRAME)


class Spent(Exception):
    """A websocket's frame budget is spent: it is closed with :data:`CLOSE_TOO_MANY`."""


class FrameBudget:
    """A websocket's frames, counted BEFORE each is parsed: its own budget and its address's, one frame each,
    a bad frame (malformed, oversized, unknown) :attr:`Limits.bad_frame_cost` each. Once either is spent the
    connection is closed, so a flood costs the server a dictionary look-up a frame, not a parse and a view."""

    def __init__(self, limiter: Limiter, key: str) -> None:
        self.own = limiter.frame_budget()
        self.address = limiter.frames.bucket(key)
        self.bad = limiter.limits.bad_frame_cost

    def charge(self, cost: float = 1.0) -> None:
        if not (self.own.take(cost) and self.address.take(cost)):
            raise Spent

    def charge_bad(self) -> None:
        self.charge(max(0.0, self.bad - 1.0))


async def _deny(socket: WebSocket, connection: Connection | None, message: str, code: int) -> None:
    """Tell the client why in an error frame, then close with ``code`` and the reason."""
    if connection is not None:
        connection.send(dumps({"type": "error", "message": message}))
        connection.close(code)
        return
    with contextlib.suppress(Exception):
        await socket.send_text(dumps({"type": "error", "message": message}))
        await socket.close(code, message)


SPENT = "too many frames: the connection is closed; reconnect in a few seconds"


async def serve_socket(socket: WebSocket, hub: Hub, limiter: Limiter | None = None, key: str = "") -> None:
    """One websocket: the hello with its token, then moves, chat and pings until it closes.

    A table another process runs is refused before the upgrade, with the same 503 as over HTTP. Every frame
    is charged to the connection's :class:`FrameBudget` before it is parsed.
    """
    limiter = limiter or Limiter()
    budget = FrameBudget(limiter, key)
    try:
        table = await hub.get(socket.path_params["code"])
    except NotOwner as refusal:
        await socket.send_denial_response(moved(refusal))
        return
    await socket.accept()
    if table is None:
        await socket.send_text(dumps({"type": "error", "message": "no such table"}))
        await socket.close(CLOSE_NO_TABLE)
        return
    try:
        budget.charge()
        hello = await asyncio.wait_for(_read_frame(socket), HELLO_TIMEOUT)
    except (WireError, TimeoutError) as problem:
        message = str(problem) if isinstance(problem, WireError) else "no hello in time"
        await _deny(socket, None, message, CLOSE_BAD_FRAME)
        return
    except Spent:
        await _deny(socket, None, SPENT, CLOSE_TOO_MANY)
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await socket.send_text(dumps({"type": "error", "message": "the first frame must be {\"type\": \"hello\", ...}"}))
        await socket.close(CLOSE_BAD_FRAME)
        return
    reasons = {CLOSE_TOO_MANY: SPENT}
    connection = Connection(socket.send_text, lambda code: socket.close(code, reasons.get(code)))
    connection.language = site_language(hello.get("lang"))
    connection.batched = hello.get("batch") is True
    await table.call(table.connect, connection, hello.get("token"), hello.get("v"))
    table.active_at = time.time()
    try:
        while connection.alive:
            raw = await _receive(socket)
            budget.charge()
            try:
                frame = read_json(raw, max_bytes=MAX_FRAME)
            except WireError as problem:
                budget.charge_bad()
                connection.send(dumps({"type": "error", "message": str(problem)}))
                continue
            kind = frame.get("type") if isinstance(frame, dict) else None
            if kind == "ping":
                connection.send(dumps({"type": "pong"}))
            elif kind == "move":
                table.post(table.move, connection, frame.get("action"), frame.get("v"), time.perf_counter())
            elif kind == "chat":
                chat = limiter.chat.bucket(key)
                if chat.take():
                    table.post(table.say, connection, frame.get("text"), frame.get("name"))
                else:
                    table.tell(connection, mark("too many chat lines from your address"))
            elif kind == "lang":
                table.post(table.set_language, connection, frame.get("lang"))
            else:
                budget.charge_bad()
                message = "frame types are move, chat, lang and ping" if kind else "a frame is a JSON object with a type"
                connection.send(dumps({"type": "error", "message": message}))
    except Spent:
        log.info("table %s: a connection spent its frame budget and was closed", table.code)
        await _deny(socket, connection, SPENT, CLOSE_TOO_MANY)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.post(table.disconnect, connection)
        table.active_at = time.time()
        connection.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(connection.writer, 2)
