"""What the escoba says and understands: events, the table, moves as players say them, and players' words read
back into legal moves, in the language being spoken (messages in ``cartas_escoba``).

Lines about a player start with the player's name and a colon and go on in the player's own words
(``Tú: me llevo el 5 de espadas con el 7 de oros``), so the same message reads right whoever the name is.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Action, ActionParseError, Card, Event, Observation, TableNames
from cartas.core.i18n import card_name, cards_named, mark, words

from ..actions import Play, parse_action
from ..i18n import _

POINT_WORDS: dict[str, str] = {
    "cards": mark("the most cards"),
    "oros": mark("the most oros"),
    "velo": mark("the siete de velo (7 of oros)"),
    "sietes": mark("the most sietes"),
    "primera": mark("the primera"),
    "all_sietes": mark("all four sietes"),
    "all_oros": mark("all ten oros"),
}
"""Each line of the count but the escobas, as the table says it."""


def _named(cards: Sequence[Card]) -> str:
    """Cards by name, ``a, b and c``."""
    names = [card_name(card) for card in cards]
    if len(names) == 1:
        return names[0]
    return _("{cards} and {last}", cards=", ".join(names[:-1]), last=names[-1])


def _parsed(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.replace("+", " ").split()]


# --- moves -----------------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    """A move as its player says it: ``7 de oros: me llevo 5 de espadas y 3 de copas``, ``dejo el 7 de oros``."""
    if isinstance(action, Play):
        if action.taken:
            return _("{card}: take {cards}", card=card_name(action.card), cards=_named(action.taken))
        return _("leave {card} on the table", card=card_name(action.card))
    return str(action)


_LEAVE_WORDS = frozenset({"dejo", "dejar", "tiro", "tirar", "pongo", "poner", "leave", "lay", "put", "drop",
                          "discard", "echo", "suelto"})
_TAKE_WORDS = frozenset({"llevo", "me", "levanto", "tomo", "cojo", "agarro", "take", "capture", "sweep", "escoba",
                         "con", "with"})


def understand(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move a player's words name, or ``None``; never a move that is not legal now.

    The listed text (``7O+5E+3C``, ``7O``) is read as written. In words, the first card named is the one
    played and the others the cards taken (``el 7 de oros con el 5 de espadas y el 3 de copas``); a card named
    alone with a word of taking (``llevo``, ``escoba``, ``take``) takes the only set it can (the most cards
    when ``escoba`` is said), and with a word of leaving (``dejo``, ``leave``), or no word, stays on the table.
    """
    plays = [action for action in legal if isinstance(action, Play)]
    try:
        exact = parse_action(text)
    except ActionParseError:
        exact = None
    if exact is not None:
        return exact if exact in plays else None
    said = words(text)
    cards, rest = cards_named(said)
    if not cards:
        return None
    card, taken = cards[0], set(cards[1:])
    mine = [action for action in plays if action.card == card]
    if taken:
        chosen = [action for action in mine if set(action.taken) == taken]
        return chosen[0] if chosen else None
    rest_set = set(rest)
    captures = [action for action in mine if action.taken]
    if "escoba" in rest_set:
        board = max((len(action.taken) for action in captures), default=0)
        sweeps = [action for action in captures if len(action.taken) == board]
        return sweeps[0] if len(sweeps) == 1 else None
    if rest_set & _TAKE_WORDS and not rest_set & _LEAVE_WORDS:
        return captures[0] if len(captures) == 1 else None
    leave = Play(card)
    return leave if leave in plays else None


# --- events ----------------------------------------------------------------------------------------------


def describe(event: Event, names: TableNames) -> str | None:
    """One line for an escoba event, or ``None`` for a kind this game does not emit."""
    kind, detail = event.kind, event.detail
    who = names.seat(event.seat) if 0 <= event.seat < len(names.seats) else ""
    if kind == "deal":
        return _("{who}: I deal, three cards each and four on the table", who=who)
    if kind == "table":
        return _("On the table: {cards}", cards=_named(_parsed(detail)))
    if kind == "dealer_escoba":
        if detail == "2":
            return _("{who}: the four table cards make thirty, two escobas for the dealer!", who=who)
        return _("{who}: the four table cards make fifteen, escoba for the dealer!", who=who)
    if kind == "lay":
        return _("{who}: I leave {card} on the table", who=who, card=card_name(Card.parse(detail)))
    if kind == "capture":
        played, *taken = _parsed(detail)
        return _("{who}: with {card} I take {cards}", who=who, card=card_name(played), cards=_named(taken))
    if kind == "escoba":
        return _("{who}: escoba!", who=who)
    if kind == "more":
        return _("{who}: three more cards each ({left} left in the stock)", who=who, left=detail)
    if kind == "last_take":
        return _("{who}: I take what is left, as the last to take: {cards}", who=who, cards=_named(_parsed(detail)))
    if kind == "tally":
        cards, oros, sietes, *primera = detail.split()
        side = _side(names, event.seat)
        if primera:
            return _("{side}: {cards} cards, {oros} oros, {sietes} sietes, primera {primera}", side=side,
                     cards=cards, oros=oros, sietes=sietes, primera=primera[0])
        return _("{side}: {cards} cards, {oros} oros, {sietes} sietes", side=side, cards=cards, oros=oros,
                 sietes=sietes)
    if kind == "point":
        what, points = detail.split()
        side = _side(names, event.seat)
        if what == "escobas":
            return _.plural("{side}: {count} escoba", "{side}: {count} escobas", int(points), side=side)
        return _("{side}: a point for {what}", side=side, what=_(POINT_WORDS.get(what, what)))
    if kind == "deal_points":
        gained = " · ".join(f"{_side(names, side)} +{points}" for side, points in enumerate(detail.split()))
        return _("This deal: {points}", points=gained)
    if kind == "tie":
        return _("Tied at {points} at the top: another deal", points=detail)
    if kind == "over":
        scores = " · ".join(f"{_side(names, side)}: {points}" for side, points in enumerate(detail.split()))
        return _("Match won: {side} ({scores})", side=_side(names, event.seat), scores=scores)
    return None


def _side(names: TableNames, side: int) -> str:
    return names.side(side) if 0 <= side < len(names.sides) else str(side + 1)


# --- the table -------------------------------------------------------------------------------------------


def table_lines(observation: Observation, names: TableNames) -> list[str]:
    """The deal and the target; the table cards; each side's pile; the last deal's count."""
    table = observation.table
    sides = len(table["piles"])
    lines = [
        _("Deal {deal} · to {target} points · dealer: {who}", deal=table["deal"], target=table["target"],
          who=names.seat(observation.dealer)),
    ]
    if table["board"]:
        lines.append(_("On the table: {cards}", cards=" ".join(table["board"])))
    else:
        lines.append(_("The table is empty"))
    made = [0] * sides
    for seat, marks in enumerate(table["escobas"]):
        made[observation.teams[seat] if observation.teams else seat] += len(marks)
    piles = " · ".join(
        _("{side}: {cards} cards, {oros} oros, {sietes} sietes, {escobas} escobas", side=_side(names, side),
          cards=table["piles"][side], oros=table["oros"][side], sietes=table["sietes"][side], escobas=made[side])
        for side in range(sides)
    )
    lines.append(_("Taken: {piles}", piles=piles))
    if table["velo"] is not None:
        lines.append(_("Siete de velo: {side}", side=_side(names, table["velo"])))
    return lines
