"""The always-X rivals (:mod:`cartas.testing.rivals`, the built-in games' in the tests' ``habit_rivals``) against a
bot level, in process, on duplicate deals, one JSON line a match.

``cartas arena`` runs a ``cmd:`` rival as a program over pipes, which on a loaded machine spends most of a match
waiting for the two processes to be scheduled in turn; this plays the same schedule (each deal ``seed + i``
once with each bot at seat 0, bots seeded as the arena seeds them) in one process, and appends each match's
result to ``OUT`` as it ends, so a run cut short still counts every match it finished::

    python benchmarks/bots/habits_arena.py hard envido --games 100 --points 30 --seed 3200 --out runs/hard_envido.jsonl
    python benchmarks/bots/habits_arena.py hard medium --games 100 --points 30 --seed 3200 --out runs/hard_medium.jsonl
    python benchmarks/bots/habits_arena.py --summary runs/*.jsonl
    python benchmarks/bots/habits_arena.py --compare runs/hard_medium.jsonl runs/hard_medium_old.jsonl

``--compare BASE OTHER...`` sets runs on the same schedule side by side, match by match: each run's score over the
matches both played, and how the matches that ended differently split, with a two-sided sign test, since a run of
400 matches cannot tell a 2-point change from the deals' luck, and the matches two versions play alike say nothing
about which is better.

A rival that is not a habit (``medium``, ``easy``) is the registered level. ``--game`` plays another game's
rivals (``habit_rivals.RIVALS``: truco paulista's, julepe's); ``--points`` is
truco's match length and is passed only to a game with a ``points`` option (paulista plays to 12, julepe its
default 20 deals). A game of more than two sides (julepe's four seats) is seated as ``cartas arena`` seats two
bots, each deal once per distinct lineup of its rotation (julepe: the bot in seats 0 and 2, then in 1 and 3),
the bot's score its seats' share of the win::

    python benchmarks/bots/habits_arena.py hard juego --game tresillo --games 100 --seed 3200 --out runs/j.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))  # the built-in games' always-X rivals
from habit_rivals import RIVALS  # noqa: E402
from duplicate_deals import DuplicateDeals, whole_deals  # noqa: E402

from cartas.core.arena.ratings import wilson_interval  # noqa: E402
from cartas.core.bots.base import Agent  # noqa: E402
from cartas.core.plugins.manager import get_registry  # noqa: E402


def make(spec: str, game: str, seed: int) -> Agent:
    """The bot of ``spec`` (a habit of ``game``'s rivals, else a registered level) seeded ``seed``."""
    rivals = RIVALS.get(game)
    if rivals is not None and spec in rivals.names:
        return rivals.bot(spec, seed)
    return get_registry().bot(game, spec)(seed)


def play(bot: str, rival: str, games: int, points: int, seed: int, out: Path, game: str) -> None:
    registry = get_registry()
    chosen = registry.game(game)
    has_points = "points" in type(chosen.options({})).model_fields
    options = chosen.options({"points": points} if points and has_points else {})
    deals = DuplicateDeals(chosen, options)
    lines = out.read_text().splitlines() if out.exists() else []
    done = {(row["deal"], row["bot_seat"]) for row in map(json.loads, lines)}
    # ``bot_seat`` is the lineup's turn: truco's is the bot's seat (0, then 1), julepe's the rotation's turn.
    for deal in range(math.ceil(games / len(deals.lineups))):
        for turn, lineup in enumerate(deals.lineups):
            if (deal, turn) in done:
                continue
            score, result = deals.play(partial(make, bot, game), partial(make, rival, game), seed, deal,
                                       deals.index(deal, turn), lineup)
            line = {"deal": deal, "bot_seat": turn, "bot": bot, "rival": rival,
                    "points": points if has_points else None, "game": game, "score": score,
                    "scores": list(result.scores), **deals.line_extra()}
            with out.open("a") as handle:
                handle.write(json.dumps(line) + "\n")


def _rows(path: Path) -> list[dict[str, Any]]:
    """A run's lines, one match each."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary(paths: list[Path]) -> None:
    """Each file's win rate of its bot over the deals played in every lineup, with the Wilson 95% interval."""
    for path in paths:
        rows = whole_deals(_rows(path))
        if not rows:
            continue
        n = len(rows)
        wins = sum(r["score"] for r in rows)
        low, high = wilson_interval(wins, n)
        first = rows[0]
        length = f" to {first['points']}" if first.get("points") else ""
        print(f"{first['game']}{length}: {first['bot']} vs {first['rival']}: {wins:g} of {n} "
              f"= {100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]  ({path.name})")


def sign_test(wins: int, losses: int) -> float:
    """The two-sided p-value of ``wins`` against ``losses`` under an even split (an exact binomial test)."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _by_match(path: Path) -> dict[tuple[int, int], float]:
    """A run's score of each match it finished, by (deal, lineup turn)."""
    return {(row["deal"], row["bot_seat"]): float(row["score"]) for row in _rows(path)}


def compare(base: Path, others: list[Path]) -> None:
    """Each of ``others`` against ``base`` over the matches both finished: both scores, and the matches that
    ended differently, split by which run did better, with the sign test's p."""
    reference = _by_match(base)
    print(f"{base.name}: {sum(reference.values()):g} of {len(reference)}")
    for path in others:
        scores = _by_match(path)
        shared = sorted(set(scores) & set(reference))
        better = sum(1 for match in shared if scores[match] > reference[match])
        worse = sum(1 for match in shared if scores[match] < reference[match])
        mine = sum(scores[match] for match in shared)
        theirs = sum(reference[match] for match in shared)
        print(f"{path.name}: {mine:g} of {len(shared)} where {base.name} scored {theirs:g}; "
              f"{better + worse} ended differently, {better} better and {worse} worse "
              f"(sign test p = {sign_test(better, worse):.2f})")


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
    parser.add_argument("--compare", nargs="+", type=Path, metavar="BASE OTHER")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if args.compare:
        if len(args.compare) < 2:
            parser.error("--compare needs a base run and at least one other")
        compare(args.compare[0], args.compare[1:])
        return
    if not (args.bot and args.rival and args.out):
        parser.error("name a bot, a rival and --out (or give --summary FILES)")
    play(args.bot, args.rival, args.games, args.points, args.seed, args.out, args.game)


if __name__ == "__main__":
    main()
