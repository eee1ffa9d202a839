"""Truco paulista's table as its viewer sees it (:class:`~cartas.core.views.TableView`): the cards each seat
played (an encoberta as its back, even to the seat that hid it), the rodada, the vira, the hand by suit then
rank, and the stake, a call waiting and the mão de onze as notes."""

from __future__ import annotations

from typing import Any

from cartas.core import FACE_DOWN, Observation, TableView, by_suit_then_rank, card_label, current_deck, seat_fields

from ..i18n import _

POINTS = 12
"""A match of truco paulista is played to 12."""


SUMMARY_KINDS = frozenset({"trick", "hand"})
"""The events that tell how a hand went: the rodadas won, the hand's winner and its points."""

def table_view(observation: Observation, lines: list[str]) -> TableView:
    """``lines`` are the game's ``table_lines``, which the browser shows beside the table."""
    table = observation.table
    played: list[list[str]] = [[] for _seat in range(observation.players)]
    for plays in [*table["tricks"], table["current_trick"]]:
        for play in plays:
            played[play["seat"]].append(face(play))
    return TableView(
        **seat_fields(observation),
        played=played,
        trick=[(play["seat"], face(play)) for play in table["current_trick"]],
        centre=[("vira", table["vira"])] if table["vira"] else [],
        hand=by_suit_then_rank(observation.hand),
        counts=list(table["hand_sizes"]),
        target=POINTS,
        lines=lines,
        notes=notes(observation),
    )


def notes(observation: Observation) -> list[str]:
    table = observation.table
    lines = [_("The hand is worth {points}", points=table["stake"])]
    if table.get("manilha") is not None:  # the rank, then the four by name, strongest first (no card text:
        # the conformance suite reads any card written in a view as one shown)
        lines.append(_("Manilhas: the {rank}s (zap > copas > espadilha > pica-fumo)",
                       rank=current_deck().rank_label(int(table["manilha"]))))
    if table.get("pending"):
        lines.append(_("{call}: waiting for the answer", call=table["pending"]))
    if table.get("mao_de_onze") is not None:
        lines.append(_("Mão de onze"))
    if table.get("mao_de_ferro"):
        lines.append(_("Mão de ferro, cards played blind") if table.get("blind") else _("Mão de ferro"))
    if table.get("partner_hand") is not None:
        lines.append(_("Your partner's hand: {cards}", cards=" ".join(map(card_label, table["partner_hand"])) or "-"))
    return lines


def face(play: dict[str, Any]) -> str:
    return FACE_DOWN if play["face_down"] else str(play["card"])
