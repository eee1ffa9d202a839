"""A bot that is an external program, asked for each decision over JSON lines on its stdin and stdout.

The messages are those of the command line's JSON protocol (``cartas.cli.protocol``, docs/protocol.md), so one
program can play both there and in the arena. The program is started at its first decision and runs for the
whole match. It first reads a greeting::

    {"type": "hello", "protocol": 1, "game": "truco", "options": {...}, "seats": [1], "seed": 12345}

(``seed`` is the bot's own seed, also in the environment as ``CARTAS_BOT_SEED``), then for each decision::

    {"type": "decision", "seat": 1, "observation": {...}, "legal": ["1E", "truco", ...]}

where ``observation`` is the seat's :class:`~cartas.core.observation.Observation` as JSON, and answers with one
line ``{"action": "truco"}`` (a legal action's text in any case, or an alias the game reads) or
``{"action": 2}`` (an index into ``legal``). A bad answer gets ``{"type": "error", "seat": 1, "message": ...}``
and the decision again, up to :data:`ATTEMPTS` times. At the end of the match its stdin is closed and it should
exit. Its stderr passes through. A program that exits, stays silent past the time limit or keeps answering
badly stops the match with :class:`ExternalBotError`.
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

from cartas.core.bots import BotFactory, SeatView
from cartas.core.errors import CartasError
from cartas.core.state import Action
from cartas.core.wire import MAX_LINE_BYTES, WireError, read_json

PROTOCOL_VERSION = 1
ATTEMPTS = 3
"""How many answers a program may give to one decision before the match is stopped."""
PREFIX = "cmd:"
"""How a bot spec names an external program: ``cmd:./my_bot`` or ``cmd:python3 my_bot.py --deep``."""


class ExternalBotError(CartasError):
    """The external program broke the protocol; the message says how."""


def command_words(command: str | Sequence[str]) -> list[str]:
    """The program's argument list; a ``.py`` file is run with this Python, so it needs no shebang."""
    words = shlex.split(command) if isinstance(command, str) else list(command)
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

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if self._process is None:
            self._start()
            self._send({
                "type": "hello", "protocol": PROTOCOL_VERSION, "game": view.game_name,
                "options": view.options.model_dump(mode="json"), "seats": [view.seat], "seed": self.seed,
            })
        decision = {
            "type": "decision",
            "seat": view.seat,
            "observation": view.observation().model_dump(mode="json"),
            "legal": [str(action) for action in legal],
        }
        problem = ""
        for _ in range(ATTEMPTS):
            self._send(decision)
            answer = self._read_line()
            try:
                return self._read_action(view, legal, answer)
            except ExternalBotError as error:
                problem = str(error)
                self._send({"type": "error", "seat": view.seat, "message": problem})
        raise ExternalBotError(f"{self._name()} answered badly {ATTEMPTS} times; last: {problem}")

    def _read_action(self, view: SeatView, legal: list[Action], line: bytes) -> Action:
        """The legal action an answer names, by text (any case, or a registered game's alias) or by index."""
        try:
            reply = read_json(line)
        except WireError as error:
            raise ExternalBotError(f"{error}; send {{\"action\": \"...\"}}") from None
        answer = reply.get("action") if isinstance(reply, dict) else None
        if isinstance(answer, int) and not isinstance(answer, bool):
            if 0 <= answer < len(legal):
                return legal[answer]
            raise ExternalBotError(f"index {answer} is out of range: there are {len(legal)} legal actions")
        if not isinstance(answer, str):
            raise ExternalBotError(f"{_short(reply)} is not an answer; send an object like {{\"action\": \"1E\"}}")
        found = {str(action).lower(): action for action in legal}.get(answer.strip().lower())
        if found is not None:
            return found
        from cartas.core.plugins import get_registry  # only for aliases, so unregistered games still play

        try:
            action = get_registry().game(view.game_name).parse_action(answer)
        except CartasError as error:
            raise ExternalBotError(f"{_short(answer)} is not an action: {error}") from None
        if action not in legal:
            raise ExternalBotError(f"{_short(answer)} is not legal now; legal: {', '.join(map(str, legal))}")
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
            raise ExternalBotError(f"{self._name()} exited (code {process.wait()})") from None

    def _read_line(self) -> bytes:
        """One non-blank line of output, waiting at most ``timeout`` seconds (a hung program must not hang the arena)."""
        process = self._start()
        assert process.stdout is not None
        deadline = time.monotonic() + self.timeout
        stream = process.stdout.fileno()
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE_BYTES:
                raise ExternalBotError(f"{self._name()} sent a line longer than the limit of {MAX_LINE_BYTES} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stream], [], [], left)[0]:
                raise ExternalBotError(f"{self._name()} did not answer within {self.timeout:g} s")
            chunk = os.read(stream, 65536)
            if not chunk:
                raise ExternalBotError(f"{self._name()} exited (code {process.wait()}) without answering")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line if line.strip() else self._read_line()


def _short(value: object) -> str:
    """A value from the program, quoted short enough for a one-line error."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def external_bot_factory(command: str, timeout: float = 30.0) -> BotFactory:
    """A picklable factory of :class:`ExternalBot` for one command (``cmd:`` already removed)."""
    return partial(ExternalBot, command=command, timeout=timeout)
