"""Mus: the game's options, its registration data and how its events and table read, in the language being
spoken (Spanish at its own table: "Tú: ¡Envido!", "Ellos: +2 (grande)")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from cartas.core import (
    Action, Card, Event, Game, GameOptions, Observation, Position, Presentation, Table, TableNames, TableView,
    generic_names,
)
from cartas.core.i18n import mark

from .actions import CARDS, parse_action
from .presentation import view, words
from .state import MusState


class MusOptions(GameOptions):
    """The options of mus; the defaults are the rules of RULES.md."""

    players: Literal[4] = 4
    points: Literal[30, 40] = Field(default=40, title=mark("Points"), description=mark("the points that win a game"))
    reyes: Literal[8, 4] = Field(
        default=8, title=mark("Kings"),
        description=mark("8: the treses count as kings and the doses as aces; 4: every card is itself"),
    )
    real: bool = Field(default=False, title=mark("La real"),
                       description=mark("31 of three sietes and a sota beats every other 31"))
    games: Literal[1, 3, 5] = Field(
        default=1, title=mark("Games"), description=mark("the match is the best of this many games (the vaca)"),
    )
    senas: bool = Field(default=True, title=mark("Señas"), description=mark("partners may pass each other señas"))
    senas_caught: float = Field(
        default=0.1, ge=0.0, le=1.0, title=mark("Señas caught"),
        description=mark("the chance that the rivals catch a seña"),
    )


class MusGame(Game):
    """Mus for four players in pairs: the mus and its discards, grande, chica, pares and juego or punto."""

    summary_kinds = view.SUMMARY_KINDS

    name = "mus"
    title = mark("Mus")
    language = "es"
    aliases = ()
    Options = MusOptions
    gain_scale = 13
    """A third of a game of 40: what the search bots weigh a won match against."""

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> MusState:
        return MusState(self, options, seed, position)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deck(self, options: GameOptions) -> list[Card]:
        return list(CARDS)

    def teams(self, options: GameOptions) -> tuple[int, ...]:
        return Table.partnership(4).teams

    def action_text(self, action: Action) -> str:
        return words.action_text(action)

    def action_said(self, action: Action) -> str:
        """The word as it is said at the table ("¡Envido!", "¡Órdago!", "¡Mus!"); a discard or a seña as written."""
        said = words.action_said(action)
        return said if said is not None else super().action_said(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        return words.understand(text, legal)

    def presentation(self) -> MusPresentation:
        return MusPresentation(self)


class MusPresentation(Presentation):
    """How mus reads and draws, in the language being spoken: its words and lances, the count with the cards
    shown, and the table from the viewer's side."""

    version = 1

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        said = names or generic_names(4, (0, 1, 0, 1))
        line = words.describe(event, said, seated=names is not None)
        return line if line is not None else super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        return words.table_lines(observation, names or generic_names(4, (0, 1, 0, 1)))

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The viewer's four cards, the cards shown at the count in front of each seat, the lance and the bet."""
        said = names or generic_names(4, (0, 1, 0, 1))
        return view.table_view(observation, self.table_lines(observation, names), words.status(observation, said))
