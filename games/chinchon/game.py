"""The two rummy games of the plugin, chinchón and remigio, with their options and their table talk."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from cartas.core import (
    FACE_DOWN, Action, Card, Event, Game, GameOptions, Observation, Position, Presentation, State, TableNames,
    TableView, by_suit_then_rank, generic_names, parse_cards, shoe, spanish_deck,
)
from cartas.core.i18n import mark

from .actions import parse_action
from .chinchon import ChinchonState, chinchon_rules
from .melds import MeldRules
from .presentation import view
from .presentation import words as speech
from .remigio import RemigioState, remigio_rules

MAX_TURNS_HELP = mark(
    "playout bound: a round with no close ends after this many turns per player, everyone scored as they "
    "stand (never reached in play between people)"
)


class ChinchonOptions(GameOptions):
    """Chinchón's options, with the defaults of its rules."""

    players: Literal[2, 3, 4, 5, 6, 7, 8] = 2
    deck: Literal[40, 48, 50] = Field(50, title=mark("Deck"), description=mark("cards per deck: 50 has two comodines; 5-8 players use two decks"))
    max_cut: int = Field(5, ge=0, le=20, title=mark("Most points to cut"), description=mark("most loose points a player may keep when cortando"))
    figures_ten: bool = Field(False, title=mark("Figures count 10"), description=mark("sota, caballo and rey count 10 loose points instead of 10, 11, 12"))
    points: int = Field(100, ge=10, le=500, title=mark("Limit"), description=mark("the limit: a player whose penalty total goes over it is out"))
    eliminate_at_limit: bool = Field(False, title=mark("Out at the limit"), description=mark("reaching the limit (not only passing it) puts a player out"))
    reenganche: bool = Field(False, title=mark("Reenganche"), description=mark("a player put out may come back once, with the highest total still in"))
    max_turns: int = Field(100, ge=1, le=1000, title=mark("Turn limit"), description=MAX_TURNS_HELP)


class RemigioOptions(GameOptions):
    """Remigio's options, with the defaults of its rules."""

    players: Literal[2, 3, 4, 5, 6, 7, 8, 9, 10] = 2
    points: int = Field(300, ge=1, le=1000, title=mark("Points"), description=mark("the target: the first player to reach this many points wins"))
    max_turns: int = Field(100, ge=1, le=1000, title=mark("Turn limit"), description=MAX_TURNS_HELP)


class RummyGame(Game):
    """What both games share: parsing actions, describing events and laying out the table."""

    summary_kinds = view.SUMMARY_KINDS

    language = "es"

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_text(self, action: Action) -> str:
        return speech.action_text(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        return speech.understand(text, legal)

    @abstractmethod
    def meld_rules(self, observation: Observation) -> MeldRules:
        """The meld rules the observed match is played with."""

    def presentation(self) -> RummyPresentation:
        return RummyPresentation(self)


class RummyPresentation(Presentation):
    """How chinchón and remigio read and draw, in Spanish: their events, and the table with the discard pile,
    the stock and the hand laid out in its best melds."""

    game: RummyGame

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        line = speech.describe(event, names or generic_names(max(self.game.player_counts())), seated=names is not None)
        return line if line is not None else super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        return speech.table_lines(observation, names or generic_names(observation.players))

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The discard pile's top card and the stock in the middle, and the viewer's hand laid out as a player
        holds it: the best melds first, then the loose cards by suit and rank, with what they would cost."""
        return view.table_view(observation, self.game.meld_rules(observation), self.table_lines(observation, names))


class ChinchonGame(RummyGame):
    """Chinchón: seven cards, cortar with few loose points, penalties and elimination."""

    name = "chinchon"
    title = mark("Chinchón")
    aliases = ("chinchón",)
    Options = ChinchonOptions
    score_sign = -1  # penalty points: a side wants its score low
    gain_scale = 33.0  # a third of the 100-point limit; a round's penalties often pass 10
    rollout_depth = 8  # moves (four turns in two) before a search's random play-out is scored by deadwood

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        return ChinchonState(self, options, seed, position)

    def meld_rules(self, observation: Observation) -> MeldRules:
        return chinchon_rules(observation.table["deck"], observation.table["figures_ten"])

    def deck(self, options: GameOptions) -> list[Card]:
        size: int = options.deck  # type: ignore[attr-defined]
        one = spanish_deck(size)
        return one * 2 if options.players > 4 else one


class RemigioGame(RummyGame):
    """Remigio: ten cards, two or three decks with comodines, multipliers and a target score."""

    name = "remigio"
    title = mark("Remigio")
    aliases = ()
    Options = RemigioOptions
    rules_file = "REMIGIO.md"
    rollout_depth = 8  # as chinchón's: a search's random play-out scored as at the turn limit four turns on

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        return RemigioState(self, options, seed, position)

    def meld_rules(self, observation: Observation) -> MeldRules:
        return remigio_rules()

    def deck(self, options: GameOptions) -> list[Card]:
        decks = 2 if options.players <= 6 else 3
        return shoe(decks, 48, jokers=2 * decks)
