"""A fixed integer action space per game: every canonical action text the game can ask for, numbered.

Learning libraries want actions as integers from ``0`` to ``n - 1`` that mean the same thing in every state,
with a mask of the legal ones. cartas actions are objects with a canonical text, so the space is a numbered
list of texts, built once for a game and its options:

- the game's *words* (actions that name no card: ``envido``, ``draw stock``, ``me planto``), then
- each *card verb* (``play``, ``discard``, ``close``...) followed by each distinct card of the game's deck,
  in the deck's order (``play 1O``, ``play 2O``... ``play 12B``).

The built-in games have their tables here (:data:`TABLES`). A third-party game may give its own by defining
a method ``action_texts(options) -> list[str]`` on its :class:`~cartas.core.game.Game`; failing that, the
space is *discovered*: seeded random matches collect the legal action texts, and any text ending in a card
is widened to its verb with every card of the deck. Discovery is deterministic but may miss an action so
rare that no random match reaches it; such an action raises :class:`ActionSpaceError` when it turns up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from cartas.core.cards import Card
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.options import GameOptions
from cartas.core.state import Action


class ActionSpaceError(CartasError, ValueError):
    """An action that the game's integer action space does not number, or a number outside it."""


@dataclass(frozen=True)
class TableSpec:
    """How a game's action texts are built: its words, then each card verb with each card of the deck."""

    words: tuple[str, ...]
    card_verbs: tuple[str, ...]
    trailing_words: tuple[str, ...] = ()
    """Words listed after the card actions, so that adding one keeps the card actions' numbers."""


_TRUCO_SIGNS = (
    "ancho_espada", "ancho_basto", "siete_espada", "siete_oro", "tres", "dos", "ancho_falso", "flor", "envido", "nada",
)

TABLES: dict[str, TableSpec] = {
    "truco": TableSpec(
        words=(
            "envido", "real envido", "falta envido", "flor", "contraflor", "contraflor al resto",
            "con flor me achico", "truco", "retruco", "vale cuatro", "quiero", "no quiero", "mazo",
        ),
        card_verbs=("play",),
        trailing_words=tuple(f"seña {sign}" for sign in _TRUCO_SIGNS),
    ),
    "truco_paulista": TableSpec(
        words=("truco", "seis", "nove", "doze", "aceito", "corro", "jogo", "play 1st", "play 2nd", "play 3rd"),
        card_verbs=("play", "hide"),
    ),
    "chinchon": TableSpec(
        words=("draw stock", "draw discard", "reenganche", "retire"), card_verbs=("discard", "close"),
    ),
    "remigio": TableSpec(words=("draw stock", "draw discard"), card_verbs=("discard", "close")),
    "tresillo": TableSpec(
        words=(
            "apuesta normal", "apuesta ciega", "obligo", "no obligo", "juego", "paso", "tomo viuda", "dejo viuda",
            "destapo",
        ),
        card_verbs=("play", "discard"),
    ),
}
"""The action tables of the built-in games, by game name. Their order is part of the documented encoding."""


@dataclass(frozen=True)
class ActionSpace:
    """The numbered action texts of one game under one set of options."""

    game: str
    texts: tuple[str, ...]
    index: dict[str, int] = field(repr=False, compare=False)

    @classmethod
    def of_texts(cls, game: str, texts: Iterable[str]) -> ActionSpace:
        ordered = tuple(dict.fromkeys(texts))
        return cls(game, ordered, {text: number for number, text in enumerate(ordered)})

    def __len__(self) -> int:
        return len(self.texts)

    def number(self, action: Action | str) -> int:
        """The integer of an action (or of its canonical text)."""
        text = str(action)
        number = self.index.get(text)
        if number is None:
            raise ActionSpaceError(
                f"{self.game}: the action {text!r} has no number in the action space of {len(self.texts)} actions; "
                "give the game an action_texts(options) method that lists it"
            )
        return number

    def text(self, number: int) -> str:
        """The canonical text of an action number."""
        if not 0 <= number < len(self.texts):
            raise ActionSpaceError(f"{self.game}: action {number} is outside the action space 0-{len(self.texts) - 1}")
        return self.texts[number]

    def numbers(self, actions: Iterable[Action]) -> list[int]:
        """The sorted integers of ``actions`` (OpenSpiel wants legal actions in ascending order)."""
        return sorted(self.number(action) for action in actions)

    def mask(self, actions: Iterable[Action]) -> list[int]:
        """1 for each numbered action among ``actions``, 0 elsewhere."""
        bits = [0] * len(self.texts)
        for action in actions:
            bits[self.number(action)] = 1
        return bits


def distinct_cards(cards: Iterable[Card]) -> list[Card]:
    """The deck's cards once each, in the deck's order (decks of several packs repeat them)."""
    return list(dict.fromkeys(cards))


def texts_from_spec(spec: TableSpec, deck: Sequence[Card]) -> list[str]:
    """A table's texts: its words, each card verb with each distinct card of ``deck``, its trailing words."""
    cards = distinct_cards(deck)
    return [*spec.words, *(f"{verb} {card}" for verb in spec.card_verbs for card in cards), *spec.trailing_words]


def discover_texts(game: Game, options: GameOptions, matches: int = 30, seed: int = 0) -> list[str]:
    """Action texts met in ``matches`` seeded random matches, card actions widened to the whole deck."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for number in range(matches):
        state = game.start(options, seed=seed + number)
        while not state.is_over:
            for seat in state.to_act:
                seen.update(str(action) for action in state.legal_actions(seat))
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    return widen(seen, game.deck(options))


def widen(texts: Iterable[str], deck: Sequence[Card]) -> list[str]:
    """Words sorted, then every ``verb CARD`` pattern met, sorted by verb, with each card of the deck."""
    cards = distinct_cards(deck)
    in_deck = set(cards)
    words: set[str] = set()
    verbs: set[str] = set()
    for text in texts:
        verb, _, last = text.rpartition(" ")
        try:
            card = Card.parse(last)
        except ValueError:
            card = None
        if card is not None and card in in_deck:
            verbs.add(verb)
        else:
            words.add(text)
    widened = [f"{verb} {card}".lstrip() for verb in sorted(verbs) for card in cards]
    return sorted(words) + widened


TextSource = Callable[[GameOptions], Sequence[str]]


def action_space(game: Game, options: GameOptions) -> ActionSpace:
    """The action space of ``game`` under ``options``: its table, its own ``action_texts``, or discovered."""
    return _cached_space(game, options)


@lru_cache(maxsize=64)
def _cached_space(game: Game, options: GameOptions) -> ActionSpace:
    spec = TABLES.get(game.name)
    own: TextSource | None = getattr(game, "action_texts", None)
    if spec is not None:
        texts: Sequence[str] = texts_from_spec(spec, game.deck(options))
    elif own is not None:
        texts = own(options)
    else:
        texts = discover_texts(game, options)
    return ActionSpace.of_texts(game.name, texts)
