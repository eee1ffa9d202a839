"""The chance of winning a truco paulista match from a score, and the valuation of ``hard``'s play-outs by it.

The core's ``hard`` bot plays a mão out and values where it ended. Points gained, linearly (the core's default),
mislead near the end of a match: at 10-7 a point that takes a side to 11 is worth far less than a truco that takes
it to 12, and a mão lost at 9-10 costs the match however few points it gave away. Here a score is worth the
chance of winning the match from it, before the next mão is dealt, by a small model:

- an ordinary mão (neither side on 11) goes to either side with even odds and gives its winner 1, 3, 6, 9 or 12
  points in the shares :data:`STAKE_SHARES` (counted in ``medium`` against ``medium`` matches by
  ``benchmarks/paulista_stakes.py``); a replayed mão (three empates) changes nothing and is left out;
- a side on 11 plays every later mão as a mão de onze, taken with a chance uniform between 0 and 1, and plays or
  runs as :func:`onze_bar` says (:func:`onze_match_chances`); 11 against 11, a mão de ferro, is a coin toss.

The table is computed once, at import, by dynamic programming over the 144 scores (every mão adds points, so a
score depends only on higher ones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cartas.core import State

from ..state import ONZE_STAKE, TARGET

STAKE_SHARES: Mapping[int, float] = {1: 0.794, 3: 0.158, 6: 0.034, 9: 0.007, 12: 0.007}
"""The share of ordinary mãos giving their winner each number of points, ``medium`` against ``medium``, as
``benchmarks/paulista_stakes.py`` counts them over whole matches."""


def onze_match_chances() -> dict[int, float]:
    """The chance of winning the match from 11 points against each score of the other side, an explicit
    estimate: every later mão is a mão de onze too, whose chance of being taken is uniform between 0 and 1,
    and is played or run from as :func:`onze_bar` says. 11 against 11 is a mão de ferro, a coin toss."""
    chances: dict[int, float] = {TARGET - 1: 0.5}
    for theirs in range(TARGET - 2, -1, -1):
        lost = chances.get(theirs + ONZE_STAKE, 0.0)  # playing it and losing
        ran = chances[theirs + 1]  # running from it
        bar = (ran - lost) / (1.0 - lost)
        chances[theirs] = ran * bar + lost * (1 - bar) + (1 - lost) * (1 - bar * bar) / 2
    return chances


ONZE_CHANCES = onze_match_chances()


def onze_bar(theirs: int) -> float:
    """The chance of taking a mão de onze from which playing it wins the match more often than running:
    playing wins at once when taken and leaves the others ``ONZE_STAKE`` points nearer otherwise, running
    gives them one point. At 11-9 it is 0.625 (losing gives them the match), at 11-8 0.39 (losing leaves
    them on 11, then a mão de ferro), 0.43 to 0.50 below."""
    lost = ONZE_CHANCES.get(theirs + ONZE_STAKE, 0.0)
    return (ONZE_CHANCES.get(theirs + 1, 0.0) - lost) / (1.0 - lost)


def _chance_in(table: Sequence[Sequence[float]], mine: int, theirs: int) -> float:
    """``table[mine][theirs]`` for scores below the target; 1 once ``mine`` reaches it, 0 once ``theirs`` does."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    return table[mine][theirs]


def match_chances(shares: Mapping[int, float] = STAKE_SHARES) -> tuple[tuple[float, ...], ...]:
    """``table[mine][theirs]``: the chance that the side on ``mine`` points wins the match against one on
    ``theirs`` (both below :data:`~cartas.games.truco_paulista.state.TARGET`), before the next mão is dealt.

    :param shares: the share of ordinary mãos worth each number of points (normalised here).
    """
    if not shares or any(points < 1 or share < 0 for points, share in shares.items()) or sum(shares.values()) <= 0:
        raise ValueError("stake shares must give positive points non-negative shares, not all zero")
    total = sum(shares.values())
    top = TARGET - 1
    table = [[0.0] * TARGET for _ in range(TARGET)]
    for mine in range(top, -1, -1):
        for theirs in range(top, -1, -1):
            if mine == top and theirs == top:
                table[mine][theirs] = 0.5  # a mão de ferro
            elif mine == top:
                table[mine][theirs] = ONZE_CHANCES[theirs]
            elif theirs == top:
                table[mine][theirs] = 1.0 - ONZE_CHANCES[mine]
            else:
                table[mine][theirs] = sum(
                    share / total
                    * (_chance_in(table, mine + points, theirs) + _chance_in(table, mine, theirs + points)) / 2
                    for points, share in shares.items()
                )
    return tuple(tuple(row) for row in table)


MATCH_CHANCES = match_chances()


def match_chance(mine: int, theirs: int) -> float:
    """The chance that a side on ``mine`` points wins against one on ``theirs``: 1 once ``mine`` reaches the
    target, 0 once ``theirs`` does, else :data:`MATCH_CHANCES`."""
    return _chance_in(MATCH_CHANCES, mine, theirs)


def match_value(state: State, root_scores: Sequence[int]) -> list[float]:
    """Each seat's chance of winning the match from where a play-out ended: its returns once the match is over,
    else :func:`match_chance` of its side's score against the other's (a
    :data:`cartas.core.bots.search.Evaluator`; ``root_scores`` are not needed, the score says it all)."""
    if state.is_over:
        return list(state.returns())
    scores = state.scores()
    teams = state.table.teams
    return [match_chance(scores[team], scores[1 - team]) for team in teams]
