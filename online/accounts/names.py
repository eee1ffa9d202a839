"""A person's name at a table: one way to write it, nothing hidden in it, and nobody else's.

The table's text calls its reader "Vos" (or "Tú", "Você", "You"), a partner "Compañero", the sides "Nosotros"
and "Ellos", bots "Bot 2 (medio)" and unnamed seats "Jugador 3". A person called any of those would read, on
the other seats' screens, as someone they are not, so those words are refused in every language the server
speaks. The name is put in NFKC form first (so a full-width "Ｖｏｓ" is "Vos", and the other spaces, such as
no-break and ideographic ones, are plain spaces), and characters that show nothing or reorder the text are
refused (:func:`hidden_in`), so two names that look the same are the same name and no name reads blank. At one
table names are unique, case and accents folded. Look-alike letters from other scripts (a Cyrillic "о" in
"Vоs") are not caught: see docs/online.md.

:func:`hidden_in` is the one check of every name and identifier a person types (display and seat names,
usernames, quick-play and party names, mute targets, passkey names); free text (chat lines, reports) goes
through :func:`shown` instead, which turns those characters into spaces.
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


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Controls, format characters (zero-width spaces and joiners, bidi marks, embeddings, overrides and isolates,
tags), private-use, surrogates, unassigned code points, and the line and paragraph separators."""
BLANKS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)
"""Letters and marks that draw nothing although their category says otherwise: the Hangul fillers (U+115F,
U+1160, U+3164, U+FFA0, which read as a blank name), the braille blank (U+2800), the combining grapheme joiner,
the Khmer inherent vowels, the Mongolian free variation selectors and the variation selectors (the rest of
Unicode's default-ignorable code points are format characters or unassigned, caught by their category)."""
PRESENTATION = "\ufe0e\ufe0f"
"""The text and emoji variation selectors a phone's keyboard puts after an emoji ("❤️"): removed from a name
rather than refused, so it neither fails nor makes two names that look the same."""


def is_hidden(ch: str) -> bool:
    """Whether ``ch`` shows nothing or changes how the text around it reads (any space but the ASCII one too)."""
    category = unicodedata.category(ch)
    return category in HIDDEN_CATEGORIES or (category == "Zs" and ch != " ") or ch in BLANKS


def hidden_in(text: str) -> str | None:
    """The first character of ``text`` that :func:`is_hidden`, or None."""
    return next((ch for ch in text if is_hidden(ch)), None)


def shown(text: str) -> str:
    """Free text (a chat line, a report's reason) with each hidden character a space.

    Free text keeps every visible character, emoji included; what it loses is what could hide or reorder the
    words around it (a right-to-left override turning "8 puntos" into a lie, a line of fillers reading blank)."""
    return "".join(" " if is_hidden(ch) else ch for ch in text)


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
    normal = unicodedata.normalize("NFKC", name.translate({ord(ch): None for ch in PRESENTATION}))
    if any(unicodedata.category(ch) == "Cc" for ch in normal):
        raise BadName(_("a name cannot hold control characters"))
    if hidden_in(normal) is not None:
        raise BadName(_("a name cannot hold invisible or direction-changing characters"))
    cleaned = " ".join(normal.split())
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
