"""Personalities: bot levels with a name people read and a strength measured in the arena.

A personality is an ordinary bot level, registered by its game's plugin through ``register_bots`` like
``medium`` (``cartas play truco --bot mentiroso``, ``cartas arena``, the lobby's picker all take it as they take
any level). What the front ends add for it they read from two optional class methods of its factory (the
:class:`Personality` protocol), so a plugin's own personalities are shown the same way, and nothing is
special-cased by game:

- ``title()``: its name in the language being spoken ("El Mentiroso", "O Blefador"), from the game's catalog;
- ``strength()``: how it fared against a reference level on duplicate deals (:class:`Strength`), read from a
  small data file a benchmark writes (``tools/personalities.py``), or ``None`` when not measured.

:func:`level_label` puts the two together as the lobby shows them: "El Mentiroso · 46% vs medio".

A game's personalities are its ``medium`` with other knobs; :class:`PersonalityMixin` gives them both class
methods from a ``level``, a marked ``name``, the game's catalog and the file its benchmark writes. A game writes
its characters as one table of :class:`Character` records (level, name, knobs) and :func:`personality_levels`
turns the table into the level classes it registers, so each game's module holds only data.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

from ..i18n import FRAMEWORK as _
from ..naming import level_name


@dataclass(frozen=True)
class Strength:
    """A level's record against ``rival`` (a level name): ``won`` of ``matches`` (a draw counts a half)."""

    won: float
    matches: int
    rival: str

    @property
    def rate(self) -> float:
        return self.won / self.matches if self.matches else 0.0


@runtime_checkable
class Personality(Protocol):
    """What a bot factory offers to be shown as a personality (both are class methods, so no bot is built)."""

    @classmethod
    def title(cls) -> str: ...

    @classmethod
    def strength(cls) -> Strength | None: ...


def read_strengths(path: Path) -> dict[str, Strength]:
    """The strengths a benchmark wrote to ``path``, by level: ``{"rival": "medium", "levels": {"mentiroso":
    {"won": 46, "matches": 100}}}``. A missing or unreadable file, or a bad row, gives nothing for it: a
    personality without a figure is still playable, only shown without one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rival = str(data["rival"])
        rows = data["levels"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    strengths: dict[str, Strength] = {}
    if not isinstance(rows, dict):
        return strengths
    for level, row in rows.items():
        try:
            won, matches = float(row["won"]), int(row["matches"])
        except (KeyError, TypeError, ValueError):
            continue
        if matches > 0 and 0 <= won <= matches:
            strengths[str(level)] = Strength(won, matches, rival)
    return strengths


@cache
def cached_strengths(path: Path) -> dict[str, Strength]:
    """:func:`read_strengths` of ``path``, read once per process: the lobby asks for every level's label each
    time it lists them, and the file only changes when a benchmark rewrites it."""
    return read_strengths(path)


class PersonalityMixin:
    """What makes a game's bot class a :class:`Personality`: put it before the game's ``medium`` in the bases
    (``class Personality(PersonalityMixin, MediumBot)``), set :attr:`catalog` and :attr:`strengths_file` once
    there, and :attr:`level` and :attr:`name` on each character.

    The catalog and the file are class attributes, not arguments of a class factory, so the game's base stays an
    ordinary class that mypy and readers follow, and a character is three lines and its knobs.
    """

    level: ClassVar[str]
    """The level it is registered and typed as (lower-case ASCII in the game's language: ``mentiroso``)."""
    name: ClassVar[str]
    """Its name in English, marked for the game's catalog (``"The Liar"``); :meth:`title` translates it."""
    strengths_file: ClassVar[Path]
    """The ``personalities.json`` that ``tools/personalities.py`` writes beside the game's module."""

    @staticmethod
    def catalog(text: str, /) -> str:
        """The game's gettext (its ``i18n._``), set as ``catalog = staticmethod(_)``: titles are in the game's
        catalog. Left unset it is the identity, so a plugin's untranslated character still shows its name."""
        return text

    @classmethod
    def title(cls) -> str:
        return cls.catalog(cls.name)

    @classmethod
    def strength(cls) -> Strength | None:
        return cached_strengths(cls.strengths_file).get(cls.level)


Knobs = TypeVar("Knobs")
Base = TypeVar("Base", bound=PersonalityMixin)


@dataclass(frozen=True)
class Character(Generic[Knobs]):
    """One personality as a row of its game's table: the ``level`` it is registered and typed as, its ``name`` in
    English marked for the game's catalog, the ``temperament`` (the game's knobs of ``medium``) it plays with,
    and a ``summary`` of how that plays, which becomes its level class's docstring."""

    level: str
    name: str
    temperament: Knobs
    summary: str


def personality_levels(base: type[Base], characters: Iterable[Character[Any]]) -> tuple[type[Base], ...]:
    """The level classes of a game's table of characters, in its order: each a subclass of ``base`` (the game's
    ``class Personality(PersonalityMixin, MediumBot)``) with the record's ``level``, ``name`` and
    ``temperament`` as class attributes, named after its English name (``Liar`` for "The Liar").

    Each class is also set on ``base``'s module under that name, where pickle looks for a class by its module and
    name: the arena sends bot factories to its worker processes."""
    module = sys.modules[base.__module__]
    levels: list[type[Base]] = []
    for character in characters:
        class_name = "".join(word[:1].upper() + word[1:] for word in character.name.removeprefix("The ").split())
        namespace = {"__module__": base.__module__, "__qualname__": class_name, "__doc__": character.summary,
                     "level": character.level, "name": character.name, "temperament": character.temperament}
        level = cast("type[Base]", type(class_name, (base,), namespace))
        setattr(module, class_name, level)
        levels.append(level)
    return tuple(levels)


def level_title(factory: object, level: str) -> str:
    """The name people read for ``level``: a personality's title, else the level as the language names it."""
    if isinstance(factory, Personality):
        return factory.title()
    return level_name(level)


def level_label(factory: object, level: str) -> str:
    """The level's name with its measured strength when it has one: "El Mentiroso · 46% vs medio"."""
    title = level_title(factory, level)
    strength = factory.strength() if isinstance(factory, Personality) else None
    if strength is None:
        return title
    return _("{name} · {rate}% vs {rival}", name=title, rate=round(100 * strength.rate),
             rival=level_name(strength.rival))
