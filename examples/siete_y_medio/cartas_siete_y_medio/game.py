"""Siete y medio: the game, its options, and how its events and table read on the screen."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cartas.core import FACE_DOWN, Card, Event, Game, GameOptions, Observation, Position, TableNames, TableView
from cartas_siete_y_medio.actions import Move, parse_action
from cartas_siete_y_medio.state import DECK, SieteYMedioState


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

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        who = f"Seat {event.seat}"
        if event.kind == "reparte":
            return f"{who} tiene la banca y reparte una carta tapada a cada uno"
        if event.kind == "carta":
            return f"{who} pide carta: {event.detail}"
        if event.kind == "se planta":
            return f"{who}: me planto"
        if event.kind == "se pasa":
            return f"{who} se pasa y descubre {event.detail}"
        if event.kind == "descubre":
            return f"{who} descubre {event.detail}"
        if event.kind == "paga":
            amount, _, payee = event.detail.partition(">")
            unit = "punto" if amount == "1" else "puntos"
            return f"{who} paga {amount} {unit} a seat {payee}"
        return super().describe(event)

    def table_lines(self, observation: Observation) -> list[str]:
        table = observation.table
        lines = []
        for seat, (cards, showing, status) in enumerate(zip(table["cards"], table["showing"], table["status"])):
            role = "banca" if seat == table["banker"] else "punto"
            mark = " <" if seat in observation.to_act else ""
            lines.append(f"seat {seat} ({role}): {' '.join(cards)}  [{showing}] {status}{mark}")
        lines.append(f"mazo: {table['stock']} cartas  mano {observation.hand_number + 1} de {table['hands']}")
        return lines

    def table_view(self, observation: Observation) -> TableView:
        """Every seat's cards lie on the table in front of it, the first face down until it is turned up."""
        cards = observation.table["cards"]
        return TableView(
            played=[[FACE_DOWN if card == "??" else card for card in seat_cards] for seat_cards in cards],
            hand=list(observation.hand),
            counts=[len(seat_cards) for seat_cards in cards],
            lines=self.table_lines(observation),
        )
