"""Which language is being spoken now, as a context variable a front end sets around what it renders."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ENGLISH = "en"
"""The language of every message in the source code: a catalog translates from it."""

_LANGUAGE: ContextVar[str] = ContextVar("cartas_language", default=ENGLISH)


def current_language() -> str:
    """The BCP-47 tag in force (``"es-AR"``, ``"pt-BR"``, ``"en"``)."""
    return _LANGUAGE.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Render everything inside the block in ``language`` (a BCP-47 tag such as ``"es-AR"``).

    A context variable rather than a global, so the server can render one table's frame in Spanish for one
    connection and in English for the next inside the same task.
    """
    token = _LANGUAGE.set(language)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def gettext_languages(language: str) -> list[str]:
    """The gettext catalog names to try for a BCP-47 tag, most specific first: ``es-AR`` → ``es_AR``, ``es``."""
    parts = language.replace("_", "-").split("-")
    base = parts[0].lower()
    if len(parts) > 1 and parts[1]:
        return [f"{base}_{parts[1].upper()}", base]
    return [base]
