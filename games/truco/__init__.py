"""Truco argentino, registered as a cartas plugin like any third-party game."""

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


TRUCO = GameSummary(
    name="truco", title=mark("Argentine truco"), players=(2, 4, 6), aliases=("truco_argentino", "argentino"),
    options=(
        OptionSummary("players", "2", "2, 4, 6"),
        OptionSummary("points", "30", "15, 30"),
        OptionSummary("third_tie", "mano", "mano, first"),
        OptionSummary("falta_mode", "malas_buenas", "malas_buenas, to_game"),
        OptionSummary("envido_callers", "pies", "pies, all"),
        OptionSummary("flor", "false", "true, false"),
        OptionSummary("pica_pica", "true", "true, false"),
        OptionSummary("senas_caught", "0.0", "float from 0.0 to 1.0"),
    ),
    catalog_module="cartas.games.truco.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about the game, without importing it (a test keeps it equal to the real game's)."""

PERSONALITY_LEVELS = ("prudente", "mentiroso", "jugador")
"""The levels of :mod:`cartas.games.truco.bots.personalities`, named here so listing them imports no bot."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(TRUCO)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    describe("truco", "easy")
    describe("truco", "medium")
    for level in PERSONALITY_LEVELS:
        describe("truco", level)


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import TrucoGame

    register(TrucoGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot
    from .bots.personalities import PERSONALITIES

    register("truco", "easy", EasyBot)
    register("truco", "medium", MediumBot)
    for personality in PERSONALITIES:
        register("truco", personality.level, personality)
