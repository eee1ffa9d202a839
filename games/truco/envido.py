"""The tanto and the flor of a hand, the envido chain and what it is worth, and the falta.

Pure functions over cards and scores, so the rules tests can check the tables directly and the state only
asks for numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Card

from .actions import CARDS, ENVIDO, FALTA_ENVIDO, REAL_ENVIDO

TANTO_VALUE: dict[Card, int] = {card: card.rank if card.rank <= 7 else 0 for card in CARDS}
"""What a card adds to the tanto: its number, the figures (10, 11, 12) nothing."""

CALL_VALUE = {ENVIDO: 2, REAL_ENVIDO: 3}


def tanto(cards: Sequence[Card]) -> int:
    """The envido points of a hand: 20 plus the two best of one suit, else the best single card."""
    best = 0
    for i, first in enumerate(cards):
        value = TANTO_VALUE[first]
        if value > best:
            best = value
        for second in cards[i + 1:]:
            if second.suit == first.suit:
                pair = 20 + value + TANTO_VALUE[second]
                if pair > best:
                    best = pair
    return best


def tanto_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that make the tanto of :func:`tanto`, the higher first: the best pair of one suit, else the
    best single card. They are what the winner of an envido shows when the hand ends."""
    best: tuple[int, tuple[Card, ...]] = (-1, ())
    for i, first in enumerate(cards):
        if TANTO_VALUE[first] > best[0]:
            best = (TANTO_VALUE[first], (first,))
        for second in cards[i + 1:]:
            if second.suit == first.suit:
                pair = 20 + TANTO_VALUE[first] + TANTO_VALUE[second]
                if pair > best[0]:
                    best = (pair, tuple(sorted((first, second), key=show_order, reverse=True)))
    return best[1]


def show_order(card: Card) -> tuple[int, int]:
    """Cards shown are said the higher first: by what they add to the tanto, the figures by their number."""
    return TANTO_VALUE[card], card.rank


def flor(cards: Sequence[Card]) -> int:
    """The flor of a three-card hand: 20 plus the three values when all share a suit, else 0 (no flor)."""
    if len(cards) == 3 and cards[0].suit == cards[1].suit == cards[2].suit:
        return 20 + sum(TANTO_VALUE[card] for card in cards)
    return 0


def may_call(chain: Sequence[int], kind: int) -> bool:
    """Whether ``kind`` may come next in the envido chain.

    Envido at most twice, real envido at most once and never followed by an envido, falta envido ends it.
    """
    if FALTA_ENVIDO in chain:
        return False
    if kind == ENVIDO:
        return not chain or (len(chain) == 1 and chain[0] == ENVIDO)
    if kind == REAL_ENVIDO:
        return REAL_ENVIDO not in chain
    return True


def accepted_value(chain: Sequence[int], falta: int) -> int:
    """Points of an accepted chain: envidos and real envido add up; a falta envido replaces them all."""
    if FALTA_ENVIDO in chain:
        return falta
    return sum(CALL_VALUE[kind] for kind in chain)


def refused_value(chain: Sequence[int]) -> int:
    """Points to the last caller when refused: what the chain was worth before that call, 1 for a lone call."""
    if len(chain) == 1:
        return 1
    return accepted_value(chain[:-1], 0)


def falta_value(scores: Sequence[int], target: int, to_game: bool) -> int:
    """The falta: what the leading side still needs, counted to 15 while both sides are in the malas.

    In a 30-point game with malas and buenas, a leader on 14 or less plays for the 15 of the malas; from
    15 on, for the 30. ``to_game`` (and any 15-point game) always counts to the target.
    """
    leader = max(scores)
    if not to_game and target == 30 and leader < 15:
        return 15 - leader
    return target - leader


SON_BUENAS = -1
"""In a :func:`sing` step, the word said instead of a number: "son buenas" (the best said so far is not beaten)."""


def sing(
    parts: Sequence[int], values: Sequence[int], team_of: Sequence[int]
) -> tuple[list[tuple[int, int, int]], int]:
    """The tantos (or flores) said in turn, as at a real table, and the seat whose word won.

    ``parts`` are the seats taking part in playing order from the mano, ``values`` their points in that
    order. The first says its points. Each following seat stays silent while its side holds the best said so
    far; otherwise it says its points if they beat that best (a tie goes to the seat nearer the mano), else
    "son buenas". A seat that stayed silent speaks on a later round if the rivals have since gone ahead,
    so the side with the best points always ends holding the best word: the winner is the old rule's
    (each side's best, ties to the mano), with only what had to be said revealed.

    Each step is ``(seat, points, bound)``: ``points`` said, or :data:`SON_BUENAS` with ``bound`` the most the
    seat can hold (the best said, one less when a tie would have gone to this seat).
    """
    steps: list[tuple[int, int, int]] = []
    done = [False] * len(parts)
    best = -1
    said = True
    while said:
        said = False
        for index, seat in enumerate(parts):
            if done[index]:
                continue
            if best >= 0 and team_of[seat] == team_of[parts[best]]:
                continue
            value = values[index]
            done[index] = True
            if best < 0 or (value, -index) > (values[best], -best):
                steps.append((seat, value, value))
                best = index
                said = True
            else:
                steps.append((seat, SON_BUENAS, values[best] if best < index else values[best] - 1))
    return steps, parts[best]
