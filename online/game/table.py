"""A live table: one asyncio task per table owns its seats and its match, and is the only code that changes them.

Everything that touches a table (a join over HTTP, a move over a websocket, a bot's answer, a grace period
running out) is a call put in the table's inbox and run by its task, one at a time, in arrival order. So two
partners answering the same truco at once cannot both succeed: the first is applied, the second finds the
table moved on and gets an error and a fresh view. A move is validated, applied, stored and COMMITTED, and only
then are its frames sent, each connection getting the version filtered for it. A call that writes is a
coroutine: the table's task awaits the commit (milliseconds on Postgres) before it takes the next call, while
other tables go on running.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cartas.core.history import History, history_path
from cartas.core.naming import seat_number
from cartas.core.errors import CartasError
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK, mark, speaking
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n.language import current_language, use_language
from cartas.core.position import Position
from cartas.core.record import MatchRecord, record_of, save_record
from cartas.core.session import TableSession
from cartas.core.plugins.registry import Registry
from cartas.core.state import Action, State
from .bots import BotRequest, BotRunner, EarlierMatch
from .clock import (
    LoopTimers, SeatClocks, Timers, clock_frame, clock_of, is_rated, lost_on_time_result, sync_clocks,
)
from .connection import Connection
from .earlier_matches import earlier_matches
from ..analysis.match_steps import match_steps
from .words import site_language, title_texts
from ..accounts.names import shown
from .lobby import LobbyError, apply_op, clean_name, display_name, recorded_names, why_not_start
from ..server.metrics import Metrics, MoveTimer
from .seat_names import ViewerNames, display_names, names_by_viewer
from ..store.tables import AsyncStore, ChatRow, SeatRow, TableRow
from .tokens import hash_token, new_token, token_matches
from .views import (
    Versioned, addressed, build_view, dumps, event_versioned, hand_events, table_language, versioned, view_text,
)

log = logging.getLogger("cartas.online")

STORE_RETRY = 1.0
"""Seconds before a bot's move the store refused (a full disk) is tried again."""

CLOSE_BAD_TOKEN = 4401
CLOSE_REPLACED = 4409


def in_language(function: Callable[..., Any], language: str) -> Callable[..., Any]:
    """``function`` run (and, when it is a coroutine function, awaited) while ``language`` is spoken."""

    @functools.wraps(function)
    def run(*args: Any) -> Any:
        with speaking(language):
            result = function(*args)
        if not inspect.isawaitable(result):
            return result

        async def finish() -> Any:
            with speaking(language):
                return await result

        return finish()

    return run


