"""The escoba de quince, registered as the game ``escoba`` with its bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cartas.core.i18n import mark
from cartas.core.plugins import GameSummary, OptionSummary, hookimpl

if TYPE_CHECKING:
    from cartas.core import Game
    from cartas.core.bots import BotFactory

# The game and its bots are imported inside the hooks: loading the plugin (which ``cartas --help`` does, for
# the commands plugins add) must not import the rules engine, pydantic or the bots.


ESCOBA = GameSummary(
    name="escoba", title=mark("Escoba (escoba de quince)"), players=(2, 3, 4),
    aliases=("escoba_de_quince",),
    options=(
        OptionSummary("players", "2", "2, 3, 4"),
        OptionSummary("points", "21", "15, 21, 31"),
        OptionSummary("sietes", "most", "most, primera"),
        OptionSummary("all_sietes", "false", "true, false"),
        OptionSummary("all_oros", "false", "true, false"),
        OptionSummary("must_capture", "false", "true, false"),
    ),
    catalog_module="cartas.games.escoba.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about the game, without importing it (a test keeps it equal to the real game's)."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(ESCOBA)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    describe("escoba", "easy")
    describe("escoba", "medium")


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import EscobaGame

    register(EscobaGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot

    register("escoba", "easy", EasyBot)
    register("escoba", "medium", MediumBot)
