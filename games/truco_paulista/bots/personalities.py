"""Truco paulista's personalities: ``medium`` with another temperament, a name people read, its measured strength.

Each is a bot level like ``medium`` (registered in :mod:`cartas.games.truco_paulista`), so ``cartas play
paulista --bot blefador``, ``cartas arena`` and the lobby's picker take it as any level. Its card play and its
reading of the others are ``medium``'s; only its betting knobs (:class:`.temperament.Temperament`) differ
(``tests/truco_paulista/test_personalities.py``).
Their strength against ``medium`` on duplicate deals is measured by ``benchmarks/personalities.py`` into
``personalities.json`` beside this module (docs/bots.md, "Personalities").
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from cartas.core.bots import Character, PersonalityMixin, cached_strengths, personality_levels
from cartas.core.i18n import mark

from ..i18n import _
from .levels import MediumBot
from .temperament import Temperament

STRENGTHS = Path(__file__).with_name("personalities.json")
"""Where ``benchmarks/personalities.py`` writes each personality's record against ``medium``."""
strengths = partial(cached_strengths, STRENGTHS)
"""The measured strengths by level, read once per process."""


class Personality(PersonalityMixin, MediumBot):
    """Paulista's ``medium`` betting with another :attr:`temperament`; each of :data:`CHARACTERS` gives ``level``,
    ``name`` (:class:`~cartas.core.bots.PersonalityMixin`) and its temperament."""

    catalog = staticmethod(_)
    strengths_file = STRENGTHS


CHARACTERS: tuple[Character[Temperament], ...] = (
    Character(
        level="cauteloso", name=mark("The Wary"),
        temperament=Temperament(raise_bar=0.8, answer_shift=0.08, answer_raise_bar=0.88),
        summary="Asks for truco only with a better chance, accepts a raise only with a wider margin, never bluffs.",
    ),
    Character(
        level="blefador", name=mark("The Bluffer"),
        temperament=Temperament(bluff=0.25),
        summary="``medium`` who asks for truco one turn in four whatever its cards.",
    ),
    Character(
        level="apostador", name=mark("The Gambler"),
        temperament=Temperament(bluff=0.08, raise_bar=0.6, answer_shift=-0.12, answer_raise_bar=0.7),
        summary="Asks for truco and raises on thinner chances, accepts raises loosely, bluffs now and then.",
    ),
)
"""The personalities, one record each, in the order the lobby lists them."""

PERSONALITIES: tuple[type[Personality], ...] = personality_levels(Personality, CHARACTERS)
"""The level classes made from :data:`CHARACTERS`, in its order."""
Wary, Bluffer, Gambler = PERSONALITIES
