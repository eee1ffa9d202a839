"""What ``cartas list`` says about a game, in a form a plugin can state without importing its game.

A game's rules engine, its pydantic options and its bots take most of a second to import, while ``cartas
list`` only needs names, player counts and the options' defaults and allowed values. A plugin may therefore
describe its games and bot levels through the ``describe_games`` and ``describe_bots`` hooks with
:class:`GameSummary` values written out in its package's ``__init__``; :func:`summarize_game` works out the
same summary from the real game, which is what the list falls back on for a plugin that describes nothing, and
what the tests compare each static summary with, so the two cannot drift apart.

This module imports nothing but ``typing``: it is loaded with every plugin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from cartas.core.game import Game


class OptionSummary(NamedTuple):
    """One option as ``cartas list`` shows it: its name, its default and the values it allows, as text."""

    name: str
    default: str
    allowed: str


class GameSummary(NamedTuple):
    """A game as ``cartas list`` shows it, apart from its bot levels (which any plugin may add to)."""

    name: str
    title: str
    players: tuple[int, ...]
    aliases: tuple[str, ...]
    options: tuple[OptionSummary, ...]


def summarize_game(game: Game) -> GameSummary:
    """The summary of the real ``game``, read from its class attributes and its options model."""
    from cartas.core.options import describe_options  # here: it needs pydantic, which a static summary avoids

    return GameSummary(
        name=game.name,
        title=game.title,
        players=tuple(game.player_counts()),
        aliases=tuple(game.aliases),
        options=tuple(OptionSummary(*row) for row in describe_options(game.Options)),
    )
