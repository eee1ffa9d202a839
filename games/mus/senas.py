"""The señas partners pass each other in mus, and which ones a hand truthfully allows.

These are the traditional signs (the Spanish federation's list, see RULES.md): each says one thing about the
hand and has its gesture. The engine offers only true signs, so a seña is information, never a bluff; a rival
catches one now and then (option ``senas_caught``).
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Card

from .lances import DUPLES, MEDIAS, mus_rank, pares_of, points

def true_signs(hand: Sequence[Card], reyes: int) -> list[str]:
    """The señas ``hand`` may show, in the order of :data:`~.actions.SIGNS`; ``ciego`` when it has none of the
    others."""
    signs: list[str] = []
    pares = pares_of(hand, reyes)
    kind = pares[0] if pares else 0
    if kind == DUPLES:
        signs.append("duples")
    if kind == MEDIAS:
        signs.append("medias")
    ranks = [mus_rank(card, reyes) for card in hand]
    if ranks.count(12) >= 2:
        signs.append("dos_reyes")
    if ranks.count(1) >= 2:
        signs.append("dos_ases")
    total = points(hand, reyes)
    if total == 31:
        signs.append("treinta_y_una")
    elif total > 31:
        signs.append("juego")
    elif total == 30:
        signs.append("treinta")
    if not signs:
        signs.append("ciego")
    return signs


def shows(sign: str, hand: Sequence[Card], reyes: int) -> bool:
    """Whether ``hand`` could truthfully have shown ``sign`` (for sampling hidden hands)."""
    return sign in true_signs(hand, reyes)
