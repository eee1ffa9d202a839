"""Every installed game's options read in each site language: the name, the help and each choice's label.

The lobby's form and ``cartas info`` show an option's name, help and choices through :meth:`Game.option_text`
and :meth:`Game.choice_text`; a choice value such as ``malas_buenas`` is what programs type, never what a person
reads. This walks every game the installed plugins register (not only the built-in ones): a message must be in
the game's catalog or the framework's for es, es-AR and pt-BR, and every English label must be words, not a raw
value. A plugin game that ships no catalog for a language is skipped for it (it speaks English there, by design).
"""

from __future__ import annotations

import gettext
from typing import Any

import pytest

from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK, speaking
from cartas.core.options import CHOICE_LABELS, GameOptions, choice_label, option_infos
from cartas.core.plugins.manager import installed_registry

TRANSLATED = ("es", "es-AR", "pt-BR")
LANGUAGES = (*TRANSLATED, "en")
GAMES: dict[str, Game] = dict(installed_registry().games)


def knows(translations: gettext.NullTranslations | None, message: str) -> bool:
    """Whether ``translations`` or one of its fallbacks has ``message``."""
    while translations is not None:
        if message in getattr(translations, "_catalog", {}):
            return True
        translations = translations._fallback
    return False


def ships(game: Game, language: str) -> bool:
    """Whether ``game`` ships a catalog for ``language`` (a plugin may speak English only)."""
    return isinstance(game.catalog.translations(language), gettext.GNUTranslations)


def messages(options: type[GameOptions]) -> list[tuple[str, str]]:
    """Each ``(option, English message)`` a person may read about ``options``: names, helps, choice labels."""
    found = []
    for name, field in options.model_fields.items():
        found.append((name, field.title or ("Players" if name == "players" else name.replace("_", " ").capitalize())))
        if field.description:
            found.append((name, field.description))
        info = next(info for info in option_infos(options) if info.name == name)
        for choice in info.choices or ():
            if isinstance(choice, str):  # numbers read the same in every language
                found.append((name, choice_label(field, choice)))
    return found


def test_the_built_in_games_are_installed() -> None:
    assert {"truco", "truco_paulista", "chinchon", "remigio", "tresillo"} <= set(GAMES)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_name_help_and_choice_is_translated(name: str, language: str) -> None:
    game = GAMES[name]
    if not ships(game, language):
        pytest.skip(f"{name} ships no {language} catalog")
    lacking = [
        (option, message) for option, message in messages(game.Options)
        if not (knows(game.catalog.translations(language), message) or knows(FRAMEWORK.translations(language), message))
    ]
    assert lacking == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_choice_is_shown_as_its_raw_value(name: str) -> None:
    """A text choice has a label the game wrote (:data:`cartas.core.options.CHOICE_LABELS`): ``malas_buenas``
    is read "malas and buenas", in English too."""
    game = GAMES[name]
    raw: list[tuple[str, Any]] = []
    for info in option_infos(game.Options):
        extra = game.Options.model_fields[info.name].json_schema_extra
        labels = extra.get(CHOICE_LABELS) if isinstance(extra, dict) else None
        for choice, label in zip(info.choices or (), info.choice_labels or (), strict=True):
            if isinstance(choice, str) and (not isinstance(labels, dict) or choice not in labels or "_" in label):
                raw.append((info.name, choice))
    if game.catalog.domain.startswith("cartas_"):  # the built-in games label every text choice
        assert raw == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_choice_label_in_each_language(language: str) -> None:
    """Truco's falta envido choices as each reader sees them in the lobby's form."""
    game = GAMES["truco"]
    with speaking(language):
        shown = [game.choice_text("falta_mode", value) for value in ("malas_buenas", "to_game")]
    assert shown == {
        "es": ["malas y buenas", "hasta el final"],
        "es-AR": ["malas y buenas", "hasta el final"],
        "pt-BR": ["malas e boas", "até o final"],
        "en": ["malas and buenas", "to the target"],
    }[language]
