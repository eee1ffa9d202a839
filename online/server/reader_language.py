"""The language an HTTP request's reader reads, so the lobby's refusals come back in it.

A connection says its language in its hello (``lang``); an HTTP request says it in the ``X-Cartas-Language``
header, which the pages send with every call (the language chosen in the page's selector, else the browser's).
A client that sends none (curl, a script) is answered in the language of its ``Accept-Language`` header, and in
English when that names none the site speaks. Only the words change: the status codes and the JSON fields stay.
"""

from __future__ import annotations

from collections.abc import Mapping

from cartas.core.i18n.language import ENGLISH
from ..game.words import site_language

LANGUAGE_HEADER = "x-cartas-language"
"""The header a page sends with the reader's language (a BCP-47 tag: ``pt-BR``)."""


def accepted_languages(header: str) -> list[str]:
    """The tags of an ``Accept-Language`` header, most wanted first (``q`` weights; a bad weight counts 0)."""
    weighted = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag.strip() and tag.strip() != "*" and weight > 0:
            weighted.append((-weight, index, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def request_language(headers: Mapping[str, str]) -> str:
    """The site language a request is answered in: the page's choice, the browser's, else English."""
    chosen = site_language(headers.get(LANGUAGE_HEADER))
    if chosen is not None:
        return chosen
    for tag in accepted_languages(headers.get("accept-language", "")):
        found = site_language(tag)
        if found is not None:
            return found
    return ENGLISH
