"""The registry of loaded games and bots, filled by the registration hooks.

It is the ``register`` callback handed to plugins: it checks what it is given and refuses a name that is
already taken, so two plugins can never silently shadow each other.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from cartas.core.bots import BotFactory
from cartas.core.errors import PluginError
from cartas.core.game import Game


def normalise_name(name: str) -> str:
    """Names match without case, accents or the difference between ``-`` and ``_``: ``Chinchón`` is ``chinchon``."""
    folded = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(c for c in folded if not unicodedata.combining(c)).replace("-", "_")


@dataclass
class Registry:
    """Games by name, aliases, bots by game and level, and the plugins that failed to load."""

    games: dict[str, Game] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    bots: dict[str, dict[str, BotFactory]] = field(default_factory=dict)
    game_plugin: dict[str, str] = field(default_factory=dict)
    failures: list[tuple[str, str]] = field(default_factory=list)

    def add_game(self, game: Game, plugin: str = "") -> None:
        if not isinstance(game, Game):
            raise PluginError(f"plugin {plugin or '?'} registered {game!r}, which is not a cartas Game")
        for name in (game.name, *game.aliases):
            key = normalise_name(name)
            if key in self.games or key in self.aliases:
                owner = self.aliases.get(key, key)
                raise PluginError(
                    f"plugin {plugin or '?'} registers the game name {name!r}, already taken by "
                    f"{owner!r} from plugin {self.game_plugin.get(owner, '?')}"
                )
        self.games[game.name] = game
        self.game_plugin[game.name] = plugin
        for alias in game.aliases:
            self.aliases[normalise_name(alias)] = game.name

    def add_bot(self, game_name: str, level: str, factory: BotFactory) -> None:
        if not callable(factory):
            raise PluginError(f"bot {level!r} for {game_name!r} is not callable")
        self.bots.setdefault(game_name, {})[level] = factory

    def game(self, name: str) -> Game:
        """The game called ``name`` or one of its aliases; the error lists the games there are."""
        key = normalise_name(name)
        key = self.aliases.get(key, key)
        if key not in self.games:
            raise PluginError(f"no game called {name!r}; games: {', '.join(sorted(self.games)) or 'none loaded'}")
        return self.games[key]

    def bot_levels(self, game_name: str) -> list[str]:
        """Bot levels that can play ``game_name``: its own, then those that play every game."""
        own = list(self.bots.get(game_name, {}))
        return own + [level for level in self.bots.get("*", {}) if level not in own]

    def bot(self, game_name: str, level: str) -> BotFactory:
        """The factory of a bot level for a game; the error lists the levels there are."""
        for scope in (game_name, "*"):
            factory = self.bots.get(scope, {}).get(level)
            if factory is not None:
                return factory
        raise PluginError(f"no bot {level!r} for {game_name}; levels: {', '.join(self.bot_levels(game_name))}")
