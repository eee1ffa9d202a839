"""What every way of running a match shares: the bots at their seats, and what happens when it ends."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import click

from .app import App, data_home
from cartas.core.history import History, history_path
from .lobby import HUMAN, PROGRAM
from .saves import Autosave
from cartas.core.bots.base import Agent, BotFactory, SeatView, remember_matches
from cartas.core.bots.seeds import seat_bot_seed
from cartas.core.errors import CartasError, RecordError
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.record import MatchRecord
from cartas.core.state import Action, State

PEOPLE = (HUMAN, PROGRAM)
"""Seat kinds that are asked rather than played by a bot."""


bot_seed = seat_bot_seed
"""The older name of :func:`cartas.core.bots.seeds.seat_bot_seed`."""


class BotFailed(CartasError):
    """A bot raised instead of choosing: the match stops, saved as it was before that decision."""


class GuardedBot:
    """A bot whose failure ends the match with one line naming it, instead of a traceback.

    A bot is a plugin's code; whatever it raises, the state is untouched (it raised before any move was
    applied), so the match can be saved and resumed, perhaps with another bot.
    """

    def __init__(self, agent: Agent, seat: int, level: str) -> None:
        self.agent = agent
        self.seat = seat
        self.level = level

    def choose(self, view: SeatView) -> Action:
        try:
            return self.agent.choose(view)
        except Exception as error:
            reason = " ".join(str(error).split())[:200]
            raise BotFailed(
                f"the {self.level} bot at seat {self.seat} failed: {type(error).__name__}: {reason}"
            ) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


def make_bots(
    app: App, state: State, players: dict[int, str], think: float | None = None, earlier: Sequence[State] = (),
) -> dict[int, Agent]:
    """An agent for every seat played by a bot, each guarded so that its failure is one line; ``think`` seconds a
    move for those that take a time limit (the search bots), else each searches its fixed budget. ``earlier``:
    the finished matches these players played in these seats before (a rematch's), oldest first, which a bot
    that reads its rivals remembers (:func:`cartas.core.bots.remember_matches`)."""
    registry = app.registry
    agents: dict[int, Agent] = {}
    for seat, level in players.items():
        if level in PEOPLE:
            continue
        factory = registry.bot(state.game.name, level)
        if think is not None and takes_time_limit(factory):
            timed: Callable[..., Agent] = factory  # the check above: it takes time_limit
            factory = partial(timed, time_limit=think)
        bot = factory(seat_bot_seed(state.seed, seat, len(state.history)))
        remember_matches(bot, [SeatView(match, seat) for match in earlier])
        agents[seat] = GuardedBot(bot, seat, level)
    return agents


def takes_time_limit(factory: BotFactory) -> bool:
    """Whether a bot factory accepts ``time_limit=`` (the core's search bots do; heuristic bots do not)."""
    try:
        return "time_limit" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def stopped_by_bot(error: BotFailed, state: State, saver: Autosave) -> click.ClickException:
    """Save the match as it stands and say which bot stopped it and how to go on."""
    saver.save(state)
    if saver.path is None:
        where = _("the match was not saved (--no-save)")
    elif not saver.written:
        where = _("nothing was played, so nothing was saved")
    else:
        where = _("the match is saved in {path}; continue it with: cartas resume", path=saver.path)
    return click.ClickException(f"{error}; {where}")


def finish(state: State, saver: Autosave) -> MatchRecord:
    """Save the finished match and count it in the history (neither with ``--no-save``)."""
    record = saver.save(state)
    if saver.path is None:
        return record
    try:
        History(history_path(data_home())).add(record, saver.path)
    except RecordError as error:
        raise click.ClickException(
            _("the match was saved to {path}, but {error}", path=saver.path, error=error)
        ) from None
    return record
