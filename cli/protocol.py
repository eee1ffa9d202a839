"""The JSON-lines protocol: a program plays some seats over stdin/stdout, one JSON object per line.

The program is told ``hello``, then, for every decision of a seat it plays, a ``decision`` with the seat's
observation and legal actions; it answers ``{"action": "text"}`` or ``{"action": index}``. A bad answer gets
an ``error`` message, changes nothing, and the same ``decision`` is sent again. Events the program's seats may
see arrive as ``event`` messages, and the match ends with ``result``. End of input saves the match and stops
(``saved``). docs/protocol.md is the full description.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cartas.cli.human import QuitMatch, fold
from cartas.cli.saves import Autosave
from cartas.cli.session import PEOPLE, finish, make_bots
from cartas.core.bots import SeatView
from cartas.core.errors import ActionParseError
from cartas.core.game import Game
from cartas.core.match import run_match
from cartas.core.seat_messages import hello_message, result_message, saved_message
from cartas.core.state import Action, State

if TYPE_CHECKING:
    from cartas.cli.app import App

PROTOCOL_VERSION = 1


class AnswerError(Exception):
    """An answer that is not a legal action; the message goes back to the program."""


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def receive() -> str | None:
    """The next non-blank line from the program, or ``None`` at end of input."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return None
        if line.strip():
            return line


def read_answer(game: Game, legal: Sequence[Action], line: str) -> Action:
    """The legal action an answer names: ``{"action": "text"}``, ``{"action": index}``, or the bare value."""
    try:
        answer = json.loads(line)
    except json.JSONDecodeError as error:
        raise AnswerError(f"not JSON ({error.msg} at column {error.colno}); send {{\"action\": \"...\"}}") from None
    if isinstance(answer, dict):
        if answer.get("command") == "quit":
            raise QuitMatch
        if "action" not in answer:
            raise AnswerError("an answer is an object with an \"action\" field, such as {\"action\": 0}")
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


class ProgramAgent:
    """A seat played by the program at the other end of stdin/stdout."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        decision = {
            "type": "decision", "seat": view.seat, "observation": view.observation().model_dump(),
            "legal": [str(a) for a in legal],
        }
        while True:
            send(decision)
            line = receive()
            if line is None:
                raise QuitMatch
            try:
                return read_answer(self.game, legal, line)
            except AnswerError as error:
                send({"type": "error", "seat": view.seat, "message": str(error)})


def run_protocol(app: App, state: State, players: dict[int, str], saver: Autosave, *, resumed: bool) -> None:
    """Play ``state`` with the program on the people's seats and bots on the others."""
    game = state.game
    seats = sorted(seat for seat, who in players.items() if who in PEOPLE)
    agents = make_bots(app, state, players)
    for seat in seats:
        agents[seat] = ProgramAgent(game)
    send(hello_message(state, seats, players, saver.match_id, resumed=resumed))
    shown = [state.hand_events_from]

    def send_events(current: State) -> None:
        for event in current.events[shown[0]:]:
            if any(event.visible(s) for s in seats):
                send({
                    "type": "event", "kind": event.kind, "seat": event.seat, "detail": event.detail,
                    "text": game.describe(event),
                    "to": None if event.visible_to is None else [s for s in seats if event.visible(s)],
                })
        shown[0] = len(current.events)

    def on_step(current: State, seat: int, action: Action) -> None:
        saver.save(current, durable=seat in seats)
        send_events(current)

    saver.save(state)
    send_events(state)
    try:
        result = run_match(state, agents, hooks=app.hooks, on_step=on_step, prefer=seats)
    except QuitMatch:
        send(saved_message(state, saver.match_id))
        return
    finish(state, saver)
    send(result_message(result, saver.match_id))
