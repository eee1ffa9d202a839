"""Siete y medio's events and table lines, in the language being spoken (messages in ``cartas_siete_y_medio``).

Lines about a player start with the player's name and a colon, so the same message reads right whoever the name
is."""

from __future__ import annotations

from cartas.core import Event, Observation, TableNames
from cartas.core.i18n import mark

from ..i18n import _
from ..state import BUST, PLAYING, STOOD

STATUS: dict[str, str] = {PLAYING: mark("playing"), STOOD: mark("stands"), BUST: mark("over")}
"""A seat's state in the hand, as the table shows it."""


def describe(event: Event, names: TableNames) -> str | None:
    """The event as a line, or ``None`` for a kind this game does not tell (the core's default says it)."""
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
    return None


def table_lines(observation: Observation, names: TableNames) -> list[str]:
    """Each seat's cards, shown total and state (``<`` marks the seat to act), then the stock and the hand."""
    table = observation.table
    lines = []
    for seat, (cards, showing, status) in enumerate(zip(table["cards"], table["showing"], table["status"])):
        role = _("bank") if seat == table["banker"] else _("punter")
        mark = " <" if seat in observation.to_act else ""
        lines.append(f"{names.seat(seat)} ({role}): {' '.join(cards)}  [{showing}] {_(STATUS[status])}{mark}")
    lines.append(_("stock: {count} cards · hand {number} of {hands}", count=table["stock"],
                   number=observation.hand_number + 1, hands=table["hands"]))
    return lines
