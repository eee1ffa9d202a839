"""What every command shares: the plugins and registry (loaded lazily, or injected by tests) and the data folder.

Commands reach it through ``click.get_current_context().obj``; nothing here is global, so a test builds a
command line over its own registry and its own temporary data folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from cartas.core.errors import PluginError
from cartas.core.home import data_home as data_home  # the data folder is the core's; its old home
from cartas.core.plugins.manager import PLUGINS_ENV as PLUGINS_ENV, extra_plugins as extra_plugins  # their old home
from cartas.core.plugins.manager import build_registry, load_plugins, plugin_list

if TYPE_CHECKING:
    import pluggy

    from cartas.core.game import Game
    from cartas.core.plugins.listing import ListedGame
    from cartas.core.plugins.registry import Registry


@dataclass
class App:
    """The plugin manager and registry of one command-line run."""

    _pm: pluggy.PluginManager | None = None
    _registry: Registry | None = None
    _failures: list[tuple[str, str]] = field(default_factory=list)

    @property
    def pm(self) -> pluggy.PluginManager | None:
        """The plugin manager, loaded on first use; ``None`` when a test injected only a registry."""
        if self._pm is None and self._registry is None:
            self._pm, self._failures = load_plugins()
        return self._pm

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            pm = self.pm
            assert pm is not None
            self._registry = build_registry(pm, self._failures)
        return self._registry

    @property
    def hooks(self) -> Any:
        """The match lifecycle hooks to call, if plugins are loaded."""
        pm = self.pm
        return None if pm is None else pm.hook

    def game(self, name: str) -> Game:
        try:
            return self.registry.game(name)
        except PluginError as error:
            raise click.UsageError(str(error)) from None

    def listed_games(self) -> list[ListedGame]:
        """The games for ``cartas list``: from the plugins' descriptions when every plugin describes what it
        registers (no game is imported), else from the registry (a test's own registry always)."""
        from cartas.core.plugins.listing import described_games, registered_games

        if self._registry is None and self.pm is not None:
            described = described_games(self.pm)
            if described is not None:
                return described
        return registered_games(self.registry)

    def plugin_rows(self) -> list[dict[str, Any]]:
        """Every loaded plugin with its hooks and version (none when no plugin manager was given)."""
        return [] if self.pm is None else plugin_list(self.pm)


def current_app() -> App:
    app = click.get_current_context().find_object(App)
    assert app is not None, "commands run under make_cli(), which sets the App"
    return app
