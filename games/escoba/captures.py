"""What a card can take from the table: every set of table cards that sums to fifteen with it.

A card's value for the sum is its number, but the sota counts 8, the caballo 9 and the rey 10, so the forty
cards run from 1 to 10 in each suit and any two to five of them can make fifteen.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Card

TARGET = 15
"""The sum a capture makes: the card played and the cards it takes."""

VALUE: dict[int, int] = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 8, 11: 9, 12: 10}
"""Each rank's value in the sum: the figures count 8, 9 and 10."""


def value(card: Card) -> int:
    return VALUE[card.rank]


def capture_sets(played: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of ``table`` cards that sums to fifteen with ``played``, each in table order, in the order a
    depth-first search finds them (the first table card first). Cards of equal value are different cards, so
    two sets that differ only by suit are both listed: the suit decides the oros and the siete de velo."""
    need = TARGET - value(played)
    found: list[tuple[Card, ...]] = []
    values = [value(card) for card in table]

    def search(start: int, left: int, chosen: list[Card]) -> None:
        for at in range(start, len(table)):
            worth = values[at]
            if worth > left:
                continue
            chosen.append(table[at])
            if worth == left:
                found.append(tuple(chosen))
            else:
                search(at + 1, left - worth, chosen)
            chosen.pop()

    if need > 0:
        search(0, need, [])
    return found


def sums_to_fifteen(cards: Sequence[Card]) -> bool:
    return sum(value(card) for card in cards) == TARGET
