"""Mus, registered as a cartas plugin like any third-party game."""

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


MUS = GameSummary(
    name="mus", title=mark("Mus"), players=(4,), aliases=(),
    options=(
        OptionSummary("players", "4", "4"),
        OptionSummary("points", "40", "30, 40"),
        OptionSummary("reyes", "8", "8, 4"),
        OptionSummary("real", "false", "true, false"),
        OptionSummary("games", "1", "1, 3, 5"),
        OptionSummary("senas", "true", "true, false"),
        OptionSummary("senas_caught", "0.1", "float from 0.0 to 1.0"),
    ),
    catalog_module="cartas.games.mus.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about the game, without importing it (a test keeps it equal to the real game's)."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(MUS)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    describe("mus", "easy")
    describe("mus", "medium")


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import MusGame

    register(MusGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot

    register("mus", "easy", EasyBot)
    register("mus", "medium", MediumBot)
