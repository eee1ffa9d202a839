"""The tantos and flores shown when a hand ends, told as players say them: "Vos: Muestro el 7 y el 6 de
espadas (33)" as it happens, "Envido: Nosotros 33 (el 7 y el 6 de espadas), Ellos 29" in the hand's summary.

The events (``envido_shown``, ``flor_shown``) carry the cards in notation then the points: ``"7E 6E 33"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cartas.core import Card, Event, TableNames
from cartas.core.i18n import mark, suit_name

from ..i18n import _

SHOWN_KINDS = ("envido_shown", "flor_shown")
SUNG = {"envido_shown": "tanto", "flor_shown": "flor_tanto"}
"""The event in which each shown kind's points were sung, when they were compared with the rivals'."""
SAID_IN = {"tanto": "envido", "flor_tanto": "flor"}
"""Which singing each sung event belongs to: the detail of a "son buenas" said in it."""
RANK_SAID = {1: mark("the ace"), 10: mark("the jack"), 11: mark("the knight"), 12: mark("the king")}
"""A card without its suit, as said in a list of cards of one suit; the others are "the {rank}"."""


def parse(detail: str) -> tuple[list[Card], int]:
    """The cards and the points of a shown event's detail (``"7E 6E 33"``)."""
    *cards, points = detail.split()
    return [Card.parse(card) for card in cards], int(points)


def cards_said(cards: Sequence[Card]) -> str:
    """One, two or three cards of one suit with their articles: "el 7 y el 6 de espadas"."""
    said = [_(RANK_SAID[card.rank]) if card.rank in RANK_SAID else _("the {rank}", rank=card.rank) for card in cards]
    suit = suit_name(cards[0].suit)
    if len(said) == 1:
        return _("{card} of {suit}", card=said[0], suit=suit)
    if len(said) == 2:
        return _("{first} and {second} of {suit}", first=said[0], second=said[1], suit=suit)
    return _("{first}, {second} and {third} of {suit}", first=said[0], second=said[1], third=said[2], suit=suit)


def describe_shown(event: Event, who: str) -> str:
    """The event as it happens: the seat shows the cards that made its tanto or its flor."""
    cards, points = parse(event.detail)
    if event.kind == "flor_shown":
        return _("{who}: I show my flor, {cards} ({points})", who=who, cards=cards_said(cards), points=points)
    return _("{who}: I show {cards} ({points})", who=who, cards=cards_said(cards), points=points)


def _singings(events: Sequence[Event]) -> list[tuple[str, list[Event]]]:
    """The runs of words said in turn after an accepted envido (``"envido"``) or flor (``"flor"``): the
    numbers said and the "son buenas", one run per singing (a pica-pica hand has one per duel)."""
    runs: list[tuple[str, list[Event]]] = []
    last = -2
    for at, event in enumerate(events):
        said = event.detail if event.kind == "son_buenas" else SAID_IN.get(event.kind, "")
        if not said:
            continue
        if runs and runs[-1][0] == said and last == at - 1:
            runs[-1][1].append(event)
        else:
            runs.append((said, [event]))
        last = at
    return runs


def _rival_word(runs: list[tuple[str, list[Event]]], shown: Event) -> tuple[int, str] | None:
    """What the rival side said against a shown tanto or flor: the rival's team and its best number said, or
    ``""`` when it only said "son buenas"; None when the points were not sung against anyone."""
    said_in = SAID_IN[SUNG[shown.kind]]
    team = shown.seat % 2
    for said, run in runs:
        if said != said_in or all(e.seat != shown.seat for e in run):
            continue
        rivals = [e for e in run if e.seat % 2 != team]
        if not rivals:
            return None
        numbers = [int(e.detail) for e in rivals if e.kind != "son_buenas"]
        return rivals[0].seat % 2, str(max(numbers)) if numbers else ""
    return None


def summary_lines(
    events: Sequence[Event], names: TableNames, describe: Callable[[Event], str], kinds: frozenset[str]
) -> list[str]:
    """A hand's summary: the envido and the flor first, each with its cards and what the rivals said against
    it (their best number said, or "son buenas"), then the events of ``kinds`` described one a line."""
    runs = _singings(events)
    lines = []
    for event in events:
        if event.kind not in SHOWN_KINDS:
            continue
        cards, points = parse(event.detail)
        values = {"side": names.side(event.seat % 2), "points": points, "cards": cards_said(cards)}
        rival = _rival_word(runs, event)
        flor = event.kind == "flor_shown"
        if rival is None:
            line = _("Flor: {side} {points} ({cards})", **values) if flor else _(
                "Envido: {side} {points} ({cards})", **values)
        elif rival[1]:
            other = {"other": names.side(rival[0]), "other_points": rival[1]}
            line = _("Flor: {side} {points} ({cards}), {other} {other_points}", **values, **other) if flor else _(
                "Envido: {side} {points} ({cards}), {other} {other_points}", **values, **other)
        else:
            other = {"other": names.side(rival[0])}
            line = _("Flor: {side} {points} ({cards}), {other}: yours are good", **values, **other) if flor else _(
                "Envido: {side} {points} ({cards}), {other}: yours are good", **values, **other)
        lines.append(line)
    return lines + [describe(event) for event in events if event.kind in kinds]
