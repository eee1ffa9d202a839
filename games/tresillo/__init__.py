"""Julepe de tres cartas (three-card loo), registered as the game ``tresillo`` with its bots."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core import hookimpl
from cartas.core.bots import BotFactory
from cartas.core.game import Game
from cartas.games.tresillo.bots import EasyBot, MediumBot
from cartas.games.tresillo.game import TresilloGame


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    register(TresilloGame())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register("tresillo", "easy", EasyBot)
    register("tresillo", "medium", MediumBot)
