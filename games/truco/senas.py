"""The señas partners show each other: which ones a hand truthfully allows.

The engine only offers true signs, so a seña is information, never a bluff; opponents may catch one now and
then (option ``senas_caught``). The sign names are the actions' words, see :data:`~.actions.SIGNS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Card

from .actions import SIGNS

CARD_SIGN: dict[Card, str] = {
    Card(1, "E"): "ancho_espada", Card(1, "B"): "ancho_basto", Card(7, "E"): "siete_espada",
    Card(7, "O"): "siete_oro", Card(1, "C"): "ancho_falso", Card(1, "O"): "ancho_falso",
    **{Card(3, s): "tres" for s in "OCEB"}, **{Card(2, s): "dos" for s in "OCEB"},
}
"""The card each sign stands for. ``ancho_falso`` is the as de copas or de oros."""

TOP_SIGNS = frozenset(("ancho_espada", "ancho_basto", "siete_espada", "siete_oro", "tres", "dos"))
"""Signs of a card worth showing; ``nada`` means the hand holds none of them."""

GOOD_ENVIDO = 27
"""The tanto from which a hand shows the envido sign."""

SIGN_BIT: dict[str, int] = {sign: 1 << i for i, sign in enumerate(SIGNS)}
CARD_BITS: dict[Card, int] = {card: SIGN_BIT[sign] for card, sign in CARD_SIGN.items()}
TOP_MASK = sum(SIGN_BIT[sign] for sign in TOP_SIGNS)


def sign_mask(held: Sequence[Card], has_flor: bool, good_envido: bool) -> int:
    """The true signs of a hand holding ``held`` as a bit mask (one bit per sign of :data:`~.actions.SIGNS`).

    ``good_envido`` says the tanto reaches :data:`GOOD_ENVIDO` while an envido may still be called (afterwards
    the sign would say nothing). A mask is cheap to build at every turn and to cache the señas by.
    """
    mask = 0
    for card in held:
        mask |= CARD_BITS.get(card, 0)
    if has_flor:
        mask |= SIGN_BIT["flor"]
    if good_envido:
        mask |= SIGN_BIT["envido"]
    if not mask & TOP_MASK:
        mask |= SIGN_BIT["nada"]
    return mask


def signs_in(mask: int) -> list[str]:
    """The signs of a mask, in the order of :data:`~.actions.SIGNS`."""
    return [sign for sign in SIGNS if mask & SIGN_BIT[sign]]


def shows(sign: str, held: Sequence[Card], flor_value: int, tanto_value: int) -> bool:
    """Whether a hand holding ``held`` could truthfully have shown ``sign`` (for sampling hidden hands)."""
    return bool(sign_mask(held, flor_value > 0, tanto_value >= GOOD_ENVIDO) & SIGN_BIT[sign])
