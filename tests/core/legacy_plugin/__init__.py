"""A plugin written against cartas 0.1, kept as it was: it imports from the homes the 0.1 docs showed
(``cartas.core.hookspecs``, ``cartas.core.inference``, ``cartas.core.game.describe_named``) and presents itself
on its Game (``describe`` without the viewer's names, ``table_view`` without them, ``table_lines`` and
``hand_summary`` with them), which later versions moved to :class:`cartas.core.Presentation`. It must keep
working, warning, until the deprecation period ends (tests/core/test_legacy_plugin.py)."""

from __future__ import annotations

from collections.abc import Callable

from cartas.core.bots import SeatView  # an ImportError from 0.1 until 0.2
from cartas.core.hookspecs import hookimpl
from .game import Mayor


class MayorBot:
    """Plays its highest card."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> object:
        return max(view.legal_actions(), key=lambda card: card.rank)


@hookimpl
def register_games(register: Callable[[Mayor], None]) -> None:
    register(Mayor())


@hookimpl
def register_bots(register: Callable[..., None]) -> None:
    register("mayor", "greedy", MayorBot)
