"""How a game reads and draws, apart from its rules: events as lines of text, a finished hand told in a few
lines, and the table as one viewer sees it.

A game plugin provides a :class:`Presentation` next to its :class:`~cartas.core.game.Game`, returned by
:meth:`Game.presentation <cartas.core.game.Game.presentation>`; every front end (the terminal, the JSON-lines
protocol, the server, replays, the conformance suite) draws through it and nothing else. The contract is
versioned (:attr:`Presentation.version`), so the front ends call it as written and never look at a method's
signature to guess which generation of the contract a plugin follows.

A plugin written against cartas 0.1 put ``describe``, ``table_view``, ``table_lines`` and ``hand_summary`` on
the Game itself, some of them without the viewer's names. :class:`LegacyPresentation` is the one adapter that
serves such a game, and the only code in cartas that reads those methods' signatures; it warns once per game.
"""

from __future__ import annotations

import functools
import inspect
import warnings
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .views import TableView, seat_fields

if TYPE_CHECKING:
    from .events import Event
    from .game import Game
    from .naming import TableNames
    from .observation import Observation

PRESENTATION_VERSION = 1
"""The newest version of the presentation contract this cartas reads. Version 1: ``describe``,
``hand_summary``, ``table_lines`` and ``table_view``, each given the viewer's names (or ``None``)."""


class Presentation:
    """How one game reads and draws. Subclass it beside the game's rules, override what the game says its own
    way, and return it from ``Game.presentation()``; the defaults here know no game (an event's kind and
    detail, the table's fields as ``key: value`` lines).

    Every method reads only what it is given, the events a viewer may see or an observation, so a
    presentation cannot show a hidden card that the observation does not already show. ``names`` are the
    players' names as the viewer calls them (:mod:`cartas.core.naming`: "Vos", "Compañero", "Bot 1"); ``None``
    means no one in particular, and the presentation picks generic ones.
    """

    version: ClassVar[int] = PRESENTATION_VERSION
    """The version of the contract the presentation is written for; the registry refuses a game whose
    presentation is newer than :data:`PRESENTATION_VERSION` (this cartas would draw it wrong)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        """An event as one line of text for the screen and the logs, in the language being spoken
        (:func:`cartas.core.i18n.speaking`)."""
        return " ".join(part for part in (event.kind, event.detail) if part)

    def hand_summary(self, events: Sequence[Event], names: TableNames | None = None) -> list[str]:
        """A finished hand told in a few lines: its events of the game's ``summary_kinds``, described.
        ``events`` are the hand's events the viewer may see; a front end adds the score."""
        return [self.describe(event, names) for event in events if event.kind in self.game.summary_kinds]

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        """The table as the observation's seat sees it, a few lines of plain text."""
        return [f"{key}: {value}" for key, value in observation.table.items()]

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The table as its viewer sees it, for the terminal and the browser alike, built from the observation
        only, so it works for a seat's observation and for the public one.

        This default knows no game: the hand as given and the :meth:`table_lines` text, shown as its notes.
        Games override it to lay out the cards played, the trick, the middle and the hand as players hold it.
        """
        lines = self.table_lines(observation, names)
        return TableView(
            **seat_fields(observation),
            played=[[] for _ in range(observation.players)],
            hand=list(observation.hand),
            lines=lines,
            notes=lines,
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} v{self.version} of {self.game!r}>"


PRESENTED_ON_GAME = ("describe", "hand_summary", "table_lines", "table_view")
"""The methods a 0.1 game overrode on the Game to present itself."""


class LegacyPresentation(Presentation):
    """The one adapter for a game written against cartas 0.1, which overrode ``describe``, ``hand_summary``,
    ``table_lines`` or ``table_view`` on the Game itself (or for a subclass of a ported game that still
    does). Put before the game's own presentation class (:func:`adapted`), it calls the game's methods where
    the game overrides them, with the viewer's names when the method takes them (games before 0.1's names did
    not), and the presentation's own methods where it does not. It is the only place in cartas that looks at
    a method's signature."""

    overridden: frozenset[str] = frozenset()

    def _call(self, method: str, *arguments: Any, names: TableNames | None) -> Any:
        bound: Callable[..., Any] = getattr(self.game, method)
        if _takes_names(type(self.game), method):
            return bound(*arguments, names)
        return bound(*arguments)

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        if "describe" in self.overridden:
            return str(self._call("describe", event, names=names))
        return super().describe(event, names)

    def hand_summary(self, events: Sequence[Event], names: TableNames | None = None) -> list[str]:
        if "hand_summary" in self.overridden:
            return list(self._call("hand_summary", events, names=names))
        return super().hand_summary(events, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        if "table_lines" in self.overridden:
            return list(self._call("table_lines", observation, names=names))
        return super().table_lines(observation, names)

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        if "table_view" in self.overridden:
            view = self._call("table_view", observation, names=names)
            assert isinstance(view, TableView)
            return view
        return super().table_view(observation, names)


def overridden_on_game(game_type: type[Game], presented_by: type[object]) -> frozenset[str]:
    """The presentation methods that ``game_type`` (or a class between it and ``presented_by``, the class
    whose ``presentation()`` it inherits) overrides on the Game itself, as a 0.1 game did."""
    found: set[str] = set()
    for klass in game_type.__mro__:
        if klass is presented_by:
            break
        found.update(method for method in PRESENTED_ON_GAME if method in vars(klass))
    return frozenset(found)


_PRESENTATIONS: weakref.WeakKeyDictionary[Game, Presentation] = weakref.WeakKeyDictionary()


def adapted(game: Game, make: Callable[[Game], Presentation], presented_by: type[object]) -> Presentation:
    """What ``game.presentation()`` gives, made once per game: ``make(game)`` (the presentation the class
    ``presented_by`` provides), or, for a game that also presents itself on the Game as 0.1 did, the same
    presentation behind :class:`LegacyPresentation`, with a DeprecationWarning the first time."""
    known = _PRESENTATIONS.get(game)
    if known is not None:
        return known
    presentation = make(game)
    overridden = overridden_on_game(type(game), presented_by)
    if overridden:
        warnings.warn(
            f"{type(game).__module__}.{type(game).__qualname__} overrides {', '.join(sorted(overridden))} on the "
            "Game; that is deprecated since cartas 0.2 and stops working in 0.4: move them to a "
            "cartas.core.Presentation returned by Game.presentation() (docs/writing-a-game.md)",
            DeprecationWarning,
            stacklevel=3,
        )
        presentation = _legacy_class(type(presentation))(game)
        presentation.overridden = overridden  # type: ignore[attr-defined]
    _PRESENTATIONS[game] = presentation
    return presentation


_LEGACY_CLASSES: dict[type[Presentation], type[Presentation]] = {}


def _legacy_class(base: type[Presentation]) -> type[Presentation]:
    """``base`` with :class:`LegacyPresentation` in front of it, made once per class."""
    if issubclass(base, LegacyPresentation):
        return base
    if base not in _LEGACY_CLASSES:
        _LEGACY_CLASSES[base] = type(f"Legacy{base.__name__}", (LegacyPresentation, base), {"__module__": __name__})
    return _LEGACY_CLASSES[base]


@functools.cache
def _takes_names(game_type: type[Game], method: str) -> bool:
    return "names" in inspect.signature(getattr(game_type, method)).parameters
