"""What each connection is sent: its own VIEW of the table and the event frames it may see.

A seat gets its observation (its own cards, its legal moves); a spectator gets the public observation. An
event hidden from a connection still reaches it as ``{"type": "event", "v": N}``, so the numbering of frames
never skips and a client can tell it missed nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.state import State
from cartas.online.compat import table_view

CARD_VERBS = ("play", "discard")
"""Actions whose card can be clicked instead of a button: the card leaves the hand face up."""


def dumps(frame: Mapping[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Versioned:
    """One numbered frame, serialised once; ``visible_to`` names the seats that may see it (None: everyone)."""

    v: int
    text: str
    visible_to: tuple[int, ...] | None = None
    public: bool = True
    """Whether a spectator may see it (an event meant for some seats only is not public)."""
    addressed: dict[str, Any] | None = None
    """A frame that tells each connection its own seat (``lobby``): rendered with ``"you"`` per connection."""

    def for_seat(self, seat: int | None) -> str:
        if self.addressed is not None:
            return dumps({**self.addressed, "you": seat})
        if seat is None:
            return self.text if self.public else self.stub()
        if self.visible_to is None or seat in self.visible_to:
            return self.text
        return self.stub()

    def stub(self) -> str:
        return dumps({"type": "event", "v": self.v})


def versioned(frame: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Versioned:
    return Versioned(frame["v"], dumps(frame), visible_to, visible_to is None)


def addressed(frame: dict[str, Any]) -> Versioned:
    """A versioned frame that names, for each connection, the seat it holds (``"you"``)."""
    return Versioned(frame["v"], dumps(frame), None, True, frame)


def event_frame(game: Game, event: Event, v: int | None = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "event"}
    if v is not None:
        frame["v"] = v
    frame.update(kind=event.kind, seat=event.seat, detail=event.detail, text=game.describe(event))
    return frame


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """A seat's legal actions as buttons: index, canonical text, label, and the card when a card is played."""
    hand = {str(card) for card in state.hand_of(seat)}
    moves = []
    for index, action in enumerate(state.legal_actions(seat)):
        text = str(action)
        verb, _, rest = text.partition(" ")
        card = rest if verb in CARD_VERBS and rest in hand else None
        moves.append({"index": index, "text": text, "label": text, "card": card})
    return moves


def build_view(state: State, seat: int | None, names: Mapping[str, str], hand_over: bool) -> dict[str, Any]:
    """The VIEW of ``state`` for ``seat`` (None: a spectator)."""
    observation = state.observation(seat) if seat is not None else state.public_observation()
    return {
        "observation": observation.model_dump(),
        "table_view": table_view(state.game, observation),
        "names": dict(names),
        "you": seat,
        "legal": legal_moves(state, seat) if seat is not None else [],
        "hand_over": hand_over,
    }


def hand_events(state: State, seat: int | None) -> list[dict[str, Any]]:
    """This hand's events that ``seat`` (None: a spectator) may see, for a snapshot."""
    return [
        event_frame(state.game, event)
        for event in state.events[state.hand_events_from:]
        if (event.visible_to is None) or (seat is not None and seat in event.visible_to)
    ]
