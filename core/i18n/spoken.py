"""Reading what players type in their own words, for a game's ``understand``: folded text and spoken cards.

Players write ``el tres de oros``, ``3 de oro``, ``Tiro el ancho de espadas``, ``jogo o 3 de ouros`` or
``the 3 of coins``; a game strips its verbs and asks :func:`spoken_card` for the card. Every language is
understood at once: a player does not switch languages to be understood, and no word here means two cards.
"""

from __future__ import annotations

import unicodedata

from cartas.core.cards import BASTOS, COPAS, ESPADAS, JOKER, OROS, Card
from cartas.core.errors import CardParseError


def fold(text: str) -> str:
    """Lower case, no accents, no ``¡!¿?.,``, single spaces: ``¡Quiero!`` and ``quiero`` are the same words."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower().replace("ª", "a").replace("º", "o"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.translate(str.maketrans("¡!¿?.,;:", "        ")).split())


SUIT_WORDS: dict[str, str] = {
    **dict.fromkeys(("oro", "oros", "ouro", "ouros", "coin", "coins", "gold", "golds", "o"), OROS),
    **dict.fromkeys(("copa", "copas", "cup", "cups", "c"), COPAS),
    **dict.fromkeys(("espada", "espadas", "sword", "swords", "e"), ESPADAS),
    **dict.fromkeys(("basto", "bastos", "pau", "paus", "club", "clubs", "b"), BASTOS),
}
"""A suit as players of each language name it (singular or plural), or by its letter."""

RANK_WORDS: dict[str, int] = {
    **{str(rank): rank for rank in range(1, 13)},
    "uno": 1, "un": 1, "um": 1, "one": 1, "as": 1, "ancho": 1, "ace": 1,
    "dos": 2, "dois": 2, "two": 2, "tres": 3, "three": 3, "cuatro": 4, "quatro": 4, "four": 4,
    "cinco": 5, "five": 5, "seis": 6, "six": 6, "siete": 7, "sete": 7, "seven": 7, "ocho": 8, "oito": 8,
    "eight": 8, "nueve": 9, "nove": 9, "nine": 9, "diez": 10, "dez": 10, "ten": 10, "sota": 10, "valete": 10,
    "dama": 10, "jack": 10, "once": 11, "onze": 11, "eleven": 11, "caballo": 11, "cavalo": 11, "knight": 11,
    "horse": 11, "doce": 12, "doze": 12, "twelve": 12, "rey": 12, "rei": 12, "king": 12,
}
"""A rank by its number, its word or the figure's name in Spanish, Portuguese and English."""

ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "o", "a", "os", "as", "um", "uma", "the"})
"""Articles a player may put before a card; they never change which card it is."""

JOINERS = frozenset({"de", "del", "of", "do", "da"})


def spoken_card(text: str) -> Card | None:
    """The card that ``text`` names (``el 3 de oros``, ``tres de oro``, ``3 of coins``, ``3O``, ``comodín``),
    or ``None``. ``text`` is folded first; a leading article is dropped, but not a verb: the game strips its own."""
    words = fold(text).split()
    card = _card(words)
    if card is None and len(words) > 1 and words[0] in ARTICLES:  # "as de espadas" is the ace, "as" no article
        card = _card(words[1:])
    return card


def _card(words: list[str]) -> Card | None:
    if words in (["comodin"], ["coringa"], ["joker"], ["jk"]):
        return JOKER
    if len(words) == 1:
        try:
            return Card.parse(words[0])
        except CardParseError:
            return None
    rank_words = [word for word in words[:-1] if word not in JOINERS]
    if len(rank_words) != 1 or len(words) - len(rank_words) > 2:
        return None
    rank, suit = RANK_WORDS.get(rank_words[0]), SUIT_WORDS.get(words[-1])
    if rank is None or suit is None:
        return None
    return Card(rank, suit)
