"""The four lances of mus: how hands compare at grande, chica, pares and juego (or punto), and what the pares
and the juego are worth.

With eight kings (the usual game) every 3 counts as a king and every 2 as an ace; with four kings each is
itself. A card's *mus rank* says that once: 12 for the kings, 11 caballo, 10 sota, then 7 down to the ace, 1.
Each comparison gives a key where higher is better, so the lance goes to the highest key, ties to the seat
nearest the mano (the first in the order the lance is spoken in).
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Card

PAR, MEDIAS, DUPLES = 1, 2, 3
"""The kinds of pares, which are also what each is worth to its holder at the count."""

JUEGO_ORDER: dict[int, int] = {31: 8, 32: 7, 40: 6, 37: 5, 36: 4, 35: 3, 34: 2, 33: 1}
"""How juegos rank, best highest: 31, 32, 40, then 37 down to 33."""
REAL_31 = 9
"""La real (31 of three sietes and a sota), above every other 31 when the option is on."""


def mus_rank(card: Card, reyes: int) -> int:
    """The card's rank in mus: with eight kings a 3 is a king (12) and a 2 an ace (1)."""
    if reyes == 8:
        if card.rank == 3:
            return 12
        if card.rank == 2:
            return 1
    return card.rank


def ranks_of(hand: Sequence[Card], reyes: int) -> list[int]:
    return sorted((mus_rank(card, reyes) for card in hand), reverse=True)


def grande_key(hand: Sequence[Card], reyes: int) -> tuple[int, ...]:
    """Grande: the highest card, then the next, and so on."""
    return tuple(ranks_of(hand, reyes))


def chica_key(hand: Sequence[Card], reyes: int) -> tuple[int, ...]:
    """Chica: the lowest card, then the next; negated so the higher key is the lower hand."""
    return tuple(-rank for rank in sorted(mus_rank(card, reyes) for card in hand))


def pares_of(hand: Sequence[Card], reyes: int) -> tuple[int, ...]:
    """The hand's pares as a key, ``()`` without any: ``(DUPLES, high pair, low pair)`` for two pairs or four of
    a kind, ``(MEDIAS, rank)`` for three of a kind, ``(PAR, rank)`` for one pair."""
    counts: dict[int, int] = {}
    for card in hand:
        rank = mus_rank(card, reyes)
        counts[rank] = counts.get(rank, 0) + 1
    pairs = sorted((rank for rank, count in counts.items() if count >= 2), reverse=True)
    for rank, count in counts.items():
        if count == 4:
            return (DUPLES, rank, rank)
        if count == 3:
            return (MEDIAS, rank)
    if len(pairs) == 2:
        return (DUPLES, pairs[0], pairs[1])
    if pairs:
        return (PAR, pairs[0])
    return ()


def pares_value(hand: Sequence[Card], reyes: int) -> int:
    """What the holder's pares are worth at the count: par 1, medias 2, duples 3, none 0."""
    key = pares_of(hand, reyes)
    return key[0] if key else 0


def points(hand: Sequence[Card], reyes: int) -> int:
    """The hand's points for juego and punto: figures worth 10, the other cards their mus rank."""
    return sum(min(mus_rank(card, reyes), 10) for card in hand)


def has_juego(hand: Sequence[Card], reyes: int) -> bool:
    return points(hand, reyes) >= 31


def is_real(hand: Sequence[Card]) -> bool:
    """La real: three sietes and a sota."""
    return sorted(card.rank for card in hand) == [7, 7, 7, 10]


def juego_key(hand: Sequence[Card], reyes: int, real: bool) -> int:
    """Juego: 0 without it, else its place in :data:`JUEGO_ORDER` (la real above every 31 when ``real``)."""
    total = points(hand, reyes)
    if total < 31:
        return 0
    if real and total == 31 and is_real(hand):
        return REAL_31
    return JUEGO_ORDER[total]


def juego_value(hand: Sequence[Card], reyes: int) -> int:
    """What the holder's juego is worth at the count: 31 is worth 3, any other juego 2, none 0."""
    total = points(hand, reyes)
    if total < 31:
        return 0
    return 3 if total == 31 else 2


def punto_key(hand: Sequence[Card], reyes: int) -> int:
    """Punto, played when nobody has juego: the closer to 30 the better."""
    return points(hand, reyes)


def best_seat(order: Sequence[int], keys: Sequence[object]) -> int:
    """The seat of ``order`` with the best key, ties to the first in ``order`` (the one nearest the mano).

    ``keys`` is indexed by seat; keys of one lance are all of one type, so they compare."""
    best = order[0]
    for seat in order[1:]:
        if keys[seat] > keys[best]:  # type: ignore[operator]
            best = seat
    return best
