"""A person's name at a table: one way to write it, nothing hidden in it, and nobody else's.

The table's text calls its reader "Vos" (or "Tú", "Você", "You"), a partner "Compañero", the sides "Nosotros"
and "Ellos", bots "Bot 2 (medio)" and unnamed seats "Jugador 3". A person called any of those would read, on
the other seats' screens, as someone they are not, so those words are refused in every language the server
speaks. The name is put in NFKC form first (so a full-width "Ｖｏｓ" is "Vos"), and characters that show
nothing or reorder the text (zero-width spaces, bidi controls: Unicode's format category) are refused, so
two names that look the same are the same name. At one table names are unique, case and accents folded.
Look-alike letters from other scripts (a Cyrillic "о" in "Vоs") are not caught: see docs/online.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import LANGUAGES, speaking
from cartas.core.i18n.spoken import fold

MAX_NAME = 24
"""Characters in a name, after normalisation."""
NUMBER = 987654321
"""A stand-in number, to find where the number goes in a translated "Bot {number}"."""


class BadName(ValueError):
    """A name that cannot be taken; the message says why in one line."""


def _key(text: str) -> str:
    """How two names are compared: folded case and accents, spaces and punctuation ignored."""
    return fold(text).replace(" ", "")


@cache
def reserved() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The words the tables use for people, in every language (compared by :func:`_key`), and the numbered
    ones ("Bot 2", "Jugador 3", "Equipo 1", "Compañero 2") as patterns over the key."""
    words = {"spectator", "espectador", "espectadora"}
    patterns = set()
    for language in LANGUAGES:
        with speaking(language):
            words.update(_key(word) for word in (_("You"), _("Partner"), _("Us"), _("Them")))
            for numbered in (
                _("Bot {number} ({level})", number=NUMBER, level=""), _("Player {number}", number=NUMBER),
                _("Team {number}", number=NUMBER), _("Partner {number}", number=NUMBER),
            ):
                before = _key(numbered.split(str(NUMBER))[0])
                patterns.add(re.escape(before) + r"\d+")
    return frozenset(words), tuple(re.compile(pattern) for pattern in sorted(patterns))


def is_reserved(name: str) -> bool:
    words, patterns = reserved()
    key = _key(name)
    return key in words or any(pattern.match(key) for pattern in patterns)


def clean_name(name: Any, taken: Iterable[str] = ()) -> str:
    """A person's name as shown: NFKC, spaces collapsed, checked (see the module's docstring).

    ``taken`` are the names of the other people at the table.
    """
    if not isinstance(name, str) or not name.strip():
        raise BadName(_("a name is needed to take a seat"))
    if len(name) > 4 * MAX_NAME:
        raise BadName(_("a name has at most {count} characters", count=MAX_NAME))
    normal = unicodedata.normalize("NFKC", name)
    if any(unicodedata.category(ch) in ("Cf", "Co", "Cs", "Cn") for ch in normal):
        raise BadName(_("a name cannot hold invisible or direction-changing characters"))
    cleaned = " ".join(normal.split())
    if any(not ch.isprintable() for ch in cleaned):
        raise BadName(_("a name cannot hold control characters"))
    if len(cleaned) > MAX_NAME:
        raise BadName(_("a name has at most {count} characters", count=MAX_NAME))
    if not _key(cleaned):
        raise BadName(_("a name needs at least one letter or digit"))
    if is_reserved(cleaned):
        raise BadName(_("{name} is what the table calls someone else; choose another name", name=repr(cleaned)))
    key = _key(cleaned)
    if any(_key(other) == key for other in taken):
        raise BadName(_("someone at this table is already called {name}; choose another name", name=repr(cleaned)))
    return cleaned
