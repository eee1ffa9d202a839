"""``GET /api/tables/CODE/analysis?seat=N``: a finished match analysed for one seat, off the event loop, cached.

The analysis (:mod:`cartas.core.analysis`) plays thousands of play-outs, tens of seconds of CPU. It runs where the
bots' decisions run, in the bot process pool (:class:`cartas.online.game.bots.PoolBots`), or in a worker thread with
any other runner (the inline runner of the tests), never on the event loop; and it runs there one decision at a
time (:func:`cartas.core.analysis.decision_at`), each a job of its own in the pool's queue, so the bots of the
tables in play wait for one decision's play-outs at most, never for a whole match's, and the page is told how
far the work has gone (``202 {"status": "running", "done", "total"}``) until it is done.

Only a finished match is analysed: its record, hidden cards and all, is already served at
``/api/tables/CODE/record`` once it is over, so the analysis of any of its seats tells nobody anything new (while
a match is in play, it would tell the others that seat's cards, and it is refused with 409). The analysis itself
samples the others' cards from what the seat knew, never from the record's.

The result is cached per match (the table's code and a digest of its record), seat and version of the analysis
(:data:`VERSION` and the number of samples), so a page reloaded, or another reader, does not run it again; the
texts are written in each reader's language from the cached analysis (cheap). Starting a run costs the address
one token of :attr:`cartas.online.server.limits.Limits.analyses`; at most :data:`MAX_RUNNING` runs go at once.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.responses import JSONResponse, Response

from cartas.core import __version__
from cartas.core.analysis import (
    DEFAULT_SAMPLES, FORMAT, Decision, MatchAnalysis, chart_svg, decision_at, decision_moves, summarise, to_json,
)
from cartas.core.analysis.report import MARK_WORDS
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark
from cartas.core.plugins.registry import Registry
from cartas.core.record import MatchRecord
from ..game import bots as bot_pool
from ..game.words import site_language
from ..server.errors import Refused
from ..game.views import table_language, writing

SAMPLES = DEFAULT_SAMPLES
"""Sampled deals per decision for the server's analyses (as ``cartas analyze``'s default)."""

VERSION = f"{FORMAT}+{__version__}"
"""What the analysis is computed by: a new cartas may value moves otherwise, so its results are cached apart."""

CACHE_SIZE = 256
"""Analyses kept in memory at most, the least recently read dropped first."""

MAX_RUNNING = 2
"""Analyses running at once on the server; one more is refused (503) until one ends."""

Key = tuple[str, str, int, str]
"""(table code, record digest, seat, version)."""

log = logging.getLogger("cartas.online")


def _registry() -> Registry:
    return bot_pool.worker_registry()


def plan(registry: Registry, record_json: str, seat: int) -> list[int]:
    """The move numbers of the seat's decisions (cheap: a replay)."""
    record = MatchRecord.model_validate_json(record_json)
    return decision_moves(registry.game(record.game), record, seat)


def one_decision(registry: Registry, record_json: str, seat: int, number: int, samples: int) -> Decision | None:
    """One decision valued: ``K × moves`` play-outs of a hand (about a second)."""
    record = MatchRecord.model_validate_json(record_json)
    return decision_at(registry.game(record.game), record, seat, number, samples=samples)


def summary(registry: Registry, record_json: str, seat: int, decisions: list[Decision], samples: int) -> MatchAnalysis:
    """The whole analysis from its decisions (cheap: a replay)."""
    record = MatchRecord.model_validate_json(record_json)
    return summarise(registry.game(record.game), record, seat, decisions, samples=samples, seed=0)


def _in_worker(work: Callable[..., Any], *args: Any) -> Any:
    """``work(registry, *args)`` in a pool worker, with the worker's own registry."""
    return work(_registry(), *args)


@dataclass
class Run:
    """An analysis under way: how far it has gone, and the task doing it."""

    task: asyncio.Task[MatchAnalysis] | None = None
    done: int = 0
    total: int | None = None

    def progress(self) -> dict[str, Any]:
        return {"status": "running", "done": self.done, "total": self.total}


def record_digest(record: MatchRecord) -> str:
    """What tells one match from another at the same code (a code is never reused, but a cache should not care)."""
    return hashlib.sha256(record.model_dump_json().encode()).hexdigest()[:16]


