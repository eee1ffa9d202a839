"""The installed games with their bot levels, as ``cartas list`` shows them, read cheaply when plugins allow it.

:func:`described_games` builds the list from the plugins' ``describe_games`` and ``describe_bots`` hooks,
which import no game, so the list starts about as fast as ``cartas --help``. It gives up (returns ``None``)
whenever the descriptions cannot be trusted to say what the registry would: a plugin that registers games or
bots without describing them, a description hook that raises, or a name the registry would refuse. The caller
then lists :func:`registered_games`, from the real registry, where the registry's own rules decide.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import PluginError
from .manager import built_in_first, is_built_in
from .registry import Registry, check_game_name, normalise_name
from .summary import GameSummary, summarize_game

if TYPE_CHECKING:
    import pluggy


class ListedGame(NamedTuple):
    """One line group of ``cartas list``: the game's summary and the bot levels that can play it."""

    summary: GameSummary
    bots: tuple[str, ...]


def registered_games(registry: Registry) -> list[ListedGame]:
    """Every game of ``registry``, by name, summarised from the real game (imports every game)."""
    return [
        ListedGame(summarize_game(game), tuple(registry.bot_levels(name)))
        for name, game in sorted(registry.games.items())
    ]


def described_games(pm: pluggy.PluginManager) -> list[ListedGame] | None:
    """Every game the plugins of ``pm`` describe, by name, or ``None`` when only the registry can say.

    The descriptions are taken in the registry's order (cartas' own plugins first) and checked with its
    rules, so the bot levels come out in the same order and a name the registry would refuse sends the
    caller to the registry instead of being listed.
    """
    hooks = pm.hook
    pairs = ((hooks.register_games, hooks.describe_games), (hooks.register_bots, hooks.describe_bots))
    for registers, describes in pairs:
        describing = {impl.plugin for impl in describes.get_hookimpls()}
        if any(impl.plugin not in describing for impl in registers.get_hookimpls()):
            return None
    games: dict[str, GameSummary] = {}
    taken: set[str] = set()
    levels = Registry()
    try:
        for impl in built_in_first(hooks.describe_games.get_hookimpls()):
            impl.function(describe=partial(_claim_game, games, taken))
        for impl in built_in_first(hooks.describe_bots.get_hookimpls()):
            impl.function(describe=partial(_claim_level, levels, impl.plugin_name, is_built_in(impl.plugin)))
    except Exception:  # a refused name or a broken hook: the registry reports it, the list follows it
        return None
    return [ListedGame(games[name], tuple(levels.bot_levels(name))) for name in sorted(games)]


def _claim_game(games: dict[str, GameSummary], taken: set[str], summary: GameSummary) -> None:
    """Take ``summary``'s name and aliases as :meth:`Registry.add_game` would, or raise ``PluginError``."""
    if not isinstance(summary, GameSummary):
        raise PluginError(f"{summary!r} is not a GameSummary")
    keys = {normalise_name(name) if isinstance(name, str) else "" for name in (summary.name, *summary.aliases)}
    if "" in keys or taken.intersection(keys):
        raise PluginError(f"the game {summary.name!r} claims a name that is empty or taken")
    check_game_name(summary.name)
    taken.update(keys)
    games[summary.name] = summary


def _claim_level(levels: Registry, plugin: str, built_in: bool, game_name: str, level: str) -> None:
    """Take a bot level as :meth:`Registry.add_bot` would (it is the same method), or raise ``PluginError``."""
    levels.add_bot(game_name, level, _no_factory, plugin, built_in=built_in)


def _no_factory(seed: int) -> Any:
    """The factory a described level is checked with: the list never builds a bot."""
    raise NotImplementedError