class Refused(Exception):
    """A request the table turns down: an HTTP status and a one-line reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Settings:
    """What every table of one server shares."""

    data_dir: Path
    """Where finished matches' record files and the history live."""
    bot_delay: float = 0.6
    """Seconds a bot's move takes at the least, so people can follow it (0 in tests)."""
    hooks: Any = None
    """The plugins' lifecycle hooks (a pluggy ``pm.hook``) every table fires, as the terminal does; ``None``: none."""
    buffer: int = 256
    """Versioned frames kept per table for reconnects; older gaps get a snapshot."""
    chat_max: int = 300
    chat_limit: int = 5
    chat_window: float = 10.0
    chat_kept: int = 50
    metrics: Metrics = field(default_factory=Metrics)
    lobby_expiry: float = 1800.0
    """Seconds a table may stay in the lobby with nobody connected before it expires (cartas.online.game.expiry)."""
    language: str = field(default_factory=current_language)
    """The server's language (the one spoken where the settings are made: ``cartas serve --lang``); the tables'
    tasks speak it between calls, whatever the language of the request that started them."""
    on_finished: Any = None
    """An ``async (table) -> None`` called once a match has finished and been exported (the ratings and the
    accounts' history, cartas.online.accounts.ratings); ``None``: nothing."""
    abandon_floor: float = 5.0
    """A match with no person connected stops after its grace, but never sooner than this: a page reload is not
    a departure."""
    timers: Timers = field(default_factory=LoopTimers)
    """The clocks' monotonic time and timers (cartas.online.game.clock; a fake one in tests)."""
    rated: Any = None
    """An ``async (code) -> bool``: whether a table was created rated (the accounts know); ``None``: none is."""

    def record_path(self, code: str) -> Path:
        """Where a finished table's record file goes."""
        return self.data_dir / "online-records" / f"{code}.json"


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class LiveTable:
    """A table in memory: its row, its seats, its match state, its connections and its recent frames."""

    def __init__(
        self, row: TableRow, game: Game, registry: Registry, store: AsyncStore, bots: BotRunner, settings: Settings
    ) -> None:
        self.row = row
        self.code = row.code
        self.game = game
        self.registry = registry
        self.store = store
        self.bots = bots
        self.settings = settings
        self.options = game.options(row.options)
        self.seats: list[SeatRow] = list(row.seats)
        self.version = row.version
        self.last_move_v = row.version
        self.session: TableSession | None = None
        """The match being played, once it has started; every move goes through it (docs/session.md)."""
        self.hand_over = False
        self.buffer: deque[Versioned] = deque(maxlen=settings.buffer)
        self.connections: set[Connection] = set()
        self.by_seat: dict[int, Connection] = {}
        self.takeover: set[int] = set()
        self.grace_epoch: dict[int, int] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=settings.chat_kept)
        self.bot_job: tuple[int, int] | None = None
        self.inbox: asyncio.Queue[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any] | None]] = (
            asyncio.Queue()
        )
        self.task: asyncio.Task[None] | None = None
        self._said: dict[str | None, tuple[tuple[SeatRow, ...], ViewerNames]] = {}
        """The names each viewer's text gives the players in each language read at the table, kept while the
        seats stay the same."""
        self._names: dict[str | None, tuple[tuple[SeatRow, ...], dict[str, str]]] = {}
        """Each seat's display name in each language read at the table, kept while the seats stay the same."""
        self.deck = game.deck_art(self.options)
        """The deck the table's cards are drawn and named with (``french`` for paulista unless chosen otherwise)."""
        self.alone_epoch = 0
        """Bumped each time the table is left with nobody connected; a stale abandonment check sees it changed."""
        self.active_at: float | None = None
        self.clocks: SeatClocks | None = clock_of(row.clock, settings.timers)
        """The time per decision and reserves, when the table has a clock (cartas.online.game.clock)."""
        self.bot_turn: set[int] = set()
        """People whose decision timed out: a bot makes that one decision for them."""
        self.rated: bool | None = None
        """Whether the table was created rated, once the clock asked (cartas.online.game.clock.is_rated)."""
        self.earlier: tuple[EarlierMatch, ...] | None = None
        """The matches these people played before in these seats, for the bots (read at the first decision)."""
        self.decisions: dict[int, list[int]] = {}
        """Per seat, the decisions its person made and those a bot made for them, since this process loaded
        the table: a match a bot played mostly for a person is not rated (cartas.online.accounts.ratings)."""
        """When (time.time) a connection last came or went, for the lobby's expiry (None: never since loaded)."""

    # --- the task and its inbox ------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Load the recent chat and rebuild the match by replaying its stored moves (when this process loads it)."""
        for chat in await self.store.chat(self.code, self.settings.chat_kept):
            self.chat.append({"type": "chat", "v": chat.v, "seat": chat.seat, "name": chat.name, "text": chat.text})
        if self.row.status != "lobby":
            self.session = await self._replay()

    async def _replay(self) -> TableSession:
        """The match rebuilt from its stored moves. No hook fires for them: they fired when the moves were first
        played and committed, in this process or in the one that ran the table before a restart."""
        record = MatchRecord(
            game=self.game.name, options=self.row.options, seed=self.row.seed,
            position=None if self.row.position is None else Position.model_validate(self.row.position),
            actions=await self.store.moves(self.code),
        )
        return TableSession.replayed(record, self.game, hooks=self.settings.hooks, warn=log.warning)

    @property
    def state(self) -> State | None:
        """The match's state, once it has started (read it; moves go through :attr:`session`)."""
        return None if self.session is None else self.session.state

    def ensure_running(self) -> None:
        if self.task is None or self.task.done():
            # The table's task speaks the server's language, not that of the request that woke it: each call
            # brings its caller's language itself (:meth:`call`).
            context = contextvars.copy_context()
            context.run(use_language, self.settings.language)
            self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.code}", context=context)
            if self.row.status == "playing":
                self.post(self._resume)

    async def _run(self) -> None:
        while True:
            function, args, future = await self.inbox.get()
            try:
                result = function(*args)
                if inspect.isawaitable(result):
                    result = await result
            except Exception as error:
                if future is not None and not future.done():
                    future.set_exception(error)
                elif not isinstance(error, Refused):
                    log.exception("table %s: %s failed", self.code, getattr(function, "__name__", function))
            else:
                if future is not None and not future.done():
                    future.set_result(result)

    async def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` in the table's task and return its result (or raise its error), in the
        caller's language: a refusal is written in the words of whoever asked (an HTTP request's reader, see
        :mod:`cartas.online.server.reader_language`); the table's own text names its language itself."""
        self.ensure_running()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((in_language(function, current_language()), args, future))
        return await future

    def post(self, function: Callable[..., Any], *args: Any) -> None:
        """Run ``function(*args)`` in the table's task later, without waiting for it."""
        self.inbox.put_nowait((function, args, None))

    async def stop(self) -> None:
        for connection in list(self.connections):
            connection.close(1001)
        if self.task is not None:
            self.task.cancel()

    # --- what the table looks like ---------------------------------------------------------------------------

    @property
    def teams(self) -> tuple[int, ...] | None:
        return self.game.teams(self.options)

    def presence(self, seat: int) -> str | None:
        row = self.seats[seat]
        if row.kind == "bot":
            return "bot"
        if row.kind == "empty":
            return None
        if seat in self.by_seat:
            return "online"
        return "bot" if seat in self.takeover else "away"

    def host_seat(self) -> int:
        return next((row.seat for row in self.seats if row.host), 0)

    def names(self, language: str | None = None) -> dict[str, str]:
        """Each seat's display name, a bot's level in ``language`` (None: the table's; ``Bot 2 (medio)``), worked
        out again only when the seats change (every view of every move asks for them)."""
        seats = tuple(self.seats)
        kept = self._names.get(language)
        if kept is None or kept[0] != seats:
            names = display_names(self.game, seats, language)
            kept = self._names[language] = (
                seats, {str(row.seat): name or "" for row, name in zip(seats, names, strict=True)},
            )
        return dict(kept[1])

    def said(self, language: str | None = None) -> ViewerNames:
        """The names the table's text gives the players for each viewer in ``language`` (None: the table's; see
        :mod:`cartas.online.game.seat_names`), worked out again only when someone sits down, leaves or is reseated."""
        seats = tuple(self.seats)
        kept = self._said.get(language)
        if kept is None or kept[0] != seats:
            kept = self._said[language] = (seats, names_by_viewer(self.game, seats, self.teams, language))
        return kept[1]

    def info(self) -> dict[str, Any]:
        """The table's public summary (TableInfo in docs/online.md): never a token or the seed. Seats are named
        as :meth:`names` names them, in the table's language."""
        teams = self.teams
        names = self.names()
        return {
            "code": self.code, "game": self.game.name, "title": self.game.title, "titles": title_texts(self.game),
            "language": self.game.language,
            "deck": self.deck,
            "status": self.row.status, "options": self.options.model_dump(), "players": len(self.seats),
            "teams": list(teams) if teams is not None else None, "grace": self.row.grace,
            "host_seat": self.host_seat(), "version": self.version,
            "clock": None if self.clocks is None else {
                "turn": self.clocks.state.turn, "reserve": self.clocks.state.reserve,
            },
            "seats": [
                {
                    "seat": row.seat, "kind": row.kind, "name": names[str(row.seat)] or None, "level": row.level,
                    "team": teams[row.seat] if teams is not None else None, "presence": self.presence(row.seat),
                }
                for row in self.seats
            ],
        }

    def players(self) -> dict[int, str]:
        """Who sat where, as a record keeps it: ``human`` or the bot's level."""
        return {row.seat: "human" if row.kind == "human" else (row.level or "bot") for row in self.seats}

    def result(self) -> dict[str, Any] | None:
        on_time = lost_on_time_result(self)
        if on_time is not None:
            assert self.clocks is not None
            return {
                "type": "result", "v": self.version, "winners": on_time[0], "scores": on_time[1],
                "record": f"/api/tables/{self.code}/record", "lost_on_time": self.clocks.state.lost,
            }
        if self.state is None or not self.state.is_over:
            return None
        outcome = self.state.result()
        return {
            "type": "result", "v": self.version, "winners": list(outcome.winners), "scores": list(outcome.scores),
            "record": f"/api/tables/{self.code}/record",
        }

    def outcome(self) -> tuple[list[int], list[int]]:
        """(winners, scores) of the finished match: the game's, or those of a match lost on time."""
        result = self.result()
        assert result is not None
        return list(result["winners"]), list(result["scores"])

    def record(self) -> MatchRecord:
        """The finished match's record, seed included: only once the match is over (or abandoned)."""
        on_time = lost_on_time_result(self)
        if self.state is None or not (self.state.is_over or self.row.status == "abandoned" or on_time):
            raise Refused(409, _("the match is not over; its record is kept secret until the end"))
        record = record_of(self.state, self.players(), recorded_names(self.seats))
        if on_time is not None:  # the game did not end: the record says who won on time, and stays unfinished
            record = record.model_copy(update={"winners": on_time[0], "scores": on_time[1]})
        return record

    def steps(self, token: str | None, seat: int | None) -> list[dict[str, Any]]:
        """The finished match move by move as ``seat`` saw it (with that seat's token), or as a spectator
        (``seat`` None): only once the match is over, as its record is."""
        record = self.record()
        if seat is not None:
            if not 0 <= seat < len(self.seats):
                raise Refused(400, _("seat must be a seat of this table, 0 to {last}", last=len(self.seats) - 1))
            if not token:
                raise Refused(401, _("a seat's view needs that seat's token (Authorization: Bearer TOKEN)"))
            if self._seat_of(token) != seat:
                raise Refused(403, _(
                    "that token is not this seat's; without seat= the match is shown as a spectator saw it"
                ))
        return match_steps(self.game, record, seat, self.names(), self.said()[seat])

    # --- frames ---------------------------------------------------------------------------------------------

    def _next(self, frame: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Versioned:
        self.version += 1
        frame["v"] = self.version
        return versioned(frame, visible_to)

    def _event(self, event: Event) -> Versioned:
        """The next version: ``event``, written once per viewer who may see it, each naming the players its way."""
        self.version += 1
        return event_versioned(self.game, event, self.version, self.said(), deck=self.deck, names_in=self.said)

    def _broadcast(self, frames: list[Versioned]) -> None:
        """Keep ``frames`` for reconnects and send each connection its version of them."""
        self.buffer.extend(frames)
        for connection in self.connections:
            for frame in frames:
                connection.send(frame.for_seat(connection.seat, connection.language))

    def _view_text(self, seat: int | None, names: dict[str, str] | None = None, language: str | None = None) -> str:
        assert self.state is not None
        return view_text(
            self.state, seat, names or self.names(language), self.hand_over, self.version, self.said(language)[seat],
            language,
        )

    def _send_views(self, timer: MoveTimer | None = None) -> None:
        """Each connection's view of the table now: built and written once per seat and language read
        (spectators share one)."""
        if self.state is None:
            return
        names: dict[str | None, dict[str, str]] = {}
        cache: dict[tuple[int | None, str | None], str] = {}
        for connection in self.connections:
            key = (connection.seat, connection.language)
            text = cache.get(key)
            if text is None:
                if connection.language not in names:
                    names[connection.language] = self.names(connection.language)
                text = cache[key] = self._view_text(connection.seat, names[connection.language], connection.language)
            connection.send(text, timer)

    def _lobby_frame(self) -> Versioned:
        self.version += 1
        return addressed({"type": "lobby", "v": self.version, "table": self.info()})

    def _presence_frame(self, seat: int) -> Versioned:
        return self._next({"type": "presence", "seat": seat, "presence": self.presence(seat)})

    async def _store_presence(self, seat: int) -> None:
        """Commit the new version with who is at ``seat`` now: the store is where every server process reads
        presence for the open-tables list (this process, the table's owner, is the only one that writes it)."""
        await self.store.set_presence(self.code, seat, self.presence(seat) or "away", self.version)

    # --- the lobby (over HTTP) ------------------------------------------------------------------------------

    def _check_lobby(self) -> None:
        if self.row.status == "expired":
            raise Refused(409, _("this table expired: nobody joined it in time"))
        if self.row.status != "lobby":
            raise Refused(409, _("the match has started; seats can no longer change"))

    def _check_host(self, token: str | None) -> None:
        if not token:
            raise Refused(401, _("this needs the host token (Authorization: Bearer HOST_TOKEN)"))
        if not token_matches(token, self.row.host_hash):
            raise Refused(403, _("only the host can do that, with the host token"))

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None."""
        return self._seat_of(token)

    def tell_everyone(self, frame: dict[str, Any]) -> None:
        """Send every connection ``frame`` now, outside the table's numbered history (a ``rematch`` offer)."""
        text = dumps(frame)
        for connection in self.connections:
            connection.send(text)

    def _seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is; every seat is compared, so the time taken does not tell which matched."""
        found = None
        for row in self.seats:
            if token_matches(token, row.token_hash):
                found = row.seat
        return found

    async def _save_lobby(self, options: dict[str, Any] | None = None) -> None:
        frame = self._lobby_frame()
        await self.store.save_lobby(self.code, self.seats, self.version, options)
        self._follow_seats()
        self._broadcast([frame])

    def _follow_seats(self) -> None:
        """After the host reseated people, each connection holds the seat its token now sits at (a new welcome
        tells it); a connection whose person was removed becomes a spectator."""
        seat_of = {row.token_hash: row.seat for row in self.seats if row.token_hash}
        self.by_seat = {}
        for connection in self.connections:
            if connection.token_hash is None:
                continue
            seat = seat_of.get(connection.token_hash)
            if seat is not None:
                self.by_seat[seat] = connection
            if seat != connection.seat:
                connection.seat = seat
                host = seat is not None and self.seats[seat].host
                connection.send(dumps({"type": "welcome", "seat": seat, "host": host, "v": self.version - 1}))

    async def join(self, name: Any, seat: Any) -> dict[str, Any]:
        """Take a seat with a name: the given one, or the first empty one. Returns the seat and its token."""
        self._check_lobby()
        try:
            name = clean_name(name, [row.name for row in self.seats if row.kind == "human" and row.name])
        except LobbyError as error:
            raise Refused(400, str(error)) from None
        if seat is None:
            free = [row.seat for row in self.seats if row.kind == "empty"]
            if not free:
                raise Refused(409, _("the table is full"))
            seat = free[0]
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise Refused(400, _("seat must be a number from 0 to {last}", last=len(self.seats) - 1))
        elif self.seats[seat].kind != "empty":
            raise Refused(409, _("seat {number} is taken", number=seat_number(seat)))
        token = new_token()
        self.seats[seat] = SeatRow(seat, "human", name=name, token_hash=hash_token(token))
        await self._save_lobby()
        return {"seat": seat, "token": token}

    async def reissue(self, seat: int) -> dict[str, Any]:
        """A new token for a person's seat, the old one no longer valid: the seat's account logged in from
        another browser to take it back (cartas.online.accounts). A connection with the old token becomes a
        spectator; the new one connects with the token returned."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human" or self.row.status == "finished":
            raise Refused(409, _("that seat holds no person at a table still open"))
        token = new_token()
        self.seats[seat] = replace(self.seats[seat], token_hash=hash_token(token))
        await self.store.save_lobby(self.code, self.seats, self.version)  # no frame: the version stays
        self._follow_seats()
        return {"seat": seat, "token": token}

    async def leave(self, token: str | None) -> dict[str, Any]:
        self._check_lobby()
        seat = self._seat_of(token)
        if seat is None:
            raise Refused(401, _("this token holds no seat at this table"))
        if self.seats[seat].host:
            raise Refused(409, _("the host cannot leave the table before the start; hand the seat over or abandon it"))
        self.seats[seat] = self.seats[seat].emptied()
        await self._save_lobby()
        return self.info()

    async def seating(self, token: str | None, op: Any) -> dict[str, Any]:
        self._check_host(token)
        self._check_lobby()
        if not isinstance(op, dict):
            raise Refused(400, _("the body must be an object such as {example}", example='{"op": "rotate"}'))
        levels = self.registry.bot_levels(self.game.name)
        try:
            self.seats = apply_op(op, self.seats, self.game, self.options, levels)
        except LobbyError as error:
            raise Refused(400, str(error)) from None
        await self._save_lobby()
        return self.info()

    async def start(self, token: str | None) -> dict[str, Any]:
        self._check_host(token)
        self._check_lobby()
        refusal = why_not_start(self.seats, self.game, self.options)
        if refusal is not None:
            raise Refused(400, refusal)
        session = TableSession(
            self.game.start(self.options, seed=self.row.seed), hooks=self.settings.hooks, warn=log.warning
        )
        self.session = session
        self.row.status = "playing"
        frames = [self._lobby_frame()]
        frames += [self._event(e) for e in session.state.events]
        await self.store.start(self.code, self.seats, self.version)
        session.begin()  # match_started, once the start is committed
        self.last_move_v = self.version
        self._broadcast(frames)
        self._send_views()
        self._resume()
        return self.info()

    def _resume(self) -> None:
        """After a start or a restart: start the grace period of every person not here, and let bots play."""
        for row in self.seats:
            if row.kind == "human" and row.seat not in self.by_seat:
                self._start_grace(row.seat)
        self._watch_alone()
        self._schedule_bot()
        sync_clocks(self)

    # --- connections ----------------------------------------------------------------------------------------

    async def connect(self, connection: Connection, token: Any, last_seen: Any) -> None:
        """A websocket said hello: check its token, replace an older connection of the seat, bring it up to date."""
        seat = None
        if token is not None:
            seat = self._seat_of(token) if isinstance(token, str) else None
            if seat is None:
                self.tell(connection, mark("this token holds no seat at this table"))
                connection.close(CLOSE_BAD_TOKEN)
                return
        if connection.language == table_language(self.game):
            connection.language = None  # the table's own: shares every frame with the others reading it
        connection.seat = seat
        connection.token_hash = self.seats[seat].token_hash if seat is not None else None
        alone = not self.connections
        old = self.by_seat.get(seat) if seat is not None else None
        if old is not None:
            old.send(dumps({"type": "replaced"}))
            old.close(CLOSE_REPLACED)
            self.connections.discard(old)
        self.connections.add(connection)
        host = seat is not None and self.seats[seat].host
        connection.send(dumps({"type": "welcome", "seat": seat, "host": host, "v": self.version}))
        self._catch_up(connection, last_seen)
        if seat is not None:
            self.by_seat[seat] = connection
            if old is None:
                self.grace_epoch[seat] = self.grace_epoch.get(seat, 0) + 1
                back = seat in self.takeover
                self.takeover.discard(seat)
                frame = self._presence_frame(seat)
                await self._store_presence(seat)
                self._broadcast([frame])
                self._schedule_bot()
                if back:
                    sync_clocks(self)  # their decisions are theirs again, on the clock
        if alone and self.row.status == "playing":
            self._resume()  # the first person back: graces start again for the absent, and the bots play on
        elif self.clocks is not None and self.state is not None:
            connection.send(dumps(clock_frame(self)))  # (a resume sends everyone the clock)

    def _catch_up(self, connection: Connection, last_seen: Any) -> None:
        seat = connection.seat
        valid = isinstance(last_seen, int) and not isinstance(last_seen, bool) and 0 <= last_seen <= self.version
        if valid and last_seen == self.version:
            pass
        elif valid and self.buffer and self.buffer[0].v <= last_seen + 1:
            for frame in self.buffer:
                if frame.v > last_seen:
                    connection.send(frame.for_seat(seat, connection.language))
        else:
            connection.send(dumps(self.snapshot(seat, connection.language)))
            return
        if self.state is not None:
            connection.send(self._view_text(seat, language=connection.language))

    async def set_language(self, connection: Connection, tag: Any) -> None:
        """A connection reads another language from now on: it is sent the table again in that language (a
        snapshot: the view and this hand's events), the others nothing."""
        language = site_language(tag)
        if language is None:
            self.tell(connection, mark("unknown language {tag}"), tag=repr(str(tag)[:20]))
            return
        connection.language = None if language == table_language(self.game) else language
        connection.send(dumps(self.snapshot(connection.seat, connection.language)))

    def snapshot(self, seat: int | None, language: str | None = None) -> dict[str, Any]:
        return {
            "type": "snapshot", "v": self.version, "table": self.info(),
            "view": None if self.state is None else build_view(
                self.state, seat, self.names(language), self.hand_over, self.said(language)[seat], language),
            "events": [] if self.state is None else hand_events(self.state, seat, self.said(language)[seat], language),
            "chat": list(self.chat), "result": self.result(),
            "clock": None if self.clocks is None else clock_frame(self),
        }

    async def disconnect(self, connection: Connection) -> None:
        self.connections.discard(connection)
        seat = connection.seat
        if seat is None or self.by_seat.get(seat) is not connection:
            self._watch_alone()
            return
        del self.by_seat[seat]
        frame = self._presence_frame(seat)
        await self._store_presence(seat)
        self._broadcast([frame])
        self._start_grace(seat)
        self._watch_alone()

    def _start_grace(self, seat: int) -> None:
        if self.row.status != "playing" or (self.state is not None and self.state.is_over):
            return
        epoch = self.grace_epoch.get(seat, 0) + 1
        self.grace_epoch[seat] = epoch
        asyncio.get_running_loop().call_later(self.row.grace, self.post, self._grace_over, seat, epoch)

    async def _grace_over(self, seat: int, epoch: int) -> None:
        """A person stayed away past the grace period: a bot plays their seat until they come back."""
        if self.grace_epoch.get(seat) != epoch or seat in self.by_seat or self.row.status != "playing":
            return
        if not self.connections:
            return  # nobody is here: no bot plays on alone, the match is abandoned instead (_watch_alone)
        if self.clocks is not None and await is_rated(self):
            return  # at a rated table with a clock, the clock alone bounds an absent person's decisions
        self.takeover.add(seat)
        frame = self._presence_frame(seat)
        await self._store_presence(seat)
        self._broadcast([frame])
        self._schedule_bot()
        sync_clocks(self)

    def _watch_alone(self) -> None:
        """Nobody is connected (no player, no spectator): stop the match once its grace is over
        (cartas.online.game.expiry)."""
        if self.row.status != "playing" or self.connections or (self.state is not None and self.state.is_over):
            return
        self.alone_epoch += 1
        delay = max(self.row.grace, self.settings.abandon_floor)
        asyncio.get_running_loop().call_later(delay, self.post, self._abandon_if_alone, self.alone_epoch)

    async def _abandon_if_alone(self, epoch: int) -> None:
        from .expiry import abandon

        if epoch == self.alone_epoch and not self.connections and self.row.status == "playing":
            await abandon(self)

    # --- moves ----------------------------------------------------------------------------------------------

    def _say(self, connection: Connection, message: str, /, **values: object) -> str:
        """``message`` (marked for the framework's catalog) in the language ``connection`` reads."""
        with speaking(connection.language or table_language(self.game)):
            return FRAMEWORK(message, **values)

    def tell(self, connection: Connection, message: str, /, **values: object) -> None:
        """Send ``connection`` an error frame: ``message`` (marked for the framework's catalog) in its language."""
        connection.send(dumps({"type": "error", "message": self._say(connection, message, **values)}))

    def _refuse_move(self, connection: Connection, message: str, **values: object) -> None:
        """Tell ``connection`` why its move was refused, in its language (``message`` is marked for the
        framework's catalog, or an error's own text), and send it the table as it stands."""
        self.tell(connection, message, **values)
        if self.state is not None:
            connection.send(self._view_text(connection.seat, language=connection.language))

    async def move(self, connection: Connection, action: Any, last_seen: Any, received: float | None = None) -> None:
        """A person's move: refused with an error and a fresh view unless it is theirs to make, now, and legal."""
        seat = connection.seat
        state = self.state
        if seat is None:
            self.tell(connection, mark("spectators cannot move"))
            return
        if state is None or self.row.status != "playing" or state.is_over:
            self._refuse_move(connection, mark("the match is not being played"))
            return
        if isinstance(last_seen, int) and not isinstance(last_seen, bool) and last_seen < self.last_move_v:
            self._refuse_move(connection, mark("the table moved on before your move arrived; here is where it stands"))
            return
        if seat not in state.to_act:
            self._refuse_move(connection, mark("it is not your turn"))
            return
        legal = state.legal_actions(seat)
        chosen: Action
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(legal):
                self._refuse_move(connection, mark("move {action} is not one of the {count} legal moves"), action=action,
                                  count=len(legal))
                return
            chosen = legal[action]
        elif isinstance(action, str) and len(action) <= 100:
            try:
                with speaking(connection.language or table_language(self.game)):
                    chosen = self.game.parse_action(action)
            except CartasError as error:
                self._refuse_move(connection, "{error}", error=str(error))
                return
            if chosen not in legal:
                self._refuse_move(connection, mark("{move} is not legal now; legal: {legal}"), move=str(chosen),
                                  legal=", ".join(map(str, legal)))
                return
        else:
            self._refuse_move(connection, mark("action must be a move's text or its index in the legal moves"))
            return
        await self._apply(seat, chosen, connection, received)

    async def _apply(
        self, seat: int, action: Action, mover: Connection | None = None, received: float | None = None
    ) -> None:
        """Apply a legal move, commit it, and only then tell everyone (and the plugins' hooks)."""
        session = self.session
        assert session is not None
        state = session.state
        before_version = self.version
        # A decision a bot made because the person's time ran out is still the person's (a timeout, not an
        # absence): it does not count towards a bot having played the seat (cartas.online.accounts.ratings).
        persons = mover is not None or seat in self.bot_turn
        clock = None
        if self.clocks is not None:
            self.clocks.stop(seat)  # the overrun, if any, comes off the reserve, committed with the move
            self.bot_turn.discard(seat)
            clock = self.clocks.state.dumps()
        applied = session.apply(action, seat, announce=False)
        self.decisions.setdefault(seat, [0, 0])[0 if persons else 1] += 1
        frames = [self._event(e) for e in state.events[applied.start:]]
        finished = None
        if state.is_over:
            result = self.result()
            assert result is not None
            frames.append(self._next(result))
            finished = now_iso()
        try:
            await self.store.add_move(
                self.code, len(state.history) - 1, seat, str(action), self.version, finished, clock=clock
            )
        except Exception:
            log.exception("table %s: the move could not be stored; the table goes back to its stored state", self.code)
            self.version = before_version
            self.session = await self._replay()
            sync_clocks(self, tell=False)  # the decision is still to make: its clock runs again
            if mover is not None:
                self._refuse_move(mover, mark("the server could not store the move; try again"))
            else:  # a bot's move: tried again in a moment, or the table would wait for it for ever
                asyncio.get_running_loop().call_later(STORE_RETRY, self.post, self._schedule_bot)
            return
        self.last_move_v = self.version
        self.hand_over = applied.hand_ended
        if mover is not None:
            mover.send(dumps({"type": "ack", "v": self.version}))
        self._broadcast(frames)
        timer = None if received is None else MoveTimer(received, self.settings.metrics.moves)
        self._send_views(timer)
        session.announce(applied)
        sync_clocks(self)
        if finished is not None:
            self.row.status = "finished"
            self.row.finished = finished
            await self.finish()
        else:
            self._schedule_bot()

    async def finish(self) -> None:
        """After a finished match is committed: export its record, then rate it and keep it in the history."""
        self.export()
        if self.settings.on_finished is not None:
            try:
                await self.settings.on_finished(self)
            except Exception:
                log.exception("table %s: the finished match could not be rated", self.code)

    def export(self) -> None:
        """Write the finished match's record file, the one ``cartas replay`` reads, and count it in the history."""
        record = self.record()
        path = self.settings.record_path(self.code)
        try:
            save_record(record, path)
            History(history_path(self.settings.data_dir)).add(record, path)
        except (OSError, CartasError):
            log.exception("table %s: the finished match could not be exported", self.code)

    # --- bots -----------------------------------------------------------------------------------------------

    def _played_by_bot(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or seat in self.takeover or seat in self.bot_turn

    def _bot_seat(self) -> int | None:
        """The seat a bot should decide for now: none while a person present at the table may act."""
        state = self.state
        if state is None or state.is_over or self.row.status != "playing" or not self.connections:
            return None  # with no person connected, no bot plays on alone
        if any(not self._played_by_bot(seat) for seat in state.to_act):
            return None
        return state.to_act[0] if state.to_act else None

    def _schedule_bot(self) -> None:
        if self.bot_job is not None:
            return
        seat = self._bot_seat()
        if seat is None:
            return
        state = self.state
        assert state is not None
        row = self.seats[seat]
        level = row.level if row.kind == "bot" and row.level else self.row.bot_level
        request = BotRequest(
            game=self.game.name, options=self.row.options, seed=self.row.seed, position=self.row.position,
            actions=tuple((s, str(a)) for s, a in state.history), seat=seat, level=level,
        )
        self.bot_job = (len(state.history), seat)
        asyncio.get_running_loop().create_task(self._think(request))

    async def _think(self, request: BotRequest) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        text: str | None
        try:
            if self.earlier is None:
                self.earlier = await earlier_matches(self.store, replace(self.row, seats=self.seats))
            text = await self.bots.decide(replace(request, earlier=self.earlier))
        except Exception:
            log.exception("table %s: the %s bot at seat %d failed", self.code, request.level, request.seat)
            text = None
        wait = self.settings.bot_delay - (loop.time() - began)
        if wait > 0:
            await asyncio.sleep(wait)
        self.post(self._bot_answer, len(request.actions), request.seat, text)

    async def _bot_answer(self, moves: int, seat: int, text: str | None) -> None:
        self.bot_job = None
        state = self.state
        if state is None or len(state.history) != moves or self._bot_seat() != seat:
            self._schedule_bot()  # the table moved on (a person came back): decide again if still needed
            return
        legal = state.legal_actions(seat)
        action: Action = legal[0]
        if text is not None:
            try:
                action = self.game.parse_action(text)
            except CartasError:
                log.error("table %s: the bot at seat %d answered %r, which does not parse", self.code, seat, text)
        if action not in legal:
            action = legal[0]
        await self._apply(seat, action)

    # --- chat -----------------------------------------------------------------------------------------------

    async def say(self, connection: Connection, text: Any, spectator_name: Any = None) -> None:
        """A chat line from ``connection``: a seat speaks under its seat's name; a spectator under the name it
        gives (``spectator_name``, cleaned as a seat's name is), else "spectator"; the frame's null seat marks it."""
        if not isinstance(text, str) or not text.strip():
            self.tell(connection, mark("a chat line needs some text"))
            return
        if connection.seat is None and not self.row.spectator_chat:
            self.tell(connection, mark("spectators cannot chat at this table"))
            return
        text = shown(text).strip()
        if not text:
            self.tell(connection, mark("a chat line needs some text"))
            return
        if len(text) > self.settings.chat_max:
            self.tell(connection, mark("a chat line has at most {count} characters"), count=self.settings.chat_max)
            return
        if not connection.chat_allowed(self.settings.chat_limit, self.settings.chat_window):
            limit, window = self.settings.chat_limit, self.settings.chat_window
            self.tell(connection, mark("at most {count} chat lines every {seconds} seconds"), count=limit, seconds=f"{window:g}")
            return
        seat = connection.seat
        name = (display_name(self.seats[seat]) if seat is not None else _spectator(spectator_name)) or "spectator"
        frame_data = {"type": "chat", "seat": seat, "name": name, "text": text}
        frame = self._next(frame_data)
        await self.store.add_chat(self.code, ChatRow(self.version, seat, name, text, now_iso()))
        self.chat.append(frame_data)
        self._broadcast([frame])


def _spectator(name: Any) -> str | None:
    """The name a spectator chats under, when it is a valid seat name; None otherwise."""
    try:
        return clean_name(name) if name is not None else None
    except LobbyError:
        return None


def new_table_row(
    code: str, game: Game, options: dict[str, Any], seed: int, creator: str, token_hash: str, host_hash: str,
    grace: float, bot_level: str,
) -> TableRow:
    """A table in the lobby with its creator at seat 0 as the host, the other seats empty."""
    players = int(options["players"])
    seats = [SeatRow(0, "human", name=creator, token_hash=token_hash, host=True)]
    seats += [SeatRow(seat) for seat in range(1, players)]
    return TableRow(
        code=code, game=game.name, options=options, seed=seed, status="lobby", grace=grace, bot_level=bot_level,
        host_hash=host_hash, created=now_iso(), seats=seats,
    )

