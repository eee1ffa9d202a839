"""Julepe de tres cartas (three-card loo, the plugin id is ``tresillo``): the game, its options, text and table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from cartas.core import (
    Action, Card, Event, Game, GameOptions, Observation, Position, PositionError, Presentation, State, TableNames,
    TableView, by_suit_then_rank, generic_names, stack_deck,
)
from cartas.core.i18n import mark

from .actions import parse_action
from .i18n import _
from .presentation import view
from .presentation import words as speech
from .state import FULL_DECK, HAND_SIZE, TresilloState


class TresilloOptions(GameOptions):
    """Julepe's options; the defaults are those of RULES.md."""

    players: Literal[3, 4, 5, 6, 7, 8] = 4
    stake: int = Field(default=3, ge=1, le=1000, title=mark("Ante"), description=mark("the ante each player puts in when antes are due"))
    chips: int = Field(default=100, ge=1, le=1_000_000, title=mark("Chips"), description=mark("each player's bankroll at the start"))
    deals: int = Field(default=20, ge=1, le=200, title=mark("Deals"), description=mark("the match ends after this many deals"))
    ciega: Literal["never", "choice", "always"] = Field(
        default="choice", title=mark("Ciega"),
        description=mark("whether the dealer chooses apuesta normal or ciega before each deal"),
        json_schema_extra={"choice_labels": {"never": mark("never"), "choice": mark("the dealer chooses"),
                                             "always": mark("always")}},
    )
    rebuy: bool = Field(default=False, title=mark("Rebuy"), description=mark("a player short of chips plays on credit instead of leaving"))


class TresilloGame(Game):
    """Julepe played with three cards a player, a viuda, a trump card and real chips."""

    summary_kinds = view.SUMMARY_KINDS

    name = "tresillo"
    title = mark("Three-card julepe (tresillo)")
    language = "es"
    aliases = ("julepe",)
    Options = TresilloOptions

    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        assert isinstance(options, TresilloOptions)
        if position is not None:
            self._check_julepe_position(options, position)
        return TresilloState(self, options, seed, position)

    @staticmethod
    def _check_julepe_position(options: TresilloOptions, position: Position) -> None:
        """Chips for every seat; a stacked deal needs three cards a player and a dealer, and everyone in."""
        n = options.players
        if position.scores is not None and len(position.scores) != n:
            raise PositionError(_("julepe needs the chips of all {players} seats, got {scores}",
                                  players=n, scores=len(position.scores)))
        if position.hands is None:
            if position.up is not None or position.stock:
                raise PositionError(_(
                    "a julepe position that names the trump card or the stock must name the hands too"))
            return
        if position.dealer is None:
            raise PositionError(_("a stacked julepe deal needs its dealer"))
        if any(len(hand) != HAND_SIZE for hand in position.hands):
            raise PositionError(_("every julepe hand has {size} cards, got {counts}",
                                  size=HAND_SIZE, counts=[len(h) for h in position.hands]))
        # The deal may wait for the dealer's choice of apuesta: check the cards now, not then.
        stack_deck(FULL_DECK, position.hand_cards() or [], position.dealer, position.then_cards(), random.Random(0))
        chips = position.scores if position.scores is not None else [options.chips] * n
        short = [seat for seat in range(n) if chips[seat] < options.stake]
        if short and not options.rebuy:
            raise PositionError(_("seats {seats} cannot put in the stake of {stake}, so they cannot be dealt in",
                                  seats=short, stake=options.stake))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deck(self, options: GameOptions) -> list[Card]:
        return list(FULL_DECK)

    def action_text(self, action: Action) -> str:
        return speech.action_text(action)

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        return speech.understand(text, legal)

    def presentation(self) -> TresilloPresentation:
        return TresilloPresentation(self)


class TresilloPresentation(Presentation):
    """How julepe reads and draws, in the language being spoken: its events, and the table with the trump
    card turned up and the tricks of the deal."""

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        line = speech.describe(event, names or generic_names(max(self.game.player_counts())), seated=names is not None)
        return line if line is not None else super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        return speech.table_lines(observation, names or generic_names(observation.players))

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The cards each seat has played this deal, the trick, the turned-up trump card, and the hand by
        suit then rank."""
        return view.table_view(observation, self.table_lines(observation, names))
