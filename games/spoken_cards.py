"""Cards as players name them aloud, in any language the games speak: ``el 3 de oros``, ``3 de oro``,
``as de espadas``, ``the king of cups``, or the notation ``3O``.

Only reading: a game's understand() folds the player's words and asks which cards they name. How a game
says a card is a message of its own catalog, since the words and their articles differ by game and language.
"""

from __future__ import annotations

import unicodedata

from cartas.core.cards import JOKER, Card
from cartas.core.errors import CardParseError

RANK_WORDS: dict[str, int] = {
    "as": 1, "ace": 1, "uno": 1, "one": 1, "dos": 2, "two": 2, "tres": 3, "three": 3, "cuatro": 4, "four": 4,
    "cinco": 5, "five": 5, "seis": 6, "six": 6, "siete": 7, "seven": 7, "ocho": 8, "eight": 8, "nueve": 9,
    "nine": 9, "sota": 10, "jack": 10, "knave": 10, "caballo": 11, "knight": 11, "horse": 11, "rey": 12,
    "king": 12,
}
"""Rank words in Spanish and English; digits 1-12 are read as well."""

SUIT_WORDS: dict[str, str] = {
    "oro": "O", "oros": "O", "coin": "O", "coins": "O",
    "copa": "C", "copas": "C", "cup": "C", "cups": "C",
    "espada": "E", "espadas": "E", "sword": "E", "swords": "E",
    "basto": "B", "bastos": "B", "club": "B", "clubs": "B", "baton": "B", "batons": "B",
}
JOKER_WORDS = frozenset({"comodin", "joker", "jk"})
_JOINERS = frozenset({"de", "of"})
_PUNCTUATION = str.maketrans({mark: " " for mark in "¡!¿?.,;:\"'()"})


def fold(text: str) -> list[str]:
    """The words of ``text`` in lower case, without accents or punctuation: ``¡Cierro con el As!`` →
    ``["cierro", "con", "el", "as"]``, so players may type however they like."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(_PUNCTUATION).split()


def _rank(word: str) -> int | None:
    if word.isdigit() and 1 <= int(word) <= 12:
        return int(word)
    return RANK_WORDS.get(word)


def cards_named(words: list[str]) -> tuple[list[Card], list[str]]:
    """The cards ``words`` name, in order, and the words left over (the verbs and the rest).

    A card is its notation (``3o``), a rank then a suit with an optional ``de``/``of`` between (``3 de oro``,
    ``king of cups``), or the comodín.
    """
    cards: list[Card] = []
    rest: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word in JOKER_WORDS:
            cards.append(JOKER)
            at += 1
            continue
        try:
            cards.append(Card.parse(word))
            at += 1
            continue
        except CardParseError:
            pass
        rank = _rank(word)
        if rank is not None:
            after = at + 1
            if after < len(words) and words[after] in _JOINERS:
                after += 1
            if after < len(words) and words[after] in SUIT_WORDS:
                cards.append(Card(rank, SUIT_WORDS[words[after]]))
                at = after + 1
                continue
        rest.append(word)
        at += 1
    return cards, rest
