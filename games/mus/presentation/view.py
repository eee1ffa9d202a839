"""Mus's table as its viewer sees it (:class:`~cartas.core.TableView`): the viewer's four cards, every hand
shown at the count in front of its seat, the stock in the centre, and the lance and the bet as notes."""

from __future__ import annotations

from cartas.core import FACE_DOWN, Card, Observation, TableView, seat_fields

from ..lances import mus_rank

SUMMARY_KINDS = frozenset({"shown", "points", "game", "match"})
"""The events that tell how a hand went: the cards shown at the count and the points each side took."""


def table_view(observation: Observation, lines: list[str], notes: list[str]) -> TableView:
    """``lines`` are the game's ``table_lines``, which the browser shows beside the table; ``notes`` the status
    under the table (:func:`~.words.status`: the lances played, the lance and the bet, the señas seen)."""
    table = observation.table
    shown = table["shown"]
    played = [list(cards) for cards in shown] if shown else [[] for _seat in range(observation.players)]
    reyes = table["reyes"]
    hand = sorted(observation.hand, key=lambda text: -mus_rank(Card.parse(text), reyes))
    return TableView(
        **seat_fields(observation),
        played=played,
        centre=[("stock", FACE_DOWN)] if table["stock"] else [],
        hand=hand,
        counts=[0 if shown else 4] * observation.players,
        target=table["points"],
        lines=lines,
        notes=notes,
    )
