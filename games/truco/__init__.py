"""Truco argentino, registered as a cartas plugin like any third-party game."""

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
    from cartas.games.truco.game import TrucoGame

    register(TrucoGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from cartas.games.truco.bots import EasyBot, MediumBot

    register("truco", "easy", EasyBot)
    register("truco", "medium", MediumBot)
