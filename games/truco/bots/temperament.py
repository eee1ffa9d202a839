"""The knobs of ``medium``'s calls and answers, in one object, so a personality is ``medium`` with other knobs.

``medium`` draws each call and answer at a frequency from a logistic around a bar (docs/bots.md, "Mixed
strategies"). A :class:`Temperament` holds those bars and the bluff rate; :class:`cartas.games.truco.bots.levels.MediumBot`
reads them where it used constants, and its default is exactly the old constants, so ``medium`` plays as before
(``x + 0.0`` is ``x`` in floating point, and no knob draws from the generator where the old code did not).
The personalities (:mod:`cartas.games.truco.bots.personalities`) are ``medium`` with one of these changed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Temperament:
    """How a truco bot bids, around ``medium``'s judgement of its cards."""

    bluff: float = 0.08
    """How often it calls envido or truco, or raises an envido in answer, whatever its cards."""
    envido_shift: float = 0.0
    """Tanto points added to the bar from which it opens the envido (28 as mano, 27 at the foot)."""
    envido_answer_shift: float = 0.0
    """Match equity added to accepting an envido before it is weighed against refusing (a point of a match to
    30 is about 0.017): above 0 it accepts more."""
    truco_call_bar: float = 0.62
    """The chance of winning the hand from which it calls truco about half the time."""
    truco_answer_shift: float = 0.0
    """Added to the chance it needs to accept a truco (the price of the answer): below 0 it accepts more."""
    raise_bar: float = 0.7
    """The chance of winning the hand from which it answers a truco with the next word instead of accepting."""


MEDIUM = Temperament()
"""``medium``'s own temperament: the constants it played with before personalities."""