class Analyses:
    """Runs analyses off the loop, one decision at a time, and remembers them."""

    def __init__(self, registry: Registry, runner: object, samples: int | None = None) -> None:
        self.registry = registry
        self.runner = runner
        self.samples = samples or SAMPLES
        self.cache: OrderedDict[Key, MatchAnalysis] = OrderedDict()
        self.running: dict[Key, Run] = {}
        self.failed: dict[Key, str] = {}
        """Runs that failed, told once to the next request for them (which may then start it again)."""

    def key(self, code: str, record: MatchRecord, seat: int) -> Key:
        return (code, record_digest(record), seat, f"{VERSION}/{self.samples}")

    async def _call(self, work: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        pool = getattr(self.runner, "pool", None)
        if pool is not None:
            return await loop.run_in_executor(pool, _in_worker, work, *args)
        return await loop.run_in_executor(None, work, self.registry, *args)

    async def _run(self, key: Key, record: MatchRecord, seat: int, run: Run) -> MatchAnalysis:
        record_json = record.model_dump_json()
        numbers: list[int] = await self._call(plan, record_json, seat)
        run.total = len(numbers)
        decisions: list[Decision] = []
        for number in numbers:
            decision = await self._call(one_decision, record_json, seat, number, self.samples)
            if decision is not None:
                decisions.append(decision)
            run.done += 1
        analysis: MatchAnalysis = await self._call(summary, record_json, seat, decisions, self.samples)
        self.cache[key] = analysis
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)
        return analysis

    def cached(self, key: Key) -> MatchAnalysis | None:
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
        return found

    def start(self, key: Key, record: MatchRecord, seat: int) -> Run:
        """Start the analysis of ``key`` (the caller checked it is neither cached nor running)."""
        if len(self.running) >= MAX_RUNNING:
            raise Refused(503, _("the server is busy analysing other matches; try again in a minute"))
        run = Run()
        self.running[key] = run

        def finished(task: asyncio.Task[MatchAnalysis]) -> None:
            self.running.pop(key, None)
            error = None if task.cancelled() else task.exception()
            if error is not None:
                log.error("the analysis of table %s seat %d failed: %r", key[0], seat, error)
                self.failed[key] = mark("the analysis failed; asking again starts it again")

        run.task = asyncio.get_running_loop().create_task(self._run(key, record, seat, run), name=f"analysis {key[0]}")
        run.task.add_done_callback(finished)
        return run

    def answer(
        self, code: str, record: MatchRecord, query: Mapping[str, str], may_start: Callable[[], Response | None]
    ) -> Response:
        """The answer to ``GET /api/tables/CODE/analysis``: 200 and the document when it is done, 202 and the
        progress while it runs (started now unless ``start=0``), 404 when it never ran and ``start=0``, 500 once
        when a run failed. ``may_start()`` is asked before a run starts: None, or the response refusing it (the
        address's rate limit)."""
        if not record.finished:
            raise Refused(409, _("the match is not over: only a finished match is analysed"))
        game = self.registry.game(record.game)
        seats = game.options(record.options).players
        given = query.get("seat", "")
        if not (given.isascii() and given.isdigit() and len(given) < 4 and 0 <= int(given) < seats):
            raise Refused(400, _("{field} must be a seat index from 0 to {last}", field="seat", last=seats - 1))
        seat = int(given)
        key = self.key(code, record, seat)
        found = self.cached(key)
        if found is not None:
            language = site_language(query.get("lang")) or table_language(game)
            return JSONResponse(document(self.registry, record, found, language))
        failure = self.failed.pop(key, None)
        if failure is not None:
            return JSONResponse({"status": "failed", "error": _(failure)}, status_code=500)
        run = self.running.get(key)
        if run is None:
            if query.get("start") == "0":
                return JSONResponse(
                    {"status": "none", "error": _("this seat's analysis has not been asked for yet")}, status_code=404
                )
            refusal = may_start()
            if refusal is not None:
                return refusal
            run = self.start(key, record, seat)
        return JSONResponse(run.progress(), status_code=202)


def document(registry: Registry, record: MatchRecord, analysis: MatchAnalysis, language: str) -> dict[str, Any]:
    """The analysis as ``cartas analyze --json`` writes it, its texts in ``language`` and its cards in the table's
    deck, with the chart as SVG."""
    game = registry.game(record.game)
    with writing(game, language, game.deck_art(game.options(record.options))):
        made = to_json(game, analysis)
        words = {mark: _(word) for mark, word in MARK_WORDS.items()}
        made["mark_words"] = words
        made["chart_svg"] = chart_svg(analysis, title=game.title_text(), marks=words, hand=_("hand"))
    made["language"] = language
    return made


def analysis_json(registry: Registry, record_json: str, seat: int, samples: int) -> dict[str, Any]:
    """The analysis document of ``seat`` in the record, in one go (for scripts and tests)."""
    record = MatchRecord.model_validate_json(record_json)
    game = registry.game(record.game)
    decisions = [d for n in decision_moves(game, record, seat)
                 if (d := decision_at(game, record, seat, n, samples=samples)) is not None]
    analysis = summarise(game, record, seat, decisions, samples=samples, seed=0)
    return document(registry, record, analysis, table_language(game))
