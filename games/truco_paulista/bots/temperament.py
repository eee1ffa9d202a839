"""The knobs of paulista ``medium``'s bets and answers, in one object, so a personality is ``medium`` with other knobs.

``medium`` raises when its chance of taking the mão reaches a bar, and accepts when the chance beats the odds
the call offers plus a margin (:class:`cartas.games.truco_paulista.bots.levels.MediumBot`). A :class:`Temperament`
holds those bars and a bluff rate; the default is exactly the old constants and no bluff (which then draws
nothing from the bot's generator), so ``medium`` plays as before. The personalities
(:mod:`cartas.games.truco_paulista.bots.personalities`) are ``medium`` with these changed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Temperament:
    """How a paulista bot bets, around ``medium``'s judgement of its cards."""

    bluff: float = 0.0
    """How often it asks for truco (or the next raise) at its turn whatever its chance."""
    raise_bar: float = 0.72
    """The chance of taking the mão from which it raises at its turn."""
    answer_shift: float = 0.0
    """Added to the chance it needs to accept a raise (the odds the call offers plus 0.05): below 0 it
    accepts more."""
    answer_raise_bar: float = 0.8
    """The chance from which it answers a raise with the next one."""


MEDIUM = Temperament()
"""``medium``'s own temperament: the constants it played with before personalities."""
