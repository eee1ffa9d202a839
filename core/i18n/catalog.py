"""A gettext domain that formats its messages: ``_("{who} plays {card}", who=..., card=...)``."""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from mypy_extensions import mypyc_attr

from .language import ENGLISH, current_language, gettext_languages

SAID_PER_LANGUAGE = 4096
"""How many messages a catalog keeps translated per language: far more than any game says (truco's domain has
about 200), a bound only for a caller that translates text it makes up (a message built from a value)."""


def mark(message: str) -> str:
    """Mark a message for extraction where it is defined (a module constant) and translate it where it is shown."""
    return message


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled in the compiled build; a plugin may still subclass it
class Catalog:
    """The messages of one domain (the framework's, or one game's) in whatever language is being spoken.

    Messages are written in English in the code; a missing translation falls back to the English text, so a
    plugin without catalogs still speaks, and a test (not the player) finds the gap.
    """

    def __init__(self, domain: str, localedir: Path | str) -> None:
        self.domain = domain
        self.localedir = str(localedir)
        self._said: dict[str, dict[str, str]] = {}
        """Each language's messages already translated, message -> text: a server writes the same table lines
        on every move, and a dictionary look-up is a fifth of gettext's (the language's catalog, its fallback,
        the lru_cache's key). The catalogs on disk do not change while a process runs (``_translations`` keeps
        them too)."""

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        return _translations(self.domain, self.localedir, language or current_language())

    def _translated(self, message: str) -> str:
        """``message`` in the language being spoken, unformatted."""
        language = current_language()
        known = self._said.get(language)
        if known is None:
            known = self._said[language] = {}
        text = known.get(message)
        if text is None:
            text = self.translations(language).gettext(message)
            if len(known) < SAID_PER_LANGUAGE:
                known[message] = text
        return text

    def __call__(self, message: str, /, **values: object) -> str:
        text = self._translated(message)
        return text.format(**values) if values else text

    def plural(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """``count`` chooses the form; ``{count}`` is available to the message."""
        text = self.translations().ngettext(singular, plural, count)
        return text.format(count=count, **values)


@lru_cache(maxsize=256)
def _translations(domain: str, localedir: str, language: str) -> gettext.NullTranslations:
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(domain, localedir, languages=gettext_languages(language), fallback=True)


FRAMEWORK = Catalog("cartas", Path(__file__).parent / "locale")
"""The framework's own domain: the command line, the server and the web table."""
