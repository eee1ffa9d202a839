"""The JSON-lines protocol's messages to a program playing some seats, built in one place.

The command line's protocol (``cartas play --json``, docs/protocol.md) sends them, and the conformance checks of
:mod:`cartas.testing` build the same messages to check that none holds a card hidden from its seat. None of them
carries the match's seed or a file path: a match is named by its id (docs/hidden-information.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .events import Event
from .game import Game
from .observation import Observation
from .session import event_wire
from .state import Action, Result, State

PROTOCOL_VERSION = 1

Message = dict[str, Any]


def hello_message(
    state: State, seats: Sequence[int], players: Mapping[int, str], match: str | None, *, resumed: bool
) -> Message:
    """The first message: the game, its options, who plays where, and the match's id (never its seed)."""
    game = state.game
    teams = game.teams(state.options)
    return {
        "type": "hello", "protocol": PROTOCOL_VERSION, "game": game.name, "title": game.title,
        "options": state.options.model_dump(mode="json"), "seats": list(seats),
        "players": {str(seat): who for seat, who in players.items()},
        "teams": list(teams) if teams is not None else None, "match": match,
        "moves": len(state.history), "resumed": resumed,
    }


def decision_message(observation: Observation, legal: Sequence[Action], number: int | None = None) -> Message:
    """A seat must act: its observation and its legal actions, numbered ``id`` when ``number`` is given (the
    command line numbers every decision, so that a stale answer is recognised)."""
    numbered: Message = {} if number is None else {"id": number}
    return {
        "type": "decision", **numbered, "seat": observation.seat, "observation": observation.model_dump(mode="json"),
        "legal": [str(action) for action in legal],
    }


def event_message(game: Game, event: Event, seats: Sequence[int]) -> Message:
    """``event`` for a program playing ``seats`` (send it only if one of them may see it)."""
    return {
        "type": "event", **event_wire(game, event),
        "to": None if event.visible_to is None else [seat for seat in seats if event.visible(seat)],
    }


def result_message(result: Result, match: str | None) -> Message:
    """The match is over: the winners and the scores."""
    return {"type": "result", "winners": list(result.winners), "scores": list(result.scores), "match": match}


def saved_message(state: State, match: str | None) -> Message:
    """The program stopped before the end; the match stays saved under its id."""
    return {"type": "saved", "match": match, "moves": len(state.history)}
