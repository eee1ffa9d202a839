"""Folding text for comparison: the one way cartas makes ``¡Subí!``, ``subi`` and ``SUBI`` the same word.

Every place that compares what a person typed or named (a move, a completion, a player's name in a seating
line, a game's name or alias) folds through :func:`fold_text`; they differ only in what they keep, which its
parameters say, so no two places can drift apart on what an accent or a capital is.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

__all__ = ["fold_text"]

_PUNCTUATION = str.maketrans({mark: " " for mark in "¡!¿?.,;:\"'()"})

Spaces = Literal["single", "none", "keep"]


def fold_text(text: str, *, spaces: Spaces = "single", punctuation: bool = False, strip: bool = True) -> str:
    """``text`` in lower case without accents (``ª`` and ``º`` read as ``a`` and ``o``).

    ``spaces``: ``"single"`` (runs of spaces become one, none at the ends), ``"none"`` (no spaces at all:
    ``You 1`` is ``you1``) or ``"keep"`` (as typed, so each character keeps its place: completion). With
    ``punctuation``, ``¡!¿?.,;:"'()`` become spaces first. Without ``strip``, the ends keep their spaces too.
    """
    if strip:
        text = text.strip()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    if punctuation:
        plain = plain.translate(_PUNCTUATION)
    if spaces == "single":
        return " ".join(plain.split())
    if spaces == "none":
        return "".join(plain.split())
    return plain
