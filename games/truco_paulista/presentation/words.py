"""Truco paulista's moves as players say them (``jogo o 3 de ouros``, ``jogo a dama de ouros`` in the French deck, ``aceito``,
``corro``) and the words players type, understood in Portuguese, Spanish and English; ``str(action)`` stays the
text programs use (``play 3O``, ``hide 3O``)."""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core import FRENCH, RANKS, Card, current_deck, read_card
from cartas.core.i18n import RANK_WORDS, fold, mark, spoken_phrases

from ..actions import _BLIND_PLACES, _WORDS, Action, BlindPlay, Play, Word
from ..i18n import _

PLAY_CARD: dict[str, str] = {
    "O": mark("play the {rank} of coins"), "C": mark("play the {rank} of cups"),
    "E": mark("play the {rank} of swords"), "B": mark("play the {rank} of clubs"),
}
HIDE_CARD: dict[str, str] = {
    "O": mark("hide the {rank} of coins (face down)"), "C": mark("hide the {rank} of cups (face down)"),
    "E": mark("hide the {rank} of swords (face down)"), "B": mark("hide the {rank} of clubs (face down)"),
}
PLAY_NAMED = mark("play {card}")
HIDE_NAMED = mark("hide {card} (face down)")
"""A card played or hidden in the French deck, the card named with its article: ``jogo a dama de ouros``."""
BLIND_CARD: tuple[str, ...] = (
    mark("play your first card, unseen"), mark("play your second card, unseen"), mark("play your third card, unseen"),
)
SAID: dict[Word, str] = {
    Word.TRUCO: mark("truco"), Word.SEIS: mark("seis"), Word.NOVE: mark("nove"), Word.DOZE: mark("doze"),
    Word.ACEITO: mark("accept (aceito)"), Word.CORRO: mark("run (corro)"),
    Word.JOGO: mark("play the mão de onze (jogo)"),
}
"""Each spoken move as the player says it."""

SPOKEN_LANGUAGES = ("en", "pt-BR", "es-AR")
"""The languages whose words :func:`understand` accepts, whatever language the screen speaks."""

MORE_WORDS: dict[str, tuple[Word, ...]] = {
    "desce": (Word.ACEITO, Word.JOGO), "pode descer": (Word.ACEITO, Word.JOGO), "manda": (Word.ACEITO,),
    "quiero": (Word.ACEITO,), "acepto": (Word.ACEITO,), "no quiero": (Word.CORRO,), "corre": (Word.CORRO,),
    "mazo": (Word.CORRO,), "me voy al mazo": (Word.CORRO,), "fugir": (Word.CORRO,), "jogamos": (Word.JOGO,),
}
"""Phrases beyond the canonical words and the aliases of RULES.md; ``desce`` accepts whichever is asked."""

PLAY_VERBS = frozenset({"play", "jogo", "jogar", "joga", "tiro", "juego", "solto"})
HIDE_VERBS = frozenset({"hide", "escondo", "esconder", "encubro", "cubro", "cobrir", "tapo"})
FACE_DOWN_WORDS = ("encoberta", "coberta", "escondida", "face down", "tapada")


def action_text(action: Action) -> str:
    """The move in the language being spoken: ``jogo o 3 de ouros``, ``escondo o 3 de ouros``, ``aceito``."""
    if isinstance(action, Play):
        deck = current_deck()
        if deck.name == FRENCH:
            return _(HIDE_NAMED if action.face_down else PLAY_NAMED, card=deck.name_of(action.card))
        return _((HIDE_CARD if action.face_down else PLAY_CARD)[action.card.suit], rank=action.card.rank)
    if isinstance(action, BlindPlay):
        return _(BLIND_CARD[action.place])
    return _(SAID[action])


def card_said(text: str) -> str:
    """A card's canonical text (``7E``) as the reader says it in the deck being drawn, with its article: ``o 7 de
    espadas``, ``a dama de ouros`` in the French deck, ``the 7 of swords``; a text that is no card as it is. The
    table's lines and events name cards so, as the moves do, rather than in notation."""
    try:
        card = Card.parse(text)
    except ValueError:
        return text
    return current_deck().name_of(card)


def understand(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move ``text`` names in any language: a card (``jogo o 3 de ouros``, ``3 de ouro``, ``the 3 of
    coins``), a card face down (``escondo o 3 de ouros``, ``3 de ouros encoberta``), a place in a blind hand
    (``a primeira``), a word (``aceito``, ``desce``, ``corro``) or the move as :func:`action_text` says it."""
    said = fold(text)
    if not said:
        return None
    for action in legal:
        if said in spoken_phrases(action, action_text, SPOKEN_LANGUAGES, either_word=isinstance(action, Word)):
            return action
    words = MORE_WORDS.get(said) or ((_WORDS[said],) if said in _WORDS else ())
    for word in words:
        if word in legal:
            return word
    if words:
        return None
    face_down = False
    for ending in FACE_DOWN_WORDS:
        if said.endswith(" " + ending):
            said, face_down = said[: -len(ending) - 1], True
    tokens = said.split()
    if tokens and tokens[0] in HIDE_VERBS:
        tokens, face_down = tokens[1:], True
    elif tokens and tokens[0] in PLAY_VERBS:
        tokens = tokens[1:]
    rest = " ".join(token for token in tokens if token not in ("a", "o", "the", "la", "el", "carta", "card"))
    blind = [a for a in legal if isinstance(a, BlindPlay)]
    if blind:  # a blind mão de ferro: "a segunda", "play 2nd" name a place, not a card
        return next((a for a in blind if a.place == _BLIND_PLACES.get(rest)), None)
    plays = [a for a in legal if isinstance(a, Play) and a.face_down == face_down]
    card = read_card(" ".join(tokens))
    if card is not None:
        return next((a for a in plays if a.card == card), None)
    rank = current_deck().rank_words.get(tokens[-1], RANK_WORDS.get(tokens[-1])) if tokens and len(tokens) <= 2 else None
    if rank in RANKS:  # "o 3", "jogo o tres": the one 3 in the hand
        matching = [a for a in plays if a.card.rank == rank]
        if len(matching) == 1:
            return matching[0]
    return None

