"""``GET /api/tables/CODE/analysis?seat=N``: a finished match analysed for one seat, off the event loop, cached.

The analysis (:mod:`cartas.core.analysis`) plays thousands of play-outs: it runs where the bots' decisions run,
in the bot process pool (:class:`cartas.online.bots.PoolBots`), or in a worker thread with any other runner
(the inline runner of the tests), never on the event loop. Only a finished match is analysed: its record,
hidden cards and all, is already served at ``/api/tables/CODE/record`` once it is over, so the analysis of any of
its seats tells nobody anything new (while a match is in play, it would tell the others that seat's cards). The
result is cached per table, seat and number of moves, so a page reloaded does not run it again.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cartas.core.analysis import DEFAULT_SAMPLES, analyse, chart_svg, to_json
from cartas.core.plugins.registry import Registry
from cartas.core.record import MatchRecord
from cartas.online import bots as bot_pool

SAMPLES = DEFAULT_SAMPLES
"""Sampled deals per decision for the server's analyses (as ``cartas analyze``'s default)."""

CACHE_SIZE = 256
"""Analyses kept in memory at most, the oldest dropped first."""


def analysis_json(registry: Registry, record_json: str, seat: int, samples: int) -> dict[str, Any]:
    """The analysis document of ``seat`` in the record (``cartas-analysis/1``), with its chart as SVG."""
    record = MatchRecord.model_validate_json(record_json)
    game = registry.game(record.game)
    analysis = analyse(game, record, seat, samples=samples)
    document = to_json(game, analysis)
    document["chart_svg"] = chart_svg(analysis, title=game.title)
    return document


def _in_worker(record_json: str, seat: int, samples: int) -> dict[str, Any]:
    if bot_pool._worker_registry is None:
        bot_pool._load_worker()
    assert bot_pool._worker_registry is not None
    return analysis_json(bot_pool._worker_registry, record_json, seat, samples)


class Analyses:
    """Runs analyses off the loop and remembers them."""

    def __init__(self, registry: Registry, runner: object, samples: int | None = None) -> None:
        self.registry = registry
        self.runner = runner
        self.samples = samples or SAMPLES
        self.cache: dict[tuple[str, int, int], dict[str, Any]] = {}
        self.running: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}

    async def of(self, code: str, record: MatchRecord, seat: int) -> dict[str, Any]:
        """The analysis of ``seat`` in the finished ``record`` of table ``code``; one run for concurrent asks."""
        key = (code, seat, len(record.actions))
        if key in self.cache:
            return self.cache[key]
        pending = self.running.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        record_json = record.model_dump_json()
        pool = getattr(self.runner, "pool", None)
        if pool is not None:
            future = loop.run_in_executor(pool, _in_worker, record_json, seat, self.samples)
        else:
            future = loop.run_in_executor(None, analysis_json, self.registry, record_json, seat, self.samples)
        self.running[key] = future
        try:
            document = await future
        finally:
            self.running.pop(key, None)
        if len(self.cache) >= CACHE_SIZE:
            self.cache.pop(next(iter(self.cache)))
        self.cache[key] = document
        return document
