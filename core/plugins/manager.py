"""Loading plugins: the core's own default plugins and every package in the ``cartas`` entry-point group.

Loading is lazy and happens once. A plugin that fails to import, or whose hook raises, is recorded with its
name in ``Registry.failures`` and the others still load. The built-in games are ordinary entry points of the
``cartas`` package itself, so nothing in the core knows them.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable
from functools import partial
from importlib import metadata
from types import ModuleType
from typing import Any

import pluggy

from . import hookspecs
from ..errors import PluginError
from .registry import Registry

ENTRY_POINT_GROUP = "cartas"
PLUGINS_ENV = "CARTAS_PLUGINS"
"""Comma-separated module names loaded as extra plugins, to try a plugin without installing it."""
DEFAULT_PLUGINS: tuple[str, ...] = ("cartas.core.bots.random_bot", "cartas.core.bots.search_bot")
DEFAULT_PLUGIN_HOOKS: dict[str, tuple[str, ...]] = {
    "cartas.core.bots.random_bot": ("register_bots",),
    "cartas.core.bots.search_bot": ("register_bots",),
}
"""The registration hooks each default plugin implements (a test keeps this the same as the modules)."""
DEFAULT_PLUGIN_BOTS: dict[str, tuple[tuple[str, str], ...]] = {
    "cartas.core.bots.random_bot": (("*", "random"),),
    "cartas.core.bots.search_bot": (("*", "hard"), ("*", "search")),
}
"""The ``(game, level)`` pairs each default plugin's ``register_bots`` registers, in order, which its stand-in
describes without importing it (a test keeps this the same as the modules)."""


def deferred_plugin(name: str) -> ModuleType:
    """A stand-in for the default plugin module ``name`` that imports it only when one of its hooks is called.

    The default plugins are the core's bots, which import the search, the game contract and pydantic; loading
    the plugins happens on every ``cartas`` run (``--help`` lists the commands plugins add), while the bots are
    wanted only once a registry is built. The stand-in is a module of the same name, so it is listed, ordered
    and trusted as a built-in exactly like the module itself.
    """
    stand_in = ModuleType(name)
    for hook in DEFAULT_PLUGIN_HOOKS[name]:
        setattr(stand_in, hook, _deferred_hook(name, hook))
    setattr(stand_in, "describe_bots", _describing_hook(DEFAULT_PLUGIN_BOTS[name]))
    return stand_in


def _describing_hook(levels: tuple[tuple[str, str], ...]) -> Callable[..., None]:
    def describe_bots(describe: Callable[[str, str], None]) -> None:
        for game_name, level in levels:
            describe(game_name, level)

    return hookspecs.hookimpl(describe_bots)


def _deferred_hook(module: str, hook: str) -> Callable[..., Any]:
    def call(register: Callable[..., None]) -> Any:
        return getattr(importlib.import_module(module), hook)(register=register)

    call.__name__ = hook
    return hookspecs.hookimpl(call)


def make_plugin_manager(
    entry_points: Iterable[metadata.EntryPoint] | None = None,
    extra: Iterable[tuple[str, ModuleType | object]] = (),
) -> tuple[pluggy.PluginManager, list[tuple[str, str]]]:
    """A plugin manager with the default plugins, the entry points (installed ones unless given) and ``extra``.

    Returns the manager and the ``(plugin, error)`` pairs of plugins that could not be loaded.
    """
    pm = pluggy.PluginManager("cartas")
    pm.add_hookspecs(hookspecs)
    failures: list[tuple[str, str]] = []
    for name in DEFAULT_PLUGINS:
        pm.register(deferred_plugin(name), name=name)
    points = metadata.entry_points(group=ENTRY_POINT_GROUP) if entry_points is None else entry_points
    for point in points:
        try:
            pm.register(point.load(), name=point.name)
        except Exception as error:  # a broken plugin must not stop the others
            failures.append((point.name, f"failed to load: {type(error).__name__}: {error}"))
    for name, plugin in extra:
        pm.register(plugin, name=name)
    # check_pending stops at the first plugin with an unknown hook: repeat until every such plugin is reported.
    while True:
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as error:
            failures.append((pm.get_name(error.plugin) or "?", f"unknown hook: {error}"))
            pm.unregister(error.plugin)
        else:
            return pm, failures


def extra_plugins() -> tuple[list[tuple[str, Any]], list[tuple[str, str]]]:
    """The modules named in ``$CARTAS_PLUGINS``, and the failures of those that do not import."""
    loaded: list[tuple[str, Any]] = []
    failures: list[tuple[str, str]] = []
    for name in filter(None, (part.strip() for part in os.environ.get(PLUGINS_ENV, "").split(","))):
        try:
            loaded.append((name, importlib.import_module(name)))
        except Exception as error:  # a broken plugin is reported by name, the rest still load
            failures.append((name, f"failed to load: {type(error).__name__}: {error}"))
    return loaded, failures


def load_plugins() -> tuple[pluggy.PluginManager, list[tuple[str, str]]]:
    """A plugin manager with every plugin this process may use: the installed ones and ``$CARTAS_PLUGINS``'s.

    Returns the manager and the failures of the plugins that could not be loaded. Every front end (the
    terminal, the server, the arena's and the server's worker processes) loads its plugins through here.
    """
    extra, failures = extra_plugins()
    pm, loaded = make_plugin_manager(extra=extra)
    return pm, failures + loaded


def installed_registry() -> Registry:
    """The registry of the plugins :func:`load_plugins` loads."""
    return build_registry(*load_plugins())


_installed_hooks: list[Any] = []


def installed_hooks() -> Any:
    """The lifecycle hooks of the plugins :func:`load_plugins` loads, loaded once per process (a worker process
    of the arena fires them for the matches it plays)."""
    if not _installed_hooks:
        _installed_hooks.append(load_plugins()[0].hook)
    return _installed_hooks[0]


BUILT_IN_PACKAGES = ("cartas.core.", "cartas.games.")
"""Where cartas' own plugins live: the core's default plugins and the games shipped with it."""


def is_built_in(plugin: object) -> bool:
    """Whether ``plugin`` is one of cartas' own modules, which claim their names before any third party."""
    return isinstance(plugin, ModuleType) and plugin.__name__.startswith(BUILT_IN_PACKAGES)


