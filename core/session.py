"""A table session: one match being played, the one object every front end drives.

The terminal (``cartas play``), the JSON-lines protocol (``--json``), the arena and the server
(``cartas serve``) each own how they ask for moves and how they show them; what a match *is* while it is
played lives here once: the state, applying a seat's action, which events each viewer may now see (through
:class:`cartas.core.audience.Audience`) in their wire form, when a hand and the match end, and the plugin
lifecycle hooks (``match_started``, ``hand_finished``, ``match_finished``). So one seeded match fires the same
hook calls, in the same order, whichever front end plays it.

Hooks fire once per match, hand and end *as played*, never as rebuilt: a session made from a record
(:meth:`TableSession.replayed`: ``cartas resume``, a server restart, a move the server could not store) applies
the recorded moves without firing anything, because those hooks fired when the moves were first played. A
front end that must keep a move before telling anyone (the server commits it first) applies it with
``announce=False`` and calls :meth:`TableSession.announce` once it is kept. docs/session.md says more.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .audience import Audience
from .bots.base import Agent, SeatView
from .events import Event
from .state import Action, Result, State

if TYPE_CHECKING:
    from .game import Game
    from .naming import TableNames
    from .record import MatchRecord

Warn = Callable[[str], None]
"""Where one-line warnings go (a raising hook); standard error by default, never the protocol's output."""


def warn_on_stderr(message: str) -> None:
    sys.stderr.write(f"warning: {message}\n")
    sys.stderr.flush()


class LifecycleHooks:
    """Calls the observe-only hooks one implementation at a time, reporting and skipping one that raises.

    The lifecycle hooks only observe, so a plugin whose hook raises cannot be allowed to stop a match: each
    implementation is called on its own, and one that raises is reported in one line naming its plugin (once
    per match and hook) while the match and the other plugins go on.
    """

    def __init__(self, hooks: Any, warn: Warn) -> None:
        self.hooks = hooks
        self.warn = warn
        self.reported: set[tuple[str, str]] = set()

    def __call__(self, name: str, **kwargs: Any) -> None:
        for impl in getattr(self.hooks, name).get_hookimpls():
            if getattr(impl, "hookwrapper", False) or getattr(impl, "wrapper", False):
                continue  # observe-only hooks have no use for wrappers; calling one by hand is not possible
            try:
                impl.function(*(kwargs[arg] for arg in impl.argnames))
            except Exception as error:
                if (impl.plugin_name, name) not in self.reported:
                    self.reported.add((impl.plugin_name, name))
                    reason = " ".join(str(error).split())[:200]
                    self.warn(
                        f"plugin {impl.plugin_name}'s {name} hook raised {type(error).__name__}: {reason}; "
                        "the match goes on without it"
                    )


def seat_to_ask(state: State, prefer: Container[int] = ()) -> int:
    """Which of the seats that may act is asked: the first preferred one (a person), else the first in order.

    Several seats may act at once (any player of a team may answer a truco); a person is asked before a bot
    so that a human partner is never passed over.
    """
    for seat in state.to_act:
        if seat in prefer:
            return seat
    return state.to_act[0]


def event_wire(game: Game, event: Event, names: TableNames | None = None) -> dict[str, Any]:
    """An event's wire form, the same in every front end that sends events as data: its ``kind``, ``seat``,
    ``detail`` and ``text`` (the event told as ``names``, one viewer's names for the players, say it; the game's
    own names for the seats when ``None``). Each front end adds its own envelope (``type``, ``v``, ``to``).
    """
    text = game.presentation().describe(event, names)
    return {"kind": event.kind, "seat": event.seat, "detail": event.detail, "text": text}


def visible_events(events: list[Event], audience: Audience, start: int = 0, end: int | None = None) -> list[Event]:
    """The events of ``events[start:end]`` that ``audience`` may see: the one per-viewer filter."""
    return [event for event in events[start:end] if audience.sees(event)]


@dataclass(frozen=True)
class Move:
    """One applied action and what it caused: everything a front end needs to show it, so none keeps its own
    cursor into the events or compares hand counts (each viewer's share of the events is
    :meth:`TableSession.visible` of ``start`` and ``end``)."""

    seat: int
    action: Action
    start: int
    """Where the action's events begin in ``state.events``."""
    end: int
    """Where they end (the length of ``state.events`` right after the action)."""
    hand_ended: bool
    """Whether a hand ended (was scored) with this action."""
    over: bool
    """Whether the match ended with it."""
    hand_start: int = 0
    """Where the events of the hand the action was played in begin (:attr:`TableSession.hand_start`)."""
    next_hand_start: int = 0
    """Where the events of the hand being played after it begin: the new deal's first event when the action
    ended a hand and the next was dealt, else :attr:`hand_start`."""

    @property
    def next_hand_dealt(self) -> bool:
        """Whether a hand ended and the match goes on: the events from :attr:`next_hand_start` are the new deal."""
        return self.hand_ended and not self.over


