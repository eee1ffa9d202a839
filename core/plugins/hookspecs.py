"""The hook specifications of cartas: what a plugin may provide.

Registration hooks receive a ``register`` callback from the core, which validates what it is given.
Match lifecycle hooks only observe: their return values are ignored, and there is no hook per action,
because random playouts apply millions of actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    import click

    from ..bots.base import BotFactory
    from ..game import Game
    from .summary import GameSummary
    from ..state import Result, State

hookspec = pluggy.HookspecMarker("cartas")
hookimpl = pluggy.HookimplMarker("cartas")

# --- registration -----------------------------------------------------------------------------------


@hookspec
def register_games(register: Callable[[Game], None]) -> None:
    """Register games by calling ``register(game)`` once per :class:`~cartas.core.game.Game` instance.

    :param register: validates the game and adds it; a name or alias already taken raises ``PluginError``.

    One plugin may register several games. The return value is not used.
    """


@hookspec
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    """Register bots by calling ``register(game_name, level, factory)``.

    :param register: takes the game's name (``"*"`` for a bot that plays every game), the level name
        (``"easy"``, ``"medium"``, ``"hard"``...) and a factory ``factory(seed) -> Agent``.

    The return value is not used.
    """


@hookspec
def describe_games(describe: Callable[[GameSummary], None]) -> None:
    """Describe, without importing them, the games ``register_games`` registers: ``describe(summary)`` once each.

    :param describe: takes a :class:`~cartas.core.plugins.summary.GameSummary` (name, title, player counts,
        aliases, options with their defaults and allowed values as ``cartas list`` prints them).

    Optional: it lets ``cartas list`` answer without importing the game. A plugin that implements
    ``register_games`` without it is listed from its real games, more slowly. The return value is not used.
    """


@hookspec
def describe_bots(describe: Callable[[str, str], None]) -> None:
    """Describe, without importing them, the bots ``register_bots`` registers: ``describe(game_name, level)``.

    :param describe: takes the same game name (or ``"*"``) and level as ``register_bots``'s ``register``, in
        the same order.

    Optional, like ``describe_games``. The return value is not used.
    """


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands to the ``cartas`` command line.

    :param cli: the top-level click group; add commands with ``@cli.command()`` or ``cli.add_command``.

    The return value is not used.
    """


# --- match lifecycle (observe only) -----------------------------------------------------------------


@hookspec
def match_started(state: State) -> None:
    """A match run by the match runner (terminal, JSON protocol, arena) has started.

    :param state: the match's first state; do not change it.

    The return value is not used.
    """


@hookspec
def hand_finished(state: State) -> None:
    """A hand of a match has been played out and scored; ``state.hands_played`` counts it.

    :param state: the state right after the hand's last action; do not change it.

    The return value is not used.
    """


@hookspec
def match_finished(state: State, result: Result) -> None:
    """A match has ended.

    :param state: the final state; do not change it.
    :param result: the winners and final scores.

    The return value is not used.
    """
