"""The count at the end of a deal: what each side's pile and escobas are worth.

Every point is a separate line, so a screen can say why the score moved and a test can check each rule:

- each escoba, 1;
- the most cards, 1 (a tie, nobody: with forty cards that is 20 each at two sides);
- the most oros, 1 (a tie, nobody);
- the siete de oros (el siete de velo), 1;
- the most sietes, 1 (a tie, nobody), or with ``sietes="primera"`` the best primera (la setenta) instead;
- with ``all_sietes``, one more point to a side holding all four sietes; with ``all_oros``, one more to a side
  holding all ten oros (the common house additions, worth a point over the ones already counted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cartas.core import Card

SIETE_DE_VELO = Card(7, "O")
"""The siete de oros, worth a point by itself."""

PRIMERA: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 10: 10, 11: 10, 12: 10}
"""Each rank's worth in the primera: a side's best card of each suit, added up."""

KINDS = ("escobas", "cards", "oros", "velo", "sietes", "primera", "all_sietes", "all_oros")
"""The lines of a count, in the order they are said."""


class Point(NamedTuple):
    """One line of the count: ``side`` scores ``points`` for ``kind`` (see :data:`KINDS`)."""

    kind: str
    side: int
    points: int


def primera(pile: Sequence[Card]) -> int:
    """The best card of each suit by :data:`PRIMERA`, added up; a suit the pile lacks adds nothing."""
    best: dict[str, int] = {}
    for card in pile:
        worth = PRIMERA[card.rank]
        if worth > best.get(card.suit, 0):
            best[card.suit] = worth
    return sum(best.values())


def _most(amounts: Sequence[int]) -> int | None:
    """The side with strictly more than every other, or ``None`` on a tie at the top (or when all have none)."""
    top = max(amounts)
    if top == 0 or amounts.count(top) > 1:
        return None
    return amounts.index(top)


def count(piles: Sequence[Sequence[Card]], escobas: Sequence[int], sietes: str = "most",
          all_sietes: bool = False, all_oros: bool = False) -> list[Point]:
    """The points each side scores for a deal, one :class:`Point` a line, sides numbered as ``piles``."""
    points: list[Point] = [Point("escobas", side, made) for side, made in enumerate(escobas) if made]
    winner = _most([len(pile) for pile in piles])
    if winner is not None:
        points.append(Point("cards", winner, 1))
    oros = [sum(1 for card in pile if card.suit == "O") for pile in piles]
    winner = _most(oros)
    if winner is not None:
        points.append(Point("oros", winner, 1))
    for side, pile in enumerate(piles):
        if SIETE_DE_VELO in pile:
            points.append(Point("velo", side, 1))
    seven_counts = [sum(1 for card in pile if card.rank == 7) for pile in piles]
    if sietes == "primera":
        winner = _most([primera(pile) for pile in piles])
        if winner is not None:
            points.append(Point("primera", winner, 1))
    else:
        winner = _most(seven_counts)
        if winner is not None:
            points.append(Point("sietes", winner, 1))
    if all_sietes:
        points.extend(Point("all_sietes", side, 1) for side, made in enumerate(seven_counts) if made == 4)
    if all_oros:
        points.extend(Point("all_oros", side, 1) for side, made in enumerate(oros) if made == 10)
    return points


def totals(points: Sequence[Point], sides: int) -> list[int]:
    """Each side's points from the lines of a count."""
    scored = [0] * sides
    for point in points:
        scored[point.side] += point.points
    return scored