StepCallback = Callable[[State, int, Action], None]
"""The older callback of :meth:`TableSession.play`, given the state, the seat and its action after each move; a
front end that shows the move takes a :data:`MoveCallback` instead."""

MoveCallback = Callable[[State, Move], None]
"""What :meth:`TableSession.play` calls after each move, before its hooks fire: the state and the :class:`Move`."""


class TableSession:
    """One match being played: its state, the moves applied to it, what each viewer may see, and the hooks.

    ``hooks`` is a pluggy ``pm.hook`` (or ``None``: no plugin is told anything, as in a random playout).
    """

    def __init__(self, state: State, *, hooks: Any = None, warn: Warn = warn_on_stderr) -> None:
        self.state = state
        self.notify = None if hooks is None else LifecycleHooks(hooks, warn)
        self._started = bool(state.history)
        """Whether ``match_started`` has fired (or fired in an earlier life of this match: it has moves)."""
        self.hand_start = state.hand_events_from
        """Where the events of the hand being played begin in ``state.events``, for its summary. Not always
        ``state.hand_events_from``: a game may move that within a hand to hide earlier events from the seats'
        view (chinchón's reshuffled stock), while a summary tells the whole hand."""

    @classmethod
    def new(
        cls, game: Game, options: Any, seed: int, *, position: Any = None, hooks: Any = None,
        warn: Warn = warn_on_stderr,
    ) -> TableSession:
        """A fresh match of ``game`` (``options`` a model or a mapping), ``match_started`` fired."""
        parsed = game.options(options) if isinstance(options, Mapping) else options
        session = cls(game.start(parsed, seed=seed, position=position), hooks=hooks, warn=warn)
        session.begin()
        return session

    @classmethod
    def replayed(cls, record: MatchRecord, game: Game, *, hooks: Any = None, warn: Warn = warn_on_stderr) -> TableSession:
        """The match ``record`` holds, its moves applied again WITHOUT firing any hook (they fired when the moves
        were first played); the hooks fire for the moves applied from here on."""
        from .record import replay

        session = cls(replay(record, game), hooks=hooks, warn=warn)
        session._started = True
        return session

    # --- the match ------------------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def over(self) -> bool:
        return self.state.is_over

    def result(self) -> Result:
        return self.state.result()

    def begin(self) -> None:
        """Fire ``match_started`` if this match has not started yet (a match with moves has: it is resumed)."""
        if not self._started:
            self._started = True
            if self.notify is not None:
                self.notify("match_started", state=self.state)

    def apply(self, action: Action | str, seat: int, *, announce: bool = True) -> Move:
        """Apply ``seat``'s ``action`` (or its text); an illegal one raises and changes nothing.

        The hooks it causes fire at once, unless ``announce`` is false: then the caller fires them with
        :meth:`announce` once the move is kept (the server stores and commits it first).
        """
        self.begin()
        state = self.state
        start, hands, hand_start = len(state.events), state.hands_played, self.hand_start
        state.apply(action, seat)
        ended = state.hands_played != hands
        if ended and not state.is_over:
            self.hand_start = state.hand_events_from
        move = Move(seat, state.history[-1][1], start, len(state.events), ended, state.is_over, hand_start,
                    self.hand_start)
        if announce:
            self.announce(move)
        return move

    def announce(self, move: Move) -> None:
        """Fire the hooks ``move`` caused: ``hand_finished`` when it ended a hand, ``match_finished`` at the end."""
        if self.notify is None:
            return
        if move.hand_ended:
            self.notify("hand_finished", state=self.state)
        if move.over:
            self.notify("match_finished", state=self.state, result=self.state.result())

    def play(
        self, agents: Mapping[int, Agent], *, on_step: StepCallback | None = None, prefer: Container[int] = (),
        on_move: MoveCallback | None = None,
    ) -> Result:
        """Ask each seat's agent in turn (a person of ``prefer`` first) until the match is over, calling
        ``on_move`` (and the older ``on_step``) after each move, before the hooks it caused fire."""
        self.begin()
        state = self.state
        while not state.is_over:
            seat = seat_to_ask(state, prefer)
            action = agents[seat].choose(SeatView(state, seat))
            move = self.apply(action, seat, announce=False)
            if on_move is not None:
                on_move(state, move)
            if on_step is not None:
                on_step(state, seat, action)
            self.announce(move)
        return state.result()

    # --- what each viewer sees ------------------------------------------------------------------------------

    def visible(self, audience: Audience, start: int = 0, end: int | None = None) -> list[Event]:
        """The events from ``start`` to ``end`` (all by default) that ``audience`` may see."""
        return visible_events(self.state.events, audience, start, end)

    def hand_events(self, audience: Audience, end: int | None = None) -> list[Event]:
        """This hand's events (up to ``end``) that ``audience`` may see."""
        return self.visible(audience, self.state.hand_events_from, end)

    def wire(self, event: Event, names: TableNames | None = None) -> dict[str, Any]:
        """``event`` in its wire form (:func:`event_wire`)."""
        return event_wire(self.state.game, event, names)
