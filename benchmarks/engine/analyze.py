"""How long ``cartas analyze`` takes on a whole match: a 4-player truco to 30 and a 2-player chinchón to 100.

Run: ``python benchmarks/engine/analyze.py [--samples K] [--seed N] [--only truco|chinchon]``. Each match is played by
the game's ``medium`` bots from the seed, then analysed for seat 0 with ``--samples`` sampled deals per decision
(the analysis's default unless given). The targets (issue 31): under 60 s for the truco, under 120 s for the
chinchón. Each line gives the decisions analysed, the play-outs run, the seconds, and the machine's load average
(the wall-clock figures mean little on a machine busy with other work: read them with the load, and with the
CPU seconds the analysis itself used, which are what an idle machine would take).
"""

from __future__ import annotations

import argparse
import os
import time

from cartas.core.analysis import DEFAULT_SAMPLES, analyse
from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.core.record import MatchRecord, record_of

MATCHES = {"truco": ({"players": 4, "points": 30}, 60.0), "chinchon": ({"players": 2, "points": 100}, 120.0)}


def played(game_name: str, options: dict[str, object], seed: int) -> MatchRecord:
    """A whole match of ``medium`` bots from ``seed``."""
    registry = get_registry()
    game = registry.game(game_name)
    state = game.start(options, seed=seed)
    bots = {seat: registry.bot(game_name, "medium")(seed + seat) for seat in range(state.table.n_seats)}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(SeatView(state, seat)), seat)
    return record_of(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=sorted(MATCHES), default=None)
    args = parser.parse_args()
    registry = get_registry()
    for name, (options, target) in MATCHES.items():
        if args.only and name != args.only:
            continue
        record = played(name, options, args.seed)
        game = registry.game(name)
        begun, cpu = time.perf_counter(), time.process_time()
        analysis = analyse(game, record, 0, samples=args.samples, seed=args.seed)
        seconds, cpu = time.perf_counter() - begun, time.process_time() - cpu
        playouts = sum(decision.samples * len(decision.moves) for decision in analysis.decisions)
        load = os.getloadavg()[0]
        verdict = "within" if seconds <= target else "over"
        print(f"{name}: {len(record.actions)} moves, {len(analysis.decisions)} decisions of seat 0, {playouts} play-outs,"
              f" {args.samples} samples: {seconds:.1f} s ({verdict} the {target:.0f} s target; {cpu:.1f} s of CPU), load {load:.1f}"
              f" on {os.cpu_count()} cores", flush=True)


if __name__ == "__main__":
    main()
