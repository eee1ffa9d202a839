"""A plugin that writes down every lifecycle hook call, to compare the hooks each front end fires.

Loaded in this process (``make_plugin_manager(extra=...)``) or in a ``cartas`` process through
``CARTAS_PLUGINS=hook_recorder``. Each call is one JSON line appended to the file ``$HOOK_LOG`` names, with the
process id, so that matches played by several worker processes at once can be told apart. It also registers
``first``, a bot that plays its first legal move whatever its seed: the terminal, the protocol, the arena and
the server seed their bots differently, and with it the same deal plays the same match everywhere.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from cartas.core import hookimpl
from cartas.core.bots.base import SeatView
from cartas.core.state import Action, Result, State

LOG_ENV = "HOOK_LOG"


class FirstMove:
    """Always the first legal move."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]


def _write(entry: list[Any]) -> None:
    with open(os.environ[LOG_ENV], "a", encoding="utf-8") as log:
        log.write(json.dumps({"pid": os.getpid(), "call": entry}) + "\n")


@hookimpl
def register_bots(register: Callable[..., None]) -> None:
    register("truco", "first", FirstMove)


@hookimpl
def match_started(state: State) -> None:
    _write(["match_started", state.hands_played, len(state.history)])


@hookimpl
def hand_finished(state: State) -> None:
    _write(["hand_finished", state.hands_played, len(state.history), list(state.scores())])


@hookimpl
def match_finished(state: State, result: Result) -> None:
    _write(["match_finished", state.hands_played, len(state.history), list(result.scores), list(result.winners)])


def read_log(path: str | os.PathLike[str]) -> list[list[list[Any]]]:
    """The matches in the log: each the list of its hook calls, a process's calls kept together in order."""
    by_process: dict[int, list[list[Any]]] = {}
    with open(path, encoding="utf-8") as log:
        for line in log:
            entry = json.loads(line)
            by_process.setdefault(entry["pid"], []).append(entry["call"])
    matches: list[list[list[Any]]] = []
    for calls in by_process.values():
        for call in calls:
            if call[0] == "match_started" or not matches:
                matches.append([])
            matches[-1].append(call)
    return matches
