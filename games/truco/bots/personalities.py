"""Truco's personalities: ``medium`` with another temperament, a name people read, and its measured strength.

Each is a bot level like ``medium`` (registered in :mod:`cartas.games.truco`), so ``cartas play truco --bot
mentiroso``, ``cartas arena truco mentiroso medium`` and the lobby's picker take it as any level. Its cards are
``medium``'s (the same sampled deals, the same card play, the same reading of the rivals); only its bidding
knobs (:class:`cartas.games.truco.bots.temperament.Temperament`) differ, each visibly
(``tests/truco/test_personalities.py``). Their strength against ``medium`` on duplicate deals is measured by
``benchmarks/personalities.py`` into ``personalities.json`` beside this module (docs/bots.md, "Personalities").
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
    """``medium`` with the :attr:`temperament` of a named character, its bluff rate taken from that temperament;
    each of :data:`CHARACTERS` gives ``level``, ``name`` (:class:`~cartas.core.bots.PersonalityMixin`) and the
    temperament."""

    catalog = staticmethod(_)
    strengths_file = STRENGTHS

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__()
        cls.bluff = cls.temperament.bluff


CHARACTERS: tuple[Character[Temperament], ...] = (
    Character(
        level="prudente", name=mark("The Cautious"),
        temperament=Temperament(bluff=0.02, envido_shift=1.5, envido_answer_shift=-0.03, truco_call_bar=0.7,
                                truco_answer_shift=0.1, raise_bar=0.8),
        summary=(
            "Bluffs seldom, opens the envido only with more, calls and accepts a truco only with better "
            "chances."
        ),
    ),
    Character(
        level="mentiroso", name=mark("The Liar"),
        temperament=Temperament(bluff=0.33),
        summary=(
            "``medium`` who bluffs one turn in three: envido and truco with nothing, real envido in answer "
            "with little."
        ),
    ),
    Character(
        level="jugador", name=mark("The Gambler"),
        temperament=Temperament(bluff=0.12, envido_shift=-2.0, envido_answer_shift=0.04, truco_call_bar=0.5,
                                truco_answer_shift=-0.12, raise_bar=0.58),
        summary=(
            "Opens the envido with less, accepts it and a truco more loosely, calls and raises truco on "
            "thinner chances."
        ),
    ),
)
"""The personalities, one record each, in the order the lobby lists them."""

PERSONALITIES: tuple[type[Personality], ...] = personality_levels(Personality, CHARACTERS)
"""The level classes made from :data:`CHARACTERS`, in its order."""
Cautious, Liar, Gambler = PERSONALITIES
