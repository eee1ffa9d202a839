"""How a public module of cartas offers its names: loaded on first use, and kept at an old home for a while.

A public module (``cartas.core``, ``cartas.core.bots``, ``cartas.core.plugins``) lists its names with the
submodule each one lives in, and answers for them through PEP 562's module ``__getattr__``: importing
``cartas.core`` must not pull pydantic and the whole game contract into ``cartas --help``, which needs none of
them. The same hook keeps a name that moved working at its old home: it still answers, with a
``DeprecationWarning`` naming the new home, for at least one minor release (docs/api.md, CHANGELOG.md).
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any


class LazyExports:
    """The names of one public module: where each lives, and which ones moved away and where to."""

    def __init__(
        self,
        module: str,
        homes: Mapping[str, Iterable[str]],
        moved: Mapping[str, str] | None = None,
    ) -> None:
        """``homes`` maps a module (absolute, ``cartas.core.cards``) to the names it gives this one; ``moved``
        maps an old name of this module to its new home, written ``"package.module:name"``."""
        self.module = module
        self.home_of = {name: home for home, names in homes.items() for name in names}
        self.moved = dict(moved or {})

    @property
    def public(self) -> list[str]:
        """The module's ``__all__``: every name it offers, none of the deprecated ones."""
        return sorted(self.home_of)

    def attribute(self, name: str, namespace: MutableMapping[str, Any]) -> Any:
        """The value of ``name``, imported on first use and kept in ``namespace`` (the module's globals); a
        moved name is looked up at its new home each time, so each use warns."""
        home = self.home_of.get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
            namespace[name] = value
            return value
        target = self.moved.get(name)
        if target is not None:
            return moved_value(f"{self.module}.{name}", target)
        raise AttributeError(f"module {self.module!r} has no attribute {name!r}")

    def names(self, namespace: Mapping[str, Any]) -> list[str]:
        """The module's ``dir()``: what it holds and what it offers."""
        return sorted(set(namespace) | set(self.home_of))


def moved_value(old: str, target: str) -> Any:
    """The value at ``target`` (``"package.module:name"``), with a DeprecationWarning that ``old`` moved there."""
    module, _colon, name = target.partition(":")
    warnings.warn(
        f"{old} is deprecated and will be removed in cartas 0.4; use {module}.{name} instead (docs/api.md)",
        DeprecationWarning,
        stacklevel=4,
    )
    return getattr(importlib.import_module(module), name)


class MovedModule:
    """A module that moved as a whole: each attribute asked of its old home warns and comes from the new one,
    or from the public module that now offers it (``public`` for the names in ``public_names``)."""

    def __init__(self, old: str, new: str, public: str | None = None, public_names: Iterable[str] = ()) -> None:
        self.old = old
        self.new = new
        self.public = public
        self.public_names = frozenset(public_names)

    def attribute(self, name: str) -> Any:
        if name.startswith("__") or not hasattr(importlib.import_module(self.new), name):
            raise AttributeError(f"module {self.old!r} has no attribute {name!r}")
        home = self.public if self.public is not None and name in self.public_names else self.new
        return moved_value(f"{self.old}.{name}", f"{home}:{name}")
