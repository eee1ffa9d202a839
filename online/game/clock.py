"""Clocks at the online table: a time per decision plus a small reserve per person, kept by the server.

The host chooses them when creating the table (``clock``: seconds per decision, 0 for none; ``reserve``:
seconds a person may overrun over the whole match). A person's decision that takes longer than the time per
decision spends the overrun from their reserve; when both are gone the decision has *timed out*:

- at a casual table a bot plays that one decision for them (the seat stays theirs; the next decision is
  theirs again, with the time per decision and no reserve left);
- at a rated table the same happens for the first two timeouts, and the third loses the match for that
  person's side: the match ends there, recorded as lost on time, and the ratings move as for any loss.

Bots have no clock. The clock of a person who is disconnected keeps running: at a casual table the grace
(``grace`` seconds, then a bot plays their seat until they come back) and the clock act independently, each
decision bounded by whichever comes first; at a rated table with a clock the grace hands nobody's seat to a
bot, since the clock already bounds every decision and a bot playing most of a match would unrate it.

Costs: one timer (``loop.call_later``) per running decision, set when the decision starts and cancelled
when it is made; nothing runs between them, whatever the number of tables. Time is monotonic
(:class:`Timers`, injectable so tests drive a fake one instead of sleeping).

What survives a restart is committed with the table, in the same transaction as the move that changed it
(``tables.clock``): the setting, each seat's reserve left and timeouts, and who lost on time. The time a
decision had run is not: a restarted server starts the current decision's time again (the full time per
decision, the reserve as last committed), which never takes time from anyone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark

from .now import now_iso

if TYPE_CHECKING:
    from .table import LiveTable
    from .table_core import TableCore

log = logging.getLogger("cartas.online")

MIN_TURN = 5.0
"""The shortest time per decision a table may have (a clock shorter than a card's animation is no clock)."""
MAX_TURN = 300.0
"""The longest time per decision (five minutes); longer waits are what the grace is for."""
MAX_RESERVE = 600.0
"""The largest reserve per person and match."""
TURN_CHOICES = (0, 15, 30, 60)
"""What the lobby form offers (0: no clock); the API takes any whole number of seconds within the bounds."""
RESERVE_CHOICES = (30, 60, 120)
DEFAULT_RESERVE = 60.0
TIMEOUTS_TO_LOSE = 3
"""At a rated table, the timeout that loses the match."""
QUICKPLAY_CLOCK = (30.0, 60.0)
"""The clock of the tables quick play seats people at: strangers should not be able to stall a match."""

CLOCK_LABELS: dict[str, str] = {
    "clock": mark("Clock"),
    "clock_turn": mark("Seconds per decision"),
    "clock_off": mark("no clock"),
    "clock_reserve": mark("Reserve per match (seconds)"),
    "clock_left": mark("{seconds} s left"),
    "clock_reserve_left": mark("reserve {seconds} s"),
    "clock_reserve_word": mark("reserve"),
    "clock_hurry": mark("{seconds} seconds left to play"),
    "clock_bot_played": mark("{name} ran out of time: a bot played that decision for them."),
    "clock_timeout_rated": mark("{name} ran out of time ({count} of {limit}): a bot played that decision."),
    "clock_lost_on_time": mark("{name} lost the match on time."),
}
"""The words the table page shows for clocks (cartas.online.game.words serves them with the others)."""


class ClockError(ValueError):
    """A clock setting outside its bounds; the message is the one line the API answers, in the language being
    spoken when it is raised (the reader's: the server speaks it around each request)."""


def _seconds(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise ClockError(_("{name} must be a number of seconds", name=name))
    return float(value)


def clock_setting(turn: Any, reserve: Any) -> tuple[float, float] | None:
    """The (time per decision, reserve) a table is created with, or None for no clock; refused outside bounds."""
    if turn is None:
        if reserve is not None:
            raise ClockError(_("a reserve needs a clock: give clock, the seconds per decision"))
        return None
    seconds = _seconds(turn, "clock")
    if seconds == 0:
        if reserve not in (None, 0):
            raise ClockError(_("a reserve needs a clock: give clock, the seconds per decision"))
        return None
    if not MIN_TURN <= seconds <= MAX_TURN:
        raise ClockError(_(
            "clock must be 0 (none) or from {least} to {most} seconds per decision",
            least=f"{MIN_TURN:g}", most=f"{MAX_TURN:g}",
        ))
    spare = DEFAULT_RESERVE if reserve is None else _seconds(reserve, "reserve")
    if not 0 <= spare <= MAX_RESERVE:
        raise ClockError(_("reserve must be from 0 to {most} seconds", most=f"{MAX_RESERVE:g}"))
    return seconds, spare


@dataclass
class ClockState:
    """What a table's clock keeps across moves and restarts (stored as JSON in ``tables.clock``)."""

    turn: float
    reserve: float
    reserves: list[float]
    """Each seat's reserve left."""
    timeouts: list[int]
    """Each seat's timeouts so far."""
    lost: int | None = None
    """The seat that lost the match on time, once one has."""
    turns: bool = False
    """A turn-based table ("por turnos", cartas.online.game.turns): ``turn`` is hours or days, no timer runs."""
    deadline: float | None = None
    """At a turn-based table, when (seconds since the epoch) the decision running now times out."""
    to_act: list[int] = field(default_factory=list)
    """At a turn-based table, the seats whose decision runs now (for the "your games" list, read from the store)."""

    @classmethod
    def new(cls, turn: float, reserve: float, players: int) -> ClockState:
        return cls(turn, reserve, [reserve] * players, [0] * players)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "turn": self.turn, "reserve": self.reserve, "reserves": [round(r, 3) for r in self.reserves],
            "timeouts": list(self.timeouts), "lost": self.lost,
        }
        if self.turns:  # only then: a clock in minutes is stored as it always was
            data.update(turns=True, deadline=self.deadline, to_act=list(self.to_act))
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockState:
        return cls(
            float(data["turn"]), float(data["reserve"]), [float(r) for r in data["reserves"]],
            [int(n) for n in data["timeouts"]], None if data.get("lost") is None else int(data["lost"]),
            bool(data.get("turns", False)), None if data.get("deadline") is None else float(data["deadline"]),
            [int(s) for s in data.get("to_act", [])],
        )


def fresh_clock(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """The same clock for a new match (a rematch): every reserve full, no timeout."""
    if clock is None:
        return None
    old = ClockState.from_json(clock)
    new = ClockState.new(old.turn, old.reserve, len(old.reserves))
    new.turns = old.turns
    return new.to_json()


class Handle(Protocol):
    def cancel(self) -> None: ...


class Timers(Protocol):
    """Monotonic time and one-shot timers: the event loop's, or a fake one in tests."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle: ...


class LoopTimers:
    """The running event loop's timers and ``time.monotonic``."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle:
        return asyncio.get_running_loop().call_later(delay, callback, *args)


@dataclass
class SeatClocks:
    """A table's clocks in memory: the stored :class:`ClockState` and the decisions running now."""

    state: ClockState
    timers: Timers
    running: dict[int, tuple[float, int, Handle]] = field(default_factory=dict)
    """Per seat deciding now: when its decision started, the decision's number, its timer."""
    started: int = 0
    """Decisions started so far (a timer that fires for an older one is stale)."""

    def spent(self, seat: int) -> float:
        """Seconds the running decision of ``seat`` has taken so far (0 when none runs)."""
        found = self.running.get(seat)
        return 0.0 if found is None else max(0.0, self.timers.now() - found[0])

    def left(self, seat: int) -> tuple[float, float]:
        """(seconds left of the decision's own time, reserve left) for ``seat`` now."""
        spent = self.spent(seat)
        over = max(0.0, spent - self.state.turn)
        return max(0.0, self.state.turn - spent), max(0.0, self.state.reserves[seat] - over)

    def start(self, seat: int, on_out: Callable[[int, int], Any]) -> None:
        """``seat`` starts a decision: ``on_out(seat, number)`` is called when its time and reserve are gone."""
        self.started += 1
        delay = self.state.turn + self.state.reserves[seat]
        timer = self.timers.call_later(delay, on_out, seat, self.started)
        self.running[seat] = (self.timers.now(), self.started, timer)

    def stop(self, seat: int) -> None:
        """``seat``'s decision is made (or no longer theirs to make): the overrun is taken from its reserve."""
        if seat not in self.running:
            return
        self.state.reserves[seat] = self.left(seat)[1]
        self.running.pop(seat)[2].cancel()

    def stop_all(self) -> None:
        for seat in list(self.running):
            self.stop(seat)

    def frame(self, seats: list[str], bot_turn: set[int]) -> dict[str, Any]:
        """The ``clock`` frame: each person's time and reserve left, whose clock runs (``seats`` are the kinds)."""
        listed: list[dict[str, Any] | None] = []
        for seat, kind in enumerate(seats):
            if kind != "human":
                listed.append(None)  # bots have no clock
                continue
            left, reserve = self.left(seat)
            listed.append({
                "left": round(left, 1), "reserve": round(reserve, 1), "timeouts": self.state.timeouts[seat],
                "running": seat in self.running, "bot": seat in bot_turn,
            })
        return {
            "type": "clock", "turn": self.state.turn, "reserve": self.state.reserve, "seats": listed,
            "running": sorted(self.running), "limit": TIMEOUTS_TO_LOSE, "lost": self.state.lost,
            **({"turns": True, "deadline": self.state.deadline} if self.state.turns else {}),
        }


# --- what the table does with its clocks (run in the table's task) ---------------------------------------------


def clock_of(row_clock: dict[str, Any] | None, timers: Timers) -> SeatClocks | None:
    return None if row_clock is None else SeatClocks(ClockState.from_json(row_clock), timers)


def should_run(table: LiveTable, seat: int) -> bool:
    """Whether ``seat``'s clock runs now: a person's decision, not one a bot makes for them."""
    state = table.state
    return (
        state is not None and not state.is_over and table.row.status == "playing"
        and seat in state.to_act and table.seats[seat].kind == "human"
        and seat not in table.takeover and seat not in table.bot_turn
    )


def sync_clocks(table: LiveTable, tell: bool = True) -> None:
    """Start the clock of every person who now has a decision to make and stop the others; then send every
    connection the clock frame (``tell``)."""
    clocks = table.clocks
    if clocks is None:
        return
    if clocks.state.turns:
        if tell:
            table.tell_everyone(clock_frame(table))
        return  # no timer: the store's deadline and one background job (cartas.online.game.turns)
    for seat in list(clocks.running):
        if not should_run(table, seat):
            clocks.stop(seat)
    for seat in range(len(table.seats)):
        if seat not in clocks.running and should_run(table, seat):
            clocks.start(seat, lambda s, n: table.post(time_ran_out, table, s, n))
    if tell:
        table.tell_everyone(clock_frame(table))


def clock_frame(table: LiveTable) -> dict[str, Any]:
    assert table.clocks is not None
    return table.clocks.frame([row.kind for row in table.seats], table.bot_turn)


async def is_rated(table: LiveTable) -> bool:
    """Whether the table was created rated (asked once of the accounts, through ``Settings.rated``)."""
    if table.rated is None:
        ask = table.settings.rated
        try:
            table.rated = bool(await ask(table.code)) if ask is not None else False
        except Exception:
            log.exception("table %s: whether it is rated could not be read; taken as casual for now", table.code)
            return False
    return table.rated


async def time_ran_out(table: LiveTable, seat: int, number: int) -> None:
    """A person's decision timed out: count it, commit it, say it, and let a bot play that one decision (or,
    at a rated table's third timeout, end the match lost on time)."""
    clocks = table.clocks
    if clocks is None or clocks.running.get(seat, (0.0, -1))[1] != number or not should_run(table, seat):
        return  # stale: the decision was made, or is no longer theirs
    await timed_out(table, seat)


async def timed_out(table: LiveTable, seat: int) -> None:
    """``seat``'s decision is out of time (its timer fired, or a turn-based table's deadline passed): the
    same rules either way."""
    clocks = table.clocks
    assert clocks is not None
    clocks.stop(seat)
    reserve, version = clocks.state.reserves[seat], table.version
    clocks.state.reserves[seat] = 0.0
    clocks.state.timeouts[seat] += 1
    rated = await is_rated(table)
    count = clocks.state.timeouts[seat]
    lost = rated and count >= TIMEOUTS_TO_LOSE
    frame = {"type": "timeout", "seat": seat, "count": count, "limit": TIMEOUTS_TO_LOSE if rated else None,
             "lost": lost}
    try:
        if lost:
            await lose_on_time(table, seat, frame)
            return
        frames = [table.next_frame(frame)]
        if clocks.state.turns:  # the bot's decision for them gets a fresh window, should the server stop first
            clocks.state.deadline = table.settings.wall() + clocks.state.turn
        await table.store.save_clock(table.code, clocks.state.dumps(), table.version)
    except Exception:
        # Nothing was said: the timeout is undone and the decision's clock starts again, so the timeout comes
        # back (and its commit is tried again) once that time has run out too.
        log.exception("table %s: the timeout of seat %d could not be stored; its clock starts again", table.code, seat)
        clocks.state.reserves[seat], clocks.state.timeouts[seat], clocks.state.lost = reserve, count - 1, None
        table.version = version
        sync_clocks(table, tell=False)
        return
    table.bot_turn.add(seat)
    table.broadcast(frames)
    sync_clocks(table)
    table.schedule_bot()


async def lose_on_time(table: LiveTable, seat: int, frame: dict[str, Any]) -> None:
    """End the match: ``seat``'s side lost on time. Committed (status finished, the clock saying who lost)
    before anyone is told; then the match is exported and rated as any finished match."""
    clocks = table.clocks
    assert clocks is not None
    clocks.state.lost = seat
    clocks.stop_all()
    frames = [table.next_frame(frame)]
    result = table.result()
    assert result is not None
    frames.append(table.next_frame(result))
    finished = now_iso()
    await table.store.save_clock(table.code, clocks.state.dumps(), table.version, finished)
    table.row.status = "finished"
    table.row.finished = finished
    table.broadcast(frames)
    table.tell_everyone(clock_frame(table))
    log.info("table %s: seat %d lost the match on time", table.code, seat)
    await table.finish()


def lost_on_time_result(table: TableCore) -> tuple[list[int], list[int]] | None:
    """(winners, scores) of a match lost on time: every seat not on the loser's side wins; None otherwise."""
    clocks = table.clocks
    if clocks is None or clocks.state.lost is None or table.state is None:
        return None
    teams = table.teams
    side = (lambda s: teams[s]) if teams is not None else (lambda s: s)
    loser = side(clocks.state.lost)
    winners = [s for s in range(len(table.seats)) if side(s) != loser]
    return winners, list(table.state.scores())
