"""cartas.core: the Spanish deck, seats and teams, the game contract, plugins, records and the match runner.

This module is the public surface for game authors (docs/api.md): a game plugin imports what it needs from
here, its bots from :mod:`cartas.core.bots`, its hooks from :mod:`cartas.core.plugins`, its words from
:mod:`cartas.core.i18n` and its tests from :mod:`cartas.testing`. The submodules behind these names are the
core's own and may change between releases; the names listed in ``__all__`` change only with a deprecation.
The core imports no game.

The names below are loaded on first use (PEP 562's module ``__getattr__``, :mod:`cartas.core.exports`):
importing any ``cartas.core.x`` runs this file first, and importing every re-exported module here pulled
pydantic and the whole game contract into ``cartas --help``, which needs none of them. Type checkers see
ordinary imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .exports import LazyExports

__version__ = "0.2.0"
"""The version of cartas, as ``pyproject.toml`` and ``cartas --version`` give it (semantic versioning)."""

if TYPE_CHECKING:
    from .audience import Audience
    from .bots.base import Agent, BotFactory, RandomBot, SeatView, SeededBot
    from .cards import (
        BASTOS, CARD_TEXT, COPAS, ESPADAS, JOKER, OROS, RANKS, SUITS, Card, format_cards, parse_cards,
    )
    from .deck import deal, deal_order, sample, shoe, shuffle, shuffled, spanish_deck, stack_deck
    from .decks import FRENCH, SPANISH, Deck, card_label, current_deck, read_card
    from .errors import (
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
    from .events import Event
    from .folding import fold_text
    from .game import Game
    from .ladder import RaiseLadder
    from .match import run_match
    from .naming import TableNames, generic_names, seat_side_names, viewer_names
    from .observation import EventView, Observation
    from .options import GameOptions
    from .plugins.hookspecs import hookimpl
    from .position import Position
    from .presentation import PRESENTATION_VERSION, Presentation
    from .session import TableSession, event_wire, visible_events
    from .state import PUBLIC_SEAT, Action, Result, State, Word, redistribute
    from .table import Table, cutter_seat
    from .tricks import (
        PARDA,
        UNDECIDED,
        best_of_three,
        rank_table,
        trick_winner_by_rank,
        trick_winner_follow_suit,
    )
    from .views import FACE_DOWN, TableView, by_suit_then_rank, seat_fields
    from .wire import WireError

_EXPORTS = LazyExports(__name__, {
    "cartas.core.audience": ("Audience",),
    "cartas.core.bots.base": ("Agent", "BotFactory", "RandomBot", "SeatView", "SeededBot"),
    "cartas.core.cards": (
        "BASTOS", "CARD_TEXT", "COPAS", "ESPADAS", "JOKER", "OROS", "RANKS", "SUITS", "Card", "format_cards",
        "parse_cards",
    ),
    "cartas.core.deck": ("deal", "deal_order", "sample", "shoe", "shuffle", "shuffled", "spanish_deck", "stack_deck"),
    "cartas.core.decks": ("Deck", "FRENCH", "SPANISH", "card_label", "current_deck", "read_card"),
    "cartas.core.errors": (
        "ActionParseError", "CardParseError", "CartasError", "IllegalActionError", "OptionsError", "PluginError",
        "PositionError", "RecordError", "SeatingError",
    ),
    "cartas.core.events": ("Event",),
    "cartas.core.folding": ("fold_text",),
    "cartas.core.game": ("Game",),
    "cartas.core.ladder": ("RaiseLadder",),
    "cartas.core.match": ("run_match",),
    "cartas.core.naming": ("TableNames", "generic_names", "seat_side_names", "viewer_names"),
    "cartas.core.observation": ("EventView", "Observation"),
    "cartas.core.options": ("GameOptions",),
    "cartas.core.plugins.hookspecs": ("hookimpl",),
    "cartas.core.position": ("Position",),
    "cartas.core.presentation": ("PRESENTATION_VERSION", "Presentation"),
    "cartas.core.session": ("TableSession", "event_wire", "visible_events"),
    "cartas.core.state": ("PUBLIC_SEAT", "Action", "Result", "State", "Word", "redistribute"),
    "cartas.core.table": ("Table", "cutter_seat"),
    "cartas.core.tricks": (
        "PARDA", "UNDECIDED", "best_of_three", "rank_table", "trick_winner_by_rank", "trick_winner_follow_suit",
    ),
    "cartas.core.views": ("FACE_DOWN", "TableView", "by_suit_then_rank", "seat_fields"),
    "cartas.core.wire": ("WireError",),
})

__all__ = [
    "Action", "ActionParseError", "Agent", "Audience", "BASTOS", "BotFactory", "CARD_TEXT", "COPAS", "Card",
    "CardParseError", "CartasError", "Deck", "ESPADAS", "Event", "EventView", "FACE_DOWN", "FRENCH", "Game",
    "GameOptions", "IllegalActionError", "JOKER", "OROS", "Observation", "OptionsError", "PARDA",
    "PRESENTATION_VERSION", "PUBLIC_SEAT", "PluginError", "Position", "PositionError", "Presentation", "RANKS",
    "RaiseLadder", "RandomBot", "RecordError", "Result", "SPANISH", "SUITS", "SeatView", "SeatingError", "SeededBot",
    "State", "Table", "TableNames", "TableSession", "TableView", "UNDECIDED", "WireError", "Word", "best_of_three",
    "by_suit_then_rank", "card_label", "current_deck", "cutter_seat", "deal", "deal_order", "event_wire",
    "fold_text", "format_cards",
    "generic_names", "hookimpl", "parse_cards", "rank_table", "read_card", "redistribute",
    "run_match", "sample", "seat_fields", "seat_side_names", "shoe", "shuffle", "shuffled", "spanish_deck",
    "stack_deck", "trick_winner_by_rank", "trick_winner_follow_suit", "viewer_names", "visible_events", "__version__",
]


def __getattr__(name: str) -> Any:
    """Import a re-exported name's module the first time the name is asked for."""
    return _EXPORTS.attribute(name, globals())


def __dir__() -> list[str]:
    return _EXPORTS.names(globals())
