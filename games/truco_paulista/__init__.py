"""Truco paulista (with truco mineiro's fixed manilhas as an option): the plugin's hook implementations."""

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


PAULISTA = GameSummary(
    name="truco_paulista", title=mark("Truco paulista"), players=(2, 4), aliases=("paulista",),
    options=(
        OptionSummary("players", "2", "2, 4"),
        OptionSummary("manilhas", "vira", "vira, fixas"),
        OptionSummary("no_useless_raise", "false", "true, false"),
        OptionSummary("mao_de_ferro_blind", "false", "true, false"),
        OptionSummary("deck", "french", "french, spanish"),
    ),
    catalog_module="cartas.games.truco_paulista.i18n",  # translates the title (imported only to show it)
)
"""What ``cartas list`` says about the game, without importing it (a test keeps it equal to the real game's)."""

PERSONALITY_LEVELS = ("cauteloso", "blefador", "apostador")
"""The levels of :mod:`cartas.games.truco_paulista.bots.personalities`, named here so listing them imports no bot."""


@hookimpl
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    describe(PAULISTA)


@hookimpl
def describe_bots(describe: Callable[[str, str], None]) -> None:
    describe("truco_paulista", "easy")
    describe("truco_paulista", "medium")
    for level in PERSONALITY_LEVELS:
        describe("truco_paulista", level)


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from .game import PaulistaGame

    register(PaulistaGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from .bots import EasyBot, MediumBot
    from .bots.personalities import PERSONALITIES

    register("truco_paulista", "easy", EasyBot)
    register("truco_paulista", "medium", MediumBot)
    for personality in PERSONALITIES:
        register("truco_paulista", personality.level, personality)
