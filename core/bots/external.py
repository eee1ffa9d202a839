"""A bot that is an external program, asked for each decision over JSON lines on its stdin and stdout.

The messages are those of the command line's JSON protocol (``cartas.cli.protocol``, docs/protocol.md), so one
program can play both there and in the arena. The program is started at its first decision and runs for the
whole match. It first reads a greeting::

    {"type": "hello", "protocol": 1, "game": "truco", "options": {...}, "seats": [1], "seed": 12345}

(``seed`` is the bot's own seed, also in the environment as ``CARTAS_BOT_SEED``; the arena derives it from a key
of its own, never from the seed of the deals: see :mod:`cartas.core.arena.runner`), then for each decision::

    {"type": "decision", "id": 1, "seat": 1, "observation": {...}, "legal": ["1E", "truco", ...]}

where ``observation`` is the seat's :class:`~cartas.core.observation.Observation` as JSON and ``id`` numbers
the decisions from 1. It answers each decision with exactly one line, ``{"action": "truco"}`` (a legal action's
text in any case, or an alias the game reads) or ``{"action": 2}`` (an index into ``legal``), and may echo
``"id": 1``. A bad answer gets ``{"type": "error", "id": 1, "seat": 1, "message": ...}`` and the decision
again, up to :data:`ATTEMPTS` times. At the end of the match its stdin is closed and it should exit. Its
stderr passes through.

The match stops with :class:`ExternalBotError`, one line naming the program, when the program exits or closes
its output, stays silent past the time limit of a decision, keeps answering badly, sends a line longer than
:data:`~cartas.core.wire.MAX_LINE_BYTES`, writes a line while no decision is asked (a second answer to one
decision), or echoes the ``id`` of another decision: an extra answer is never taken for a later decision.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from functools import partial

from .base import BotFactory, SeatView
from ..errors import CartasError
from ..state import Action
from ..seat_messages import PROTOCOL_VERSION, decision_message
from ..wire import MAX_LINE_BYTES, WireError, read_json

ATTEMPTS = 3
"""How many answers a program may give to one decision before the match is stopped."""
PREFIX = "cmd:"
"""How a bot spec names an external program: ``cmd:./my_bot`` or ``cmd:python3 my_bot.py --deep``."""


class ExternalBotError(CartasError):
    """The external program broke the protocol; the message says how and names the program."""


class BadAnswer(ExternalBotError):
    """An answer that is not a legal action: the program is told and asked again, up to :data:`ATTEMPTS` times."""


def command_words(command: str | Sequence[str]) -> list[str]:
    """The program's argument list; a ``.py`` file is run with this Python, so it needs no shebang."""
    try:
        words = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as error:  # shlex says "No closing quotation" and the like
        raise ExternalBotError(f"cannot read the external bot command {command[:60]!r}: {error}") from None
    if not words:
        raise ExternalBotError("the external bot command is empty")
    if words[0].endswith(".py"):
        words.insert(0, sys.executable)
    return words


