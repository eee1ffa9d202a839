"""What a live table holds and shows: its seats and match, its task and inbox, its frames and the views it
sends; :class:`cartas.online.game.table.LiveTable` adds what happens at it (seating, connections, moves, bots
and chat). The two are one object; they are two modules only to keep each readable on its own."""


import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.position import Position
from cartas.core.record import MatchRecord, record_of
from cartas.core.session import TableSession
from cartas.core.plugins.registry import Registry
from cartas.core.state import State
from ..server.errors import Refused
from .bots import BotRunner, EarlierMatch
from .clock import SeatClocks, clock_of, is_rated, lost_on_time_result
from .connection import Connection
from ..analysis.match_steps import match_steps
from .words import title_texts
from .lobby import recorded_names
from ..server.metrics import MoveTimer
from .seat_names import ViewerNames, display_names, names_by_viewer
from ..store.tables import AsyncStore, SeatRow, TableRow
from .tokens import token_matches
from .views import Versioned, addressed, dumps, event_versioned, versioned, view_text

from .settings import Settings

log = logging.getLogger("cartas.online")

STORE_RETRY = 1.0
"""Seconds before a bot's move the store refused (a full disk) is tried again."""

CLOSE_BAD_TOKEN = 4401
CLOSE_REPLACED = 4409


class TableCore:
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
        self.cut_tokens: set[str] = set()
        """Hashes of seat tokens that no longer open their seat: their account logged out or was disabled
        (cartas.online.accounts.seat_guard); the seat goes to the bot after the grace, as for any leaver."""
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
        self.unclaimed = False
        """A quick-play table started for people none of whom has connected yet: if the match is abandoned
        before anyone does, it is deleted, not kept (cartas.online.game.expiry.discard)."""
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

    def next_frame(self, frame: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Versioned:
        self.version += 1
        frame["v"] = self.version
        return versioned(frame, visible_to)

    def _event(self, event: Event) -> Versioned:
        """The next version: ``event``, written once per viewer who may see it, each naming the players its way."""
        self.version += 1
        return event_versioned(self.game, event, self.version, self.said(), deck=self.deck, names_in=self.said)

    def broadcast(self, frames: list[Versioned]) -> None:
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
        return self.next_frame({"type": "presence", "seat": seat, "presence": self.presence(seat)})

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
            if token_matches(token, row.token_hash) and row.token_hash not in self.cut_tokens:
                found = row.seat
        return found
