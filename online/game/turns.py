"""Games that wait for you ("por turnos"): a table whose time per decision is hours or days.

The host chooses it when creating the table (``turns``: seconds per decision, from one hour to three days; the
lobby offers 1 h, 12 h, 1 day and 3 days). It is a clock (cartas.online.game.clock) with no reserve whose
decisions are timed by the wall clock, and the same rules decide what a time-out does: at a casual table a bot
plays that one decision; at a rated table the third time-out loses the match for that person's side.

What differs is what the server holds. A person may have many such tables and comes back to them days later,
so a turn-based table holds no timer, no task and no memory while nobody is connected:

- each decision's deadline (seconds since the epoch) is committed with the move that started it, in the table's
  clock and in the indexed ``tables.deadline`` column, and the seats whose decision it is with it (the "your
  games" list reads them from the store without loading any table);
- one background job (:func:`keep_turning`) reads the tables whose deadline has passed, a batch at a time in
  deadline order, loads each, acts on the time-out, and forgets again every turn-based table nobody is connected
  to and no bot is deciding at;
- there is no grace and no abandonment: nobody being connected is the normal state of such a table, and the
  bots play their seats (and a timed-out person's one decision) with nobody watching;
- a restart loads none of them (the lease sweep skips them); the first connection or deadline loads it, its
  moves replayed from the store like any table's.

The time a decision had run survives a restart (the deadline is a wall-clock time in the store). A decision a
bot makes after a time-out gets a fresh deadline first, so a server stopped before the bot moved times that
decision out once more rather than never. Turn-based matches are rated apart: the rating key is
``<game>/turns`` (cartas.online.accounts.finish).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark

from .clock import ClockError, ClockState, timed_out
from .ownership import NotOwner

if TYPE_CHECKING:
    from .hub import Hub
    from .table import LiveTable
    from .table_core import TableCore

log = logging.getLogger("cartas.online")

MIN_TURNS = 3600.0
"""The shortest time per decision of a turn-based table (one hour; shorter is what the clock is for)."""
MAX_TURNS = 3 * 86400.0
"""The longest (three days)."""
TURNS_CHOICES = (3600, 43200, 86400, 259200)
"""What the lobby form offers: 1 hour, 12 hours, 1 day, 3 days."""
TURNS_LABELS: dict[str, str] = {
    "turns": mark("Games that wait for you"),
    "turns_time": mark("Time per move"),
    "turns_off": mark("not turn-based"),
    "turns_hour": mark("1 hour"),
    "turns_12h": mark("12 hours"),
    "turns_day": mark("1 day"),
    "turns_3d": mark("3 days"),
    "your_games": mark("Your games"),
    "your_turn": mark("Your turn"),
    "their_turn": mark("Waiting for the others"),
    "turns_lobby": mark("Not started yet"),
    "turns_due": mark("until {when}"),
    "turns_none": mark("No turn-based games: create one with a time per move."),
}
"""The words of the lobby's turn-based option and its "your games" list (cartas.online.game.words serves them)."""
TURNS_EVERY = 60.0
"""Seconds between two runs of the deadline job: a time-out acts within a minute of its deadline."""
TURNS_BATCH = 100
"""Tables whose deadline passed acted on per run (each is loaded and replayed): a backlog takes several runs."""


def turns_setting(value: Any) -> float | None:
    """The seconds per decision of a turn-based table, or None for none; refused outside the bounds."""
    if value is None or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise ClockError(_("{name} must be a number of seconds", name="turns"))
    if not MIN_TURNS <= value <= MAX_TURNS:
        raise ClockError(_(
            "turns must be from {least} to {most} seconds per decision", least=f"{MIN_TURNS:g}", most=f"{MAX_TURNS:g}",
        ))
    return float(value)


def turns_clock(seconds: float, players: int) -> dict[str, Any]:
    """The clock a new turn-based table is created with."""
    state = ClockState.new(seconds, 0.0, players)
    state.turns = True
    return state.to_json()


def turn_based(table: TableCore) -> bool:
    return table.clocks is not None and table.clocks.state.turns


def plan_turn(table: TableCore) -> None:
    """After a move (or the start): the seats deciding now and their deadline, to be committed with it."""
    clocks = table.clocks
    state = table.state
    if clocks is None or not clocks.state.turns or state is None:
        return
    people = [s for s in state.to_act if table.seats[s].kind == "human"] if not state.is_over else []
    clocks.state.to_act = people
    clocks.state.deadline = table.settings.wall() + clocks.state.turn if people else None


def tell_turn(table: TableCore) -> None:
    """Queue a "your turn" push for the people whose decision it now is and who are not at the table."""
    notify = table.settings.notify
    clocks = table.clocks
    if notify is None or clocks is None or not clocks.state.turns:
        return
    hashes = tuple(
        hashed for seat in clocks.state.to_act
        if seat not in table.by_seat and (hashed := table.seats[seat].token_hash) is not None
    )
    if hashes:
        notify("turn", table.code, table.game.name, hashes)


async def deadline_passed(table: LiveTable) -> int:
    """Act on a turn-based table whose deadline has passed (run in the table's task); how many seats timed out."""
    clocks = table.clocks
    state = table.state
    if clocks is None or state is None or clocks.state.deadline is None or table.row.status != "playing":
        return 0
    if table.settings.wall() < clocks.state.deadline:
        return 0  # a move came in meanwhile
    count = 0
    for seat in list(state.to_act):
        if table.seats[seat].kind == "human" and seat not in table.bot_turn and table.row.status == "playing":
            await timed_out(table, seat)
            count += 1
    if not count:  # nobody's decision (a bot's, say): look again after another window, not every minute
        clocks.state.deadline = table.settings.wall() + clocks.state.turn
        await table.store.save_clock(table.code, clocks.state.dumps(), table.version)
    return count


def idle(table: LiveTable) -> bool:
    """A turn-based table nothing happens at now: nobody connected, no bot deciding or about to."""
    return turn_based(table) and not table.connections and table.bot_job is None and table.bot_seat() is None


async def sweep_turns(hub: Hub) -> int:
    """One run of the deadline job: time out the decisions whose deadline passed, then forget idle tables."""
    acted = 0
    for code in await hub.store.due_turns(hub.settings.wall(), TURNS_BATCH):
        try:
            table = await hub.get(code)
        except NotOwner:
            continue  # another process holds it and acts on it
        if table is None:
            continue
        acted += await table.call(deadline_passed, table)
    for code, table in list(hub.tables.items()):
        if idle(table) or (turn_based(table) and table.row.status != "playing" and not table.connections):
            await hub.forget(code)
    return acted


async def keep_turning(hub: Hub, every: float = TURNS_EVERY) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await sweep_turns(hub)
        except Exception:
            log.exception("the deadline job of turn-based tables failed")
