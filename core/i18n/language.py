"""Which language is being spoken now, as a context variable a front end sets around what it renders."""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextvars import ContextVar, Token

from mypy_extensions import mypyc_attr

ENGLISH = "en"
"""The language of every message in the source code: a catalog translates from it."""

_LANGUAGE: ContextVar[str] = ContextVar("cartas_language", default=ENGLISH)


def current_language() -> str:
    """The BCP-47 tag in force (``"es-AR"``, ``"pt-BR"``, ``"en"``)."""
    return _LANGUAGE.get()


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled in the compiled build; still subclassable
class speaking:  # noqa: N801  # used as a function, like contextlib's suppress
    """Render everything inside the block in ``language`` (a BCP-47 tag such as ``"es-AR"``).

    A context variable rather than a global, so the server can render one table's frame in Spanish for one
    connection and in English for the next inside the same task. A class rather than a ``@contextmanager``
    generator: the server enters one for every frame it writes, and a generator's machinery cost three times
    the setting of the variable.
    """

    __slots__ = ("language", "_token")
    _token: Token[str]

    def __init__(self, language: str) -> None:
        self.language = language

    def __enter__(self) -> None:
        self._token = _LANGUAGE.set(self.language)

    def __exit__(self, *_: object) -> None:
        _LANGUAGE.reset(self._token)


def gettext_languages(language: str) -> list[str]:
    """The gettext catalog names to try for a BCP-47 tag, most specific first: ``es-AR`` → ``es_AR``, ``es``."""
    parts = language.replace("_", "-").split("-")
    base = parts[0].lower()
    if len(parts) > 1 and parts[1]:
        return [f"{base}_{parts[1].upper()}", base]
    return [base]


LANGUAGES: tuple[str, ...] = ("en", "es", "es-AR", "pt", "pt-BR")
"""The languages ``--lang`` offers: the framework speaks all of them; a game speaks English and its own."""


def bcp47(tag: str) -> str | None:
    """A locale or a tag as BCP-47 (``es_AR.UTF-8`` → ``es-AR``), or ``None`` for ``C``/``POSIX``/empty."""
    bare = tag.split(".")[0].split("@")[0].strip()
    if not bare or bare in ("C", "POSIX"):
        return None
    parts = bare.replace("_", "-").split("-")
    base = parts[0].lower()
    if not base.isalpha():
        return None
    return f"{base}-{parts[1].upper()}" if len(parts) > 1 and parts[1] else base


def choose_language(
    chosen: str | None = None, game_language: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language a screen speaks, first found of: the person's explicit choice (``--lang``, a connection's
    choice), ``CARTAS_LANG``, the game's own language (``game_language``, for the commands about one game),
    the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` and ``POSIX`` say nothing), English.

    One function so the command line and the server choose alike."""
    env = os.environ if environ is None else environ
    for candidate in (chosen, env.get("CARTAS_LANG"), game_language):
        tag = bcp47(candidate) if candidate else None
        if tag:
            return tag
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:  # the first one set decides, as in POSIX, even when it is C
            return bcp47(value) or ENGLISH
    return ENGLISH


def use_language(language: str) -> None:
    """Speak ``language`` from now on in the current context; a command line's process sets it once, inside
    a context of its own (:func:`contextvars.copy_context`), so a test that runs several commands does not leak it."""
    _LANGUAGE.set(language)
