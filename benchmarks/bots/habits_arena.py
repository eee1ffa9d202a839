"""The always-X rivals of :mod:`always` against a bot level, in process, on duplicate deals, one JSON line a match.

``cartas arena`` runs a ``cmd:`` rival as a program over pipes, which on a loaded machine spends most of a match
waiting for the two processes to be scheduled in turn; this plays the same schedule (each deal ``seed + i``
once with each bot at seat 0, bots seeded as the arena seeds them) in one process, and appends each match's
result to ``OUT`` as it ends, so a run cut short still counts every match it finished::

    python benchmarks/bots/habits_arena.py hard envido --games 100 --points 30 --seed 3200 --out runs/hard_envido.jsonl
    python benchmarks/bots/habits_arena.py hard medium --games 100 --points 30 --seed 3200 --out runs/hard_medium.jsonl
    python benchmarks/bots/habits_arena.py --summary runs/*.jsonl

A rival that is not a habit (``medium``, ``easy``) is the registered level.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from always import HABITS, AlwaysBot  # noqa: E402

from cartas.core.arena.ratings import wilson_interval  # noqa: E402
from cartas.core.arena.runner import bot_seed  # noqa: E402
from cartas.core.bots.base import Agent  # noqa: E402
from cartas.core.match import run_match  # noqa: E402
from cartas.core.plugins.manager import get_registry  # noqa: E402


def make(spec: str, game: str, seed: int) -> Agent:
    if spec in HABITS:
        return AlwaysBot(spec, seed)
    return get_registry().bot(game, spec)(seed)



def play(bot: str, rival: str, games: int, points: int, seed: int, out: Path, game: str) -> None:
    registry = get_registry()
    chosen = registry.game(game)
    options = chosen.options({"points": points} if points else {})
    lines = out.read_text().splitlines() if out.exists() else []
    done = {(row["deal"], row["bot_seat"]) for row in map(json.loads, lines)}
    index = 0
    for deal in range((games + 1) // 2):
        for bot_seat in (0, 1):
            index += 1
            if (deal, bot_seat) in done:
                continue
            state = chosen.start(options, seed=seed + deal)
            specs = {bot_seat: bot, 1 - bot_seat: rival}
            agents = {seat: make(specs[seat], game, bot_seed(seed, index, seat)) for seat in (0, 1)}
            result = run_match(state, agents)
            winners = list(result.winners)
            score = 1.0 if winners == [bot_seat] else 0.0 if winners == [1 - bot_seat] else 0.5
            line = {"deal": deal, "bot_seat": bot_seat, "bot": bot, "rival": rival, "points": points,
                    "game": game, "score": score, "scores": list(state.scores())}
            with out.open("a") as handle:
                handle.write(json.dumps(line) + "\n")


def summary(paths: list[Path]) -> None:
    """Each file's win rate of its bot over the deals played from both sides, with the Wilson 95% interval."""
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        sides: dict[int, int] = {}
        for row in rows:
            sides[row["deal"]] = sides.get(row["deal"], 0) + 1
        rows = [row for row in rows if sides[row["deal"]] == 2]  # whole deals only: both sides played
        if not rows:
            continue
        n = len(rows)
        wins = sum(r["score"] for r in rows)
        low, high = wilson_interval(wins, n)
        first = rows[0]
        print(f"{first['game']} to {first['points']}: {first['bot']} vs {first['rival']}: {wins:g} of {n} "
              f"= {100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]  ({path.name})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", nargs="?")
    parser.add_argument("rival", nargs="?")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--points", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3200)
    parser.add_argument("--game", default="truco")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", nargs="+", type=Path)
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if not (args.bot and args.rival and args.out):
        parser.error("name a bot, a rival and --out (or give --summary FILES)")
    play(args.bot, args.rival, args.games, args.points, args.seed, args.out, args.game)


if __name__ == "__main__":
    main()
