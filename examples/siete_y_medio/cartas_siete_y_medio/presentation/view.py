"""Siete y medio's table as its viewer sees it (:class:`~cartas.core.views.TableView`)."""

from __future__ import annotations

from cartas.core import FACE_DOWN, Observation, TableView


def table_view(observation: Observation, lines: list[str]) -> TableView:
    """Every seat's cards lie on the table in front of it, the first face down until it is turned up."""
    cards = observation.table["cards"]
    return TableView(
        played=[[FACE_DOWN if card == "??" else card for card in seat_cards] for seat_cards in cards],
        hand=list(observation.hand),
        counts=[len(seat_cards) for seat_cards in cards],
        lines=lines,
    )
