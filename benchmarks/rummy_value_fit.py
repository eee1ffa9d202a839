"""Fits the learned discard value of :mod:`cartas.games.chinchon.value` on self-play by ``medium``.

Self-play data: ``medium`` plays both seats of two-player matches (deal ``seed + i``); at each discard of the
seat to act, every discard ``medium`` weighs (its :attr:`MediumBot.CANDIDATES`) is applied to a copy of the
*real* state and the round is played out by ``medium`` with the same seeds for every candidate. The label of a
candidate is the seat's result of that round, in points for it (its score gain less the other's, a won match
worth ``WIN`` more); the features are those the seat's own view gives (:func:`features`). Playing out from the
real deal is sound here: the real deal is one draw from what the seat's view allows, so the label is an
unbiased draw of the round's result given the features.

The fit: each candidate's features and label less the means over its decision (only what tells one discard
from another is learned), least squares with a small ridge, solved in pure Python. Writes the weights
(atomically) with the sample counts. ``arena`` plays :class:`rummy_value.ValueBot` against ``medium`` on duplicate
deals in process (each deal ``seed + i`` once from each seat, bots seeded as ``cartas arena`` seeds them), one
JSON line a match, and ``summary`` gives the rate over whole deals with its Wilson 95% interval. Under ``nice``::

    nice -n 10 python benchmarks/rummy_value_fit.py collect chinchon --seconds 660 --out runs/value_chinchon.jsonl
    python benchmarks/rummy_value_fit.py fit runs/value_chinchon.jsonl --weights benchmarks/rummy_value_weights_v2.json \
        --features deadwood expected close_next hopeful feeds card_points
    nice -n 10 python benchmarks/rummy_value_fit.py arena chinchon --deals 100 --seed 9000 --out runs/arena.jsonl
    python benchmarks/rummy_value_fit.py summary runs/arena.jsonl

The measured results are in docs/bots.md (the value lost to ``medium``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rummy_value import FEATURES, draws_this_round, features  # noqa: E402

from cartas.core.arena.runner import bot_seed
from cartas.core.bots import SeatView
from cartas.core.bots.rollout import play_out_hand
from cartas.core.bots.search import relative_gains
from cartas.core.plugins.manager import get_registry
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots.levels import MediumBot, _taken_by_others, _without, rules_for

WIN = 50.0
"""Points a won (lost) match adds to (takes from) a round's label: about a round's worth."""


def label(state, seat: int, root: list[int], sign: int) -> float:  # type: ignore[no-untyped-def]
    gain = relative_gains(state, root, sign)[seat]
    if state.is_over:
        gain += WIN if seat in state.winners else -WIN
    return float(gain)


def collect(game_name: str, seconds: float, seed: int, out: Path) -> None:
    registry = get_registry()
    game = registry.game(game_name)
    medium = registry.bot(game_name, "medium")
    sign = game.score_sign
    rng = random.Random(seed)
    begun = time.perf_counter()
    deal = 0
    with out.open("a") as handle:
        while time.perf_counter() - begun < seconds:
            state = game.start(game.options({}), seed=seed + deal)
            bots = [medium(seed * 1000 + deal * 2 + s) for s in (0, 1)]
            deal += 1
            while not state.is_over and time.perf_counter() - begun < seconds:
                seat = state.to_act[0]
                view = SeatView(state, seat)
                legal = view.legal_actions()
                if isinstance(legal[0], Discard) and not any(a.close for a in legal if isinstance(a, Discard)):
                    rows = candidate_rows(view, legal, state, seat, sign, medium, rng.getrandbits(40))
                    if rows:
                        handle.write(json.dumps(rows) + "\n")
                        handle.flush()
                state.apply(bots[seat].choose(view), seat)


def candidate_rows(view, legal, state, seat, sign, medium, seed):  # type: ignore[no-untyped-def]
    """``[[features..., label], ...]`` for each discard ``medium`` weighs at this decision."""
    rules = rules_for(view)
    hand = view.hand()
    observation = view.observation()
    events = observation.events
    unseen = MediumBot._unseen(view, hand, events, observation.table["discard_pile"])
    discards = MediumBot.candidates(rules, hand, [a for a in legal if isinstance(a, Discard)])
    if len(discards) < 2:
        return []
    wanted = _taken_by_others(seat, events)
    turn = draws_this_round(seat, events)
    root = list(state.scores())
    rows = []
    for action in discards:
        row = features(view, rules, _without(hand, action.card), action.card, unseen, wanted, turn)
        world = state.clone()
        hand_no = world.hands_played
        world.apply(action, seat)
        play_out_hand(world, hand_no, medium, seed)
        rows.append(row + [label(world, seat, root, sign)])
    return rows


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the normal equations are small)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(path: Path, ridge: float = 1.0, used: tuple[str, ...] = FEATURES) -> tuple[list[float], int, int, float]:
    """Weights, decisions, candidates and the share of within-decision variance explained; a feature not in
    ``used`` is left out of the fit (its weight 0)."""
    k = len(FEATURES)
    off = [name not in used for name in FEATURES]
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    decisions = candidates = 0
    total = 0.0
    data = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        rows = json.loads(line)
        decisions += 1
        means = [sum(r[j] for r in rows) / len(rows) for j in range(k + 1)]
        for r in rows:
            x = [0.0 if off[j] else r[j] - means[j] for j in range(k)]
            y = r[k] - means[k]
            data.append((x, y))
            candidates += 1
            total += y * y
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
    for i in range(k):
        xtx[i][i] += ridge
    w = solve(xtx, xty)
    residual = sum((y - sum(a * b for a, b in zip(w, x))) ** 2 for x, y in data)
    return w, decisions, candidates, 1 - residual / total if total else 0.0


def write_weights(fitted: dict[str, dict[str, object]], path: Path) -> None:
    data = {"features": list(FEATURES), **fitted}
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
    os.replace(tmp, path)


def arena(game_name: str, deals: int, seed: int, out: Path) -> None:
    """:class:`ValueBot` against ``medium``, each deal from both seats, one JSON line a match."""
    from cartas.core.match import run_match
    from rummy_value import ValueBot

    registry = get_registry()
    game = registry.game(game_name)
    medium = registry.bot(game_name, "medium")
    index = 0
    with out.open("a") as handle:
        for deal in range(deals):
            for seat in (0, 1):
                index += 1
                state = game.start(game.options({}), seed=seed + deal)
                agents = {seat: ValueBot(bot_seed(seed, index, seat)), 1 - seat: medium(bot_seed(seed, index, 1 - seat))}
                winners = list(run_match(state, agents).winners)
                score = 1.0 if winners == [seat] else 0.0 if winners == [1 - seat] else 0.5
                handle.write(json.dumps({"deal": deal, "seat": seat, "score": score}) + "\n")
                handle.flush()


def summary(paths: list[Path]) -> None:
    """The value bot's rate over whole deals (both seats played) with the Wilson 95% interval."""
    rows = []
    for path in paths:
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        sides = Counter(row["deal"] for row in lines)
        rows += [row for row in lines if sides[row["deal"]] == 2]
    n = len(rows)
    if not n:
        print("no whole deals")
        return
    won = sum(row["score"] for row in rows)
    p, z = won / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(f"{won:g} of {n} = {100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("game", choices=["chinchon", "remigio"])
    c.add_argument("--seconds", type=float, default=600)
    c.add_argument("--seed", type=int, default=7000)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path, nargs="+", help="one file a game, named value_<game>.jsonl")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--weights", type=Path, required=True, help="the JSON file written")
    f.add_argument("--features", nargs="+", default=list(FEATURES), choices=FEATURES, help="those fit (others 0)")
    a = sub.add_parser("arena")
    a.add_argument("game", choices=["chinchon", "remigio"])
    a.add_argument("--deals", type=int, default=200)
    a.add_argument("--seed", type=int, default=9000)
    a.add_argument("--out", type=Path, required=True)
    m = sub.add_parser("summary")
    m.add_argument("results", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.game, args.seconds, args.seed, args.out)
        return
    if args.command == "arena":
        arena(args.game, args.deals, args.seed, args.out)
        return
    if args.command == "summary":
        summary(args.results)
        return
    fitted: dict[str, dict[str, object]] = {}
    for path in args.data:
        game = path.stem.split("_")[-1]
        w, decisions, candidates, r2 = fit(path, args.ridge, tuple(args.features))
        print(game, decisions, "decisions", candidates, "candidates", f"R2 within decisions {r2:.3f}")
        print("  " + ", ".join(f"{name} {weight:+.2f}" for name, weight in zip(FEATURES, w)))
        fitted[game] = {"weights": [round(x, 4) for x in w], "decisions": decisions, "candidates": candidates,
                        "r2_within": round(r2, 4)}
    write_weights(fitted, args.weights)


if __name__ == "__main__":
    main()
