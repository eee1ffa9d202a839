"""cartas.core: the Spanish deck, seats and teams, the game contract, plugins, records and the match runner.

Game plugins import what they need from here; the core imports no game.

The names below are loaded on first use (PEP 562's module ``__getattr__``): importing any ``cartas.core.x``
runs this file first, and importing every re-exported module here pulled pydantic and the whole game
contract into ``cartas --help``, which needs none of them. Type checkers see ordinary imports.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cartas.core.bots.base import Agent, BotFactory, RandomBot, SeatView
    from cartas.core.cards import JOKER, SUITS, Card, format_cards, parse_cards
    from cartas.core.errors import (
        ActionParseError,
        CardParseError,
        CartasError,
        IllegalActionError,
        OptionsError,
        PluginError,
        PositionError,
        RecordError,
        SeatingError,
    )
    from cartas.core.events import Event
    from cartas.core.game import Game
    from cartas.core.plugins.hookspecs import hookimpl
    from cartas.core.naming import TableNames, generic_names
    from cartas.core.observation import EventView, Observation
    from cartas.core.options import GameOptions
    from cartas.core.position import Position
    from cartas.core.state import PUBLIC_SEAT, Action, Result, State
    from cartas.core.table import Table
    from cartas.core.views import FACE_DOWN, TableView
    from cartas.core.wire import WireError

_HOMES: dict[str, tuple[str, ...]] = {
    "bots.base": ("Agent", "BotFactory", "RandomBot", "SeatView"),
    "cards": ("JOKER", "SUITS", "Card", "format_cards", "parse_cards"),
    "errors": (
        "ActionParseError", "CardParseError", "CartasError", "IllegalActionError", "OptionsError", "PluginError",
        "PositionError", "RecordError", "SeatingError",
    ),
    "events": ("Event",),
    "game": ("Game",),
    "plugins.hookspecs": ("hookimpl",),
    "naming": ("TableNames", "generic_names"),
    "observation": ("EventView", "Observation"),
    "options": ("GameOptions",),
    "position": ("Position",),
    "state": ("PUBLIC_SEAT", "Action", "Result", "State"),
    "table": ("Table",),
    "views": ("FACE_DOWN", "TableView"),
    "wire": ("WireError",),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """Import a re-exported name's module the first time the name is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'cartas.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"cartas.core.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
