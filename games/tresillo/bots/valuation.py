"""What the end of a julepe deal is worth to each player: his chance of ending the match with the most chips.

The ``hard`` bot plays each move out to the end of the deal and must then say how good the chips reached are.
A match is won by the most chips after the last deal, not by the chips gained, so the same ten chips are worth
little to a player far ahead with many deals to go and everything to one who is just behind before the last.
Chips gained on the core's linear scale miss both, and its clip at ``gain_scale`` chips makes a fall (a whole
pot, often 20 or 40 chips) cost no more than a lost trick.

The chips still to move are taken as a normal spread around each player's bankroll, wider by the square root
of the deals left; each player's chance of finishing first is then a one-dimensional integral, summed on a
fixed grid (no random numbers, so the same state is always valued alike). The pot in the middle is left out:
it is everyone's alike in expectation, and nobody's when the match ends.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cartas.core import State

from ..state import TresilloState

SPREAD_PER_STAKE = 0.8
"""The standard deviation of one player's chips over one deal, in stakes for each player at the table: the
antes, and so the pot, grow with the table. ``medium`` against itself, at a stake of 3, over the deals in
which chips moved: 6.9 chips at 3 players (265 deals), 9.7 at 4 (508), 13.0 at 6 (282)."""

_GRID = [-6.0 + 0.375 * k for k in range(33)]
_DENSITY = [math.exp(-0.5 * z * z) for z in _GRID]
_WEIGHTS = [d / sum(_DENSITY) for d in _DENSITY]
"""A standard normal on a fixed grid: the trapezoid rule, which for such smooth integrands is very accurate."""


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def win_chances(chips: Sequence[int], playing: Sequence[bool], spread: float) -> list[float]:
    """Each seat's chance of the most chips when every playing seat's chips move by a normal of ``spread``.

    Seats not playing (out of the match, unable to pay the stake) keep their chips and are given no chance;
    the others must still end above them. Ties at the end are not modelled (the spread is continuous).
    """
    chances = []
    for seat, mine in enumerate(chips):
        if not playing[seat]:
            chances.append(0.0)
            continue
        total = 0.0
        for z, weight in zip(_GRID, _WEIGHTS):
            reached = mine + spread * z
            product = weight
            for other, theirs in enumerate(chips):
                if other == seat:
                    continue
                if playing[other]:
                    product *= _normal_cdf((reached - theirs) / spread)
                elif theirs >= reached:
                    product = 0.0
                if product == 0.0:
                    break
            total += product
        chances.append(total)
    return chances


def match_chance_value(state: State, root_scores: Sequence[int]) -> list[float]:
    """The ``hard`` bot's value of a play-out: each seat's chance of winning the match from where it ended.

    A finished match is valued by its result; otherwise by :func:`win_chances` over the deals left, every
    seat still able to pay the stake taken as playing them (``root_scores`` is not needed: the chips reached
    are what counts, not what they gained).
    """
    if state.is_over:
        return list(state.returns())
    assert isinstance(state, TresilloState)
    rules = state.rules
    deals_left = max(rules.deals - state.deals_done, 1)
    playing = [state.active[seat] and (rules.rebuy or state.chips[seat] >= rules.stake) for seat in range(state.n)]
    spread = SPREAD_PER_STAKE * rules.stake * max(sum(playing), 2) * math.sqrt(deals_left)
    return win_chances(state.chips, playing, spread)
