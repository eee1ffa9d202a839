"""Julepe's table as its viewer sees it (:class:`~cartas.core.views.TableView`): the cards each seat played this
deal, the trick, the turned-up trump card, the hand by suit then rank, and the deal, the pot and the stake as
notes."""

from __future__ import annotations

from cartas.core import Observation, TableView, by_suit_then_rank, seat_fields

from ..i18n import _


SUMMARY_KINDS = frozenset({"trick", "cae", "por_el_pozo", "out", "over"})
"""The events that tell how a hand went: the tricks taken, who fell (cae) and the pot."""

def table_view(observation: Observation, lines: list[str]) -> TableView:
    """``lines`` are the game's ``table_lines``, which the browser shows beside the table."""
    table = observation.table
    played: list[list[str]] = [[] for _seat in range(observation.players)]
    for event in observation.events:
        if event.kind == "play":
            played[event.seat].append(event.detail)
    trick = []
    for play in table["trick"]:
        seat, _colon, card = play.partition(":")
        trick.append((int(seat), card))
    return TableView(
        **seat_fields(observation, table["active"]),  # a player who left the table does not cut
        played=played,
        trick=trick,
        centre=[("trump", table["up"])] if table["up"] else [],
        hand=by_suit_then_rank(observation.hand),
        counts=list(table["cards_in_hand"]),
        lines=lines,
        notes=notes(observation),
    )


def notes(observation: Observation) -> list[str]:
    table = observation.table
    lines = [
        _("Deal {deal} of {deals} · pot {pot} · stake {stake}", deal=table["deal"], deals=table["deals"],
          pot=table["pot"], stake=table["stake"])
    ]
    if table["players"]:
        lines.append(_("Each trick pays {chips}", chips=table["trick_pays"]))
    return lines
