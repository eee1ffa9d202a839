"""Bot decisions, off the event loop: a ``hard`` or ``search`` bot spends 150-250 ms of CPU on one decision,
which would stall every table of the process if it ran in the loop.

A decision is stateless: the request carries the match record so far (game, options, seed, moves), the
seat and the level, and the worker replays the record and asks a fresh bot seeded as the terminal seeds
its bots (:func:`cartas.core.bots.seeds.seat_bot_seed`). Any worker can then serve any table, and nothing
is lost when a worker dies or the server restarts.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from cartas.core.bots.base import REMEMBERED, SeatView, remember_matches
from cartas.core.bots.seeds import seat_bot_seed
from cartas.core.plugins.manager import installed_registry
from cartas.core.position import Position
from cartas.core.record import MatchRecord, replay
from cartas.core.plugins.registry import Registry
from cartas.core.state import State


@dataclass(frozen=True)
class EarlierMatch:
    """A match played before this one by the same people in the same seats (a rematch's table before it), as
    a worker replays it for a bot to remember (:func:`cartas.core.bots.remember_matches`). Hashable, so a worker
    replays each once (:func:`replayed_earlier`): options and position are kept as JSON text."""

    game: str
    options: str
    seed: int
    position: str | None
    actions: tuple[tuple[int, str], ...]

    def record(self) -> MatchRecord:
        return MatchRecord(
            game=self.game, options=json.loads(self.options), seed=self.seed,
            position=None if self.position is None else Position.model_validate_json(self.position),
            actions=list(self.actions),
        )


@dataclass(frozen=True)
class BotRequest:
    """Everything a worker needs to decide one move; picklable, and it never leaves the server."""

    game: str
    options: dict[str, Any]
    seed: int
    position: dict[str, Any] | None
    actions: tuple[tuple[int, str], ...]
    seat: int
    level: str
    earlier: tuple[EarlierMatch, ...] = ()
    """The matches these people played before in these seats, oldest first (at most :data:`REMEMBERED`)."""


def decide(registry: Registry, request: BotRequest) -> str:
    """The canonical text of the move the bot at ``request.seat`` makes, having remembered the earlier matches."""
    game = registry.game(request.game)
    record = MatchRecord(
        game=game.name, options=request.options, seed=request.seed,
        position=None if request.position is None else Position.model_validate(request.position),
        actions=list(request.actions),
    )
    state = replay(record, game)
    bot = registry.bot(game.name, request.level)(seat_bot_seed(request.seed, request.seat, len(request.actions)))
    if request.earlier:
        remember_matches(bot, [SeatView(replayed_earlier(registry, match), request.seat) for match in request.earlier])
    return str(bot.choose(SeatView(state, request.seat)))


_EARLIER_KEPT = 32
"""Replayed earlier matches a process keeps: a table's bots ask about the same few on every decision."""
_earlier: OrderedDict[EarlierMatch, State] = OrderedDict()


def replayed_earlier(registry: Registry, match: EarlierMatch) -> State:
    """``match`` replayed, once per process while it is among the last :data:`_EARLIER_KEPT` asked for (a
    finished match never changes, and a bot only reads it)."""
    state = _earlier.get(match)
    if state is None:
        state = replay(match.record(), registry.game(match.game))
        _earlier[match] = state
        while len(_earlier) > _EARLIER_KEPT:
            _earlier.popitem(last=False)
    else:
        _earlier.move_to_end(match)
    return state


CLOSE_WAIT = 2.0
"""Seconds the bot workers get to end when the server stops, before they are terminated."""


class BotRunner(Protocol):
    """Where bot decisions run."""

    pending: int
    """Decisions asked for and not yet answered (the ``cartas_bot_queue`` gauge)."""

    async def decide(self, request: BotRequest) -> str: ...

    def close(self) -> None: ...


class InlineBots:
    """Decides in the caller's thread: for tests, where determinism matters more than the loop's latency."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    pending = 0

    async def decide(self, request: BotRequest) -> str:
        return decide(self.registry, request)

    def close(self) -> None:
        pass


_worker_registry: Registry | None = None


def _load_worker() -> None:
    """Load the installed plugins once per worker process (and those named in ``$CARTAS_PLUGINS``)."""
    global _worker_registry
    _worker_registry = installed_registry()


def worker_registry() -> Registry:
    """The registry this worker process decides with, loaded on first use (the analysis runs there too)."""
    if _worker_registry is None:
        _load_worker()
    assert _worker_registry is not None
    return _worker_registry


def _decide_in_worker(request: BotRequest) -> str:
    if _worker_registry is None:
        _load_worker()
    assert _worker_registry is not None
    return decide(_worker_registry, request)


class PoolBots:
    """Decides in a pool of worker processes (spawned, so no state of the server is copied into them)."""

    def __init__(self, workers: int | None = None) -> None:
        count = workers or max(1, min(4, (os.cpu_count() or 2) - 1))
        self.pool = ProcessPoolExecutor(
            max_workers=count, mp_context=multiprocessing.get_context("spawn"), initializer=_load_worker
        )
        self.pending = 0
        """Decisions asked for and not yet answered: queued for a worker or being worked on."""

    async def decide(self, request: BotRequest) -> str:
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, _decide_in_worker, request)
        finally:
            self.pending -= 1

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Stop the workers with the server: the queued decisions are dropped, the running ones get ``wait``
        seconds to end, and a worker still alive after that is terminated (one once outlived its server)."""
        workers = list(getattr(self.pool, "_processes", {}).values())  # the executor has no public list of them
        self.pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + wait
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join(1.0)
