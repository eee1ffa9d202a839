"""Julepe de tres cartas (three-card loo), registered as the game ``tresillo`` with its bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cartas.core.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    from cartas.core.bots.base import BotFactory
    from cartas.core.game import Game

# The game and its bots are imported inside the hooks: loading the plugin (which ``cartas --help`` does, for
# the commands plugins add) must not import the rules engine, pydantic or the bots.


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    from cartas.games.tresillo.game import TresilloGame

    register(TresilloGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from cartas.games.tresillo.bots import EasyBot, MediumBot

    register("tresillo", "easy", EasyBot)
    register("tresillo", "medium", MediumBot)
