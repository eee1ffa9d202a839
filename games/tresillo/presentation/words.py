"""What julepe says and understands: events, the table, moves as players say them, and players' words read back
into legal moves, in the language being spoken (messages in ``cartas_tresillo``).

Lines about a player start with the player's name and a colon and go on in the player's own words
(``Tú: paso``), so the same message reads right whoever the name is.
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import Action, Card, Event, Observation, TableNames, cutter_seat
from cartas.core.i18n import card_name, cards_named, mark, suit_name, words

from ..actions import (
    CIEGA, DEJO, DESTAPO, DISCARD, DISCARDS, JUEGO, NO_OBLIGO, NORMAL, OBLIGO, PASO, PLAYS, TOMO, CardAction,
)
from ..i18n import _

"""The suits as the game's players name them (oros, copas, espadas, bastos)."""

WHO_ONLY: dict[str, str] = {
    "first_dealer": mark("{who}: the first oro, so deals first"),
    "no_obligo": mark("{who}: no obligo"),
    "juego": mark("{who}: juego! (plays)"),
    "paso": mark("{who}: paso (sits out)"),
    "tomo_viuda": mark("{who}: takes the viuda"),
    "dejo_viuda": mark("{who}: leaves the viuda"),
    "por_el_pozo": mark("Nobody takes the viuda: por el pozo, defended by {who}"),
}
"""The events told by who did them alone, by kind."""

WITH_CHIPS: dict[str, str] = {
    "out": mark("{who}: cannot cover the stake ({chips} chips) and leaves the table"),
    "antes": mark("Everyone puts {chips} in the pot"),
    "pot": mark("The pot holds {chips}"),
    "uncontested": mark("Nobody takes the viuda: the pot of {chips} goes unplayed to {who}"),
    "redeal": mark("Everybody passes: {who} to deal again, the pot of {chips} stays"),
    "cae": mark("{who}: falls (cae) and puts {chips} in the pot"),
}
"""The events told by who did them and the chips in their detail, by kind."""

WITH_CARD: dict[str, str] = {
    "draw": mark("{who}: {card}, face up"),
    "obligo": mark("{who}: obligo! takes {card}"),
    "play": mark("{who}: plays {card}"),
}
"""The events told by who did them and the card in their detail, by kind."""

MODES: dict[str, str] = {"normal": mark("normal"), "ciega": mark("blind")}
"""The dealer's two kinds of deal (apuesta normal, apuesta ciega)."""

WORDS: dict[str, str] = {
    NORMAL: mark("apuesta normal (everyone sees his cards)"),
    CIEGA: mark("apuesta ciega (blind: everyone plays)"),
    OBLIGO: mark("obligo (I take the trump card)"),
    NO_OBLIGO: mark("no obligo"),
    JUEGO: mark("juego (I play)"),
    PASO: mark("paso (I sit out)"),
    TOMO: mark("I take the viuda"),
    DEJO: mark("I leave the viuda"),
    DESTAPO: mark("I turn up my card"),
}
"""The spoken moves as their player says them."""




def _card(text: str) -> str:
    return card_name(Card.parse(text))


# --- moves -----------------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    """A move as its player says it: ``juego``, ``tomo la viuda``, ``tiro el as de espadas``."""
    if isinstance(action, CardAction):
        if action.verb == DISCARD:
            return _("discard {card}", card=card_name(action.card))
        return _("play {card}", card=card_name(action.card))
    if isinstance(action, str) and action in WORDS:
        return _(WORDS[action])
    return str(action)


_SAYINGS: dict[str, str] = {
    **dict.fromkeys(("no obligo", "no obligar", "do not oblige", "don t oblige", "decline"), NO_OBLIGO),
    **dict.fromkeys(("obligo", "obligar", "oblige", "force", "tomo triunfo", "take the trump"), OBLIGO),
    **dict.fromkeys(("dejo", "dejo viuda", "leave", "leave the viuda", "leave the widow"), DEJO),
    **dict.fromkeys(("tomo", "tomo viuda", "cojo viuda", "take the viuda", "take the widow"), TOMO),
    **dict.fromkeys(("destapo", "destapar", "destapo carta", "turn", "turn up", "flip", "reveal"), DESTAPO),
    **dict.fromkeys(("paso", "no voy", "me voy", "no juego", "pass", "i pass", "out", "fold"), PASO),
    **dict.fromkeys(("juego", "voy", "entro", "play", "i play", "in", "i m in"), JUEGO),
    **dict.fromkeys(("ciega", "apuesta ciega", "a ciegas", "blind"), CIEGA),
    **dict.fromkeys(("normal", "apuesta normal", "apuesta"), NORMAL),
}
"""Spoken moves by their words, folded and without articles (``tomo la viuda`` is ``tomo viuda``)."""
_ARTICLES = frozenset({"el", "la", "yo"})
_DISCARD_WORDS = frozenset({"descarto", "descarte", "descartar", "discard", "discards"})


