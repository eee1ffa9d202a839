"""The web application of ``cartas serve``: the HTTP lobby API, the websocket of each table and the static pages.

Routes only carry requests to the tables (:mod:`cartas.online.game.table`) and frames back; they decide nothing.
Every body and frame from outside goes through the bounded JSON reader, so bad input gets a one-line error,
never a traceback. docs/online.md describes the API and the frames.
"""

from __future__ import annotations

import asyncio
import os
import contextlib
import logging
import time
import typing
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from cartas.core.buildinfo import build_info
from cartas.core.plugins import manager as plugins
from cartas.core.plugins.registry import Registry
from .store.db import runner_for
from .accounts.finish import on_finished, rated_table
from .accounts.seat_guard import keep_checking
from .accounts.service import Accounts
from .game.bots import BotRunner, InlineBots, PoolBots
from .game.expiry import SWEEP_EVERY, keep_sweeping
from .game.turns import TURNS_EVERY, keep_turning
from .push.keys import load_or_make, public_key_text
from .push.sender import PUSH_SUBJECT, Pusher
from .push.sender import Request as PushRequest
from .server.limits import Limiter, Limits
from .server.origin import OriginCheck
from .server.pages import Pages
from .server.timeouts import BODY_TIMEOUT
from .game.hub import Hub
from .game.ownership import Ownership
from .game.words import all_labels
from .server.logs import RequestIds
from .server.loop_info import describe_loop
from .store.measured import MeasuredStore
from .store.opening import open_store
from .moderation.service import Moderation
from .game.presence import CoalescedPresence
from .store.postgres import is_postgres_url
from .quickplay.queue import QuickPlay
from .quickplay.routes import group_seater, keep_pairing
from .store.sqlite import WAL_LIMIT
from .store.tables import AsyncStore
from .game.settings import Settings

from .server.http import SecurityHeaders, error
from .game.socket import websocket

from .routes import routes
from .server.routes import STATIC
from .services import Services

log = logging.getLogger("cartas.online")

CHECKPOINT_EVERY = 5.0
"""Seconds between the database's checkpoints, run in a worker thread (see cartas.online.store.tables)."""
WAL_LOOK_EVERY = 0.5
"""Seconds between looks at the WAL's size: one past :data:`WAL_LIMIT` is checkpointed at once."""


def installed_registry() -> Registry:
    """The installed plugins' registry, with those ``CARTAS_PLUGINS`` names (the core loads them)."""
    return plugins.installed_registry()


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
    # mutes, reports, removals (docs/accounts.md); the accounts' database once the server has started
    moderation = Moderation(lambda: shared.accounts().db, clock)
    shared = Services(
        games=games, settings=settings, limiter=limiter, moderation=moderation,
        pages=Pages(STATIC),  # every page made from the one skeleton, once (cartas.online.server.pages)
        body_timeout=body_timeout, allow_origins=tuple(allow_origins), site_labels=all_labels(), state=state,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Presence writes coalesced (cartas.online.game.presence), every write measured (cartas.online.store.measured).
        coalesced = typing.cast(AsyncStore, CoalescedPresence(await open_store(db)))
        store = typing.cast(AsyncStore, MeasuredStore(coalesced, settings.metrics))
        bots = runner if runner is not None else PoolBots()
        state["hub"] = Hub(store, games, bots, settings, grace, ownership)
        app.state.store = store
        state["accounts"] = Accounts(runner_for(store), limiter.limits, clock)  # docs/accounts.md
        settings.on_finished = lambda table: on_finished(shared.accounts(), table)
        settings.rated = lambda code: rated_table(shared.accounts(), code)  # what a timeout costs (cartas.online.game.clock)
        # Web Push (cartas.online.push): the key made once in the data folder, a bounded queue sent by one worker.
        push_key = load_or_make(settings.data_dir)
        pusher = Pusher(shared.accounts().db, push_key, os.environ.get("CARTAS_PUSH_SUBJECT", PUSH_SUBJECT),
                        shared.accounts().seat_tokens)
        state["push"], state["push_key"] = pusher, public_key_text(push_key)
        settings.notify = lambda kind, code, game, hashes: pusher.offer(PushRequest(kind, code, game, hashes))
        state["quickplay"] = QuickPlay(shared.accounts().db, group_seater(shared.hub, shared.accounts))
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
        turning = loop.create_task(keep_turning(state["hub"], TURNS_EVERY))
        pushing = loop.create_task(pusher.work())
        pairing = loop.create_task(keep_pairing(state["quickplay"]))
        guard = loop.create_task(keep_checking(state["hub"], shared.accounts().db))  # logged-out seats stop
        app.state.leases = leases
        try:
            yield
        finally:
            watcher.cancel()
            checkpoints.cancel()
            leases.cancel()
            lobby.cancel()
            sweeper.cancel()
            turning.cancel()
            pushing.cancel()
            pairing.cancel()
            guard.cancel()
            for analyses in shared.analyses.values():
                analyses.close()
            await state["hub"].shut_down()
            await store.close()

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

    app = Starlette(routes=routes(shared), lifespan=lifespan)
    app.add_middleware(OriginCheck, allowed=allow_origins)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestIds)
    app.state.services = shared
    app.state.hub = shared.hub
    app.state.accounts = shared.accounts

    async def drain() -> int:
        found = state.get("hub")
        return 0 if found is None else await found.drain()

    app.state.drain = drain
    app.state.settings = settings
    app.state.default_grace = grace
    app.state.ownership = ownership
    app.state.limiter = limiter
    return app


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

