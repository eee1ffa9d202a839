"""A recorded match move by move as one audience saw it: what ``cartas replay`` prints and the conformance checks read.

With ``reveal``, everything is shown, but only of hands that are over: of a match not over, the hand in
progress is shown to the audience as it saw it (docs/hidden-information.md says why).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .audience import EVERYONE, PUBLIC, Audience
from .errors import CartasError, RecordError
from .events import Event
from .game import Game
from .record import MatchRecord, replay
from .session import TableSession
from .state import State


class Step(NamedTuple):
    """One move (or, as number 0, the first deal) as the audience saw it."""

    number: int
    seat: int
    """The seat that moved; -1 for the first deal."""
    action: str | None
    """The move's text, or ``None`` when it is hidden from the audience (and for the first deal)."""
    events: list[Event]
    """The events of this step the audience may see."""
    start: int
    """Where this step's events begin in ``state.events``."""
    state: State
    """The match after this step; the same object moves on with the next step, so read it before asking for more."""
    hand_ended: bool
    """Whether a hand ended with this move."""
    new_hand: bool
    """Whether a hand was dealt in this step."""
    hands_revealed: bool
    """Whether every hand of the deal in play after this step may be shown (``reveal``, in a hand that is over)."""


class ReplayView:
    """Walks ``record`` for ``audience``; built once, the whole record is replayed to know where it ends."""

    def __init__(self, game: Game, record: MatchRecord, audience: Audience = PUBLIC, *, reveal: bool = False) -> None:
        self.game, self.record, self.audience, self.reveal = game, record, audience, reveal
        try:
            final = replay(record, game)
        except RecordError:
            raise
        except CartasError as error:
            raise RecordError(f"it does not replay: {error}") from None
        self.over = final.is_over
        self.seats = final.table.n_seats
        self.in_progress = None if self.over else final.hands_played  # the hand being played, counted from 0

    def steps(self) -> Iterator[Step]:
        """The first deal, then each move in order."""
        # A replay fires no hook: the match was played (and its plugins told) when it was recorded.
        session = TableSession(self.game.start(self.record.options, seed=self.record.seed, position=self.record.position))
        state = session.state
        secret_from = 0 if self.in_progress == 0 else None  # the first event of the hand in progress, once reached

        def audience_at(index: int) -> Audience:
            revealed = self.reveal and (secret_from is None or index < secret_from)
            return EVERYONE if revealed else self.audience

        def visible(start: int) -> list[Event]:
            return [e for i, e in enumerate(state.events[start:], start) if audience_at(i).sees(e)]

        yield Step(0, -1, None, visible(0), 0, state, False, True, self.reveal and self.in_progress != 0)
        for number, (seat, text) in enumerate(self.record.actions, 1):
            move = session.apply(text, seat)
            seen, ended = move.start, move.hand_ended
            if secret_from is None and state.hands_played == self.in_progress:
                secret_from = state.hand_events_from
            new_hand = ended and not state.is_over
            shown = audience_at(seen).action_text(seat, text, state.events[seen:])
            revealed = self.reveal and new_hand and state.hands_played != self.in_progress
            yield Step(number, seat, shown, visible(seen), seen, state, ended, new_hand, revealed)
