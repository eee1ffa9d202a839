"""Reading what players type in their own words, for a game's ``understand``: folded text and spoken cards.

Players write ``el tres de oros``, ``3 de oro``, ``Tiro el ancho de espadas``, ``jogo o 3 de ouros`` or
``the 3 of coins``; a game strips its verbs and asks :func:`spoken_card` for the card. Every language is
understood at once: a player does not switch languages to be understood, and no word here means two cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from ..cards import BASTOS, COPAS, ESPADAS, JOKER, OROS, Card
from ..errors import CardParseError
from ..folding import fold_text
from .catalog import FRAMEWORK as _
from .catalog import mark
from .language import speaking

A = TypeVar("A")


def fold(text: str) -> str:
    """Lower case, no accents, no ``¡!¿?.,``, single spaces: ``¡Quiero!`` and ``quiero`` are the same words."""
    return fold_text(text, punctuation=True)


def words(text: str) -> list[str]:
    """The folded words of ``text``: ``¡Cierro con el As!`` → ``["cierro", "con", "el", "as"]``."""
    return fold(text).split()


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

JOKER_WORDS = frozenset({"comodin", "coringa", "joker", "jk"})


def spoken_card(text: str) -> Card | None:
    """The card that ``text`` names (``el 3 de oros``, ``tres de oro``, ``3 of coins``, ``3O``, ``comodín``),
    or ``None``. ``text`` is folded first; a leading article is dropped, but not a verb: the game strips its own."""
    words = fold(text).split()
    card = _card(words)
    if card is None and len(words) > 1 and words[0] in ARTICLES:  # "as de espadas" is the ace, "as" no article
        card = _card(words[1:])
    return card


def _card(words: list[str]) -> Card | None:
    if len(words) == 1 and words[0] in JOKER_WORDS:
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


def cards_named(said: list[str]) -> tuple[list[Card], list[str]]:
    """The cards that folded words name, in order, and the words left over (the verbs and the rest), for a
    phrase that may name several cards or put them after a verb: ``cierro con el as de copas``.

    A card is its notation (``3o``), a rank then a suit with an optional ``de``/``of`` between (``3 de oro``,
    ``king of cups``), or the comodín.
    """
    cards: list[Card] = []
    rest: list[str] = []
    at = 0
    while at < len(said):
        word = said[at]
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
        rank = RANK_WORDS.get(word)
        if rank is not None:
            after = at + 1
            if after < len(said) and said[after] in JOINERS:
                after += 1
            if after < len(said) and said[after] in SUIT_WORDS:
                cards.append(Card(rank, SUIT_WORDS[said[after]]))
                at = after + 1
                continue
        rest.append(word)
        at += 1
    return cards, rest


SUIT_NAMES: dict[str, str] = {"O": mark("coins"), "C": mark("cups"), "E": mark("swords"), "B": mark("clubs")}
"""Each suit's name, translated where it is said."""


def suit_name(suit: str) -> str:
    """A suit's name (``oros``, ``paus``, ``cups``) in the language being spoken."""
    return _(SUIT_NAMES[suit])


def card_name(card: Card) -> str:
    """A card with its article, as said in a sentence, in the language being spoken: ``el 3 de oros``, ``la
    sota de bastos``, ``o rei de copas``, ``the ace of swords``."""
    if card.is_joker:
        return _("the joker")
    suit = suit_name(card.suit)
    if card.rank == 1:
        return _("the ace of {suit}", suit=suit)
    if card.rank == 10:
        return _("the jack of {suit}", suit=suit)
    if card.rank == 11:
        return _("the knight of {suit}", suit=suit)
    if card.rank == 12:
        return _("the king of {suit}", suit=suit)
    return _("the {rank} of {suit}", rank=card.rank, suit=suit)


def spoken_phrases(
    action: A, action_text: Callable[[A], str], languages: Iterable[str], *, either_word: bool = True
) -> set[str]:
    """Every folded way a move is said: its canonical text and its words in each of ``languages``. With
    ``either_word``, a text with a word in parentheses (``accept (quiero)``) is said by either part too."""
    phrases = {fold(str(action))}
    for language in languages:
        with speaking(language):
            spoken = fold(action_text(action))
        phrases.add(spoken)
        if either_word and spoken.endswith(")"):
            outside, _paren, inside = spoken.partition("(")
            phrases.update((outside.strip(), inside.rstrip(")").strip()))
    return phrases
