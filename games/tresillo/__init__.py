"""Julepe de tres cartas (three-card loo), registered as the game ``tresillo`` with its bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cartas.core.i18n import mark
from cartas.core.plugins import GameSummary, OptionSummary, hookimpl

if TYPE_CHECKING:
    from cartas.core.bots import BotFactory
    from cartas.core import Game

# The game and its bots are imported inside the hooks: loading the plugin (which ``cartas --help`` does, for
# the commands plugins add) must not import the rules engine, pydantic or the bots.


TRESILLO = GameSummary(
    name="tresillo", title=mark("Three-card julepe (tresillo)"), players=(3, 4, 5, 6, 7, 8),
    aliases=("julepe",),
    options=(
        OptionSummary("players", "4", "3, 4, 5, 6, 7, 8"),
        OptionSummary("stake", "3", "int from 1 to 1000"),
        OptionSummary("chips", "100", "int from 1 to 1000000"),
        OptionSummary("deals", "20", "int from 1 to 200"),
        OptionSummary("ciega", "choice", "never, choice, always"),
        OptionSummary("rebuy", "false", "true, false"),
    ),
    catalog_module="cartas.games.tresillo.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about the game, without importing it (a test keeps it equal to the real game's)."""

PERSONALITY_LEVELS = ("prudente", "jugador", "ciego")
"""The levels of :mod:`cartas.games.tresillo.bots.personalities`, named here so listing them imports no bot."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(TRESILLO)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    describe("tresillo", "easy")
    describe("tresillo", "medium")
    for level in PERSONALITY_LEVELS:
        describe("tresillo", level)


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import TresilloGame

    register(TresilloGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot
    from .bots.personalities import PERSONALITIES

    register("tresillo", "easy", EasyBot)
    register("tresillo", "medium", MediumBot)
    for personality in PERSONALITIES:
        register("tresillo", personality.level, personality)
