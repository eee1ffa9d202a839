"""Plugins made up by the tests: a plugin object that registers the games or the bots it is given."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core import BotFactory, Game, hookimpl


class GamesPlugin:
    def __init__(self, *games: Game) -> None:
        self.games = games

    @hookimpl
    def register_games(self, register: Callable[[Game], None]) -> None:
        for game in self.games:
            register(game)


class BotsPlugin:
    def __init__(self, *bots: tuple[str, str, BotFactory]) -> None:
        self.bots = bots

    @hookimpl
    def register_bots(self, register: Callable[[str, str, BotFactory], None]) -> None:
        for game_name, level, factory in self.bots:
            register(game_name, level, factory)
