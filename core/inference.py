"""Deprecated home of the bidding inference, which moved to :mod:`cartas.core.bots.inference` in 0.1.

Kept so that code written from the 0.1 guide (``cartas.core.inference.Posterior``, ``Decision``,
``soft_bar``) keeps working until 0.4, with a DeprecationWarning naming the new home: the public
:mod:`cartas.core.bots` for the names it offers (docs/api.md).
"""

from __future__ import annotations

from typing import Any

from .exports import MovedModule

_MOVED = MovedModule(
    __name__, "cartas.core.bots.inference", "cartas.core.bots",
    ("BiddingModel", "Decision", "Posterior", "posterior_for", "soft_bar"),
)


def __getattr__(name: str) -> Any:
    return _MOVED.attribute(name)
