"""Which language a screen speaks: the person's choice, CARTAS_LANG, the game's, the locale, English."""

from __future__ import annotations

import pytest

from cartas.core.i18n import FRAMEWORK, choose_language, current_language, speaking, use_language
from cartas.core.i18n.language import bcp47


@pytest.mark.parametrize(
    ("chosen", "game", "environ", "expected"),
    [
        ("pt", "es-AR", {"CARTAS_LANG": "en", "LANG": "es_ES.UTF-8"}, "pt"),
        (None, "es-AR", {"CARTAS_LANG": "en", "LANG": "pt_BR.UTF-8"}, "en"),
        (None, "es-AR", {"LANG": "pt_BR.UTF-8"}, "es-AR"),
        (None, None, {"LANG": "pt_BR.UTF-8"}, "pt-BR"),
        (None, None, {"LC_ALL": "es_AR.utf8", "LANG": "pt_BR.UTF-8"}, "es-AR"),
        (None, None, {"LC_MESSAGES": "es_ES@euro", "LANG": "pt_BR.UTF-8"}, "es-ES"),
        (None, None, {"LANG": "C.UTF-8"}, "en"),
        (None, None, {"LC_ALL": "POSIX", "LANG": "es_AR.UTF-8"}, "en"),
        (None, None, {}, "en"),
        ("es_ar", None, {}, "es-AR"),
    ],
)
def test_the_language_is_chosen_in_order(
    chosen: str | None, game: str | None, environ: dict[str, str], expected: str
) -> None:
    assert choose_language(chosen, game, environ) == expected


def test_a_locale_is_read_as_a_tag() -> None:
    assert [bcp47(t) for t in ("es_AR.UTF-8", "pt-br", "C", "", "en")] == ["es-AR", "pt-BR", None, None, "en"]


def test_the_framework_speaks_each_language_and_voseo_in_argentina() -> None:
    message = "There is no move {number}: choose 1 to {count}."
    said = {}
    for language in ("en", "es", "es-AR", "es-ES", "pt", "pt-BR", "fr"):
        with speaking(language):
            said[language] = FRAMEWORK(message, number=9, count=3)
    assert said == {
        "en": "There is no move 9: choose 1 to 3.",
        "es": "No hay jugada 9: elige de 1 a 3.",
        "es-AR": "No hay jugada 9: elegí de 1 a 3.",
        "es-ES": "No hay jugada 9: elige de 1 a 3.",
        "pt": "Não existe a jogada 9: escolha de 1 a 3.",
        "pt-BR": "Não existe a jogada 9: escolha de 1 a 3.",
        "fr": "There is no move 9: choose 1 to 3.",
    }


def test_use_language_stays_inside_its_context() -> None:
    import contextvars

    def inside() -> str:
        use_language("pt-BR")
        return current_language()

    assert contextvars.copy_context().run(inside) == "pt-BR"
    assert current_language() == "en"
