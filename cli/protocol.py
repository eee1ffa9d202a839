"""The JSON-lines protocol: a program plays some seats over stdin/stdout, one JSON object per line.

The program is told ``hello``, then, for every decision of a seat it plays, a ``decision`` with the seat's
observation and legal actions; it answers ``{"action": "text"}`` or ``{"action": index}``. A bad answer gets
an ``error`` message, changes nothing, and the same ``decision`` is sent again. Events the program's seats may
see arrive as ``event`` messages, and the match ends with ``result``. End of input saves the match and stops
(``saved``). docs/protocol.md is the full description.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .human import QuitMatch, fold
from .saves import Autosave
from .session import PEOPLE, BotFailed, finish, make_bots, stopped_by_bot
from cartas.core.audience import Audience
from cartas.core.bots.base import SeatView
from cartas.core.decks import drawing
from cartas.core.errors import ActionParseError
from cartas.core.game import Game
from cartas.core.seat_messages import (
    decision_message, event_message, hello_message, result_message, saved_message,
)
from cartas.core.session import Move, TableSession
from cartas.core.state import Action, State
from cartas.core.wire import MAX_LINE_BYTES, WireError, read_json, read_line

if TYPE_CHECKING:
    from .app import App

class AnswerError(Exception):
    """An answer that is not a legal action; the message goes back to the program."""


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def receive() -> bytes | None:
    """The next non-blank line from the program, or ``None`` at end of input.

    Standard input is read as bytes, at most :data:`MAX_LINE_BYTES` a line: a longer line is skipped whole and
    refused with a :class:`WireError`, so a 10 MB line costs nothing and is never echoed.
    """
    while True:
        line = read_line(sys.stdin.buffer, max_bytes=MAX_LINE_BYTES)
        if line is None:
            return None
        if line.strip():
            return line


def read_answer(game: Game, legal: Sequence[Action], line: bytes | str, decision_id: int | None = None) -> Action:
    """The legal action an answer names: ``{"action": "text"}``, ``{"action": index}``, or the bare value.

    An answer that carries an ``id`` must carry the current decision's: a stale one (a second answer to an
    earlier decision) is refused rather than played in a decision its sender never saw.
    """
    try:
        answer = read_json(line)
    except WireError as error:
        raise AnswerError(f"{error}; send {{\"action\": \"...\"}}") from None
    if isinstance(answer, dict):
        if answer.get("command") == "quit":
            raise QuitMatch
        if "action" not in answer:
            raise AnswerError("an answer is an object with an \"action\" field, such as {\"action\": 0}")
        if decision_id is not None and "id" in answer and not _is_number(answer["id"]):
            shown = json.dumps(answer["id"], ensure_ascii=False)
            raise AnswerError(
                f"the answer's \"id\" must be the number of the decision it answers, {decision_id}, "
                f"not {shown[:24]}{'...' if len(shown) > 24 else ''}"
            )
        if decision_id is not None and "id" in answer and answer["id"] != decision_id:
            raise AnswerError(
                f"this answer is to decision {str(answer['id'])[:24]}, but decision {decision_id} is asked; "
                "send one answer per decision"
            )
        answer = answer["action"]
    if isinstance(answer, int) and not isinstance(answer, bool):
        if 0 <= answer < len(legal):
            return legal[answer]
        raise AnswerError(f"index {answer} is out of range: there are {len(legal)} legal actions, 0 to {len(legal) - 1}")
    if not isinstance(answer, str):
        raise AnswerError("the action must be its text or its index in \"legal\"")
    try:
        action = game.parse_action(answer)
    except ActionParseError:
        try:
            action = game.parse_action(fold(answer))
        except ActionParseError as error:
            raise AnswerError(str(error)) from None
    if action not in legal:
        raise AnswerError(f"{action} is not legal now; legal: {', '.join(map(str, legal))}")
    return action


def _is_number(value: object) -> bool:
    """Whether an answer's ``id`` is a decision number: a JSON integer (not ``"1"``, ``1.0`` or ``true``, which
    Python would take as equal to 1 and which, refused as another decision, read as "decision 1, not 1")."""
    return isinstance(value, int) and not isinstance(value, bool)


class ProgramAgent:
    """A seat played by the program at the other end of stdin/stdout.

    ``numbers`` is shared by every seat the program plays, so each decision of the match has its own ``id``.
    """

    def __init__(self, game: Game, numbers: Iterator[int] | None = None) -> None:
        self.game = game
        self.numbers = numbers if numbers is not None else itertools.count(1)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        number = next(self.numbers)
        decision = decision_message(view.observation(), legal, number)
        while True:
            send(decision)
            try:
                line = receive()
                if line is None:
                    raise QuitMatch
                return read_answer(self.game, legal, line, number)
            except (AnswerError, WireError) as error:
                send({"type": "error", "id": number, "seat": view.seat, "message": str(error)})


def run_protocol(app: App, state: State, players: dict[int, str], saver: Autosave, *, resumed: bool) -> None:
    """Play ``state`` with the program on the people's seats and bots on the others; the events' ``text`` names
    the cards in the game's deck (paulista's French deck), as the terminal does."""
    with drawing(state.game.deck_art(state.options)):
        _run_protocol(app, state, players, saver, resumed=resumed)


def _run_protocol(app: App, state: State, players: dict[int, str], saver: Autosave, *, resumed: bool) -> None:
    game = state.game
    seats = sorted(seat for seat, who in players.items() if who in PEOPLE)
    agents = make_bots(app, state, players)
    numbers = itertools.count(1)
    for seat in seats:
        agents[seat] = ProgramAgent(game, numbers)
    send(hello_message(state, seats, players, saver.match_id, resumed=resumed))
    session = TableSession(state, hooks=app.hooks)
    program = Audience(seats=tuple(seats))

    def send_events(start: int, end: int) -> None:
        for event in session.visible(program, start, end):
            send(event_message(game, event, seats))

    def on_move(current: State, move: Move) -> None:
        saver.save(current, durable=move.seat in seats)
        send_events(move.start, move.end)

    saver.save(state)
    send_events(state.hand_events_from, len(state.events))
    try:
        result = session.play(agents, on_move=on_move, prefer=seats)
    except (QuitMatch, BotFailed) as stop:
        failure = stopped_by_bot(stop, state, saver) if isinstance(stop, BotFailed) else None  # saves first
        send(saved_message(state, saver.match_id))
        if failure is not None:
            raise failure from None
        return
    finish(state, saver)
    send(result_message(result, saver.match_id))
