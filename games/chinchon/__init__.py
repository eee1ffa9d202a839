"""The rummy plugin: chinchón and remigio, sharing one meld engine."""

from collections.abc import Callable

from cartas.core import hookimpl
from cartas.games.chinchon.bots import EasyBot, MediumBot, RemigioMediumBot
from cartas.games.chinchon.game import ChinchonGame, RemigioGame


@hookimpl
def register_games(register: Callable[..., None]) -> None:
    register(ChinchonGame())
    register(RemigioGame())


@hookimpl
def register_bots(register: Callable[..., None]) -> None:
    for name, medium in (("chinchon", MediumBot), ("remigio", RemigioMediumBot)):
        register(name, "easy", EasyBot)
        register(name, "medium", medium)
