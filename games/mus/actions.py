"""Mus's actions: the mus and its discards, the words of the envites, and the partners' señas.

Every action is a :class:`~cartas.core.Word` (its own canonical text) built once, so legality checks compare
cheaply and random play-outs allocate nothing. :func:`parse_action` reads the canonical text and the aliases
listed in RULES.md, whatever the case and the accents.
"""

from __future__ import annotations

from itertools import combinations

from cartas.core import RANKS, SUITS, ActionParseError, Card, Word, fold_text

CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS if r not in (8, 9))
"""The 40-card Spanish deck."""

MUS, NO_MUS = Word("mus"), Word("no hay mus")
PASO, QUIERO, NO_QUIERO, ORDAGO = Word("paso"), Word("quiero"), Word("no quiero"), Word("órdago")
ENVIDO = Word("envido")
"""A bet of 2, or a raise of 2 over the bet on the table."""
ENVIDO_5 = Word("envido 5")
"""A bet of 5, or a raise of 5 over the bet on the table."""
BET_SIZE: dict[str, int] = {ENVIDO: 2, ENVIDO_5: 5}

SIGNS: tuple[str, ...] = (
    "duples", "medias", "dos_reyes", "dos_ases", "treinta_y_una", "juego", "treinta", "ciego",
)
"""The señas, in the order they are offered; each only when the seat's hand really has it (:mod:`~.senas`)."""
SENAS: dict[str, Word] = {sign: Word(f"seña {sign}") for sign in SIGNS}


def discard_word(cards: tuple[Card, ...]) -> Word:
    """The discard of ``cards``, written in the deck's order so each set of cards has one text."""
    return Word("descarte " + " ".join(str(card) for card in sorted(cards)))


def discards_of(hand: tuple[Card, ...]) -> list[Word]:
    """Every discard a hand of four may make: one to four of its cards."""
    return [discard_word(combo) for size in range(1, len(hand) + 1) for combo in combinations(sorted(hand), size)]


ALIASES: dict[str, Word] = {
    "mus": MUS, "no hay mus": NO_MUS, "no mus": NO_MUS, "corto": NO_MUS, "cut": NO_MUS,
    "paso": PASO, "pass": PASO, "quiero": QUIERO, "accept": QUIERO, "no quiero": NO_QUIERO, "decline": NO_QUIERO,
    "envido": ENVIDO, "envido 2": ENVIDO, "dos mas": ENVIDO, "envido 5": ENVIDO_5, "cinco mas": ENVIDO_5,
    "ordago": ORDAGO,
}
SIGN_WORDS = ("sena", "sign")
DISCARD_WORDS = ("descarte", "discard", "descarto")


def parse_action(text: str) -> Word:
    """The action named by ``text``: canonical text or an alias from RULES.md."""
    folded = fold_text(text)
    word = ALIASES.get(folded)
    if word is not None:
        return word
    head, _, rest = folded.partition(" ")
    if head in SIGN_WORDS:
        sign = "_".join(rest.replace("_", " ").split())
        if sign in SENAS:
            return SENAS[sign]
        raise ActionParseError(f"unknown seña {rest!r}; the señas are: {', '.join(SIGNS)}")
    if head in DISCARD_WORDS:
        try:
            cards = tuple(Card.parse(part) for part in rest.split())
        except ValueError:
            cards = ()
        if cards and len(set(cards)) == len(cards) <= 4 and all(card in CARD_SET for card in cards):
            return discard_word(cards)
        raise ActionParseError(f"cannot read {rest!r} as the cards to discard; say for example 'descarte 1E 4O'")
    raise ActionParseError(
        f"cannot read {text!r} as a mus action; say for example 'mus', 'no hay mus', 'descarte 1E 4O', 'paso', "
        "'envido', 'envido 5', 'órdago', 'quiero', 'no quiero' or 'seña duples'"
    )


CARD_SET = frozenset(CARDS)
