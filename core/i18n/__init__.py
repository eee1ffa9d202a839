"""Every word cartas shows a person, in the person's language, through gettext catalogs.

One domain for the framework (``cartas``: the command line, the server, the web table) and one per game (the
game's events, table and moves), so a plugin translates itself with the same machinery as the built-in games.
The language is the caller's context (:func:`speaking`), not an argument threaded through every call: a front
end sets it once per screen (the terminal once per process, the server once per connection's frame).

This module is the public surface for a game's words (docs/api.md): its catalog and the language machinery,
and the spoken names of cards and suits with the accent folding that understanding a player's words needs
(:mod:`cartas.core.i18n.spoken`, loaded on first use: :mod:`cartas.core.cards` imports this module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..exports import LazyExports
from .catalog import FRAMEWORK, Catalog, mark
from .language import (
    LANGUAGES, choose_language, current_language, gettext_languages, speaking, use_language,
)

if TYPE_CHECKING:
    from .spoken import (
        RANK_WORDS, card_name, cards_named, fold, spoken_card, spoken_phrases, suit_name, words,
    )

_EXPORTS = LazyExports(__name__, {
    "cartas.core.i18n.spoken": (
        "RANK_WORDS", "card_name", "cards_named", "fold", "spoken_card", "spoken_phrases", "suit_name", "words",
    ),
})

__all__ = [
    "FRAMEWORK", "LANGUAGES", "RANK_WORDS", "Catalog", "card_name", "cards_named", "choose_language",
    "current_language", "fold", "gettext_languages", "mark", "speaking", "spoken_card", "spoken_phrases",
    "suit_name", "use_language", "words",
]


def __getattr__(name: str) -> Any:
    """Import a re-exported name's module the first time the name is asked for."""
    return _EXPORTS.attribute(name, globals())


def __dir__() -> list[str]:
    return _EXPORTS.names(globals())
