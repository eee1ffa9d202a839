"""Deprecated home of the hook specifications, which moved to :mod:`cartas.core.plugins.hookspecs` in 0.1.

Kept so that a plugin written from the 0.1 docs (``from cartas.core.hookspecs import hookimpl``) keeps
working until 0.4, with a DeprecationWarning naming the new home: :mod:`cartas.core.plugins` for
``hookimpl`` (docs/api.md).
"""

from __future__ import annotations

from typing import Any

from .exports import MovedModule

_MOVED = MovedModule(__name__, "cartas.core.plugins.hookspecs", "cartas.core.plugins", ("hookimpl",))


def __getattr__(name: str) -> Any:
    return _MOVED.attribute(name)
