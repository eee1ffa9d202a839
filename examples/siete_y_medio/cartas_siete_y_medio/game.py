"""Siete y medio: the game, its options, and how its events and table read on the screen (its presentation,
apart from the rules)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cartas.core import (
    FACE_DOWN, Action, Card, Event, Game, GameOptions, Observation, Position, Presentation, TableNames, TableView,
    generic_names,
)
from cartas.core.i18n import mark
from cartas_siete_y_medio.actions import CARTA, Move, parse_action
from cartas_siete_y_medio.i18n import _
from cartas_siete_y_medio.state import BUST, DECK, PLAYING, STOOD, SieteYMedioState


STATUS: dict[str, str] = {PLAYING: mark("playing"), STOOD: mark("stands"), BUST: mark("over")}
"""A seat's state in the hand, as the table shows it."""


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
    """How the game reads and draws: its events as lines, and each seat's cards on the table."""

    version = 1

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        names = names or generic_names(max(self.game.player_counts()))
        who = names.seat(event.seat) if event.seat >= 0 else ""
        if event.kind == "reparte":
            return _("{who}: I hold the bank and deal everyone a card face down", who=who)
        if event.kind == "carta":
            return _("{who}: a card, please: {card}", who=who, card=event.detail)
        if event.kind == "se planta":
            return _("{who}: I stand", who=who)
        if event.kind == "se pasa":
            return _("{who}: over seven and a half; turns up {card}", who=who, card=event.detail)
        if event.kind == "descubre":
            return _("{who}: turns up {card}", who=who, card=event.detail)
        if event.kind == "paga":
            amount, _arrow, payee = event.detail.partition(">")
            if amount == "1":
                return _("{who}: pays 1 point to {payee}", who=who, payee=names.seat(int(payee)))
            return _("{who}: pays {count} points to {payee}", who=who, count=amount, payee=names.seat(int(payee)))
        return super().describe(event, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        table = observation.table
        names = names or generic_names(observation.players)
        lines = []
        for seat, (cards, showing, status) in enumerate(zip(table["cards"], table["showing"], table["status"])):
            role = _("bank") if seat == table["banker"] else _("punter")
            mark = " <" if seat in observation.to_act else ""
            lines.append(f"{names.seat(seat)} ({role}): {' '.join(cards)}  [{showing}] {_(STATUS[status])}{mark}")
        lines.append(_("stock: {count} cards · hand {number} of {hands}", count=table["stock"],
                       number=observation.hand_number + 1, hands=table["hands"]))
        return lines

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """Every seat's cards lie on the table in front of it, the first face down until it is turned up."""
        cards = observation.table["cards"]
        return TableView(
            played=[[FACE_DOWN if card == "??" else card for card in seat_cards] for seat_cards in cards],
            hand=list(observation.hand),
            counts=[len(seat_cards) for seat_cards in cards],
            lines=self.table_lines(observation, names),
        )
