"""The decks a card is drawn and named with: the Spanish deck, and the French-suited deck Brazilians play truco with.

A card has one canonical text for programs, saves and the protocol (``10O``, see :mod:`cartas.core.cards`); a
*deck* is only how a person sees it. The French deck shows the same forty cards as Brazilians know them: the
Spanish 1, 10, 11 and 12 are the A, Q, J and K, and oros, copas, espadas and bastos are ouros (♦), copas (♥),
espadas (♠) and paus (♣). So ``10O`` is written ``QO`` and said "a dama de ouros", ``4B`` is ``4P``, "o 4 de
paus".

Which deck a screen draws is the caller's context, as the language is (:func:`drawing`): a front end sets it
once from the game (:meth:`cartas.core.game.Game.deck_art`) and everything written meanwhile (the game's
events, moves, table lines, the terminal's cards) follows it. A person's words are read in either deck
(:func:`read_card`): ``QO``, ``dama de ouros``, ``Q de ouros``, ``10 de oros`` and ``10O`` are one card.
"""

from __future__ import annotations

import re
from contextvars import ContextVar, Token
from dataclasses import dataclass, field

from .cards import BASTOS, COPAS, ESPADAS, OROS, Card
from .i18n import FRAMEWORK, mark
from .i18n.spoken import ARTICLES, JOINERS, RANK_WORDS, SUIT_WORDS, card_name, fold, spoken_card

SPANISH = "spanish"
FRENCH = "french"

_CONTEXT = "|"
"""Messages of the French deck carry a context before this mark (``French deck|clubs``): English says "clubs" of
both decks, Spanish says "bastos" of one and "tréboles" of the other."""


def _said(message: str, /, **values: object) -> str:
    """A contextual message translated; without a translation, its English text after the context."""
    text = FRAMEWORK(message, **values)
    if text.startswith("French deck" + _CONTEXT):
        text = text.partition(_CONTEXT)[2]
    return text


@dataclass(frozen=True)
class Deck:
    """How one deck writes, says and reads the forty (or fifty) canonical cards.

    :param ranks: the rank a card shows where it is not its number (``{10: "Q"}``).
    :param suits: the suit letter a card shows where it is not the canonical one (``{"B": "P"}``).
    :param words: the words of this deck that name a rank or a suit otherwise than the Spanish deck's
        (``valete`` is the J, rank 11, in the French deck and the sota, rank 10, in the Spanish one).
    """

    name: str
    ranks: dict[int, str] = field(default_factory=dict)
    suits: dict[str, str] = field(default_factory=dict)
    rank_words: dict[str, int] = field(default_factory=dict)
    suit_words: dict[str, str] = field(default_factory=dict)

    def label(self, card: Card) -> str:
        """The card as this deck writes it: ``QO``, ``4P``, ``AE`` (the canonical text in the Spanish deck)."""
        if card.is_joker or (not self.ranks and not self.suits):
            return str(card)
        return self.ranks.get(card.rank, str(card.rank)) + self.suits.get(card.suit, card.suit)

    def rank_label(self, rank: int) -> str:
        """A rank as this deck writes it: ``Q`` for 10 in the French deck."""
        return self.ranks.get(rank, str(rank))

    def name_of(self, card: Card) -> str:
        """The card with its article in the language being spoken: ``a dama de ouros``, ``the 4 of clubs``."""
        if self.name != FRENCH or card.is_joker:
            return card_name(card)
        suit = _said(FRENCH_SUIT_NAMES[card.suit])
        figure = FRENCH_FIGURES.get(card.rank)
        if figure is not None:
            return _said(figure, suit=suit)
        return _said(mark("French deck|the {rank} of {suit}"), rank=card.rank, suit=suit)

    def read(self, text: str) -> Card | None:
        """The card ``text`` names in this deck's letters or words (``QO``, ``q de ouros``, ``valete de paus``),
        or ``None``; the Spanish deck's words are :func:`cartas.core.i18n.spoken.spoken_card`'s."""
        said = fold(text).split()
        card = self._read(said)
        if card is None and len(said) > 1 and said[0] in ARTICLES:  # "a dama de ouros", but "A de ouros" too
            card = self._read(said[1:])
        return card

    def _read(self, said: list[str]) -> Card | None:
        if len(said) == 1:
            return self._by_label.get(said[0].upper())
        rank_words = [word for word in said[:-1] if word not in JOINERS]
        if len(rank_words) != 1 or len(said) - len(rank_words) > 2:
            return None
        rank = self.rank_words.get(rank_words[0], RANK_WORDS.get(rank_words[0]))
        suit = self.suit_words.get(said[-1], SUIT_WORDS.get(said[-1]))
        if rank is None or suit is None or not 1 <= rank <= 12:
            return None
        return Card(rank, suit)

    @property
    def _by_label(self) -> dict[str, Card]:
        return _LABELS[self.name]

    @property
    def pattern(self) -> re.Pattern[str]:
        """A card written in this deck inside a line of text, for colouring it: ``QO`` in ``Vira: QO``."""
        return _PATTERNS[self.name]


