"""The escoba de quince: the game, its options, its text and its table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from cartas.core import (
    Action, Card, Event, Game, GameOptions, Observation, Position, PositionError, Presentation, TableNames,
    TableView, generic_names,
)
from cartas.core.i18n import mark

from .actions import every_action_text, parse_action
from .i18n import _
from .presentation import view
from .presentation import words as speech
from .state import FULL_DECK, HAND_SIZE, TABLE_SIZE, EscobaState


class EscobaOptions(GameOptions):
    """The escoba's options; the defaults are those of RULES.md."""

    players: Literal[2, 3, 4] = Field(
        default=2, title=mark("Players"), description=mark("2 or 3 each for himself, or 4 in pairs (partners sit opposite)"),
    )
    points: Literal[15, 21, 31] = Field(
        default=21, title=mark("Points"), description=mark("the match is won by the first side to reach this score"),
    )
    sietes: Literal["most", "primera"] = Field(
        default="most", title=mark("Sietes"),
        description=mark("most: a point for the most sietes; primera: a point for the best primera (la setenta)"),
        json_schema_extra={"choice_labels": {"most": mark("the most sietes"), "primera": mark("the primera")}},
    )
    all_sietes: bool = Field(
        default=False, title=mark("All four sietes"), description=mark("one more point to the side that takes all four sietes"),
    )
    all_oros: bool = Field(
        default=False, title=mark("All ten oros"), description=mark("one more point to the side that takes all ten oros"),
    )
    must_capture: bool = Field(
        default=False, title=mark("Must capture"),
        description=mark("a player who can make fifteen must take cards rather than leave one on the table"),
    )


class EscobaGame(Game):
    """The escoba de quince: take the table cards that make fifteen with the card played, sweep the table."""

    summary_kinds = view.SUMMARY_KINDS

    name = "escoba"
    title = mark("Escoba (escoba de quince)")
    language = "es"
    aliases = ("escoba_de_quince",)
    gain_scale = 21.0
    Options = EscobaOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> EscobaState:
        assert isinstance(options, EscobaOptions)
        if position is not None:
            self._check_escoba_position(options, position)
        return EscobaState(self, options, seed, position)

    @staticmethod
    def _check_escoba_position(options: EscobaOptions, position: Position) -> None:
        """A stacked deal names three cards a player; ``stock`` then lists the four table cards and the draws."""
        sides = 2 if options.players == 4 else options.players
        if position.scores is not None and len(position.scores) != sides:
            raise PositionError(_("escoba needs the score of all {sides} sides, got {scores}",
                                  sides=sides, scores=len(position.scores)))
        if position.up is not None:
            raise PositionError(_("escoba turns no card up: name the four table cards first in the stock"))
        if position.hands is None:
            return
        if any(len(hand) != HAND_SIZE for hand in position.hands) or len(position.hands) != options.players:
            raise PositionError(_("every escoba hand has {size} cards, one hand a player, got {counts}",
                                  size=HAND_SIZE, counts=[len(h) for h in position.hands]))
        if position.stock is not None and 0 < len(position.stock) < TABLE_SIZE:
            raise PositionError(_("the stock of a stacked escoba deal starts with the {size} table cards",
                                  size=TABLE_SIZE))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deck(self, options: GameOptions) -> list[Card]:
        return list(FULL_DECK)

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        players = getattr(options, "players", 2)
        return (0, 1, 0, 1) if players == 4 else None

    def action_texts(self, options: GameOptions) -> list[str]:
        """Every move's canonical text, numbered by the bridges' integer action spaces (:mod:`cartas.interop`)."""
        return list(every_action_text())

    def action_text(self, action: Action) -> str:
        return speech.action_text(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        return speech.understand(text, legal)

    def presentation(self) -> EscobaPresentation:
        return EscobaPresentation(self)


class EscobaPresentation(Presentation):
    """How the escoba reads and draws, in the language being spoken: its events, the table cards, each
    player's escobas face up and the count."""

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        line = speech.describe(event, names or generic_names(4))
        return line if line is not None else super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        return speech.table_lines(observation, names or generic_names(observation.players,
                                                                      observation.teams))

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The table cards in the centre, each player's escobas face up before him, the hand by suit then
        rank, and the stock, the piles and the count as notes."""
        return view.table_view(observation, self.table_lines(observation, names))
