"""Siete y medio: the game, its options, and its presentation (how its events and table read, in
:mod:`.presentation`, apart from the rules)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cartas.core import (
    Action, Card, Event, Game, GameOptions, Observation, Position, Presentation, TableNames, TableView, generic_names,
)

from .actions import CARTA, Move, parse_action
from .i18n import _
from .presentation import view, words
from .state import DECK, SieteYMedioState


class SieteYMedioOptions(GameOptions):
    """The table's choices; the defaults are those of RULES.md."""

    players: Literal[2, 3, 4, 5, 6] = 4
    hands: int = Field(default=8, ge=1, le=100, description="hands in the match; the bank passes after each")
    natural_pays_double: bool = Field(
        default=True, description="seven and a half with two cards wins two points instead of one"
    )


class SieteYMedio(Game):
    """A banking game: each punter against the bank, closest to seven and a half without going over."""

    name = "siete_y_medio"
    title = "Siete y medio"
    aliases = ("sieteymedio", "7ymedio")
    Options = SieteYMedioOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> SieteYMedioState:
        assert isinstance(options, SieteYMedioOptions)
        return SieteYMedioState(self, options, seed, position)

    def parse_action(self, text: str) -> Move:
        return parse_action(text)

    def deck(self, options: GameOptions) -> list[Card]:
        return list(DECK)

    def action_text(self, action: Action) -> str:
        return _("a card, please") if action == CARTA else _("I stand")

    def presentation(self) -> SieteYMedioPresentation:
        return SieteYMedioPresentation(self)


class SieteYMedioPresentation(Presentation):
    """How the game reads and draws: its events as lines, and each seat's cards on the table
    (:mod:`.presentation`)."""

    version = 1

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        line = words.describe(event, names or generic_names(max(self.game.player_counts())))
        return line if line is not None else super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        return words.table_lines(observation, names or generic_names(observation.players))

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        return view.table_view(observation, self.table_lines(observation, names))