def understand(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move a player's words name (``juego``, ``paso``, ``me voy``, ``tomo la viuda``,
    ``tiro el as de espadas``, ``1e``), or ``None``; never a move that is not legal now. A card named is played,
    or discarded when the player says so or when discarding is all he may do with it."""
    said = words(text)
    cards, rest = cards_named(said)
    chosen: Action | None = None
    if len(cards) == 1 and cards[0] in PLAYS:
        card = cards[0]
        discard = bool(set(rest) & _DISCARD_WORDS) or PLAYS[card] not in legal
        chosen = DISCARDS[card] if discard else PLAYS[card]
    elif not cards:
        chosen = _SAYINGS.get(" ".join(word for word in said if word not in _ARTICLES))
    return chosen if chosen is not None and chosen in legal else None


# --- events ----------------------------------------------------------------------------------------------


def describe(event: Event, names: TableNames, seated: bool = True) -> str | None:
    """One line for a julepe event, or ``None`` for a kind this game does not emit. ``seated``: the names are
    the table's own, one per seat (not generic ones), so the seat that cuts can be named."""
    kind, detail = event.kind, event.detail
    who = names.seat(event.seat) if event.seat >= 0 else ""
    if kind in WHO_ONLY:
        return _(WHO_ONLY[kind], who=who)
    if kind in WITH_CHIPS:
        return _(WITH_CHIPS[kind], who=who, chips=detail)
    if kind in WITH_CARD:
        return _(WITH_CARD[kind], who=who, card=_card(detail))
    if kind == "mode":
        return _("{who}: apuesta {mode}", who=who, mode=_(MODES.get(detail, detail)))
    if kind == "deal":
        mode = _(MODES.get(detail, detail))
        cutter = cutter_seat(len(names.seats), event.seat) if who and seated else event.seat
        if cutter == event.seat:
            return _("{who}: deals ({mode})", who=who, mode=mode)
        return _("{who}: shuffles and deals ({mode}) · cut: {cutter}", who=who, mode=mode, cutter=names.seat(cutter))
    if kind == "trump":
        card = Card.parse(detail)
        return _("Trump card {card}: {suit} are trumps", card=card_name(card), suit=suit_name(card.suit))
    if kind == "discard":
        if detail == "face down":
            return _("{who}: discards a card face down", who=who)
        return _("{who}: discards {card}", who=who, card=_card(detail))
    if kind == "trick":
        if detail == "0":
            return _("{who}: wins the trick; its share stays in the pot", who=who)
        return _("{who}: wins the trick and takes {chips}", who=who, chips=detail)
    if kind == "over":
        chips = " · ".join(f"{names.seat(seat)}: {count}" for seat, count in enumerate(detail.split()))
        return _("Match over; chips: {chips}", chips=chips)
    return None


# --- the table -------------------------------------------------------------------------------------------


def table_lines(observation: Observation, names: TableNames) -> list[str]:
    """The deal, the dealer, the pot and the stake; the chips; the trump card, the tricks won and the trick."""
    table = observation.table
    dealt, trump_suit = table["mode"], table["trump"]
    mode = _(MODES[dealt]) if dealt in MODES else _("not dealt yet")
    out = " " + _("(out)")
    chips = " · ".join(
        f"{names.seat(seat)}: {count}" + ("" if seat in table["active"] else out)
        for seat, count in enumerate(observation.scores)
    )
    lines = [
        _("Deal {deal} of {deals} ({mode})", deal=table["deal"], deals=table["deals"], mode=mode) + " · "
        + _("dealer: {who}", who=names.seat(observation.dealer)) + " · "
        + _("pot: {chips}", chips=table["pot"]) + " · " + _("stake: {chips}", chips=table["stake"]),
        _("Chips: {chips}", chips=chips),
    ]
    if table["up"]:
        trump = _("Trump: {card} ({suit} are trumps)", card=_card(table["up"]), suit=suit_name(trump_suit))
        lines.append(trump + (" " + _("(obliged by the dealer)") if table["up_taken"] else ""))
    if table["players"]:
        won = " · ".join(f"{names.seat(seat)}: {table['tricks_won'][seat]}" for seat in table["players"])
        lines.append(_("Tricks won: {tricks} (each trick pays {chips})", tricks=won, chips=table["trick_pays"]))
    if table["trick"]:
        plays = []
        for play in table["trick"]:
            seat, _colon, card = play.partition(":")
            plays.append(f"{names.seat(int(seat))}: {card}")
        lines.append(_("Trick: {plays}", plays=" · ".join(plays)))
    return lines
