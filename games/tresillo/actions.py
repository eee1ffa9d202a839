"""Julepe's actions and their text: the spoken words (``juego``, ``paso``, ``tomo viuda``...) and card actions.

Spoken actions are :class:`~cartas.core.state.Word` constants, so an action is its own canonical text and is
never parsed again when applied. Card actions (``play 1O``,
``discard 4E``) are a :class:`CardAction` built once per card, so legal-move lists are cheap to build and to
compare in random playouts.
"""

from __future__ import annotations

from typing import NamedTuple

from cartas.core import ActionParseError, Card, CardParseError, Word, fold_text, spanish_deck

NORMAL = Word("apuesta normal")
"""The dealer's choice of an ordinary deal: everyone sees his cards and decides whether to play."""
CIEGA = Word("apuesta ciega")
"""The dealer's choice of a blind deal: everyone plays, cards turned up in the order dealt."""
OBLIGO = Word("obligo")
"""The dealer takes the turned figure before looking at his hand, and must win two tricks."""
NO_OBLIGO = Word("no obligo")
"""The dealer leaves the turned figure where it is."""
JUEGO = Word("juego")
"""I play this deal."""
PASO = Word("paso")
"""I sit this deal out."""
TOMO = Word("tomo viuda")
"""I take the viuda (the spare hand) in place of my own cards, and play."""
DEJO = Word("dejo viuda")
"""I leave the viuda."""
DESTAPO = Word("destapo")
"""In a blind deal: turn up my next card, the only thing a player may do."""

WORDS: tuple[str, ...] = (NORMAL, CIEGA, OBLIGO, NO_OBLIGO, JUEGO, PASO, TOMO, DEJO, DESTAPO)

PLAY, DISCARD = "play", "discard"


class CardAction(NamedTuple):
    """Playing a card to the trick (``play 1O``) or discarding one face down after obliging (``discard 4E``)."""

    verb: str
    card: Card

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"


PLAYS: dict[Card, CardAction] = {card: CardAction(PLAY, card) for card in spanish_deck(40)}
DISCARDS: dict[Card, CardAction] = {card: CardAction(DISCARD, card) for card in spanish_deck(40)}

_ALIASES: dict[str, str] = {
    NORMAL: NORMAL, "normal": NORMAL, "normal bet": NORMAL, "apuesta": NORMAL,
    CIEGA: CIEGA, "ciega": CIEGA, "blind": CIEGA, "blind bet": CIEGA,
    OBLIGO: OBLIGO, "obligar": OBLIGO, "force": OBLIGO,
    NO_OBLIGO: NO_OBLIGO, "no force": NO_OBLIGO, "decline": NO_OBLIGO,
    JUEGO: JUEGO, "voy": JUEGO, "entro": JUEGO, "play": JUEGO, "in": JUEGO,
    PASO: PASO, "no voy": PASO, "pass": PASO, "out": PASO,
    TOMO: TOMO, "tomo": TOMO, "tomo la viuda": TOMO, "take widow": TOMO, "take the widow": TOMO, "take": TOMO,
    DEJO: DEJO, "dejo": DEJO, "dejo la viuda": DEJO, "leave widow": DEJO, "leave the widow": DEJO, "leave": DEJO,
    DESTAPO: DESTAPO, "destapar": DESTAPO, "turn": DESTAPO, "flip": DESTAPO, "reveal": DESTAPO,
}
_PLAY_VERBS = ("play", "juego", "tiro", "echo", "jugar")
_DISCARD_VERBS = ("discard", "descarto", "descarte", "descartar")



def parse_action(text: str) -> str | CardAction:
    """Read an action from its canonical text or an alias; the error lists what the game understands."""
    folded = fold_text(text)
    word = _ALIASES.get(folded)
    if word is not None:
        return word
    verb, _, rest = folded.rpartition(" ")
    try:
        card = Card.parse(rest)
    except CardParseError:
        card = None
    if card is not None and card in PLAYS:
        if verb in _PLAY_VERBS or verb == "":
            return PLAYS[card]
        if verb in _DISCARD_VERBS:
            return DISCARDS[card]
    raise ActionParseError(
        f"cannot read {text!r} as a julepe action; say one of: {', '.join(WORDS)}, "
        "'play CARD' (or just the card, e.g. 1O) or 'discard CARD' (e.g. discard 4E)"
    )
