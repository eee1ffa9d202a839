"""The knobs of julepe's ``medium``, in one object, so a personality is ``medium`` with other knobs.

Julepe has no bluffing words: a player's whole say is whether the dealer deals blind, whether the dealer obliges
with the turned figure, whether a player goes in (``juego`` or ``paso``) and whether one who passed takes the
viuda. ``medium`` decides each from a fixed bar; a :class:`Temperament` holds those bars, and
:class:`cartas.games.tresillo.bots.levels.MediumBot` reads them where it used constants. Its default is exactly those
constants, and the one knob that draws from the generator (:attr:`Temperament.blind`) draws nothing at ``0.0``,
so ``medium`` plays move for move as before (``tests/tresillo/test_personalities.py`` holds a match's digest).
The personalities (:mod:`cartas.games.tresillo.bots.personalities`) are ``medium`` with some of these changed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Temperament:
    """How a julepe bot bids, around ``medium``'s count of the tricks its cards promise."""

    play_from: float = 0.4
    """Expected tricks from which a hand says ``juego``. ``medium``'s bar is the one that measured best against
    random players: results were flat from 0.3 to 0.5 and clearly worse at 0 or at 1, ``easy``'s bar (see
    :class:`cartas.games.tresillo.bots.levels.MediumBot` for why it is so low)."""

    oblige_from: int = 11
    """The lowest turned figure (10 sota, 11 caballo, 12 rey) the dealer obliges with at a table of more than
    :attr:`small_table` players: two tricks are likely with a caballo or rey of trumps. 13 never obliges."""

    oblige_from_small: int = 10
    """The same at :attr:`small_table` players or fewer: the sota too, because there ``medium`` obliging only
    from the caballo loses to itself obliging with every figure."""

    small_table: int = 4
    """The most players at which :attr:`oblige_from_small` is the bar."""

    take_viuda_below: float = 0.0
    """A player who passed takes the viuda (the spare hand) when his own cards expect fewer tricks than this
    against the lone player; 0 never takes it on that account, 3 always does. ``medium``'s bar was 1.0 (swap a
    worse-than-average hand for an unknown one), and a rival that took the viuda every time tied it, since
    ``medium`` left it with 2 offers in 822. Leaving it, the dealer defends por el pozo for free (he cannot
    fall), while the taker plays three unknown cards against a hand that went in and pays the pot if they take
    no trick: ``medium`` never taking it on its cards beats ``medium`` taking it every time, and by more than
    any bar between does."""

    stop_lone_dealer: bool = True
    """Whether the last player offered the viuda takes it, whatever his cards, when the lone player is the
    dealer: nobody taking it, the dealer would collect the whole pot unplayed; against a rival who takes the
    viuda every time it does as well as never taking it, and better at three players."""

    viuda_against_loose: float = 0.2
    """A player who passed takes the viuda against a lone player whose hands seen going in were loose (below
    ``medium``'s bar) this share of the time or more (the posterior mean of
    :class:`~cartas.games.tresillo.bots.rivals.LooseBook`): against a player who goes in with anything the viuda is
    worth playing. One loose hand seen crosses 0.2 (its mean is then 0.25); ``medium``'s own hands never do.
    Against random players a lower bar wins more than a higher one or never taking the viuda on that account.
    Above 1 never takes it on that account."""

    blind: float = 0.0
    """How often the dealer says ``apuesta ciega`` when the options let him choose: a blind deal makes everyone
    play, cards turned up unseen, so it trades judgement for luck. ``medium`` never does, and draws nothing."""


MEDIUM = Temperament()
"""``medium``'s own temperament: the constants it played with before personalities."""
