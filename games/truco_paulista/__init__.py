"""Truco paulista (with truco mineiro's fixed manilhas as an option): the plugin's hook implementations."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core import hookimpl
from cartas.core.bots import BotFactory
from cartas.core.game import Game
from cartas.games.truco_paulista.bots import EasyBot, MediumBot
from cartas.games.truco_paulista.game import PaulistaGame


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    register(PaulistaGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register("truco_paulista", "easy", EasyBot)
    register("truco_paulista", "medium", MediumBot)
