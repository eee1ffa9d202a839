"""The rummy games' table as their viewer sees it (:class:`~cartas.core.views.TableView`): the discard pile's
top and the stock in the middle, the hand laid out as a player holds it (the best melds first, then the loose
cards by suit and rank, with what they cost), the card just drawn, whether the viewer may close and if not
why, the limit and who is closest to it."""

from __future__ import annotations

from cartas.core import FACE_DOWN, Observation, TableView, by_suit_then_rank, parse_cards, seat_fields

from ..i18n import _
from ..melds import MeldRules


SUMMARY_KINDS = frozenset({"reveal", "closed", "arrange", "score", "chinchon", "eliminated", "winner"})
"""The events that tell how a hand went: who closed, each hand laid out with its loose points, the penalty or the gain."""

def table_view(observation: Observation, rules: MeldRules, lines: list[str]) -> TableView:
    """``rules`` are the meld rules the observed match is played with; ``lines`` the game's ``table_lines``,
    which the browser shows beside the table."""
    table = observation.table
    centre = [("discard", table["upcard"])] if table["upcard"] else []
    if table["stock"]:
        centre.append(("stock", FACE_DOWN))
    melds: list[list[str]] = []
    loose: list[str] = []
    loose_points = None
    if observation.hand:
        arrangement = rules.arrange(parse_cards(" ".join(observation.hand)))
        melds = [[str(card) for card in meld] for meld in arrangement.melds]
        loose = by_suit_then_rank(str(card) for card in arrangement.loose)
        loose_points = arrangement.points
    may_close, reason = close_status(observation, rules)
    in_play = [seat for seat, active in enumerate(table["active"]) if active]  # the put-out neither cut nor deal
    return TableView(
        **seat_fields(observation, in_play),
        played=[[] for _seat in range(observation.players)],
        centre=centre,
        hand=[card for meld in melds for card in meld] + loose,
        melds=melds,
        loose=loose,
        loose_points=loose_points,
        counts=list(table["hand_sizes"]),
        target=table.get("limit"),
        lines=lines,
        notes=[_("{count} cards in the stock", count=table["stock"])],
        drawn=table.get("drawn"),
        discard_top=table["upcard"],
        may_close=may_close,
        close_reason=reason,
        closest=closest(observation),
    )


def close_status(observation: Observation, rules: MeldRules) -> tuple[bool | None, str]:
    """Whether the viewer may close now and, if not, why in a few words; ``None`` for a seat without cards
    (a spectator, a player put out) and at the end of the match."""
    if not observation.hand or observation.over:
        return None, ""
    if any(move.startswith("close ") for move in observation.legal):
        return True, ""
    table = observation.table
    if table["turn"] < table["close_from_turn"]:
        return False, _("nobody may close before everyone has played a turn")
    cards = parse_cards(" ".join(observation.hand))
    drawn = "drawn" in table
    points = rules.deadwood_after_discard(cards) if drawn else rules.arrange(cards).points
    max_cut = table.get("max_cut")
    if max_cut is None:  # remigio: every card kept must be melded (or the hand be color)
        return False, _("{points} loose points; you close with every card melded", points=points)
    if points > max_cut:
        return False, _("{points} loose points; you close with {most} or fewer", points=points, most=max_cut)
    if not drawn:
        return False, _("draw first, then you may close")
    return False, _("not your turn")


def closest(observation: Observation) -> list[int]:
    """The seats still in with the highest total: nearest the limit in chinchón's penalty points, nearest the
    target in remigio's gains."""
    active = observation.table["active"]
    totals = {seat: observation.scores[seat] for seat in range(observation.players) if active[seat]}
    if not totals or max(totals.values()) == 0:
        return []
    top = max(totals.values())
    return [seat for seat, total in totals.items() if total == top]
