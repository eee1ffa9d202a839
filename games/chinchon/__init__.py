"""The rummy plugin: chinchón and remigio, sharing one meld engine."""

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


CHINCHON = GameSummary(
    name="chinchon", title=mark("Chinchón"), players=(2, 3, 4, 5, 6, 7, 8), aliases=("chinchón",),
    options=(
        OptionSummary("players", "2", "2, 3, 4, 5, 6, 7, 8"),
        OptionSummary("deck", "50", "40, 48, 50"),
        OptionSummary("max_cut", "5", "int from 0 to 20"),
        OptionSummary("figures_ten", "false", "true, false"),
        OptionSummary("points", "100", "int from 10 to 500"),
        OptionSummary("eliminate_at_limit", "false", "true, false"),
        OptionSummary("reenganche", "false", "true, false"),
        OptionSummary("max_turns", "100", "int from 1 to 1000"),
    ),
    catalog_module="cartas.games.chinchon.i18n",  # translates the title (imported only to show it)
)
REMIGIO = GameSummary(
    name="remigio", title=mark("Remigio"), players=(2, 3, 4, 5, 6, 7, 8, 9, 10), aliases=(),
    options=(
        OptionSummary("players", "2", "2, 3, 4, 5, 6, 7, 8, 9, 10"),
        OptionSummary("points", "300", "int from 1 to 1000"),
        OptionSummary("max_turns", "100", "int from 1 to 1000"),
    ),
    catalog_module="cartas.games.chinchon.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about each game, without importing them (a test keeps them equal to the real games')."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(CHINCHON)
    describe(REMIGIO)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    for name in ("chinchon", "remigio"):
        describe(name, "easy")
        describe(name, "medium")
        describe(name, "search")  # the core's ISMCTS on a budget that answers in time (see .search_level)
    describe("chinchon", "hard")  # the core's rollouts over a narrower shortlist (see .search_level)
    describe("remigio", "hard")  # the core's, playing medium's move there (see register_bots)


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import ChinchonGame, RemigioGame

    register(ChinchonGame())
    register(RemigioGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot, RemigioMediumBot
    from .bots.search import ChinchonHardBot, RummySearchBot

    for name, medium in (("chinchon", MediumBot), ("remigio", RemigioMediumBot)):
        register(name, "easy", EasyBot)
        register(name, "medium", medium)
        register(name, "search", RummySearchBot)
    register("chinchon", "hard", ChinchonHardBot)
    # remigio's hard is the core's, which plays medium's move there (RemigioMediumBot.rollout_samples = 0): a round
    # played out by medium costs too much for rollouts to answer in time