FRENCH_SUIT_NAMES: dict[str, str] = {
    OROS: mark("French deck|diamonds"), COPAS: mark("French deck|hearts"),
    ESPADAS: mark("French deck|spades"), BASTOS: mark("French deck|clubs"),
}
"""The French suits by name: ouros, copas, espadas, paus in Portuguese."""

FRENCH_FIGURES: dict[int, str] = {
    1: mark("French deck|the ace of {suit}"), 10: mark("French deck|the queen of {suit}"),
    11: mark("French deck|the jack of {suit}"), 12: mark("French deck|the king of {suit}"),
}
"""The French figures with their article: a dama (Q, the Spanish 10), o valete (J, 11), o rei (K, 12)."""

DECKS: dict[str, Deck] = {
    SPANISH: Deck(SPANISH),
    FRENCH: Deck(
        FRENCH,
        ranks={1: "A", 10: "Q", 11: "J", 12: "K"},
        suits={BASTOS: "P"},
        rank_words={
            "a": 1, "q": 10, "j": 11, "k": 12, "dama": 10, "queen": 10, "reina": 10, "valete": 11, "jack": 11,
            "jota": 11, "knave": 11, "rei": 12, "king": 12, "rey": 12,
        },
        suit_words={
            **dict.fromkeys(("diamond", "diamonds", "diamante", "diamantes", "ouros", "ouro", "o"), OROS),
            **dict.fromkeys(("heart", "hearts", "corazon", "corazones", "copas", "copa", "c"), COPAS),
            **dict.fromkeys(("spade", "spades", "pica", "picas", "espadas", "espada", "e"), ESPADAS),
            **dict.fromkeys(("club", "clubs", "trebol", "treboles", "paus", "pau", "p"), BASTOS),
        },
    ),
}
"""The decks cartas draws itself; a plugin's game may name another (its art then comes from the plugin)."""

_LABELS: dict[str, dict[str, Card]] = {
    name: {deck.label(Card(rank, suit)): Card(rank, suit) for suit in (OROS, COPAS, ESPADAS, BASTOS) for rank in range(1, 13)}
    for name, deck in DECKS.items()
}
_PATTERNS: dict[str, re.Pattern[str]] = {
    SPANISH: re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-9])[OCEB](?![0-9A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])"),
    FRENCH: re.compile(r"(?<![0-9A-Za-z])(?:[2-9]|[AQJK])[OCEP](?![0-9A-Za-z])"),
}

_DRAWING: ContextVar[str] = ContextVar("cartas_deck", default=SPANISH)


def deck_named(name: str | None) -> Deck:
    """The deck called ``name``; the Spanish deck's way of writing for a deck cartas does not know (a plugin's)."""
    return DECKS.get(name or SPANISH, DECKS[SPANISH])


def current_deck() -> Deck:
    """The deck the screen being written draws (the Spanish one unless a front end said otherwise)."""
    return deck_named(_DRAWING.get())


class drawing:  # noqa: N801  # used as a function, like contextlib's suppress
    """Write everything inside the block in deck ``name`` (``None``: the Spanish deck); ``as`` gives the deck.

    A class rather than a ``@contextmanager`` generator, as :class:`cartas.core.i18n.speaking` is: the server
    enters one for every frame it writes."""

    __slots__ = ("name", "_token")
    _token: Token[str]

    def __init__(self, name: str | None) -> None:
        self.name = name

    def __enter__(self) -> Deck:
        self._token = _DRAWING.set(self.name or SPANISH)
        return deck_named(self.name)

    def __exit__(self, *_: object) -> None:
        _DRAWING.reset(self._token)


def use_deck(name: str | None) -> None:
    """Draw in deck ``name`` from now on in this context (the terminal, once per match)."""
    _DRAWING.set(name or SPANISH)


def card_label(text: str) -> str:
    """A card's canonical text (``10O``) as the current deck writes it (``QO``); any other text as it is."""
    deck = current_deck()
    if deck.name == SPANISH:
        return text
    try:
        return deck.label(Card.parse(text))
    except ValueError:
        return text


def read_card(text: str) -> Card | None:
    """The card a person names in either deck: the current deck's letters and words first (``QO``, ``valete de
    paus``, ``o zap`` is not a card name), then the Spanish deck's (``10 de oros``, ``10O``)."""
    deck = current_deck()
    if deck.name != SPANISH:
        card = deck.read(text)
        if card is not None:
            return card
    return spoken_card(text)
