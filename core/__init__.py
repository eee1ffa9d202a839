"""cartas.core: the Spanish deck, seats and teams, the game contract, plugins, records and the match runner.

Game plugins import what they need from here; the core imports no game.
"""

from cartas.core.bots import Agent, BotFactory, RandomBot, SeatView
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
from cartas.core.hookspecs import hookimpl
from cartas.core.observation import EventView, Observation
from cartas.core.options import GameOptions
from cartas.core.position import Position
from cartas.core.state import PUBLIC_SEAT, Action, Result, State
from cartas.core.table import Table
from cartas.core.views import FACE_DOWN, TableView
from cartas.core.naming import TableNames, generic_names
from cartas.core.wire import WireError

__all__ = [
    "FACE_DOWN", "JOKER", "PUBLIC_SEAT", "SUITS", "Action", "ActionParseError", "Agent", "BotFactory", "Card",
    "CardParseError", "CartasError", "Event", "EventView", "Game", "GameOptions", "IllegalActionError",
    "Observation", "OptionsError", "PluginError", "Position", "PositionError", "RandomBot", "RecordError",
    "Result", "SeatView", "SeatingError", "State", "Table", "TableNames", "TableView", "generic_names", "WireError", "format_cards", "hookimpl",
    "parse_cards",
]
