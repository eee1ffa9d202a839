"""The knobs of julepe's ``medium``, in one object, so a personality is ``medium`` with other knobs.

Julepe has no bluffing words: a player's whole say is whether the dealer deals blind, whether the dealer obliges
with the turned figure, whether a player goes in (``juego`` or ``paso``) and whether one who passed takes the
viuda. ``medium`` decides each from a fixed bar; a :class:`Temperament` holds those bars, and
:class:`cartas.games.tresillo.bots.MediumBot` reads them where it used constants. Its default is exactly those
constants, and the one knob that draws from the generator (:attr:`Temperament.blind`) draws nothing at ``0.0``,
so ``medium`` plays move for move as before (``tests/tresillo/test_personalities.py`` holds a match's digest).
The personalities (:mod:`cartas.games.tresillo.personalities`) are ``medium`` with some of these changed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Temperament:
    """How a julepe bot bids, around ``medium``'s count of the tricks its cards promise."""

    play_from: float = 0.4
    """Expected tricks from which a hand says ``juego``. ``medium``'s bar is the one that measured best against
    random players: results were flat from 0.3 to 0.5 and clearly worse at 0 or at 1, ``easy``'s bar (see
    :class:`cartas.games.tresillo.bots.MediumBot` for why it is so low)."""

    oblige_from: int = 11
    """The lowest turned figure (10 sota, 11 caballo, 12 rey) the dealer obliges with at a table of more than
    :attr:`small_table` players: two tricks are likely with a caballo or rey of trumps. 13 never obliges."""

    oblige_from_small: int = 10
    """The same at :attr:`small_table` players or fewer: the sota too. Measured at four (issue 32's always-X
    rivals): ``medium`` obliging from the caballo won 563 of 1,200 matches (46.9%, 95% interval 44.1 to 49.8;
    seeds 3200 and 5200) against itself obliging with every figure, the only difference between the two."""

    small_table: int = 4
    """The most players at which :attr:`oblige_from_small` is the bar."""

    take_viuda_below: float = 1.0
    """A player who passed takes the viuda (the spare hand) when his own cards expect fewer tricks than this
    against the lone player: 1.0 is about what an average hand takes against one opponent, so ``medium`` swaps
    a worse-than-average hand for an unknown one. 0 never takes it; 3 always does."""

    blind: float = 0.0
    """How often the dealer says ``apuesta ciega`` when the options let him choose: a blind deal makes everyone
    play, cards turned up unseen, so it trades judgement for luck. ``medium`` never does, and draws nothing."""


MEDIUM = Temperament()
"""``medium``'s own temperament: the constants it played with before personalities."""
