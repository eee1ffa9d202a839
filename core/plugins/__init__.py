"""The plugin machinery: the hooks a plugin may implement, the manager that loads plugins, and the registry
of the games and bots they add.

This module is the public surface for plugins and the tools that list them (docs/api.md): the ``hookimpl``
marker, the registry of the games and bots every installed plugin adds (:func:`get_registry`), and the
summaries ``cartas list`` shows. The names load on first use (:mod:`cartas.core.exports`): the manager
imports pluggy and every plugin's entry point, which ``cartas --help`` must not pay for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..exports import LazyExports

if TYPE_CHECKING:
    from .hookspecs import hookimpl
    from .manager import get_registry
    from .registry import Registry
    from .summary import GameSummary, OptionSummary, summarize_game

_EXPORTS = LazyExports(__name__, {
    "cartas.core.plugins.hookspecs": ("hookimpl",),
    "cartas.core.plugins.manager": ("get_registry",),
    "cartas.core.plugins.registry": ("Registry",),
    "cartas.core.plugins.summary": ("GameSummary", "OptionSummary", "summarize_game"),
})

__all__ = ["GameSummary", "OptionSummary", "Registry", "get_registry", "hookimpl", "summarize_game"]


def __getattr__(name: str) -> Any:
    """Import a re-exported name's module the first time the name is asked for."""
    return _EXPORTS.attribute(name, globals())


def __dir__() -> list[str]:
    return _EXPORTS.names(globals())
