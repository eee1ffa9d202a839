"""A game: its rules and options, separate from any play-through of it (a :class:`~cartas.core.state.State`).

Each game plugin provides one subclass of :class:`Game` and registers an instance through the
``register_games`` hook. The core never knows more about a game than what this class says.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import typing
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from .cards import Card
from .deck import new_seed
from .errors import PositionError
from .events import Event
from .i18n import FRAMEWORK
from .i18n import FRAMEWORK as _
from .i18n.catalog import Catalog
from .naming import TableNames
from .observation import Observation
from .options import GameOptions, build_options, choice_label
from .position import Position
from .presentation import LegacyPresentation, Presentation, adapted
from .rules_text import for_options, read_localized
from .state import Action, State, missing_methods
from .views import TableView


class Game(ABC):
    """The rules of one game. Subclasses set the class attributes and implement the abstract methods."""

    name: ClassVar[str]
    """The id used on the command line: ``cartas play NAME``."""
    title: ClassVar[str]
    """What players call it, in English like every message (``mark("Argentine truco")``): screens show
    :meth:`title_text`, the title in the reader's language through the game's catalog."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names ``cartas play`` accepts."""
    Options: ClassVar[type[GameOptions]]
    """The pydantic model of the game's options, with the defaults of its rules."""
    language: ClassVar[str] = "en"
    """The BCP-47 tag of the language the game's own words are in (``"es-AR"`` for truco): front ends pick
    the language of their screens from it."""
    rules_file: ClassVar[str] = "RULES.md"
    """The rules as played, in English, next to the game's module, shown by ``cartas rules NAME``; each
    translation beside it as ``RULES.<lang>.md`` (``RULES.es.md``)."""
    score_sign: ClassVar[int] = 1
    """1 when a side wants its score high, -1 when scores are penalty points (chinchón); search bots read it."""
    gain_scale: ClassVar[float] = 10.0
    """Points of advantage at the end of a hand that the ``hard`` bot values like a won match: about a third of
    a match (a 30-point truco match). Gains beyond it count no more, so a game whose hands swing by more points
    (chinchón's penalties) sets it higher, or its play-outs would only ask who won the hand, not by how much."""
    rollout_depth: ClassVar[int | None] = None
    """Moves a random play-out of the ``search`` bot makes before it is cut short and the hand is scored as
    :meth:`State.cut_hand` estimates; ``None`` plays every play-out to the end of its hand. For games whose hands
    last hundreds of moves at random (a rummy round, where random play seldom closes): their play-outs were
    mostly noise, and so slow that a short think ran a handful."""

    # --- starting a match ----------------------------------------------------------------------------

    def options(self, values: Mapping[str, Any] | None = None) -> GameOptions:
        """Validate option values (text from the command line is fine); errors name the allowed values."""
        return build_options(self.Options, values or {})

    def start(
        self,
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        position: Position | Mapping[str, Any] | None = None,
    ) -> State:
        """A new match: shuffled from ``seed`` (a fresh one if not given), or from a stacked ``position``."""
        opts = options if isinstance(options, GameOptions) else self.options(options)
        if position is not None and not isinstance(position, Position):
            position = Position.model_validate(position)
        if position is not None:
            self._check_position(opts, position)
        state = self._start(opts, new_seed() if seed is None else seed, position)
        _check_complete(type(state))
        return state

    def _check_position(self, options: GameOptions, position: Position) -> None:
        """Refuse a position that does not fit the table; games add their own checks in ``_start``."""
        players = options.players
        if position.dealer is not None and position.dealer >= players:
            raise PositionError(
                _("dealer {seat} is not a seat; seats are 0 to {last}", seat=position.dealer, last=players - 1)
            )
        if position.hands is not None and len(position.hands) != players:
            raise PositionError(
                _("the deal names {hands} hands for {count} players", hands=len(position.hands), count=players)
            )

    @abstractmethod
    def _start(self, options: GameOptions, seed: int, position: Position | None) -> State:
        """Build the first state: seats, dealer, and the first hand dealt (stacked if ``position`` says so)."""

    # --- actions -------------------------------------------------------------------------------------

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its canonical text or a documented alias; raise ``ActionParseError`` if not."""

    # --- what the game is ----------------------------------------------------------------------------

    @abstractmethod
    def deck(self, options: GameOptions) -> list[Card]:
        """Every card the game is played with under ``options`` (for the card-conservation check)."""

    def teams(self, options: GameOptions) -> tuple[int, ...] | None:
        """The team of each seat, or ``None`` when everyone plays for himself."""
        return None

    @functools.cached_property
    def catalog(self) -> Catalog:
        """The game's own gettext domain (the ``_`` of its package's ``i18n`` module, as the built-in games and
        the plugin template have it); the framework's when the package has none."""
        package = type(self).__module__.rpartition(".")[0]
        try:  # a game defined in a top-level module (a script, a test) has no package, so no catalog
            found = getattr(importlib.import_module(f"{package}.i18n"), "_", None) if package else None
        except ImportError:
            found = None
        return found if isinstance(found, Catalog) else FRAMEWORK

    def option_text(self, name: str) -> tuple[str, str]:
        """An option's name and help as a person reads them, in the language being spoken: the field's ``title``
        and ``description`` (marked with ``mark`` in the options class) through the game's catalog, then the
        framework's (``players``, ``points``); the name with spaces for underscores where there is no title."""
        field = self.Options.model_fields[name]
        title = field.title or name.replace("_", " ").capitalize()
        help_text = field.description or ""
        return self._translated(title), self._translated(help_text) if help_text else ""

    def title_text(self) -> str:
        """The game's title as a person reads it, in the language being spoken ("Truco argentino" in Spanish for
        ``Argentine truco``): :attr:`title` through the game's catalog, then the framework's."""
        return self._translated(self.title)

    def choice_text(self, name: str, value: Any) -> str:
        """One choice of option ``name`` as a person reads it, in the language being spoken ("malas y buenas" for
        ``malas_buenas``): its label (:func:`cartas.core.options.choice_label`) through the game's catalog, then
        the framework's. The value itself is what programs and ``-o key=value`` use."""
        return self._translated(choice_label(self.Options.model_fields[name], value))

    def _translated(self, message: str) -> str:
        text = self.catalog(message)
        return FRAMEWORK(message) if text == message else text

    deck_files: ClassVar[Mapping[str, Path]] = {}
    """The card art a plugin ships for a deck of its own: deck name to an ES module that draws its faces (see
    docs/writing-a-game.md); the server serves it at ``/decks/<name>.js``. Empty: the built-in decks."""

    def deck_art(self, options: GameOptions) -> str:
        """The deck the cards are drawn and named with under ``options`` (:mod:`cartas.core.decks`): ``spanish``
        by default, ``french`` for paulista; or a deck of the plugin's own :attr:`deck_files`. Front ends draw
        and name the cards with it; the canonical card text never changes."""
        return "spanish"

    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the game allows, read from its ``players`` option."""
        annotation = self.Options.model_fields["players"].annotation
        if typing.get_origin(annotation) is Literal:
            return tuple(typing.get_args(annotation))
        raise TypeError(f"{self.name}: the players option must be a Literal of the allowed counts")

    def rules_text(self, options: GameOptions | None = None) -> str:
        """The game's rules document in the language being spoken (``RULES.es.md`` beside ``RULES.md``, see
        :mod:`cartas.core.rules_text`), without the passages that only apply with an option ``options`` leave
        off (flor in truco without flor); every passage when ``options`` is ``None``."""
        package = type(self).__module__.rpartition(".")[0]
        return for_options(read_localized(package, self.rules_file), options)

    def action_text(self, action: Action) -> str:
        """A move as a player says it, in the language being spoken (``tiro el 3 de oros``); what programs
        read and write stays ``str(action)`` (``play 3O``). Games override it to speak their terms."""
        return str(action)

    def action_said(self, action: Action) -> str:
        """A move as it is said aloud at the table, for a button that makes it ("¡Truco!", "¡Quiero retruco!",
        "Aceito!"): :meth:`action_text` with a capital by default. Games whose calls are sung otherwise than the
        move is written override it; what programs read and write stays ``str(action)``."""
        text = self.action_text(action)
        return text[:1].upper() + text[1:]

    def understand(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The legal move that a player's words name in any of the game's languages (``tiro el 3 de oros``,
        ``3 de oro``, ``aceito``), or ``None`` when the words name none of them; the front end then tries the
        canonical text. Games override it to understand their players."""
        return None

    def loses_match_now(self, observation: Observation, action: Action) -> bool:
        """Whether playing ``action`` makes the side of ``observation.seat`` lose the match on the spot (truco
        called in a mão de onze), so a front end can mark it and ask before playing it. Read from the seat's
        observation only, so the warning cannot leak a hidden card. The default knows of no such move."""
        return False

    # --- how it reads and draws ----------------------------------------------------------------------

    def presentation(self) -> Presentation:
        """How the game reads and draws (its events as text, a hand's summary, the table as a viewer sees
        it), apart from its rules: a :class:`~cartas.core.presentation.Presentation`, versioned, made once per
        game. Every front end draws through it. Games override this to return their own; a game written
        against cartas 0.1, which presented itself on the Game, is served through the one adapter
        (:class:`~cartas.core.presentation.LegacyPresentation`), and so is a subclass of a game that
        overrides those methods on the Game again (``__init_subclass__`` sees to it)."""
        return adapted(self, Presentation, Game)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's own ``presentation()`` is made once per game, and adapted if a subclass below it still
        presents itself on the Game (:func:`~cartas.core.presentation.adapted`)."""
        super().__init_subclass__(**kwargs)
        make = vars(cls).get("presentation")
        if make is not None:
            setattr(cls, "presentation", _adapting(make, cls))

    def describe(self, event: Event, names: TableNames | None = None) -> str:
        """The game's :meth:`Presentation.describe <cartas.core.presentation.Presentation.describe>`: an event
        as one line of text. Kept on the Game for code written against 0.1; front ends call
        ``game.presentation()``."""
        presentation = self.presentation()
        if isinstance(presentation, LegacyPresentation):  # a 0.1 game's own describe called super()
            return super(LegacyPresentation, presentation).describe(event, names)
        return presentation.describe(event, names)

    summary_kinds: ClassVar[frozenset[str]] = frozenset()
    """The kinds of event that tell how a hand went (tricks won, tantos shown, points), for the summary a front
    end shows after each hand (:meth:`Presentation.hand_summary <cartas.core.presentation.Presentation.hand_summary>`)."""

    def hand_summary(self, events: Sequence[Event], names: TableNames | None = None) -> list[str]:
        """The game's :meth:`Presentation.hand_summary <cartas.core.presentation.Presentation.hand_summary>`;
        kept on the Game for code written against 0.1."""
        presentation = self.presentation()
        if isinstance(presentation, LegacyPresentation):
            return super(LegacyPresentation, presentation).hand_summary(events, names)
        return presentation.hand_summary(events, names)

    def table_lines(self, observation: Observation, names: TableNames | None = None) -> list[str]:
        """The game's :meth:`Presentation.table_lines <cartas.core.presentation.Presentation.table_lines>`;
        kept on the Game for code written against 0.1."""
        presentation = self.presentation()
        if isinstance(presentation, LegacyPresentation):
            return super(LegacyPresentation, presentation).table_lines(observation, names)
        return presentation.table_lines(observation, names)

    def table_view(self, observation: Observation, names: TableNames | None = None) -> TableView:
        """The game's :meth:`Presentation.table_view <cartas.core.presentation.Presentation.table_view>`;
        kept on the Game for code written against 0.1."""
        presentation = self.presentation()
        if isinstance(presentation, LegacyPresentation):
            return super(LegacyPresentation, presentation).table_view(observation, names)
        return presentation.table_view(observation, names)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


_COMPLETE: set[type] = set()
"""The state classes :func:`_check_complete` has passed: checked once each, not on every match."""


def _check_complete(cls: type) -> None:
    """Refuse a state class that leaves one of :class:`State`'s abstract methods unimplemented, as Python refuses
    it for the pure build: the compiled ``State`` keeps no ABC bookkeeping (``cartas.core.state.STATE_METHODS``)."""
    if cls in _COMPLETE:
        return
    missing = missing_methods(cls)
    if missing:
        raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract methods {', '.join(missing)}")
    _COMPLETE.add(cls)


def _adapting(make: Callable[[Any], Presentation], owner: type[object]) -> Callable[[Game], Presentation]:
    """A game class's own ``presentation()``, made once per game and adapted where a subclass needs it."""

    @functools.wraps(make)
    def presentation(self: Game) -> Presentation:
        return adapted(self, make, owner)

    return presentation


def __getattr__(name: str) -> Any:
    """The 0.1 helpers that picked a method's signature: deprecated, each warns and asks the presentation."""
    helper = _NAMED.get(name)
    if helper is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"{__name__}.{name} is deprecated and will be removed in cartas 0.4; use "
        f"game.presentation().{name.removesuffix('_named')}(...) instead (docs/api.md)",
        DeprecationWarning,
        stacklevel=2,
    )
    return helper


def _describe_named(game: Game, event: Event, names: TableNames | None) -> str:
    return game.presentation().describe(event, names)


def _table_view_named(game: Game, observation: Observation, names: TableNames | None) -> TableView:
    return game.presentation().table_view(observation, names)


def _table_lines_named(game: Game, observation: Observation, names: TableNames | None) -> list[str]:
    return game.presentation().table_lines(observation, names)


_NAMED: dict[str, Callable[..., Any]] = {
    "describe_named": _describe_named,
    "table_view_named": _table_view_named,
    "table_lines_named": _table_lines_named,
}
