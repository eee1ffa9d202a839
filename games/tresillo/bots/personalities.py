"""Julepe's personalities: ``medium`` with another temperament, a name people read, and its measured strength.

Each is a bot level like ``medium`` (registered in :mod:`cartas.games.tresillo`), so ``cartas play tresillo --bot
prudente``, ``cartas arena`` and the lobby's picker take it as any level. Its card play is ``medium``'s; only its
bidding knobs (:class:`cartas.games.tresillo.bots.temperament.Temperament`) differ, each visibly
(``tests/tresillo/test_personalities.py``). Julepe has no words to lie with (a ``juego`` says nothing but "I
play"), so there is no liar: the third character is the one every julepe table knows, the dealer who calls the
blind deal. Their strength against ``medium`` on duplicate deals is measured by ``benchmarks/personalities.py``
into ``personalities.json`` beside this module (docs/bots.md, "Personalities").
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
    """Julepe's ``medium`` deciding its words with another :attr:`temperament`; each of :data:`CHARACTERS` gives
    ``level``, ``name`` (:class:`~cartas.core.bots.PersonalityMixin`) and its temperament."""

    catalog = staticmethod(_)
    strengths_file = STRENGTHS


CHARACTERS: tuple[Character[Temperament], ...] = (
    Character(
        level="prudente", name=mark("The Cautious"),
        temperament=Temperament(play_from=0.7, oblige_from=12, oblige_from_small=12, take_viuda_below=0.0,
                                viuda_against_loose=2.0),
        summary=(
            "Goes in only from 0.7 expected tricks (``medium``: 0.4), obliges only with the rey, takes the "
            "viuda only to stop a lone dealer collecting the pot, and never against a loose player: it falls "
            "less, and takes fewer pots."
        ),
    ),
    Character(
        level="jugador", name=mark("The Gambler"),
        temperament=Temperament(play_from=0.2, oblige_from=10, oblige_from_small=10, take_viuda_below=1.6),
        summary=(
            "Goes in with almost anything, obliges with every figure at any table, and takes the viuda unless"
            " its own cards are good."
        ),
    ),
    Character(
        level="ciego", name=mark("The Blind Dealer"),
        temperament=Temperament(blind=0.5),
        summary="``medium`` who, dealing, calls the blind deal one time in two when the table lets him choose.",
    ),
)
"""The personalities, one record each, in the order the lobby lists them."""

PERSONALITIES: tuple[type[Personality], ...] = personality_levels(Personality, CHARACTERS)
"""The level classes made from :data:`CHARACTERS`, in its order."""
Cautious, Gambler, BlindDealer = PERSONALITIES
