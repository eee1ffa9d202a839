"""The strength of the cards in truco paulista: the common order, the vira and its manilhas, the fixed manilhas.

Every rank table is built once at import; a hand picks the one of its vira (or the fixed one), so the deal
costs a dictionary look-up. A table maps each card to a strength: higher wins, equal strengths tie.
"""

from __future__ import annotations

from cartas.core import BASTOS, COPAS, ESPADAS, OROS, Card, rank_table, spanish_deck

DECK: tuple[Card, ...] = tuple(spanish_deck(40))

COMMON_ORDER: tuple[int, ...] = (3, 2, 1, 12, 11, 10, 7, 6, 5, 4)
"""The ranks from strongest to weakest when no manilha is involved; suits do not matter."""

CYCLE: tuple[int, ...] = (4, 5, 6, 7, 10, 11, 12, 1, 2, 3)
"""The manilha is the rank after the vira in this cycle (a 3 turned makes the 4s manilhas)."""

MANILHA_SUITS: tuple[str, ...] = (BASTOS, COPAS, ESPADAS, OROS)
"""Manilhas rank by suit: zap (bastos), copas, espadilha (espadas), pica-fumo (oros)."""

FIXED_MANILHAS: tuple[Card, ...] = (Card(4, BASTOS), Card(7, COPAS), Card(1, ESPADAS), Card(7, OROS))
"""Truco mineiro's four fixed manilhas, strongest first."""


def manilha_rank(vira: Card) -> int:
    """The rank that the turned card makes manilha."""
    return CYCLE[(CYCLE.index(vira.rank) + 1) % len(CYCLE)]


def _vira_table(manilha: int) -> dict[Card, int]:
    groups: list[list[Card]] = [[Card(manilha, suit)] for suit in MANILHA_SUITS]
    groups += [[Card(rank, suit) for suit in MANILHA_SUITS] for rank in COMMON_ORDER if rank != manilha]
    return rank_table(groups)


def _fixed_table() -> dict[Card, int]:
    groups: list[list[Card]] = [[card] for card in FIXED_MANILHAS]
    groups += [
        [Card(rank, suit) for suit in MANILHA_SUITS if Card(rank, suit) not in FIXED_MANILHAS]
        for rank in COMMON_ORDER
    ]
    return rank_table(groups)


VIRA_TABLES: dict[int, dict[Card, int]] = {rank: _vira_table(manilha_rank(Card(rank, OROS))) for rank in CYCLE}
"""The rank table of each vira rank (the vira's suit does not matter)."""

FIXED_TABLE: dict[Card, int] = _fixed_table()