def build_registry(pm: pluggy.PluginManager, failures: list[tuple[str, str]]) -> Registry:
    """Call each plugin's registration hooks in turn, built-in plugins first, whatever order they loaded in.

    Each name a plugin registers is accepted or refused on its own: a refused name is reported in
    ``Registry.failures`` under the plugin's name, and the plugin's other games and bots still register.
    """
    registry = Registry(failures=list(failures))
    for impl in built_in_first(pm.hook.register_games.get_hookimpls()):
        built_in = is_built_in(impl.plugin)
        _call(registry, impl, _reporting(registry, impl.plugin_name, partial(
            registry.add_game, plugin=impl.plugin_name, built_in=built_in
        )))
    for impl in built_in_first(pm.hook.register_bots.get_hookimpls()):
        built_in = is_built_in(impl.plugin)
        _call(registry, impl, _reporting(registry, impl.plugin_name, partial(
            registry.add_bot, plugin=impl.plugin_name, built_in=built_in
        )))
    return registry


def built_in_first(impls: list[Any]) -> list[Any]:
    """Hook implementations in the order their plugins were registered, cartas' own first."""
    return sorted(impls, key=lambda impl: not is_built_in(impl.plugin))


def _reporting(registry: Registry, plugin: str, register: Callable[..., None]) -> Callable[..., None]:
    """``register``, with a refused name recorded as the plugin's failure instead of ending its hook."""

    def call(*args: Any) -> None:
        try:
            register(*args)
        except PluginError as error:
            registry.failures.append((plugin, f"{type(error).__name__}: {error}"))

    return call


def _call(registry: Registry, impl: Any, register: Any) -> None:
    try:
        impl.function(register=register)
    except Exception as error:
        registry.failures.append((impl.plugin_name, f"{type(error).__name__}: {error}"))


_state: dict[str, Any] = {}


def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager, loaded on first use."""
    if "pm" not in _state:
        _state["pm"], _state["failures"] = make_plugin_manager()
    pm: pluggy.PluginManager = _state["pm"]
    return pm


def get_registry() -> Registry:
    """The process-wide registry of games and bots, built on first use."""
    if "registry" not in _state:
        pm = get_plugin_manager()
        _state["registry"] = build_registry(pm, _state["failures"])
    registry: Registry = _state["registry"]
    return registry


def plugin_list(pm: pluggy.PluginManager | None = None) -> list[dict[str, Any]]:
    """Every plugin loaded in ``pm`` (the process-wide one by default) with its hooks and version.

    Versions are read from the installed distributions: an entry point's own, the core's plugins that of
    cartas; a plugin registered by hand (tests) has none.
    """
    pm = get_plugin_manager() if pm is None else pm
    versions = _versions()
    rows = []
    for name, plugin in pm.list_name_plugin():
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or [])
        rows.append({"name": name, "hooks": hooks, "version": versions.get(name)})
    return rows


def _versions() -> dict[str, str]:
    """The version of each plugin that comes from an installed distribution, by plugin name."""
    versions = {
        point.name: point.dist.version
        for point in metadata.entry_points(group=ENTRY_POINT_GROUP)
        if point.dist is not None
    }
    try:
        own = metadata.version("cartas")
    except metadata.PackageNotFoundError:
        return versions
    return {**versions, **dict.fromkeys(DEFAULT_PLUGINS, own)}
