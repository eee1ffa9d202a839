"""Truco paulista (with truco mineiro's fixed manilhas as an option): the plugin's hook implementations."""

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
    from cartas.games.truco_paulista.game import PaulistaGame

    register(PaulistaGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    from cartas.games.truco_paulista.bots import EasyBot, MediumBot

    register("truco_paulista", "easy", EasyBot)
    register("truco_paulista", "medium", MediumBot)
