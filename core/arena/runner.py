"""The arena: bots play many matches against each other on duplicate deals, in parallel, reproducibly.

Scheduling. A game has *sides*: its teams, or its seats when everyone plays alone. Each *deal* (a match seed,
``seed + deal``) is played once per rotation of the bots around the sides, so with two sides every deal is
played twice with the sides swapped, and luck in the cards cancels out. The bots on a deal are all of them when
there are no more bots than sides (repeated in turn to fill the sides), else a combination of them chosen round
robin. ``games`` is rounded up to whole deals. Every seat gets its own bot, seeded from the arena seed, the
match index and the seat, so partners are separate instances of one bot.

External bots. A bot marked ``external`` (a ``cmd:`` program) is told its own seed, and an arena seed is often
small and known (``--seed 3``): from a seed derived from it a program could search its way back to the arena seed
and so to every deal. An external bot's seed is therefore derived from a separate key, ``external_seed``, random
for each run unless given, and reported in the run so that the run can still be reproduced.

Reproducibility. Results are ordered by match index whatever process played them, and the sequential test is
checked on whole deals in deal order, so the same seed gives the same results with one job or many, or on a
Ray cluster (:mod:`cartas.core.arena.ray`).

Where matches are played is a :data:`Runner`: this process, a local process pool (the default, every core), or
any other source of :class:`MatchResult` for a list of :class:`MatchJob`.

Interruption. A run stops early, keeping its results, when its ``stop`` event is set (``cartas arena`` sets it on
Ctrl-C and SIGTERM) or on ``KeyboardInterrupt``: the matches that finished are kept and the run is returned marked
``interrupted``; the matches in progress are dropped (the local pool's workers are stopped at once rather than
waited for). The event is checked between results, never raised into the middle of the pool's bookkeeping, where
an exception could leave a lock held and the run hung. Workers ignore SIGINT and SIGTERM, so a terminal's Ctrl-C
or a signal to the whole process group reaches only the process that runs the arena, which stops them.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import secrets
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import BotFactory
from ..bots.seeds import arena_bot_seed, external_bot_seed
from ..game import Game
from ..plugins.manager import installed_hooks
from ..session import TableSession
from ..options import GameOptions
from .ratings import Sprt
from ..bots.search import SearchCounts


@dataclass(frozen=True)
class Contestant:
    """A bot in the arena: the name it is reported under and the factory that makes it (picklable).

    ``external`` marks a bot that runs outside this process and is told its seed (a ``cmd:`` program): its seed
    comes from the run's ``external_seed``, not from the arena seed the deals come from.
    """

    name: str
    factory: BotFactory
    external: bool = False


@dataclass(frozen=True)
class MatchPlan:
    """One match of the schedule: which deal it replays and which contestant holds each side."""

    index: int
    deal: int
    seed: int
    lineup: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult(MatchPlan):
    """How one match went, after the plan it played (its fields come first, in the plan's order).
    ``shares[k]`` is the result of side ``k``: 1 for a sole winner, shared when tied."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    shares: tuple[float, ...]
    hands: int
    decisions: int
    seconds: float
    search: tuple[SearchCounts | None, ...] = ()
    """What each side's bots searched (summed over partners); ``None`` for a side whose bots do not search."""

    def score_of(self, bot: int) -> float:
        """What ``bot`` earned in this match: the shares of the sides it held."""
        return sum(share for side, share in zip(self.lineup, self.shares) if side == bot)

    def search_of(self, bot: int) -> SearchCounts | None:
        """What ``bot`` searched in this match over the sides it held; ``None`` if it does not search."""
        found: SearchCounts | None = None
        for side, counts in zip(self.lineup, self.search):
            if side == bot and counts is not None:
                found = found or SearchCounts()
                found.add(counts)
        return found


@dataclass
class ArenaRun:
    """The matches played (in index order) and how the run ended."""

    game: str
    options: dict[str, Any]
    seed: int
    bots: list[str]
    planned: int
    results: list[MatchResult] = field(default_factory=list)
    sprt: Sprt | None = None
    decision: str | None = None
    seconds: float = 0.0
    external_seed: int | None = None
    """The key of the external bots' seeds (``None`` when no bot is external); give it again to reproduce."""
    interrupted: bool = False
    """Whether the run was stopped (Ctrl-C) before its end: ``results`` are the matches that had finished."""


def sides_of(game: Game, options: GameOptions) -> list[list[int]]:
    """The seats of each side: a team's seats, or each seat alone."""
    teams = game.teams(options)
    players = options.players
    if teams is None:
        return [[seat] for seat in range(players)]
    return [[seat for seat in range(players) if teams[seat] == team] for team in range(max(teams) + 1)]


def schedule(n_bots: int, n_sides: int, games: int, seed: int) -> list[MatchPlan]:
    """The matches to play: whole deals, each once per rotation of its bots around the sides."""
    if n_bots < 2:
        raise ValueError("the arena needs at least two bots")
    deals = max(1, math.ceil(games / n_sides))
    if n_bots <= n_sides:
        bases = [tuple(i % n_bots for i in range(n_sides))]
    else:
        bases = list(itertools.combinations(range(n_bots), n_sides))
    plans: list[MatchPlan] = []
    for deal in range(deals):
        base = bases[deal % len(bases)]
        for turn in range(n_sides):
            lineup = tuple(base[(side + turn) % n_sides] for side in range(n_sides))
            plans.append(MatchPlan(len(plans), deal, seed + deal, lineup))
    return plans


bot_seed = arena_bot_seed
"""The older name of :func:`cartas.core.bots.seeds.arena_bot_seed`."""


@dataclass(frozen=True)
class MatchJob:
    """Everything a worker process needs to play one match."""

    game: Game
    options: GameOptions
    factories: tuple[BotFactory, ...]
    sides: tuple[tuple[int, ...], ...]
    arena_seed: int
    plan: MatchPlan
    externals: tuple[bool, ...] = ()
    """Which factories make external bots (seeded from ``external_seed``)."""
    external_seed: int = 0
    fire_hooks: bool = False
    """Whether the plugins' lifecycle hooks are told of the match: a worker process fires those of the plugins it
    loads itself (:func:`cartas.core.plugins.manager.installed_hooks`), since hooks cannot be sent to it."""


def play_match(job: MatchJob, hooks: Any = None) -> MatchResult:
    """Play one scheduled match (in a worker process or in this one), firing ``hooks`` (a pluggy ``pm.hook``)
    or, when the job asks for hooks and none are given, those of the plugins this process loads."""
    if hooks is None and job.fire_hooks:
        hooks = installed_hooks()
    plan = job.plan
    started = time.perf_counter()
    state = job.game.start(job.options, seed=plan.seed)
    agents = {}
    for side, seats in enumerate(job.sides):
        for seat in seats:
            bot = plan.lineup[side]
            external = bot < len(job.externals) and job.externals[bot]
            seed = (external_bot_seed(job.external_seed, plan.index, seat) if external
                    else arena_bot_seed(job.arena_seed, plan.index, seat))
            agents[seat] = job.factories[bot](seed)
    try:
        result = TableSession(state, hooks=hooks).play(agents)
    finally:
        for agent in agents.values():
            close = getattr(agent, "close", None)
            if close is not None:
                close()
    search = tuple(_side_search([agents[seat] for seat in seats]) for seats in job.sides)
    won = [side for side, seats in enumerate(job.sides) if any(seat in result.winners for seat in seats)]
    shares = tuple(1.0 / len(won) if side in won else 0.0 for side in range(len(job.sides)))
    return MatchResult(
        index=plan.index, deal=plan.deal, seed=plan.seed, lineup=plan.lineup, winners=tuple(result.winners),
        scores=tuple(result.scores), shares=shares, hands=state.hands_played, decisions=len(state.history),
        seconds=round(time.perf_counter() - started, 4), search=search,
    )


def _side_search(agents: Sequence[object]) -> SearchCounts | None:
    """The search counts of a side's agents, summed; ``None`` when none of them keeps any."""
    found: SearchCounts | None = None
    for agent in agents:
        counts = getattr(agent, "search_counts", None)
        if isinstance(counts, SearchCounts):
            found = found or SearchCounts()
            found.add(counts)
    return found


def deal_scores(results: Sequence[MatchResult], bot: int = 0) -> list[float]:
    """``bot``'s mean score on each whole deal, in deal order: the units of the sequential test."""
    by_deal: dict[int, list[float]] = {}
    for result in results:
        by_deal.setdefault(result.deal, []).append(result.score_of(bot))
    return [sum(scores) / len(scores) for _, scores in sorted(by_deal.items())]


Progress = Callable[[MatchResult, int, int], None]
"""Called after each match as it finishes (in any order): ``progress(result, done, planned)``."""

Runner = Callable[[Sequence[MatchJob]], Generator[MatchResult, None, None]]
"""Plays the jobs and yields each result as its match finishes, in any order. The arena stops iterating once a
sequential test has decided and then closes the iterator, which should drop the matches not yet played."""


CHUNKS_PER_WORKER = 8
"""How many chunks each worker gets, about: enough to balance uneven matches, few enough to carry little."""
MAX_CHUNK = 32


def chunk_size(n_jobs: int, workers: int) -> int:
    """How many matches go to a worker at once.

    Sending one match at a time cost more than a short match itself (the game, its options and the bot
    factories pickled for every match, a round trip per result): ``-j 2`` ran random truco at about half the
    speed of one process. Chunks carry those once per chunk; :data:`CHUNKS_PER_WORKER` chunks per worker
    keep the workers busy to the end when matches differ in length, and :data:`MAX_CHUNK` keeps results
    (and a sequential test's decision) coming on long runs.
    """
    return max(1, min(MAX_CHUNK, -(-n_jobs // (workers * CHUNKS_PER_WORKER))))


def play_matches(jobs: Sequence[MatchJob]) -> list[MatchResult]:
    """Play a chunk of matches in one worker, in order."""
    return [play_match(job) for job in jobs]


STOP_POLL_SECONDS = 0.2
"""How often the local pool's loop looks at its ``stop`` event while no match finishes."""


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C and SIGTERM to the process that runs the arena, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now: on an interrupt, the matches in progress are dropped, not waited for."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()  # they ignore SIGTERM
        except (OSError, ValueError):  # already gone
            pass


def local_runner(jobs: int | None = None, hooks: Any = None, stop: threading.Event | None = None) -> Runner:
    """Matches in ``jobs`` worker processes (every core by default), or in this process when ``jobs`` is 1.

    ``hooks`` are fired for the matches played in this process; a worker process fires those of the plugins it
    loads (the same plugins, found the same way) for the jobs that ask for them. Once ``stop`` is set, no match
    is started and the matches in progress are dropped (in this process, the one being played ends first).
    """
    workers = jobs or os.cpu_count() or 1

    def run(job_list: Sequence[MatchJob]) -> Generator[MatchResult, None, None]:
        if workers == 1 or len(job_list) <= 1:
            for job in job_list:
                if stop is not None and stop.is_set():
                    return
                yield play_match(job, hooks)
            return
        size = chunk_size(len(job_list), workers)
        chunks = [job_list[at:at + size] for at in range(0, len(job_list), size)]
        pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=_ignore_interrupts)
        poll = None if stop is None else STOP_POLL_SECONDS
        try:
            pending: set[Future[list[MatchResult]]] = {pool.submit(play_matches, chunk) for chunk in chunks}
            while pending:
                if stop is not None and stop.is_set():
                    return
                done, pending = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
                for future in done:
                    yield from future.result()
        except KeyboardInterrupt:
            _stop_workers(pool)
            raise
        finally:
            # Stopped (here, or by the arena closing this generator), the matches in progress are dropped too.
            if stop is not None and stop.is_set():
                _stop_workers(pool)
            # On a decision or an error, matches not yet started are dropped rather than waited for.
            pool.shutdown(wait=True, cancel_futures=True)

    run.stops = stop is not None  # type: ignore[attr-defined]  # run_arena lets it end its chunk: none is lost
    return run


def run_arena(
    game: Game,
    options: GameOptions,
    contestants: Sequence[Contestant],
    *,
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    runner: Runner | None = None,
    sprt: Sprt | None = None,
    progress: Progress | None = None,
    external_seed: int | None = None,
    hooks: Any = None,
    stop: threading.Event | None = None,
) -> ArenaRun:
    """Play the schedule with ``runner``, by default :func:`local_runner` with ``jobs`` processes.

    With ``sprt`` (two bots only), play stops after the first whole deal, in deal order, at which the test
    decides; matches of later deals already played are dropped, so the outcome does not depend on the runner.
    Stopped (``stop`` set, or ``KeyboardInterrupt``), it returns the matches that finished, with ``interrupted``
    set; give ``stop`` to the runner too (:func:`local_runner` takes it) so that it stops without a result to wait.
    External contestants are seeded from ``external_seed``, drawn at random when not given (and kept in the run).
    With ``hooks`` (a pluggy ``pm.hook``), every match fires the plugins' lifecycle hooks, as at the terminal.
    """
    if sprt is not None and len(contestants) != 2:
        raise ValueError("the sequential test compares exactly two bots")
    sides = tuple(tuple(seats) for seats in sides_of(game, options))
    plans = schedule(len(contestants), len(sides), games, seed)
    factories = tuple(c.factory for c in contestants)
    externals = tuple(c.external for c in contestants)
    if any(externals) and external_seed is None:
        external_seed = secrets.randbits(63)
    run = ArenaRun(game.name, options.model_dump(), seed, [c.name for c in contestants], len(plans), sprt=sprt,
                   external_seed=external_seed if any(externals) else None)
    job_list = [
        MatchJob(game, options, factories, sides, seed, plan, externals, external_seed or 0, hooks is not None)
        for plan in plans
    ]
    started = time.perf_counter()
    collector = _Collector(plans, len(sides), sprt, progress)
    play = runner or local_runner(jobs, hooks, stop)
    # A runner that watches ``stop`` itself ends after the results it has in hand; any other is left at once.
    leave_on_stop = stop is not None and not getattr(play, "stops", False)
    try:
        with closing(play(job_list)) as results:
            for result in results:
                if collector.add(result):
                    break
                if leave_on_stop and stop is not None and stop.is_set():
                    break
    except KeyboardInterrupt:  # keep what finished; the caller says the run was cut short
        run.interrupted = True
    if stop is not None and stop.is_set() and collector.stop_after is None and len(collector.results) < len(plans):
        run.interrupted = True  # stopped before the end (not by a decision of the sequential test)
    run.results, run.decision = collector.final()
    run.seconds = round(time.perf_counter() - started, 3)
    return run


class _Collector:
    """Gathers results as they come and runs the sequential test on whole deals in deal order."""

    def __init__(self, plans: Sequence[MatchPlan], per_deal: int, sprt: Sprt | None, progress: Progress | None) -> None:
        self.planned = len(plans)
        self.per_deal = per_deal
        self.sprt = sprt
        self.progress = progress
        self.results: dict[int, MatchResult] = {}
        self.deals = max(plan.deal for plan in plans) + 1
        self.checked = 0
        self.stop_after: int | None = None
        self.decision: str | None = None

    def add(self, result: MatchResult) -> bool:
        """Keep ``result``; ``True`` once the test has decided and nothing more is needed."""
        self.results[result.index] = result
        if self.progress is not None:
            self.progress(result, len(self.results), self.planned)
        if self.sprt is None or self.stop_after is not None:
            return self.stop_after is not None
        while self.checked < self.deals and all(
            self.checked * self.per_deal + turn in self.results for turn in range(self.per_deal)
        ):
            self.checked += 1
            kept = [r for r in self.results.values() if r.deal < self.checked]
            self.decision = self.sprt.decision(deal_scores(kept))
            if self.decision is not None:
                self.stop_after = self.checked - 1
                return True
        return False

    def final(self) -> tuple[list[MatchResult], str | None]:
        results = sorted(self.results.values(), key=lambda r: r.index)
        if self.stop_after is not None:
            results = [r for r in results if r.deal <= self.stop_after]
        return results, self.decision
