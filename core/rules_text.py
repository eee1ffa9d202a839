"""A game's rules document as a player reads it: in the language being spoken, and without the sections that
only apply with an option the match does not use.

Each language is a file beside the English one: ``RULES.md`` (English), ``RULES.es.md``, ``RULES.pt.md``,
``RULES.es_AR.md`` (the gettext names, most specific first, then the English file). A passage that only exists
with an option sits between ``<!-- option: CONDITION -->`` and ``<!-- end option -->``, on lines of its own or
inside a sentence; passages may nest. A condition is one or more tests joined by commas, all of which must hold:

- ``flor``: the option is on (true, or any non-empty value);
- ``not flor``: the option is off;
- ``players=4|6``: the option's value is one of those listed.

With no options (``cartas rules NAME``, outside a match) every passage is shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable

from .i18n import current_language, gettext_languages
from .options import GameOptions

_SECTION = re.compile(
    r"(?P<start>^)?<!-- option: (?P<condition>[^>]*?) -->(?P<body>(?:(?!<!-- option: ).)*?)<!-- end option -->"
    r"(?P<newline>\n)?",
    re.DOTALL | re.MULTILINE,
)
_BLANK_LINES = re.compile(r"\n{3,}")

def localized_files(package: str, filename: str, language: str | None = None) -> Iterator[Traversable]:
    """The candidates for ``filename`` in ``package``, best first: ``RULES.es_AR.md``, ``RULES.es.md``,
    ``RULES.md``."""
    stem, dot, suffix = filename.rpartition(".")
    folder = resources.files(package)
    for name in gettext_languages(language or current_language()):
        yield folder.joinpath(f"{stem}.{name}{dot}{suffix}" if dot else f"{filename}.{name}")
    yield folder.joinpath(filename)


def read_localized(package: str, filename: str, language: str | None = None) -> str:
    """The text of the first of :func:`localized_files` that exists."""
    for candidate in localized_files(package, filename, language):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    raise FileNotFoundError(f"{package} has no {filename}")


def holds(condition: str, options: GameOptions) -> bool:
    """Whether every test of a section's condition holds for ``options`` (an unknown option never holds)."""
    values = options.model_dump()
    for test in (part.strip() for part in condition.split(",")):
        name, equals, allowed = test.partition("=")
        negated = name.startswith("not ")
        name = name.removeprefix("not ").strip()
        if name not in values:
            return False
        value = values[name]
        if equals:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            ok = shown in {choice.strip() for choice in allowed.split("|")}
        else:
            ok = bool(value)
        if ok == negated:
            return False
    return True


def for_options(text: str, options: GameOptions | None) -> str:
    """``text`` without the passages whose condition ``options`` do not meet, and without the markers.

    A passage that starts a line and ends one (a table row, a block between marker lines) goes with its line
    break; one inside a sentence leaves the sentence's line break alone.
    """

    def replace(match: re.Match[str]) -> str:
        whole_lines = match["start"] is not None and match["newline"] is not None
        if options is not None and not holds(match["condition"], options):
            return "" if whole_lines else match["newline"] or ""
        body = match["body"]
        if whole_lines and body.startswith("\n"):
            body = body[1:]
        return body if whole_lines and body.endswith("\n") else body + (match["newline"] or "")

    while True:  # the innermost passages first, so a passage may hold another
        done = _SECTION.sub(replace, text)
        if done == text:
            return _BLANK_LINES.sub("\n\n", done)
        text = done
