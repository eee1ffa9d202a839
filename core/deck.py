"""Decks and shoes, the match's own random generator, shuffling, cutting and dealing.

A deck is a plain list whose *last* element is the top card, so drawing is ``list.pop()``.
Seats are numbered in playing order, which goes counter-clockwise: the seat on a player's right is the
next number. Dealing therefore starts at ``dealer + 1`` and goes up, one card at a time.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .cards import JOKER, RANKS, SUITS, Card
from .errors import PositionError
from .i18n import FRAMEWORK as _

DECK_SIZES = (40, 48, 50)


def spanish_deck(size: int = 40) -> list[Card]:
    """A 40-card deck (no 8 or 9), a 48-card deck (all ranks) or 50 (48 and two comodines)."""
    if size not in DECK_SIZES:
        raise ValueError(f"a Spanish deck has 40, 48 or 50 cards, not {size}")
    ranks = [r for r in RANKS if size != 40 or r not in (8, 9)]
    cards = [Card(r, s) for s in SUITS for r in ranks]
    if size == 50:
        cards += [JOKER, JOKER]
    return cards


def shoe(decks: int, size: int = 48, jokers: int = 0) -> list[Card]:
    """Several decks of ``size`` cards (without their comodines) shuffled together, plus ``jokers`` comodines."""
    base = spanish_deck(40 if size == 40 else 48)
    return base * decks + [JOKER] * jokers


def new_seed() -> int:
    """A fresh seed for a match that was not given one, kept so the match can be replayed."""
    return secrets.randbits(63)


def new_rng(seed: int) -> random.Random:
    """The match's own generator: every shuffle of a match comes from it, never from the global one."""
    return random.Random(seed)


T = TypeVar("T")

_SHIFT = [8 - (i + 1).bit_length() for i in range(255)]
"""How far a word's top byte is shifted to draw a position ``j <= i``: ``random`` keeps the word's top
``(i + 1).bit_length()`` bits, which for ``i < 255`` all lie in its top byte."""


