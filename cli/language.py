"""The language of a command's screens: chosen once per command, from ``--lang``, ``CARTAS_LANG``, the game, the
language of the last match played here, the locale.

:func:`speaks` wraps a command so that it runs in a context of its own speaking the language chosen without a
game; a command about one game (play, resume, replay, rules) calls :func:`speak_game` once it knows the game, so
truco speaks Argentine Spanish and paulista Brazilian Portuguese unless the person asked for another language.
A match saved remembers the language it was played in (:func:`remember`, called by the save), and the commands that
know no game (``saves``, ``list``, ``stats``, a ``replay`` refused before it finds its match) speak it: whoever
just played truco in Spanish reads their saves in Spanish, not in the machine's English locale.
click's own words follow (:mod:`cartas.cli.click_words`): the group sets them before it parses the command line.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .click_words import click_speaking, speak_to_click
from cartas.core.home import data_home
from cartas.core.i18n import choose_language, use_language
from cartas.core.i18n.language import bcp47

if TYPE_CHECKING:
    from cartas.core.game import Game

_CHOSEN: contextvars.ContextVar[str | None] = contextvars.ContextVar("cartas_chosen_language", default=None)

LANGUAGE_FILE = "language"
"""The file in the data folder that keeps the language of the last match played there (``es-AR``)."""


def remembered() -> str | None:
    """The language of the last match played in this data folder, or ``None`` (none yet, or unreadable)."""
    try:
        text = (data_home() / LANGUAGE_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return bcp47(text) if text else None


def remember(language: str) -> None:
    """Keep ``language`` as the last match's, for the commands that know no game; a folder that cannot be
    written only loses the memory (the save itself reports the folder's trouble). Only a saved match calls it,
    so ``--no-save`` leaves nothing behind."""
    if remembered() == language:
        return
    try:
        (data_home() / LANGUAGE_FILE).write_text(language + "\n", encoding="utf-8")
    except OSError:
        pass


def gameless_language(asked: str | None) -> str:
    """The language of a command that knows no game: ``asked`` (``--lang``), ``CARTAS_LANG``, the last match's
    language, the locale, English."""
    return choose_language(asked, remembered())


def speaks(command: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``command`` in its own context, speaking the language its ``lang`` argument (``--lang``) asks for,
    or the group's ``--lang``, or else the one :func:`~cartas.core.i18n.choose_language` finds without a game."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        def inside() -> Any:
            chosen = kwargs.get("lang") or _CHOSEN.get()
            _CHOSEN.set(chosen)
            language = gameless_language(chosen)
            use_language(language)
            with click_speaking(language):
                return command(*args, **kwargs)

        return contextvars.copy_context().run(inside)

    return run


def choose(asked: str | None) -> None:
    """The person's choice for the whole command line (``cartas --lang es play truco``): a command without
    a ``--lang`` of its own speaks it too."""
    _CHOSEN.set(asked)


def speak_game(game: Game) -> None:
    """From now on speak ``game``'s language, unless the person chose one (``--lang``, ``CARTAS_LANG``)."""
    language = choose_language(_CHOSEN.get(), game.language)
    use_language(language)
    speak_to_click(language)
