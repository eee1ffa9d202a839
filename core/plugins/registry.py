"""The registry of loaded games and bots, filled by the registration hooks.

It is the ``register`` callback handed to plugins and the one place where names are claimed: it checks what it
is given and refuses a name that is already taken, so two plugins can never silently shadow each other. The
built-in plugins register first (see :func:`cartas.core.plugins.manager.build_registry`), so a third-party plugin can
take neither a built-in game's name or alias (nor a spelling that normalises to one: ``Chinchón``) nor a
built-in bot level of a built-in game; it is refused by name and the built-in keeps working. A game's name
goes into file names, so it must match :data:`GAME_NAME` before it is used anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import PluginError
from ..folding import fold_text
from ..i18n import FRAMEWORK as _

if TYPE_CHECKING:
    from ..bots.base import BotFactory
    from ..game import Game


GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
"""What a game's name and a bot level look like: lower-case ASCII, digits and ``_``, at most 32 characters."""

LADDER: tuple[str, ...] = ("easy", "medium", "hard", "search")
"""The levels of the strength ladder, weakest first: pickers list them before personalities and ``random``."""


def check_game_name(name: object) -> str:
    """``name`` if it is a safe game name (it becomes part of save file names), else a :class:`PluginError`."""
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name):
        raise PluginError(
            f"the name {str(name)[:40]!r} is not a valid game name: use 1 to 32 lower-case letters, digits or _, "
            "starting with a letter"
        )
    return name


def check_presentation(game: Game, plugin: str) -> None:
    """Refuse a game whose presentation is of a version this cartas does not read: every front end would draw
    it wrong, so it is refused in one line when it registers rather than at the first screen."""
    from .. import __version__
    from ..presentation import PRESENTATION_VERSION, Presentation

    presentation = game.presentation()
    version = getattr(presentation, "version", None)
    if not isinstance(presentation, Presentation) or not isinstance(version, int):
        raise PluginError(f"plugin {plugin or '?'}: {game.name!r}.presentation() gave {presentation!r}, "
                          "not a cartas Presentation")
    if not 1 <= version <= PRESENTATION_VERSION:
        raise PluginError(
            f"plugin {plugin or '?'}: {game.name!r} is drawn by version {version} of the presentation contract; "
            f"cartas {__version__} reads versions 1 to {PRESENTATION_VERSION}; upgrade cartas"
        )


def normalise_name(name: str) -> str:
    """Names match without case, accents or the difference between ``-`` and ``_``: ``Chinchón`` is ``chinchon``."""
    return fold_text(name, spaces="keep").replace("-", "_")


