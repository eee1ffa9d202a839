"""Could rollouts of a game's bot beat that bot? Measures the headroom :mod:`cartas.core.bots.headroom` describes.

Run: ``python benchmarks/bots/rollout_headroom.py GAME [--level medium] [--decisions 20] [--samples 100]``. Each line
is one decision of seat 0: the base bot's move, the best other candidate and its gain in points of the hand,
with its standard error, over ``--samples`` sampled states. The summary counts the decisions where that gain
exceeds two standard errors: where they are rare, the ``hard`` level cannot beat the base bot by rollouts.
"""

from __future__ import annotations

import argparse

from cartas.core.bots.headroom import measure_headroom
from cartas.core.plugins.manager import get_registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--level", default="medium", help="the base bot (a level of the game)")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=100, help="sampled states per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry = get_registry()
    game = registry.game(args.game)
    base = registry.bot(args.game, args.level)
    clear = 0
    gains = []
    for decision in measure_headroom(
        game, game.options({}), base, decisions=args.decisions, samples=args.samples, seed=args.seed
    ):
        clear += decision.clear()
        gains.append(decision.gain.mean)
        print(
            f"deal {decision.deal:3}  {args.level} {decision.base_move!s:>16}  best other {decision.best_move!s:>16}"
            f"  {decision.gain.mean:+6.2f} ± {decision.gain.error:4.2f} points ({decision.samples} states)",
            flush=True,
        )
    print(
        f"{len(gains)} decisions; the best other move beat {args.level}'s by more than 2 standard errors in {clear};"
        f" mean gain of the best other move {sum(gains) / len(gains):+.2f} points (biased upwards: the best of several)"
    )


if __name__ == "__main__":
    main()
