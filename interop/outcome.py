"""The outcome of a match as rewards that sum to zero: what OpenSpiel's ``returns`` and PettingZoo's rewards give.

cartas's own :meth:`State.returns <cartas.core.state.State.returns>` says 1 for a winner and 0 otherwise,
which sums to the number of winners. Learning and search libraries prefer zero-sum outcomes, so with ``k``
sides (teams, or seats playing alone) each side gets ``(k * share - 1) / (k - 1)``, its ``share`` being 1
divided by the number of winning sides if it won and 0 if not: a sole winner gets +1, each loser
``-1 / (k - 1)`` (-1 with two sides), a draw between two sides 0 each. Every seat gets its side's value.
A match with no winner at all gives 0 to everyone.
"""

from __future__ import annotations

from cartas.core.game import Game
from cartas.core.options import GameOptions
from cartas.core.state import State


def sides_of_seats(game: Game, options: GameOptions) -> list[int]:
    """The side of each seat: its team, or the seat itself when everyone plays alone."""
    teams = game.teams(options)
    return list(teams) if teams is not None else list(range(options.players))


def zero_sum_returns(state: State, sides: list[int]) -> list[float]:
    """Each seat's reward for a finished match, as the module's docstring defines it."""
    k = max(sides) + 1
    winning = {sides[seat] for seat in state.result().winners}
    if not winning:
        return [0.0] * len(sides)
    share = {side: (1.0 / len(winning) if side in winning else 0.0) for side in range(k)}
    return [(k * share[sides[seat]] - 1.0) / (k - 1) for seat in range(len(sides))]


def lowest_return(sides: list[int]) -> float:
    """The worst reward a seat can get: a lone loser's share of the loss."""
    return -1.0 / max(max(sides), 1)
