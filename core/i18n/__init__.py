"""Every word cartas shows a person, in the person's language, through gettext catalogs.

One domain for the framework (``cartas``: the command line, the server, the web table) and one per game (the
game's events, table and moves), so a plugin translates itself with the same machinery as the built-in games.
The language is the caller's context (:func:`speaking`), not an argument threaded through every call: a front
end sets it once per screen (the terminal once per process, the server once per connection's frame).
"""

from cartas.core.i18n.catalog import FRAMEWORK, Catalog, mark
from cartas.core.i18n.language import (
    LANGUAGES, choose_language, current_language, gettext_languages, speaking, use_language,
)

__all__ = [
    "FRAMEWORK", "LANGUAGES", "Catalog", "choose_language", "current_language", "gettext_languages", "mark",
    "speaking", "use_language",
]
