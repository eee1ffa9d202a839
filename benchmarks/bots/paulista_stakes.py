"""How many points a truco paulista mão is worth when ``medium`` plays both sides: the data behind
:data:`cartas.games.truco_paulista.match_odds.STAKE_SHARES`.

Run: ``python benchmarks/bots/paulista_stakes.py [--matches 40] [--seed 1] [--level medium]``. Plays whole matches,
seat 0 and seat 1 both at ``--level``, and counts the points each ordinary mão (neither side on 11) gave its
winner: 1, 3, 6, 9 or 12 (a refused raise gives the caller the stake before it). Prints the counts and shares.
"""

from __future__ import annotations

import argparse
from collections import Counter

from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.games.truco_paulista.state import TARGET


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    registry = get_registry()
    game = registry.game("truco_paulista")
    factory = registry.bot("truco_paulista", args.level)
    points: Counter[int] = Counter()
    for match in range(args.matches):
        state = game.start(seed=args.seed + match)
        bots = [factory(args.seed * 1000 + 2 * match + seat) for seat in range(2)]
        while not state.is_over:
            before = list(state.scores())
            ordinary = TARGET - 1 not in before
            hand = state.hands_played
            while not state.is_over and state.hands_played == hand:
                seat = state.to_act[0]
                state.apply(bots[seat].choose(SeatView(state, seat)), seat)
            gained = sum(state.scores()) - sum(before)
            if ordinary and gained:
                points[gained] += 1
    total = sum(points.values())
    for value in sorted(points):
        print(f"{value:2} points: {points[value]:4}  {points[value] / total:.3f}")
    print(f"{total} ordinary mãos in {args.matches} matches")


if __name__ == "__main__":
    main()
