"""The escoba's table as its viewer sees it (:class:`~cartas.core.views.TableView`): the table cards in the
centre, each player's escobas face up before him (the card that swept, as players turn one up in their pile),
the hand by suit then rank, and the stock, the piles and the last count as notes."""

from __future__ import annotations

from cartas.core import Card, Observation, TableView, by_suit_then_rank, seat_fields

from ..captures import value
from ..i18n import _

SUMMARY_KINDS = frozenset({"escoba", "dealer_escoba", "last_take", "tally", "point", "deal_points", "tie", "over"})
"""The events that tell how a deal went: the escobas, the last cards taken and the count."""

TABLE = "table"
"""The centre label of a card face up on the table."""


def table_view(observation: Observation, lines: list[str]) -> TableView:
    """``lines`` are the game's ``table_lines``, which the browser shows beside the table."""
    table = observation.table
    centre = [(TABLE, card) for card in table["board"]]
    if table["stock"]:
        centre.append(("stock", "back"))
    return TableView(
        **seat_fields(observation),
        played=[list(marks) for marks in table["escobas"]],
        centre=centre,
        hand=by_suit_then_rank(observation.hand),
        counts=list(table["cards_in_hand"]),
        lines=lines,
        notes=notes(observation),
        target=table["target"],
    )


def board_sum(observation: Observation) -> int:
    return sum(value(Card.parse(card)) for card in observation.table["board"])


def notes(observation: Observation) -> list[str]:
    """The stock left, what the table adds up to (what a card must make fifteen with) and the piles."""
    table = observation.table
    out = [_("Stock: {cards} cards", cards=table["stock"])]
    if table["board"]:
        out.append(_("the table adds up to {total}", total=board_sum(observation)))
    else:
        out.append(_("the table is empty"))
    return out
