"""Deprecated home of the rollout bots, which moved to :mod:`cartas.core.bots.rollout` in 0.1.

Kept so that code written from the 0.1 docs keeps working until 0.4, with a DeprecationWarning naming the
new home (docs/api.md). The rollout bot is not public API: plugins reach it through the registry.
"""

from __future__ import annotations

from typing import Any

from .exports import MovedModule

_MOVED = MovedModule(__name__, "cartas.core.bots.rollout")


def __getattr__(name: str) -> Any:
    return _MOVED.attribute(name)