def shuffle(items: MutableSequence[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would, drawing the same numbers, faster.

    Shuffling the deck was close to half of a random truco playout, and most of that was ``random``'s per-card
    method calls, not the Mersenne Twister. ``random.shuffle`` draws, for each position ``i`` from the end,
    ``getrandbits(k)`` with ``k = (i + 1).bit_length()`` (the top ``k`` bits of one 32-bit word) until the draw
    is below ``i + 1``. Here the words come in one ``getrandbits(32 * m)`` call (``m`` words, the first
    generated in the lowest bits), ``m`` being the number of positions left, so no word is drawn that
    ``random.shuffle`` would not draw: a rejected word just means another batch. The generator ends in the
    same state and the permutation is the same (a test compares both on many seeds).

    Only each word's top byte is read: for at most 255 items the ``k`` bits kept are all in it. As bytes
    (the little-endian bytes of the batch, every fourth one from the fourth), the words never become Python
    ints, which cost more than the shuffle's swaps and the generator together.

    Why the deck cannot instead be dealt lazily, only the cards dealt: the cut is drawn after the shuffle,
    and the top of a cut deck comes from the positions Fisher-Yates fixes last, so every draw of the shuffle
    must happen, in order, for a seed to play the same match.
    """
    if type(rng) is not random.Random or len(items) > len(_SHIFT) or not isinstance(items, list):
        rng.shuffle(items)  # the same permutation, drawn the slow way
        return
    _shuffle_list(items, rng)


def _shuffle_list(items: list[T], rng: random.Random) -> None:
    """:func:`shuffle`'s fast path, on a ``list`` so that the compiled build indexes it natively."""
    getrandbits = rng.getrandbits
    shift = _SHIFT
    i = len(items) - 1
    while i > 0:
        end = 4 * i  # bytes in the batch: a 32-bit word for each position left
        batch = getrandbits(8 * end).to_bytes(end, "little")
        at = 3  # the top byte of the batch's first word
        while at < end:
            j = batch[at] >> shift[i]
            at += 4
            if j <= i:
                items[i], items[j] = items[j], items[i]
                i -= 1


SMALL_SAMPLE = 5
"""The largest ``k`` for which ``random.sample`` picks by index from a set whenever ``n > 21``."""


def sample(population: Sequence[T], k: int, rng: random.Random) -> list[T]:
    """``k`` items of ``population`` exactly as ``rng.sample(population, k)`` would pick them, drawing the same
    numbers, faster for the small hands search samples thousands of times a decision.

    For ``k <= 5`` and more than 21 items, ``random.sample`` draws indices ``randbelow(n)`` (``getrandbits`` of
    ``n.bit_length()`` bits, redrawn until below ``n``) and redraws an index already taken; here that is one
    loop without its per-draw method calls. Every other case is left to ``random`` itself.
    """
    n = len(population)
    if type(rng) is not random.Random or k > SMALL_SAMPLE or n <= 21 or k < 0:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    taken: set[int] = set()
    chosen: list[T] = []
    while len(chosen) < k:
        j = getrandbits(bits)
        if j < n and j not in taken:
            taken.add(j)
            chosen.append(population[j])
    return chosen


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards``, followed by a cut at a random place, as at a real table."""
    deck = list(cards)
    shuffle(deck, rng)
    return cut(deck, rng)


def cut(deck: list[Card], rng: random.Random) -> list[Card]:
    """Lift a packet of at least four cards (when there are that many) and put it under the rest."""
    if len(deck) < 8:
        return deck
    at = 4 + below(len(deck) - 7, rng)  # rng.randint(4, len(deck) - 4)
    return deck[at:] + deck[:at]


def below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)`` for ``n > 0``, drawing exactly what ``random`` draws: ``getrandbits`` of ``n``'s bit
    length until the draw is below ``n``. Without ``random``'s three nested Python calls, which were a tenth of
    a compiled truco deal."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def deal_order(n_seats: int, dealer: int) -> list[int]:
    """The seats in the order they receive cards: the dealer's right first, the dealer last."""
    return [(dealer + 1 + i) % n_seats for i in range(n_seats)]


def deal(deck: list[Card], n_seats: int, dealer: int, count: int) -> list[list[Card]]:
    """Deal ``count`` cards to every seat one at a time from the top of ``deck`` (which shrinks).

    The cards dealt are taken from the top in one slice and handed round by stepping through it: the same
    hands as popping them one at a time, without a method call per card (every hand of a playout deals).
    """
    total = n_seats * count
    if total > len(deck):
        raise IndexError(f"cannot deal {count} cards to {n_seats} seats from {len(deck)} cards")
    top = deck[len(deck) - total:]
    del deck[len(deck) - total:]
    top.reverse()
    hands: list[list[Card]] = [[] for _ in range(n_seats)]
    for place, seat in enumerate(deal_order(n_seats, dealer)):
        hands[seat] = top[place::n_seats]
    return hands


def stack_deck(
    full: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    dealer: int,
    then: Sequence[Card],
    rng: random.Random,
) -> list[Card]:
    """Arrange ``full`` so that :func:`deal` gives exactly ``hands`` and the next draws are ``then``, in order.

    This is how every game starts from a stacked position: it deals as usual from the arranged deck, so a
    stacked match and a shuffled one run through the same code. Cards not named go, shuffled, below.
    Raises :class:`PositionError` when the named cards are not in the deck (or named too often), or when the
    hands are not all of one length.
    """
    n_seats = len(hands)
    count = len(hands[0]) if hands else 0
    if any(len(hand) != count for hand in hands):
        raise PositionError(_("every hand must have the same number of cards, got {counts}",
                              counts=str([len(h) for h in hands])))
    named = Counter([card for hand in hands for card in hand] + list(then))
    available = Counter(full)
    too_many = sorted(str(card) for card, n in named.items() if n > available[card])
    if too_many:
        raise PositionError(
            _("these cards are not in the deck, or are named more often than it has them: {cards}",
              cards=" ".join(too_many))
        )
    rest = list((available - named).elements())
    shuffle(rest, rng)
    draws: list[Card] = []
    order = deal_order(n_seats, dealer)
    for i in range(count):
        for seat in order:
            draws.append(hands[seat][i])
    draws.extend(then)
    return rest + draws[::-1]
