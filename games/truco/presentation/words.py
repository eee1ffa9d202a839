"""Truco's moves as players say them (``tiro el 3 de oros``, ``quiero``, ``me voy al mazo``) and the words
players type, understood in Spanish, English and Portuguese; ``str(action)`` stays the text programs use."""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import RANKS, Card
from cartas.core.i18n import RANK_WORDS, fold, mark, spoken_card, spoken_phrases

from ..actions import (
    ACHICO, ALIASES, CONTRAFLOR, CONTRAFLOR_RESTO, ENVIDO, FALTA_ENVIDO, FLOR, MAZO, NO_QUIERO, PLAY, QUIERO,
    REAL_ENVIDO, RETRUCO, SENA, TRUCO, VALE_CUATRO, TrucoAction,
)
from ..i18n import _

PLAY_CARD: dict[str, str] = {
    "O": mark("play the {rank} of coins"), "C": mark("play the {rank} of cups"),
    "E": mark("play the {rank} of swords"), "B": mark("play the {rank} of clubs"),
}
"""Playing a card, by its suit (the suit's name agrees with the article in some languages)."""

SAID: dict[int, str] = {
    ENVIDO: mark("envido"), REAL_ENVIDO: mark("real envido"), FALTA_ENVIDO: mark("falta envido"),
    FLOR: mark("flor"), CONTRAFLOR: mark("contraflor"), CONTRAFLOR_RESTO: mark("contraflor al resto"),
    ACHICO: mark("back down to the flor (con flor me achico)"), TRUCO: mark("truco"), RETRUCO: mark("retruco"),
    VALE_CUATRO: mark("vale cuatro"), QUIERO: mark("accept (quiero)"), NO_QUIERO: mark("decline (no quiero)"),
    MAZO: mark("fold (go to the mazo)"),
}
"""Each spoken move as the player says it."""

SIGN_NAMES: dict[str, str] = {
    "ancho_espada": mark("the ace of swords"), "ancho_basto": mark("the ace of clubs"),
    "siete_espada": mark("the seven of swords"), "siete_oro": mark("the seven of coins"),
    "tres": mark("a three"), "dos": mark("a two"), "ancho_falso": mark("a false ace"), "flor": mark("a flor"),
    "envido": mark("a good envido"), "nada": mark("nothing"),
}
"""What each seña tells the partner."""

SPOKEN_LANGUAGES = ("en", "es-AR", "pt-BR")
"""The languages whose words :func:`understand` accepts, whatever language the screen speaks."""

MORE_WORDS: dict[str, int] = {
    "voy al mazo": MAZO, "me voy": MAZO, "me voy al mazo": MAZO, "go to the mazo": MAZO, "acepto": QUIERO,
    "aceito": QUIERO, "quero": QUIERO, "no acepto": NO_QUIERO, "nao quero": NO_QUIERO, "corro": NO_QUIERO,
    "quiero retruco": RETRUCO, "quiero vale cuatro": VALE_CUATRO, "contra flor": CONTRAFLOR,
}
"""Phrases beyond the canonical words and the aliases of RULES.md."""

PLAY_VERBS = frozenset({"play", "tiro", "juego", "jogo", "tirar", "jugar", "jogar", "echo", "pongo"})


def action_text(action: TrucoAction) -> str:
    """The move in the language being spoken: ``tiro el 3 de oros``, ``quiero``, ``seña: el ancho de espada``."""
    if action.kind == PLAY:
        assert isinstance(action.arg, Card)
        return _(PLAY_CARD[action.arg.suit], rank=action.arg.rank)
    if action.kind == SENA:
        return _("signal: {sign}", sign=_(SIGN_NAMES[str(action.arg)]))
    return _(SAID[action.kind])


def understand(text: str, legal: Sequence[TrucoAction]) -> TrucoAction | None:
    """The legal move ``text`` names in any language: a card (``el 3 de oros``, ``tiro 3 de oro``, ``the 3 of
    coins``, ``el 3`` when one 3 can be played), a word or phrase (``quiero``, ``me voy al mazo``), or the
    move as :func:`action_text` says it; ``None`` if it names none of the legal moves."""
    said = fold(text)
    if not said:
        return None
    for action in legal:
        if said in spoken_phrases(action, action_text, SPOKEN_LANGUAGES):
            return action
    kind = MORE_WORDS.get(said, ALIASES.get(said))
    if kind is not None:
        return next((action for action in legal if action.kind == kind), None)
    words = said.split()
    if words[0] in PLAY_VERBS:
        words = words[1:]
    card = spoken_card(" ".join(words))
    plays = [action for action in legal if action.kind == PLAY]
    if card is not None:
        return next((action for action in plays if action.arg == card), None)
    rank = RANK_WORDS.get(words[-1]) if words and len(words) <= 2 else None
    if rank in RANKS:  # "el 3", "tiro el tres": the one 3 in the hand
        matching = [action for action in plays if isinstance(action.arg, Card) and action.arg.rank == rank]
        if len(matching) == 1:
            return matching[0]
    return None

