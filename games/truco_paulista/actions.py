"""The actions of truco paulista and how they are read from text.

Every action is built once and interned, so the inner loop compares and hashes small immutable objects:

- :class:`Play` is a card played face up (``play 3E``) or face down, the *encoberta* (``hide 3E``);
- :class:`BlindPlay` is a card played unseen in a blind mão de ferro, named by its place in the hand
  (``play 1st``), since the player does not know what it is;
- :class:`Word` holds the spoken words: the raises ``truco``, ``seis``, ``nove``, ``doze``, the answers
  ``aceito`` and ``corro``, and ``jogo`` (to play a mão de onze).
"""

from __future__ import annotations

import unicodedata
from enum import Enum
from typing import NamedTuple

from cartas.core import SUITS, ActionParseError, Card, CardParseError, spanish_deck


class Play(NamedTuple):
    """A card played on the current trick; ``face_down`` makes it an encoberta."""

    card: Card
    face_down: bool = False

    def __str__(self) -> str:
        return f"{'hide' if self.face_down else 'play'} {self.card}"


class BlindPlay(NamedTuple):
    """In a blind mão de ferro: the card at ``place`` (0-based) of the unseen hand, played face up."""

    place: int

    def __str__(self) -> str:
        return f"play {ORDINALS[self.place]}"


class Word(Enum):
    """The spoken actions; the raises are listed in ladder order.

    Not a ``str`` subclass on purpose: the core parses any ``str`` it is given as text, which would cost a
    parse on every word applied.
    """

    TRUCO = "truco"
    SEIS = "seis"
    NOVE = "nove"
    DOZE = "doze"
    ACEITO = "aceito"
    CORRO = "corro"
    JOGO = "jogo"

    def __str__(self) -> str:
        return self.value


Action = Play | BlindPlay | Word

RAISES: tuple[Word, ...] = (Word.TRUCO, Word.SEIS, Word.NOVE, Word.DOZE)
"""``RAISES[i]`` asks for ladder level ``i + 1``: truco 3, seis 6, nove 9, doze 12."""

ORDINALS: tuple[str, ...] = ("1st", "2nd", "3rd")

PLAY: dict[Card, Play] = {card: Play(card) for card in spanish_deck(40)}
HIDE: dict[Card, Play] = {card: Play(card, True) for card in spanish_deck(40)}
BLIND: tuple[BlindPlay, ...] = tuple(BlindPlay(i) for i in range(3))

_WORDS: dict[str, Word] = {
    "truco": Word.TRUCO, "trucar": Word.TRUCO, "truco!": Word.TRUCO,
    "seis": Word.SEIS, "six": Word.SEIS, "6": Word.SEIS,
    "nove": Word.NOVE, "nine": Word.NOVE, "9": Word.NOVE,
    "doze": Word.DOZE, "twelve": Word.DOZE, "12": Word.DOZE,
    "aceito": Word.ACEITO, "aceitar": Word.ACEITO, "aceita": Word.ACEITO, "quero": Word.ACEITO,
    "accept": Word.ACEITO, "yes": Word.ACEITO,
    "corro": Word.CORRO, "correr": Word.CORRO, "corri": Word.CORRO, "fold": Word.CORRO, "run": Word.CORRO,
    "no": Word.CORRO,
    "jogo": Word.JOGO, "jogar": Word.JOGO, "eu jogo": Word.JOGO, "vou": Word.JOGO, "play on": Word.JOGO,
    "play hand": Word.JOGO,
}
_PLAY_VERBS = ("play", "jogar", "jogo", "joga")
_HIDE_VERBS = ("hide", "esconder", "escondo", "encoberta", "cobrir", "cubro")
_BLIND_PLACES: dict[str, int] = {
    "1st": 0, "first": 0, "1": 0, "#1": 0, "1a": 0, "primeira": 0,
    "2nd": 1, "second": 1, "2": 1, "#2": 1, "2a": 1, "segunda": 1,
    "3rd": 2, "third": 2, "3": 2, "#3": 2, "3a": 2, "terceira": 2,
}

HELP = (
    "expected play 3E, hide 3E (encoberta), play 1st (blind mão de ferro), truco, seis, nove, doze, "
    "aceito, corro or jogo (cards are a rank 1-7 or 10-12 and a suit letter "
    f"{'/'.join(SUITS)}, as in 3E or 12C)"
)


def _plain(text: str) -> str:
    """Lower case without accents or ordinal signs, so ``Aceitó`` and ``1ª`` read as ``aceito`` and ``1a``."""
    text = text.strip().lower().replace("ª", "a").replace("º", "o")
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _card(text: str, original: str) -> Card:
    try:
        card = Card.parse(text)
    except CardParseError as error:
        raise ActionParseError(f"cannot read {original!r}: {error}") from None
    if card not in PLAY:
        raise ActionParseError(f"cannot read {original!r}: truco paulista uses the 40-card deck (no 8 or 9)")
    return card


def parse_action(text: str) -> Action:
    """Read an action from its canonical text or an alias; raise ``ActionParseError`` naming the forms."""
    plain = _plain(text)
    word = _WORDS.get(plain)
    if word is not None:
        return word
    verb, _, rest = plain.partition(" ")
    rest = rest.strip()
    if not rest:
        if plain[:1].isdigit() and plain[-1:] in ("o", "c", "e", "b"):
            return PLAY[_card(plain, text)]
        raise ActionParseError(f"cannot read {text!r} as an action: {HELP}")
    if verb in _PLAY_VERBS:
        place = _BLIND_PLACES.get(rest)
        if place is not None:
            return BLIND[place]
        return PLAY[_card(rest, text)]
    if verb in _HIDE_VERBS:
        return HIDE[_card(rest, text)]
    raise ActionParseError(f"cannot read {text!r} as an action: {HELP}")
