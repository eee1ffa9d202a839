"""What every way of running a match shares: the bots at their seats, and what happens when it ends."""

from __future__ import annotations

import inspect
from functools import partial

import click

from cartas.cli.app import App, data_home
from cartas.cli.history import History, history_path
from cartas.cli.lobby import HUMAN, PROGRAM
from cartas.cli.saves import Autosave
from cartas.core.bots import Agent, BotFactory
from cartas.core.errors import RecordError
from cartas.core.record import MatchRecord
from cartas.core.state import State

PEOPLE = (HUMAN, PROGRAM)
"""Seat kinds that are asked rather than played by a bot."""


def bot_seed(seed: int, seat: int, moves: int) -> int:
    """Each bot's own reproducible seed, from the match seed (and the move a resumed match restarts at)."""
    return (seed * 1_000_003 + seat * 10_007 + moves) % 2**63


def make_bots(app: App, state: State, players: dict[int, str], think: float | None = None) -> dict[int, Agent]:
    """An agent for every seat played by a bot; ``think`` seconds a move for those that take a time limit (the
    search bots), else each searches its fixed budget."""
    registry = app.registry
    agents: dict[int, Agent] = {}
    for seat, level in players.items():
        if level in PEOPLE:
            continue
        factory = registry.bot(state.game.name, level)
        if think is not None and takes_time_limit(factory):
            factory = partial(factory, time_limit=think)
        agents[seat] = factory(bot_seed(state.seed, seat, len(state.history)))
    return agents


def takes_time_limit(factory: BotFactory) -> bool:
    """Whether a bot factory accepts ``time_limit=`` (the core's search bots do; heuristic bots do not)."""
    try:
        return "time_limit" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def finish(state: State, saver: Autosave) -> MatchRecord:
    """Save the finished match and count it in the history."""
    record = saver.save(state)
    try:
        History(history_path(data_home())).add(record, saver.path)
    except RecordError as error:
        raise click.ClickException(f"the match was saved to {saver.path}, but {error}") from None
    return record
