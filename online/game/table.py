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
import inspect
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cartas.core.history import History, history_path
from cartas.core.naming import seat_number
from cartas.core.errors import CartasError
from cartas.core.i18n import FRAMEWORK, mark, speaking
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n.language import current_language, use_language
from cartas.core.record import save_record
from cartas.core.session import TableSession
from cartas.core.state import Action
from ..server.errors import Refused
from .bots import BotRequest
from .now import now_iso
from .settings import in_language
from .clock import clock_frame, is_rated, sync_clocks
from .turns import plan_turn, tell_turn, turn_based
from .connection import Connection
from .earlier_matches import earlier_matches
from .expiry import abandon, discard
from .words import site_language
from .lobby import LobbyError, apply_op, clean_name, display_name, why_not_start
from ..server.metrics import MoveTimer
from ..store.tables import ChatRow, SeatRow
from .tokens import hash_token, new_token
from .views import build_view, dumps, hand_events, table_language
from ..accounts.names import shown

from .table_core import CLOSE_BAD_TOKEN, CLOSE_REPLACED, STORE_RETRY, TableCore, log


class LiveTable(TableCore):
    """A table in memory: its row, its seats, its match state, its connections and its recent frames."""

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

    async def _save_lobby(self, options: dict[str, Any] | None = None) -> None:
        frame = self._lobby_frame()
        await self.store.save_lobby(self.code, self.seats, self.version, options)
        self._follow_seats()
        self.broadcast([frame])

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
        if turn_based(self):
            assert self.clocks is not None
            plan_turn(self)
            await self.store.save_clock(self.code, self.clocks.state.dumps(), self.version)
            tell_turn(self)
        session.begin()  # match_started, once the start is committed
        self.last_move_v = self.version
        self.broadcast(frames)
        self._send_views()
        self._resume()
        return self.info()

    def _resume(self) -> None:
        """After a start or a restart: start the grace period of every person not here, and let bots play."""
        for row in self.seats:
            if row.kind == "human" and row.seat not in self.by_seat:
                self._start_grace(row.seat)
        self._watch_alone()
        self.schedule_bot()
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
        if seat is None and not self.row.spectators:  # the host made the table private to spectators
            self.tell(connection, mark("this table is private: spectators cannot watch it"))
            connection.close(CLOSE_BAD_TOKEN)
            return
        if connection.language == table_language(self.game):
            connection.language = None  # the table's own: shares every frame with the others reading it
        connection.seat = seat
        self.unclaimed = False
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
                self.broadcast([frame])
                self.schedule_bot()
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
        self.broadcast([frame])
        self._start_grace(seat)
        self._watch_alone()

    def _start_grace(self, seat: int) -> None:
        if self.row.status != "playing" or (self.state is not None and self.state.is_over) or turn_based(self):
            return  # (a turn-based table has no grace: its deadline bounds an absent person's decision)
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
        self.broadcast([frame])
        self.schedule_bot()
        sync_clocks(self)

    def _watch_alone(self) -> None:
        """Nobody is connected (no player, no spectator): stop the match once its grace is over
        (cartas.online.game.expiry)."""
        if self.row.status != "playing" or self.connections or (self.state is not None and self.state.is_over):
            return
        if turn_based(self):
            return  # waiting with nobody here is what a turn-based table does
        self.alone_epoch += 1
        delay = max(self.row.grace, self.settings.abandon_floor)
        asyncio.get_running_loop().call_later(delay, self.post, self._abandon_if_alone, self.alone_epoch)

    async def _abandon_if_alone(self, epoch: int) -> None:
        if epoch == self.alone_epoch and not self.connections and self.row.status == "playing":
            await (discard(self) if self.unclaimed else abandon(self))

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
        applied = session.apply(action, seat, announce=False)
        if self.clocks is not None:
            plan_turn(self)  # a turn-based table's next deadline, committed with the move
            clock = self.clocks.state.dumps()
        self.decisions.setdefault(seat, [0, 0])[0 if persons else 1] += 1
        frames = [self._event(e) for e in state.events[applied.start:]]
        finished = None
        if state.is_over:
            result = self.result()
            assert result is not None
            frames.append(self.next_frame(result))
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
                asyncio.get_running_loop().call_later(STORE_RETRY, self.post, self.schedule_bot)
            return
        self.last_move_v = self.version
        self.hand_over = applied.hand_ended
        if mover is not None:
            mover.send(dumps({"type": "ack", "v": self.version}))
        self.broadcast(frames)
        timer = None if received is None else MoveTimer(received, self.settings.metrics.moves)
        self._send_views(timer)
        session.announce(applied)
        sync_clocks(self)
        tell_turn(self)  # (a push queued, never awaited: cartas.online.push)
        if finished is not None:
            self.row.status = "finished"
            self.row.finished = finished
            await self.finish()
        else:
            self.schedule_bot()

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

    def bot_seat(self) -> int | None:
        """The seat a bot should decide for now: none while a person present at the table may act."""
        state = self.state
        if state is None or state.is_over or self.row.status != "playing":
            return None
        if not self.connections and not turn_based(self):
            return None  # with no person connected, no bot plays on alone (a turn-based table's bots do)
        if any(not self._played_by_bot(seat) for seat in state.to_act):
            return None
        return state.to_act[0] if state.to_act else None

    def schedule_bot(self) -> None:
        if self.bot_job is not None:
            return
        seat = self.bot_seat()
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
        if state is None or len(state.history) != moves or self.bot_seat() != seat:
            self.schedule_bot()  # the table moved on (a person came back): decide again if still needed
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
        frame = self.next_frame(frame_data)
        await self.store.add_chat(self.code, ChatRow(self.version, seat, name, text, now_iso()))
        self.chat.append(frame_data)
        self.broadcast([frame])


def _spectator(name: Any) -> str | None:
    """The name a spectator chats under, when it is a valid seat name; None otherwise."""
    try:
        return clean_name(name) if name is not None else None
    except LobbyError:
        return None
