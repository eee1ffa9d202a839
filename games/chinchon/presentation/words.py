"""What chinchón and remigio say and understand: events, the table, moves as players say them, and players'
words read back into legal moves, in the language being spoken (messages in ``cartas_chinchon``).

Lines about a player start with the player's name and a colon and go on in the player's own words
(``Tú: robo del mazo``), so the same message reads right whoever the name is.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Action, Card, Event, Observation, TableNames, cutter_seat
from cartas.core.i18n import card_name, cards_named, mark, words

from ..actions import DRAW_DISCARD, DRAW_STOCK, REENGANCHE, RETIRE, Discard, Draw, Reenganche
from ..i18n import _

"""The suits as the game's players name them (oros, copas, espadas, bastos)."""

CLOSE_KINDS: dict[str, str] = {
    "closed": mark("all melded"),
    "closed without comodines": mark("all melded, no comodín"),
    "color": mark("color"),
    "color without comodines": mark("color, no comodín"),
    "straight flush": mark("one ten-card run"),
    "straight flush without comodines": mark("one ten-card run, no comodín"),
    "remigio": mark("remigio"),
}
"""Remigio's kinds of close, as the ``closed`` event names them (see remigio.MULTIPLIERS)."""




def _card(text: str) -> str:
    return card_name(Card.parse(text))


# --- moves -----------------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    """A move as its player says it: ``robo del mazo``, ``tiro el 3 de oros``, ``cierro con el as de copas``."""
    if isinstance(action, Draw):
        return _("draw from the stock") if action == DRAW_STOCK else _("take the top of the discard pile")
    if isinstance(action, Discard):
        if action.close:
            return _("close with {card}", card=card_name(action.card))
        return _("discard {card}", card=card_name(action.card))
    if isinstance(action, Reenganche):
        return _("come back in (reenganche)") if action.accept else _("retire")
    return str(action)


_CLOSE_WORDS = frozenset({"cierro", "cierra", "cerrar", "cierre", "corto", "corta", "cortar", "close", "closes",
                          "cut", "knock"})
_STOCK_WORDS = frozenset({"mazo", "stock", "baceta", "robo", "roba", "robar", "draw", "draws"})
_PILE_WORDS = frozenset({"descarte", "descartes", "pozo", "monton", "arriba", "cojo", "coger", "coge", "tomo",
                         "tomar", "toma", "take", "takes", "pick", "pile", "discard", "top", "upcard"})
_COME_BACK = frozenset({"reenganche", "reengancho", "reengancharse", "reengancharme", "vuelvo", "si", "yes",
                        "rejoin", "back"})
_RETIRE = frozenset({"retiro", "retirarse", "retirarme", "retire", "quit", "no", "paso"})