class ExternalBot:
    """Asks an external program for each decision (see the module docs for the messages)."""

    def __init__(self, seed: int = 0, *, command: str | Sequence[str], timeout: float = 30.0) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self.seed = seed
        self.words = command_words(command)
        self.timeout = timeout
        self._buffer = b""
        self._output_closed = False
        self._decisions = 0

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if self._process is None:
            self._start()
            self._send({
                "type": "hello", "protocol": PROTOCOL_VERSION, "game": view.game_name,
                "options": view.options.model_dump(mode="json"), "seats": [view.seat], "seed": self.seed,
            })
        self._decisions += 1
        number = self._decisions
        decision = decision_message(view.observation(), legal, number)
        problem = ""
        for _ in range(ATTEMPTS):
            self._refuse_unasked_lines()
            self._send(decision)
            answer = self._read_line(number)
            try:
                return self._read_action(view, legal, answer, number)
            except BadAnswer as error:
                problem = str(error)
                self._send({"type": "error", "id": number, "seat": view.seat, "message": problem})
        raise ExternalBotError(f"{self._name()} answered badly {ATTEMPTS} times; last: {problem}")

    def _read_action(self, view: SeatView, legal: list[Action], line: bytes, number: int) -> Action:
        """The legal action an answer names, by text (any case, or a registered game's alias) or by index.

        An answer that echoes an ``id`` other than the decision's is an extra answer to an earlier decision:
        playing it here would answer a decision the program never saw, so the match stops instead.
        """
        try:
            reply = read_json(line)
        except WireError as error:
            raise BadAnswer(f"{error}; send {{\"action\": \"...\"}}") from None
        echoed = reply["id"] if isinstance(reply, dict) and "id" in reply else number
        if not isinstance(echoed, int) or isinstance(echoed, bool):
            # "1", 1.0 or true: no decision's number (and taken for another decision, it read "decision 1, not 1")
            shown = json.dumps(echoed, ensure_ascii=False)  # as the program wrote it: "1", not '1'
            raise BadAnswer(
                f"the answer's \"id\" must be the number of the decision it answers, {number}, "
                f"not {shown[:24]}{'...' if len(shown) > 24 else ''}"
            )
        if isinstance(reply, dict) and "id" in reply and reply["id"] != number:
            raise ExternalBotError(
                f"{self._name()} answered decision {_short(reply['id'])} while decision {number} was asked; "
                "send exactly one answer per decision"
            )
        answer = reply.get("action") if isinstance(reply, dict) else None
        if isinstance(answer, int) and not isinstance(answer, bool):
            if 0 <= answer < len(legal):
                return legal[answer]
            raise BadAnswer(f"index {answer} is out of range: there are {len(legal)} legal actions")
        if not isinstance(answer, str):
            raise BadAnswer(f"{_short(reply)} is not an answer; send an object like {{\"action\": \"1E\"}}")
        found = {str(action).lower(): action for action in legal}.get(answer.strip().lower())
        if found is not None:
            return found
        from ..plugins.manager import get_registry  # only for aliases, so unregistered games still play

        try:
            action = get_registry().game(view.game_name).parse_action(answer)
        except CartasError as error:
            raise BadAnswer(f"{_short(answer)} is not an action: {error}") from None
        if action not in legal:
            raise BadAnswer(f"{_short(answer)} is not legal now; legal: {', '.join(map(str, legal))}")
        return action

    def close(self) -> None:
        """End the program: close its stdin, give it a moment to exit, then kill it."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def __del__(self) -> None:
        self.close()

    # --- the pipe ------------------------------------------------------------------------------------

    def _name(self) -> str:
        return f"external bot {shlex.join(self.words)!r}"

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            env = {**os.environ, "CARTAS_BOT_SEED": str(self.seed)}
            try:
                self._process = subprocess.Popen(
                    self.words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
                )
            except OSError as error:
                raise ExternalBotError(f"cannot start {self._name()}: {error.strerror}") from None
        return self._process

    def _send(self, message: dict[str, object]) -> None:
        process = self._start()
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
            process.stdin.flush()
        except BrokenPipeError:
            code = _exit_code(process)
            how = "closed its input but is still running" if code is None else f"exited (code {code})"
            raise ExternalBotError(f"{self._name()} {how}") from None

    def _fill(self, stream: int) -> None:
        """Read what the program has written so far into the buffer; note the end of its output."""
        chunk = os.read(stream, 65536)
        if chunk:
            self._buffer += chunk
        else:
            self._output_closed = True

    def _refuse_unasked_lines(self) -> None:
        """Stop the match if the program wrote a line while no decision was asked (an extra answer, say).

        Such a line would otherwise be taken as the answer to the next decision, which the program has not seen.
        """
        process = self._start()
        assert process.stdout is not None
        stream = process.stdout.fileno()
        while not self._output_closed and len(self._buffer) <= MAX_LINE_BYTES and select.select([stream], [], [], 0)[0]:
            self._fill(stream)
        if self._buffer.strip():
            raise ExternalBotError(
                f"{self._name()} sent a line while no decision was asked (it starts "
                f"{self._buffer.strip()[:24]!r}); send exactly one answer per decision"
            )

    def _read_line(self, number: int) -> bytes:
        """One non-blank line of output, waiting at most ``timeout`` seconds (a hung program must not hang the arena).

        The end of the program's output ends the wait at once, whether or not the program is still running.
        """
        process = self._start()
        assert process.stdout is not None
        deadline = time.monotonic() + self.timeout
        stream = process.stdout.fileno()
        while True:
            line, newline, rest = self._buffer.partition(b"\n")
            if newline:
                self._buffer = rest
                if line.strip():
                    return line
                continue
            if len(self._buffer) > MAX_LINE_BYTES:
                raise ExternalBotError(f"{self._name()} sent a line longer than the limit of {MAX_LINE_BYTES} bytes")
            if self._output_closed:
                code = _exit_code(process)
                how = "closed its output but is still running" if code is None else f"exited (code {code})"
                raise ExternalBotError(f"{self._name()} {how}, without answering decision {number}")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stream], [], [], left)[0]:
                raise ExternalBotError(
                    f"{self._name()} did not answer decision {number} within {self.timeout:g} s (see --timeout)"
                )
            self._fill(stream)


def _exit_code(process: subprocess.Popen[bytes]) -> int | None:
    """The program's exit code, or ``None`` if it is still running after a brief wait (it may be exiting)."""
    try:
        return process.wait(timeout=0.5)
    except subprocess.TimeoutExpired:
        return None


def _short(value: object) -> str:
    """A value from the program, quoted short enough for a one-line error."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def external_bot_factory(command: str, timeout: float = 30.0) -> BotFactory:
    """A picklable factory of :class:`ExternalBot` for one command (``cmd:`` already removed).

    The command is read here, so a bad one (an unbalanced quote) is refused before any match starts.
    """
    command_words(command)
    return partial(ExternalBot, command=command, timeout=timeout)
