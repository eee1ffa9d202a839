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
    from ..game import Game


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
    catalog_module: str | None = None
    """The module whose ``_`` is the game's gettext domain (``"cartas.games.truco.i18n"``), which translates
    the title; None: the framework's only. It is imported only when a title is shown."""

    def title_text(self) -> str:
        """The title in the language being spoken, as :meth:`cartas.core.game.Game.title_text` says it."""
        import importlib

        from ..i18n.catalog import FRAMEWORK, Catalog

        module = None if self.catalog_module is None else importlib.import_module(self.catalog_module)
        catalog = getattr(module, "_", None)
        text = catalog(self.title) if isinstance(catalog, Catalog) else self.title
        return FRAMEWORK(self.title) if text == self.title else text


def summarize_game(game: Game) -> GameSummary:
    """The summary of the real ``game``, read from its class attributes and its options model."""
    from ..options import describe_options  # here: it needs pydantic, which a static summary avoids

    return GameSummary(
        name=game.name,
        title=game.title,
        players=tuple(game.player_counts()),
        aliases=tuple(game.aliases),
        options=tuple(OptionSummary(*row) for row in describe_options(game.Options)),
        catalog_module=catalog_module(game),
    )


def catalog_module(game: Game) -> str | None:
    """The module of ``game``'s own catalog (its package's ``i18n``), or None when it speaks the framework's."""
    from ..i18n.catalog import FRAMEWORK

    return None if game.catalog is FRAMEWORK else f"{type(game).__module__.rpartition('.')[0]}.i18n"
