"""The rummy plugin: chinchón and remigio, sharing one meld engine."""

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
    from cartas.games.chinchon.game import ChinchonGame, RemigioGame

    register(ChinchonGame())
    register(RemigioGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from cartas.games.chinchon.bots import EasyBot, MediumBot, RemigioMediumBot
    from cartas.games.chinchon.reading_bot import ReadingBot

    for name, medium in (("chinchon", MediumBot), ("remigio", RemigioMediumBot)):
        register(name, "easy", EasyBot)
        register(name, "medium", medium)
    register("remigio", "hard", ReadingBot)  # the core's hard plays medium's move there (see .reading_bot)
