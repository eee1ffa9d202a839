"""Siete y medio, a cartas game plugin installed from its own package (the ``cartas`` entry-point group)."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core import BotFactory, Game, hookimpl

from .bots import EasyBot
from .game import SieteYMedio


@hookimpl
def register_games(register: Callable[[Game], None]) -> None:
    register(SieteYMedio())


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register(SieteYMedio.name, "easy", EasyBot)
