"""A finished match analysed for one seat, in a pool of its own, queued, cached.

The analysis (:mod:`cartas.core.analysis`) plays thousands of play-outs, tens of seconds of CPU. It never runs
where the bots of the tables in play decide (:mod:`cartas.online.game.bots`): a live table's bot must answer in
milliseconds whatever is analysed. With the bot process pool (the server), analyses run in a pool of their own
of :data:`WORKERS` process, started at a lower OS priority (``os.nice``), so on a small machine the scheduler
gives the bots' processes the CPU first; with any other runner (the inline runner of the tests) they run in a
worker thread. Never on the event loop. A run goes one decision at a time
(:func:`cartas.core.analysis.decision_at`), each a job of its own, so a run can be cancelled between two and the
page is told how far it has gone.

Budget: starting a run (``POST``, which passes the Origin check) costs the address one token of
:attr:`~cartas.online.server.limits.Limits.analyses` and the server one of
:attr:`~cartas.online.server.limits.Limits.all_analyses`; at most :data:`MAX_RUNNING` runs go at once, at most
:data:`MAX_QUEUED` wait in line (the next is refused with 503 and Retry-After), and one address or account has
at most :data:`PER_ASKER` runs queued or running. A waiting run's answer is ``202 {"status": "queued",
"position": N}``, a running one's ``202 {"status": "running", "done", "total"}``. Reading (``GET``) never starts
work. A run whose askers have all stopped asking for :data:`ABANDONED_AFTER` seconds (the page polls every
second or so) is cancelled between two decisions, and a queued one is dropped.

Only a finished match is analysed: its record, hidden cards and all, is already served at
``/api/tables/CODE/record`` once it is over, so the analysis of any of its seats tells nobody anything new (while
a match is in play, it would tell the others that seat's cards, and it is refused with 409). The analysis itself
samples the others' cards from what the seat knew, never from the record's.

The result is cached per match (the table's code and a digest of its record), seat and version of the analysis
(:data:`VERSION` and the number of samples), and served from the cache to every reader; the texts are written in
each reader's language from the cached analysis (cheap).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import multiprocessing
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
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

MAX_RUNNING = 1
"""Analyses running at once on the server (one process's worth: on two cores, the other is the bots')."""

MAX_QUEUED = 8
"""Analyses waiting in line for a turn; one more is refused with 503 until the line moves."""

PER_ASKER = 2
"""Analyses one address, or one account, may have queued or running at once."""

ABANDONED_AFTER = 20.0
"""Seconds without anyone asking about a run after which it is cancelled (running) or dropped (queued)."""

WORKERS = 1
"""Processes of the analysis pool."""

NICENESS = 10
"""How much lower the analysis workers' OS priority is than the server's (``os.nice``)."""

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


def _start_worker() -> None:
    """An analysis worker: a lower OS priority than the server and its bot workers, then the plugins."""
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: the pool's size still bounds what it takes
        pass
    bot_pool.worker_registry()


def analysis_pool() -> Executor:
    """The analyses' own process pool, apart from the bots' (spawned, so no state of the server is copied)."""
    return ProcessPoolExecutor(
        max_workers=WORKERS, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
    )


def _in_worker(work: Callable[..., Any], *args: Any) -> Any:
    """``work(registry, *args)`` in a pool worker, with the worker's own registry."""
    return work(_registry(), *args)


class Abandoned(Exception):
    """Nobody has asked about a run for :data:`ABANDONED_AFTER` seconds."""


@dataclass
class Run:
    """An analysis queued or under way: who asked, when someone last asked, how far it has gone."""

    key: Key
    record: MatchRecord
    seat: int
    askers: set[str] = field(default_factory=set)
    seen: float = 0.0
    task: asyncio.Task[MatchAnalysis] | None = None
    done: int = 0
    total: int | None = None

    def progress(self, position: int | None) -> dict[str, Any]:
        if position is not None:
            return {"status": "queued", "position": position}
        return {"status": "running", "done": self.done, "total": self.total}


def record_digest(record: MatchRecord) -> str:
    """What tells one match from another at the same code (a code is never reused, but a cache should not care)."""
    return hashlib.sha256(record.model_dump_json().encode()).hexdigest()[:16]