@dataclass
class Registry:
    """Games by name, aliases, bots by game and level, and the plugins that failed to load."""

    games: dict[str, Game] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    bots: dict[str, dict[str, BotFactory]] = field(default_factory=dict)
    game_plugin: dict[str, str] = field(default_factory=dict)
    failures: list[tuple[str, str]] = field(default_factory=list)
    bot_plugin: dict[tuple[str, str], str] = field(default_factory=dict)
    built_in_games: set[str] = field(default_factory=set)
    built_in_levels: set[tuple[str, str]] = field(default_factory=set)

    def add_game(self, game: Game, plugin: str = "", *, built_in: bool = False) -> None:
        """Claim ``game``'s name and aliases for ``plugin``; nothing is registered if any of them is refused."""
        from ..game import Game  # here: the game contract is not needed until a game registers

        if not isinstance(game, Game):
            raise PluginError(f"plugin {plugin or '?'} registered {game!r}, which is not a cartas Game")
        names = (game.name, *game.aliases)
        for name in names:
            if not isinstance(name, str) or not normalise_name(name):
                raise PluginError(f"plugin {plugin or '?'} registers an empty or non-text game name {name!r}")
            key = normalise_name(name)
            if key in self.games or key in self.aliases:
                owner = self.aliases.get(key, key)
                kind = "the built-in game " if owner in self.built_in_games else ""
                raise PluginError(
                    f"plugin {plugin or '?'} registers the game name {name!r}, already taken by {kind}"
                    f"{owner!r} from plugin {self.game_plugin.get(owner, '?')}"
                )
        check_game_name(game.name)
        check_presentation(game, plugin)
        self.games[game.name] = game
        self.game_plugin[game.name] = plugin
        if built_in:
            self.built_in_games.add(game.name)
        for alias in game.aliases:
            self.aliases[normalise_name(alias)] = game.name

    def add_bot(self, game_name: str, level: str, factory: BotFactory, plugin: str = "", *, built_in: bool = False) -> None:
        """Claim a bot level for a game (or ``"*"``, every game) for ``plugin``.

        A level is never replaced: the same level for the same game twice is refused, and so is a third-party
        level that would hide a built-in one for a built-in game (its own level, or one for every game).
        """
        if not callable(factory):
            raise PluginError(f"bot {level!r} for {game_name!r} is not callable")
        if not isinstance(level, str) or not GAME_NAME.fullmatch(level):
            raise PluginError(
                f"plugin {plugin or '?'} registers the bot level {str(level)[:40]!r}: use 1 to 32 lower-case "
                "letters, digits or _, starting with a letter"
            )
        owner = self.bot_plugin.get((game_name, level))
        if level in self.bots.get(game_name, {}):
            raise PluginError(
                f"plugin {plugin or '?'} registers the bot {level!r} for {game_name!r}, already registered by "
                f"plugin {owner or '?'}"
            )
        if not built_in and (game_name in self.built_in_games or game_name == "*"):
            hidden = next(
                (scope for scope in (game_name, "*") if (scope, level) in self.built_in_levels), None
            )
            if hidden is not None:
                raise PluginError(
                    f"plugin {plugin or '?'} registers the bot {level!r} for {game_name!r}, which would replace "
                    f"the built-in {level!r} of plugin {self.bot_plugin.get((hidden, level), '?')}"
                )
        self.bots.setdefault(game_name, {})[level] = factory
        self.bot_plugin[(game_name, level)] = plugin
        if built_in:
            self.built_in_levels.add((game_name, level))

    def game(self, name: str) -> Game:
        """The game called ``name`` or one of its aliases; the error lists the games there are."""
        key = normalise_name(name)
        key = self.aliases.get(key, key)
        if key not in self.games:
            raise PluginError(_("no game called {name}; games: {games}", name=repr(name),
                                games=", ".join(sorted(self.games)) or _("none loaded")))
        return self.games[key]

    def bot_levels(self, game_name: str) -> list[str]:
        """Bot levels that can play ``game_name``, in the order a picker lists them: the strength ladder
        (:data:`LADDER`: easy, medium, hard, search) first, then the game's other levels (its personalities, a
        plugin's own) in the order they were registered, then those that play every game, ``random`` last.

        A person choosing an opponent reads the ladder top to bottom; registration order had put the
        personalities between ``medium`` and ``hard`` and ``random`` before ``hard``."""
        own = list(self.bots.get(game_name, {}))
        found = own + [level for level in self.bots.get("*", {}) if level not in own]
        ladder = [level for level in LADDER if level in found]
        rest = [level for level in found if level not in LADDER and level != "random"]
        return ladder + rest + (["random"] if "random" in found else [])

    def level_label(self, game_name: str, level: str) -> str:
        """``level`` as people read it for ``game_name``: a personality's title with its measured strength ("El
        Mentiroso · 46% vs medio"), else the level's name in the language spoken
        (:func:`cartas.core.bots.personality.level_label`)."""
        from ..bots.personality import level_label

        return level_label(self.bot(game_name, level), level)

    def bot(self, game_name: str, level: str) -> BotFactory:
        """The factory of a bot level for a game; the error lists the levels there are."""
        for scope in (game_name, "*"):
            factory = self.bots.get(scope, {}).get(level)
            if factory is not None:
                return factory
        raise PluginError(_("no bot {level} for {game}; levels: {levels}", level=repr(level), game=game_name,
                             levels=", ".join(self.bot_levels(game_name))))
