"""The chance of winning the match from a score: the measure the analysis values moves by where the match is at stake.

No game states its chance of winning from a score, so this is a model, the same for every game: each side's
score drifts towards the game's ``points`` option (the target in truco, paulista and remigio; the elimination
limit in chinchón, whose points are penalties) like a random walk, and a side's chance against another is the
normal chance that the one with less left to go gets there first: ``Φ(d / sqrt(c · (a + b)))``, ``a`` and ``b``
the points each side has left, ``d`` the lead, ``c`` the game's :attr:`cartas.core.game.Game.gain_scale` over
:data:`SPREAD` (about the points a hand moves). Against several sides, the chances against each are multiplied.
It is rough, but it is monotone in the score, exact at the end of the match (a won match is 1, a lost one 0) and
free of any hidden card. A game whose target is fixed sets a ``match_points`` class attribute instead (paulista's
12); a game with neither has no chance model (``None``): its moves are valued by points alone.
"""

from __future__ import annotations

import math

from ..state import State

SPREAD = 5.0
"""``gain_scale`` over this is the variance of a side's score per point left: 2 in truco, 6.6 in chinchón."""


def side_of(state: State, seat: int) -> tuple[int, list[int]]:
    """The index of ``seat``'s side in ``state.scores()`` and the indices of the sides against it."""
    table = state.table
    scores = state.scores()
    by_team = len(scores) == table.n_teams and len(scores) != table.n_seats
    mine = table.teams[seat] if by_team else seat
    return mine, [side for side in range(len(scores)) if side != mine]


def win_chance(state: State, seat: int) -> float | None:
    """The chance that ``seat``'s side wins the match from ``state``'s score; 1 or 0 once it is over; ``None``
    for a game with no ``points`` option."""
    if state.is_over:
        return state.returns()[seat]
    target = getattr(state.options, "points", None)
    if target is None:
        target = getattr(state.game, "match_points", None)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        return None
    sign = state.game.score_sign
    scale = max(state.game.gain_scale / SPREAD, 0.1)
    scores = state.scores()
    mine, others = side_of(state, seat)
    left = [max(target - score, 0) for score in scores]  # to the target, or (penalties) to elimination
    chance = 1.0
    for other in others:
        if sign < 0 and scores[other] > target:
            continue  # already out of a penalty game
        a, b = left[mine], left[other]
        lead = (b - a) if sign > 0 else (a - b)
        chance *= _phi(lead / math.sqrt(scale * (a + b) + 1.0))
    return chance


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
