"""A plugin's test that its gettext catalogs say every message its code uses, in every language it ships."""

from __future__ import annotations

from cartas.core.i18n.catalogs import domains, problems


class CatalogError(AssertionError):
    """A catalog misses a message, changes its placeholders, or was not compiled after its last edit."""


def check_catalogs(package: str) -> None:
    """Fail with every problem of ``package``'s domain (the ``_`` of ``<package>.i18n``; ``"cartas"`` for the
    framework), one a line: a message of the code missing or untranslated in a shipped language, placeholders
    that differ from the message, a ``.mo`` stale against its ``.po``. Needs Babel (``pip install babel``)."""
    found = [problem for domain in domains([package]) for problem in problems(domain)]
    if found:
        raise CatalogError("\n".join(found))