def understand(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move a player's words name (``robo``, ``cojo la de arriba``, ``tiro el 3 de oros``, ``3 de oro``,
    ``cierro``), or ``None``. The phase tells draws from discards: when drawing, any word of the discard pile
    (cojo, descarte, the top) means the pile; when discarding, a card named is thrown, or laid face down with
    ``cierro``/``corto`` (``cierro`` alone when only one card closes)."""
    folded = words(text)
    if not folded:
        return None
    cards, rest = cards_named(folded)
    said = set(rest)
    chosen: Action | None = None
    if any(isinstance(action, Reenganche) for action in legal):
        if said & _COME_BACK:
            chosen = REENGANCHE
        elif said & _RETIRE:
            chosen = RETIRE
    elif any(isinstance(action, Draw) for action in legal):
        if said & _PILE_WORDS:
            chosen = DRAW_STOCK if said & {"mazo", "stock", "baceta"} else DRAW_DISCARD
        elif said & _STOCK_WORDS:
            chosen = DRAW_STOCK
    elif said & _CLOSE_WORDS:
        closes = [a for a in legal if isinstance(a, Discard) and a.close and (not cards or a.card in cards[:1])]
        chosen = closes[0] if len(closes) == 1 else None
    elif len(cards) == 1:
        chosen = Discard(cards[0])
    return chosen if chosen is not None and chosen in legal else None


# --- events ----------------------------------------------------------------------------------------------


def _layout(detail: str) -> str:
    """An ``arrange`` event's hand: melds, lay-offs on the closer's melds and the loose cards."""
    hand, _equals, points = detail.rpartition(" = ")
    parts = []
    for part in hand.split(" | "):
        if part.startswith("loose "):
            parts.append(_("loose {cards}", cards=part.removeprefix("loose ")))
        elif part.startswith("+"):
            meld, _colon, cards = part[1:].partition(": ")
            parts.append(_("on meld {number}: {cards}", number=meld, cards=cards))
        elif part != "-":
            parts.append(part)
    layout = " | ".join(parts) or _("nothing")
    return _("{layout}; {points} points", layout=layout, points=points)


def describe(event: Event, names: TableNames, seated: bool = True) -> str | None:
    """One line for a chinchón or remigio event, or ``None`` for a kind this game does not emit. ``seated``: the
    names are the table's own, one per seat (not generic ones), so the seat that cuts can be named."""
    kind, detail = event.kind, event.detail
    who = names.seat(event.seat) if event.seat >= 0 else ""
    if kind == "deal":
        # The line names the seat on the dealer's left among all seats: an event does not say who is still in,
        # so after a player is put out the seat tags (drawn from the view) are the ones to trust.
        cutter = cutter_seat(len(names.seats), event.seat) if who and seated else event.seat
        if cutter == event.seat:
            return _("{who}: deals; face up, {card}", who=who, card=_card(detail.split()[-1]))
        return _("{who}: shuffles and deals · cut: {cutter}; face up, {card}", who=who,
                 cutter=names.seat(cutter), card=_card(detail.split()[-1]))
    if kind == "draw":
        if detail == "stock":
            return _("{who}: draws from the stock", who=who)
        return _("{who}: takes {card} from the discard pile", who=who, card=_card(detail.split()[-1]))
    if kind == "discard":
        return _("{who}: discards {card}", who=who, card=_card(detail))
    if kind == "close":
        return _("{who}: closes, laying a card face down", who=who)
    if kind == "reveal":
        return _("{who}: the face-down card was {card}", who=who, card=_card(detail))
    if kind == "arrange":
        return _("{who}: {layout}", who=who, layout=_layout(detail))
    if kind == "score":
        gain, _equals, total = detail.partition(" = ")
        return _("{who}: {gain} points, {total} in all", who=who, gain=gain, total=total)
    if kind == "reshuffle":
        return _("The stock ran out: the discards are shuffled into a new stock of {count} cards", count=detail)
    if kind == "turn_limit":
        return _("Nobody closed within {turns} turns: the round is scored as it stands", turns=detail)
    if kind == "winner":
        seats = [names.seat(int(seat)) for seat in detail.split()]
        if len(seats) == 1:
            return _("The match goes to {who}", who=seats[0])
        return _("{first} and {last} share the win", first=", ".join(seats[:-1]), last=seats[-1])
    if kind == "chinchon":
        return _("Chinchón! The match goes to {who}: {cards}", who=who, cards=detail)
    if kind == "closed":
        close, _colon, cards = detail.partition(": ")
        kind_key, _space, multiplier = close.rpartition(" x")
        return _("{who}: closes with {kind} (×{multiplier}): {cards}", who=who,
                 kind=_(CLOSE_KINDS.get(kind_key, kind_key)), multiplier=multiplier, cards=cards)
    if kind == "eliminated":
        return _("{who}: out, with {points} points", who=who, points=detail)
    if kind == "reenganche":
        return _("{who}: comes back in (reenganche) with {points} points", who=who, points=detail)
    if kind == "may_reenganche":
        return _("{who}: come back in (reenganche) with {points} points, or retire?", who=who, points=detail)
    return None


# --- the table -------------------------------------------------------------------------------------------


def table_lines(observation: Observation, names: TableNames) -> list[str]:
    """The discard pile and the stock, every hand's size and every score, named as the viewer names them."""
    table = observation.table
    if table["upcard"]:
        pile = _("Discard pile: {upcard} on top", upcard=card_name(Card.parse(table["upcard"])))
    else:
        pile = _("Discard pile: empty")
    out = " " + _("(out)")
    lines = [
        pile + " · " + _("cards in the stock: {count}", count=table["stock"]) + " · " + _("turn {turn}", turn=table["turn"]),
        _("Cards in hand: {hands}", hands=" · ".join(
            f"{names.seat(seat)}: {count}" + ("" if table["active"][seat] else out)
            for seat, count in enumerate(table["hand_sizes"])
        )),
        _("Points: {scores}", scores=" · ".join(
            f"{names.seat(seat)}: {score}" for seat, score in enumerate(observation.scores)
        )),
    ]
    if table["turn"] < table["close_from_turn"]:
        lines.append(_("Nobody may close before everyone has played a turn."))
    return lines

