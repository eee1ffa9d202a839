"""The language of a command's screens: chosen once per command, from ``--lang``, ``CARTAS_LANG``, the game, the locale.

:func:`speaks` wraps a command so that it runs in a context of its own speaking the language chosen without a
game; a command about one game (play, resume, replay, rules) calls :func:`speak_game` once it knows the game, so
truco speaks Argentine Spanish and paulista Brazilian Portuguese unless the person asked for another language.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cartas.core.i18n import choose_language, use_language

if TYPE_CHECKING:
    from cartas.core.game import Game

_CHOSEN: contextvars.ContextVar[str | None] = contextvars.ContextVar("cartas_chosen_language", default=None)


def speaks(command: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``command`` in its own context, speaking the language its ``lang`` argument (``--lang``) asks for,
    or else the one :func:`~cartas.core.i18n.choose_language` finds without a game."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        def inside() -> Any:
            chosen = kwargs.get("lang")
            _CHOSEN.set(chosen)
            use_language(choose_language(chosen))
            return command(*args, **kwargs)

        return contextvars.copy_context().run(inside)

    return run


def speak_game(game: Game) -> None:
    """From now on speak ``game``'s language, unless the person chose one (``--lang``, ``CARTAS_LANG``)."""
    use_language(choose_language(_CHOSEN.get(), game.language))
