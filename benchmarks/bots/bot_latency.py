"""Time per decision of every bot level at the table, game by game: issue 32 asks every level to answer within
300 ms on this machine.

Each row of :data:`TABLE` is a game with its table options; each level the game registers (``random`` aside) plays
every seat of seeded matches, as a bot plays at a table (its default budget, no time limit), and every decision
it makes is timed until ``--decisions`` are in. Prints p50, p99 and the maximum of the CPU time in milliseconds
(what a decision costs on this machine with a core to itself; on a shared machine the wall clock mostly measures
the wait for a core, so its p99 is printed beside them), and marks a level whose CPU p99 is over the bar::

    python benchmarks/bots/bot_latency.py                       # every row, every level
    python benchmarks/bots/bot_latency.py --rows truco-2p,julepe --levels hard,search --decisions 100

Another game (or another table of a game) is one more line in :data:`TABLE`. Wall-clock figures depend on the
machine's load: say it when you quote them (the script prints the load average it began and ended with).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from cartas.core.bots.base import Agent, SeatView
from cartas.core.plugins.manager import get_registry

BAR_MS = 300.0
"""Issue 32, item 7: every level answers within this at the table."""


@dataclass(frozen=True)
class Row:
    """One table to time: a label, the game's registered name and its options."""

    label: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)


TABLE: list[Row] = [
    Row("truco-2p", "truco", {"players": 2, "points": 30}),
    Row("truco-4p", "truco", {"players": 4, "points": 30}),
    Row("paulista-2p", "truco_paulista", {"players": 2}),
    Row("paulista-4p", "truco_paulista", {"players": 4}),
    Row("julepe", "tresillo", {"players": 4}),
]
"""The tables timed, in order. Add a line for another game (the levels are those it registers)."""

SKIPPED_LEVELS = frozenset({"random"})


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (sorted here)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def time_level(row: Row, level: str, decisions: int, seed: int) -> tuple[list[float], list[float]]:
    """Milliseconds per decision of ``level`` playing every seat of seeded matches of ``row``, until
    ``decisions`` decisions with more than one legal action are timed: the process's CPU time (what the
    decision costs, whatever else the machine runs) and the wall-clock time (what a player waited)."""
    registry = get_registry()
    game = registry.game(row.game)
    factory = registry.bot(row.game, level)
    options = game.options(row.options)
    times: list[float] = []
    walls: list[float] = []
    warm = False  # the level's first decision fills the process's caches once (as a server's first move does)
    match = 0
    while len(times) < decisions:
        state = game.start(options, seed=seed + match)
        agents: dict[int, Agent] = {}
        while not state.is_over and len(times) < decisions:
            seat = state.to_act[0]
            agent = agents.get(seat)
            if agent is None:
                agent = agents[seat] = factory(seed * 1000 + match * 10 + seat)
            view = SeatView(state, seat)
            several = len(view.legal_actions()) > 1
            begun, cpu = time.perf_counter(), time.process_time()
            action = agent.choose(view)
            if several and warm:
                times.append((time.process_time() - cpu) * 1000)
                walls.append((time.perf_counter() - begun) * 1000)
            warm = warm or several
            state.apply(action, seat)
        match += 1
    return times, walls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", default="", help="comma-separated row labels (default: all)")
    parser.add_argument("--levels", default="", help="comma-separated levels (default: all the game registers)")
    parser.add_argument("--decisions", type=int, default=60, help="decisions timed per level")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry = get_registry()
    wanted_rows = {label for label in args.rows.split(",") if label}
    wanted_levels = [level for level in args.levels.split(",") if level]
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'table':14} {'level':8} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'wall p99':>9}")
    for row in TABLE:
        if wanted_rows and row.label not in wanted_rows:
            continue
        if row.game not in registry.games:
            print(f"{row.label:14} not installed")
            continue
        levels = [lv for lv in registry.bot_levels(row.game) if lv not in SKIPPED_LEVELS]
        for level in wanted_levels or levels:
            if level not in levels:
                continue
            times, walls = time_level(row, level, args.decisions, args.seed)
            p99 = percentile(times, 0.99)
            flag = "  over the bar" if p99 > BAR_MS else ""
            print(f"{row.label:14} {level:8} {len(times):5} {statistics.median(times):8.1f} {p99:8.1f} "
                  f"{max(times):8.1f} {percentile(walls, 0.99):9.1f}{flag}", flush=True)
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
