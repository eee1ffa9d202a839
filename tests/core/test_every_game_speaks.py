"""Every built-in game speaks every site language: the name and help of each option, each move's label, each
event line and each table line a player can meet are in the catalogs of es, es-AR and pt-BR (English is the
source). A spy on the catalogs records any message looked up that a language lacks, while random matches run."""

from __future__ import annotations

import gettext
import random
from collections.abc import Iterator

import pytest

from cartas.core.decks import drawing
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK, speaking
from cartas.core.i18n.catalog import Catalog
from cartas.core.naming import viewer_names
from cartas.games.chinchon.game import ChinchonGame, RemigioGame
from cartas.games.tresillo.game import TresilloGame
from cartas.games.truco.game import TrucoGame
from cartas.games.truco_paulista.game import PaulistaGame

LANGUAGES = ("es", "es-AR", "pt-BR")
GAMES: dict[str, Game] = {
    game.name: game for game in (TrucoGame(), PaulistaGame(), ChinchonGame(), RemigioGame(), TresilloGame())
}
BUILT_IN = tuple(GAMES)


def knows(translations: gettext.NullTranslations, key: object) -> bool:
    """Whether ``translations`` (or one of its fallbacks) has ``key``: a msgid, or ``(msgid, form)`` for a plural."""
    while translations is not None:
        if key in getattr(translations, "_catalog", {}):
            return True
        translations = translations._fallback  # type: ignore[assignment]
    return False


@pytest.fixture
def missing(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[tuple[str, str]]]:
    """Every (domain, message) looked up in a language whose catalogs lack it."""
    lacking: set[tuple[str, str]] = set()
    call, plural = Catalog.__call__, Catalog.plural

    def spy_call(self: Catalog, message: str, /, **values: object) -> str:
        if not knows(self.translations(), message):
            lacking.add((self.domain, message))
        return call(self, message, **values)

    def spy_plural(self: Catalog, singular: str, plural_: str, count: int, /, **values: object) -> str:
        if not knows(self.translations(), (singular, 0)):
            lacking.add((self.domain, singular))
        return plural(self, singular, plural_, count, **values)

    monkeypatch.setattr(Catalog, "__call__", spy_call)
    monkeypatch.setattr(Catalog, "plural", spy_plural)
    yield lacking


def game_named(name: str) -> Game:
    return GAMES[name]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", BUILT_IN)
def test_every_option_has_a_name_and_help_in_each_language(name: str, language: str) -> None:
    """The lobby shows :meth:`Game.option_text`: the field's title and description, in the game's catalog or
    the framework's (``Players``)."""
    game = game_named(name)
    lacking = []
    for option, field in game.Options.model_fields.items():
        for message in (field.title, field.description):
            if option == "players" and message is None:
                message = "Players"
            if message is None or not (
                knows(game.catalog.translations(language), message) or knows(FRAMEWORK.translations(language), message)
            ):
                lacking.append((option, message))
    assert lacking == []
    with speaking(language):
        shown = {option: game.option_text(option) for option in game.Options.model_fields}
    with speaking("en"):
        english = {option: game.option_text(option) for option in game.Options.model_fields}
    assert shown.keys() == english.keys()
    assert any(shown[option][1] != english[option][1] for option in shown if option != "players")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", BUILT_IN)
def test_every_move_event_and_table_line_of_random_matches_is_translated(name: str, language: str, missing: set) -> None:
    game = game_named(name)
    decks = ("french", "spanish") if name == "truco_paulista" else (None,)
    for seed, deck in enumerate(decks * 3):
        rng = random.Random(seed)
        state = game.start({"players": game.player_counts()[seed % len(game.player_counts())]}, seed=seed)
        teams = game.teams(state.options)
        with speaking(language), drawing(deck):
            for _move in range(150):
                if state.is_over:
                    break
                seat = state.to_act[0]
                observation = state.observation(seat)
                names = viewer_names(observation.players, seat, teams=teams)
                legal = state.legal_actions(seat)
                for action in legal:
                    game.action_text(action)
                game.presentation().table_view(observation, names)
                before = len(state.events)
                state.apply(rng.choice(legal), seat)
                for event in state.events[before:]:
                    game.presentation().describe(event, names)
    assert missing == set(), sorted(missing)
