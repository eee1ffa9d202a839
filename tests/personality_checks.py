"""What the personality tests of truco, truco paulista and julepe share (``tests/*/test_personalities.py``): the
personalities' titles in each language a table may speak, and how many bot seeds make one choice. Importable
from every test folder, as ``rival_reading`` is (the root ``conftest.py`` puts ``tests/`` on the path)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cartas.core.bots.base import SeatView
from cartas.core.state import State
from cartas.core.i18n import speaking

LANGUAGES = ("es", "es-AR", "pt-BR", "en")
"""The languages every game's personalities are titled in (Spanish for both Spanish tables, Portuguese, English)."""

SEEDS = range(60)
"""The bot seeds a choice is counted over."""


def titles_by_language(personalities: Iterable[Any]) -> dict[str, list[str]]:
    """Each personality's title, in order, per language of :data:`LANGUAGES`."""
    titles = {}
    for language in LANGUAGES:
        with speaking(language):
            titles[language] = [p.title() for p in personalities]
    return titles


def count(bot: Callable[[int], Any], state: State, said: Callable[[str], bool]) -> int:
    """How many of the 60 bot seeds choose what ``said`` recognises, at seat 0."""
    view = SeatView(state, 0)
    return sum(said(str(bot(seed).choose(view))) for seed in SEEDS)
