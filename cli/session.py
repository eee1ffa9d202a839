"""What every way of running a match shares: the bots at their seats, and what happens when it ends."""

from __future__ import annotations

import click

from cartas.cli.app import App, data_home
from cartas.cli.history import History, history_path
from cartas.cli.lobby import HUMAN, PROGRAM
from cartas.cli.saves import Autosave
from cartas.core.bots import Agent
from cartas.core.errors import RecordError
from cartas.core.record import MatchRecord
from cartas.core.state import State

PEOPLE = (HUMAN, PROGRAM)
"""Seat kinds that are asked rather than played by a bot."""


def bot_seed(seed: int, seat: int, moves: int) -> int:
    """Each bot's own reproducible seed, from the match seed (and the move a resumed match restarts at)."""
    return (seed * 1_000_003 + seat * 10_007 + moves) % 2**63


def make_bots(app: App, state: State, players: dict[int, str]) -> dict[int, Agent]:
    """An agent for every seat played by a bot."""
    registry = app.registry
    return {
        seat: registry.bot(state.game.name, level)(bot_seed(state.seed, seat, len(state.history)))
        for seat, level in players.items()
        if level not in PEOPLE
    }


def finish(state: State, saver: Autosave) -> MatchRecord:
    """Save the finished match and count it in the history (neither with ``--no-save``)."""
    record = saver.save(state)
    if saver.path is None:
        return record
    try:
        History(history_path(data_home())).add(record, saver.path)
    except RecordError as error:
        raise click.ClickException(f"the match was saved to {saver.path}, but {error}") from None
    return record