class Analyses:
    """Runs analyses off the loop and apart from the bots, one decision at a time, in line, and remembers them."""

    def __init__(
        self, registry: Registry, runner: object, samples: int | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.registry = registry
        self.pool: Executor | None = analysis_pool() if getattr(runner, "pool", None) is not None else None
        self.samples = samples or SAMPLES
        self.clock = clock
        self.cache: OrderedDict[Key, MatchAnalysis] = OrderedDict()
        self.running: dict[Key, Run] = {}
        self.queued: list[Run] = []
        self.failed: dict[Key, str] = {}
        """Runs that failed, told once to the next request for them (which may then start it again)."""

    def key(self, code: str, record: MatchRecord, seat: int) -> Key:
        return (code, record_digest(record), seat, f"{VERSION}/{self.samples}")

    def close(self) -> None:
        """Stop with the server: the queued work is dropped, the workers do not outlive it."""
        for run in [*self.running.values(), *self.queued]:
            if run.task is not None:
                run.task.cancel()
        self.queued.clear()
        if self.pool is not None:
            workers = list((getattr(self.pool, "_processes", None) or {}).values())  # no public list of them
            self.pool.shutdown(wait=False, cancel_futures=True)
            deadline = time.monotonic() + bot_pool.CLOSE_WAIT
            for worker in workers:
                worker.join(max(0.0, deadline - time.monotonic()))
                if worker.is_alive():  # in the middle of a decision: nobody will read it
                    worker.terminate()
                    worker.join(1.0)

    async def _call(self, run: Run, work: Callable[..., Any], *args: Any) -> Any:
        if self.clock() - run.seen > ABANDONED_AFTER:
            raise Abandoned
        loop = asyncio.get_running_loop()
        if self.pool is not None:
            return await loop.run_in_executor(self.pool, _in_worker, work, *args)
        return await loop.run_in_executor(None, work, self.registry, *args)

    async def _run(self, run: Run) -> MatchAnalysis:
        record_json = run.record.model_dump_json()
        numbers: list[int] = await self._call(run, plan, record_json, run.seat)
        run.total = len(numbers)
        decisions: list[Decision] = []
        for number in numbers:
            decision = await self._call(run, one_decision, record_json, run.seat, number, self.samples)
            if decision is not None:
                decisions.append(decision)
            run.done += 1
        analysis: MatchAnalysis = await self._call(run, summary, record_json, run.seat, decisions, self.samples)
        self.cache[run.key] = analysis
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)
        return analysis

    def cached(self, key: Key) -> MatchAnalysis | None:
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
        return found

    def asking(self, asker: str) -> int:
        """Runs queued or running that ``asker`` (an address or an account) asked for."""
        return sum(asker in run.askers for run in [*self.running.values(), *self.queued])

    def position(self, run: Run) -> int | None:
        """The run's place in line (1: next), None when it runs."""
        return self.queued.index(run) + 1 if run in self.queued else None

    def find(self, key: Key) -> Run | None:
        return self.running.get(key) or next((run for run in self.queued if run.key == key), None)

    def start(self, key: Key, record: MatchRecord, seat: int, askers: set[str]) -> Run:
        """Queue the analysis of ``key`` (the caller checked it is neither cached, running nor queued)."""
        run = Run(key, record, seat, set(askers), self.clock())
        self.queued.append(run)
        self.next_turn()
        return run

    def drop_abandoned(self) -> None:
        now = self.clock()
        self.queued = [run for run in self.queued if now - run.seen <= ABANDONED_AFTER]

    def next_turn(self) -> None:
        """Start queued runs while fewer than :data:`MAX_RUNNING` run."""
        self.drop_abandoned()
        while self.queued and len(self.running) < MAX_RUNNING:
            run = self.queued.pop(0)
            self.running[run.key] = run
            run.task = asyncio.get_running_loop().create_task(self._run(run), name=f"analysis {run.key[0]}")
            run.task.add_done_callback(functools.partial(self._finished, run))

    def _finished(self, run: Run, task: asyncio.Task[MatchAnalysis]) -> None:
        self.running.pop(run.key, None)
        error = None if task.cancelled() else task.exception()
        if isinstance(error, Abandoned):
            log.info("the analysis of table %s seat %d was cancelled: nobody waits for it", run.key[0], run.seat)
        elif error is not None:
            log.error("the analysis of table %s seat %d failed: %r", run.key[0], run.seat, error)
            self.failed[run.key] = mark("the analysis failed; asking again starts it again")
        try:
            self.next_turn()
        except RuntimeError:  # the loop is closing
            pass

    def _seat(self, record: MatchRecord, query: Mapping[str, str]) -> int:
        if not record.finished:
            raise Refused(409, _("the match is not over: only a finished match is analysed"))
        seats = self.registry.game(record.game).options(record.options).players
        given = query.get("seat", "")
        if not (given.isascii() and given.isdigit() and len(given) < 4 and 0 <= int(given) < seats):
            raise Refused(400, _("{field} must be a seat index from 0 to {last}", field="seat", last=seats - 1))
        return int(given)

    def answer(
        self, code: str, record: MatchRecord, query: Mapping[str, str],
        may_start: Callable[[], Response | None] | None = None, askers: Iterable[str] = (),
    ) -> Response:
        """The answer to the analysis door: 200 and the document when it is done, 202 and the place in line or the
        progress while it waits or runs, 500 once when a run failed. With ``may_start`` (a ``POST``), a run not
        cached, queued nor running is queued: ``may_start()`` is asked first (None, or the response refusing it:
        the rate limits), then each asker's count of runs. Without it (a ``GET``), 404 when it never ran."""
        seat = self._seat(record, query)
        key = self.key(code, record, seat)
        found = self.cached(key)
        if found is not None:
            game = self.registry.game(record.game)
            language = site_language(query.get("lang")) or table_language(game)
            return JSONResponse(document(self.registry, record, found, language))
        failure = self.failed.pop(key, None)
        if failure is not None:
            return JSONResponse({"status": "failed", "error": _(failure)}, status_code=500)
        self.drop_abandoned()
        run = self.find(key)
        if run is None:
            if may_start is None:
                return JSONResponse(
                    {"status": "none", "error": _("this seat's analysis has not been asked for yet")}, status_code=404
                )
            if any(self.asking(asker) >= PER_ASKER for asker in askers):
                return busy(429, _("you already have {count} analyses waiting or running; wait for one to end",
                                   count=PER_ASKER), 30)
            if len(self.queued) >= MAX_QUEUED:
                return busy(503, _("the server is busy analysing other matches; try again in a minute"), 60)
            refusal = may_start()
            if refusal is not None:
                return refusal
            run = self.start(key, record, seat, set(askers))
        elif may_start is not None:
            run.askers |= set(askers)
        run.seen = self.clock()
        return JSONResponse(run.progress(self.position(run)), status_code=202)


def busy(status: int, message: str, wait: int) -> Response:
    """A refusal of a new run, and when to ask again."""
    return JSONResponse({"error": message}, status_code=status, headers={"retry-after": str(wait)})


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
