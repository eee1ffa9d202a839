"""Truco's actions: playing a card, the spoken calls and answers, and the partners' señas.

Every action is built once and interned, so legality checks and ``parse_action`` compare by identity and
random playouts never allocate an action. ``str(action)`` is the canonical text; :func:`parse_action`
reads it back, along with the aliases listed in RULES.md (case and accents do not matter).
"""

from __future__ import annotations


from cartas.core import RANKS, SUITS, ActionParseError, Card, fold_text

# Kinds of action. Small ints so the state dispatches on them cheaply.
PLAY, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO = 0, 1, 2, 3
FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, ACHICO = 4, 5, 6, 7
TRUCO, RETRUCO, VALE_CUATRO = 8, 9, 10
QUIERO, NO_QUIERO, MAZO, SENA = 11, 12, 13, 14


class TrucoAction:
    """One action: its ``kind``, the card played or the seña shown (``arg``), and its canonical ``text``."""

    __slots__ = ("kind", "arg", "text")

    def __init__(self, kind: int, arg: Card | str | None, text: str) -> None:
        self.kind, self.arg, self.text = kind, arg, text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TrucoAction({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Unpickling goes through the parser so the interned instance comes back, keeping identity equality.
        return (parse_action, (self.text,))


CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS if r not in (8, 9))
PLAYS: dict[Card, TrucoAction] = {card: TrucoAction(PLAY, card, f"play {card}") for card in CARDS}

WORDS: dict[int, TrucoAction] = {
    kind: TrucoAction(kind, None, text)
    for kind, text in (
        (ENVIDO, "envido"), (REAL_ENVIDO, "real envido"), (FALTA_ENVIDO, "falta envido"),
        (FLOR, "flor"), (CONTRAFLOR, "contraflor"), (CONTRAFLOR_RESTO, "contraflor al resto"),
        (ACHICO, "con flor me achico"), (TRUCO, "truco"), (RETRUCO, "retruco"), (VALE_CUATRO, "vale cuatro"),
        (QUIERO, "quiero"), (NO_QUIERO, "no quiero"), (MAZO, "mazo"),
    )
}

SIGNS: tuple[str, ...] = (
    "ancho_espada", "ancho_basto", "siete_espada", "siete_oro", "tres", "dos", "ancho_falso", "flor", "envido", "nada",
)
"""The señas, in the order they are offered. Each is only offered when the seat's hand really has it."""

SENAS: dict[str, TrucoAction] = {sign: TrucoAction(SENA, sign, f"seña {sign}") for sign in SIGNS}

ALIASES: dict[str, int] = {
    "envido": ENVIDO, "real envido": REAL_ENVIDO, "real": REAL_ENVIDO, "falta envido": FALTA_ENVIDO,
    "falta": FALTA_ENVIDO, "flor": FLOR, "contraflor": CONTRAFLOR, "contra flor": CONTRAFLOR,
    "contraflor al resto": CONTRAFLOR_RESTO, "contra flor al resto": CONTRAFLOR_RESTO, "al resto": CONTRAFLOR_RESTO,
    "con flor me achico": ACHICO, "me achico": ACHICO, "achico": ACHICO, "truco": TRUCO, "retruco": RETRUCO,
    "re truco": RETRUCO, "vale cuatro": VALE_CUATRO, "vale 4": VALE_CUATRO, "valecuatro": VALE_CUATRO,
    "quiero": QUIERO, "accept": QUIERO, "si": QUIERO, "yes": QUIERO, "no quiero": NO_QUIERO, "decline": NO_QUIERO,
    "refuse": NO_QUIERO, "no": NO_QUIERO, "mazo": MAZO, "al mazo": MAZO, "me voy al mazo": MAZO, "fold": MAZO,
}
PLAY_WORDS = ("play", "tiro", "juego")
SENA_WORDS = ("sena", "sign")



def parse_action(text: str) -> TrucoAction:
    """The interned action named by ``text``: canonical text or an alias from RULES.md."""
    folded = fold_text(text)
    kind = ALIASES.get(folded)
    if kind is not None:
        return WORDS[kind]
    head, _, rest = folded.partition(" ")
    if head in SENA_WORDS:
        sign = "_".join(word for word in rest.replace("_", " ").split() if word != "de")
        if sign in SENAS:
            return SENAS[sign]
        raise ActionParseError(f"unknown seña {rest!r}; the señas are: {', '.join(SIGNS)}")
    card_text = rest if head in PLAY_WORDS else folded
    try:
        card = Card.parse(card_text)
    except ValueError:
        card = None
    if card is not None and card in PLAYS:
        return PLAYS[card]
    raise ActionParseError(
        f"cannot read {text!r} as a truco action; say for example 'play 1E', 'envido', 'real envido', "
        "'falta envido', 'truco', 'retruco', 'vale cuatro', 'quiero', 'no quiero', 'mazo', 'flor', "
        "'contraflor', 'contraflor al resto', 'con flor me achico' or 'seña ancho_espada'"
    )
