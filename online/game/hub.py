"""The server's tables: creating them, finding them by code, listing the open ones, and bringing every
running table back on start-up by replaying its stored moves.

Several processes may serve one database. Each table that is not finished is run by exactly one of them, the
holder of its lease (a row of the ``leases`` table: owner id, address, expiry), which renews every lease it
holds every :attr:`Ownership.renew_every` seconds. A process asked for a table another live process holds
refuses with :class:`NotOwner` (the app turns it into a 503 with the owner's address); a table whose lease ran
out (its process died or hung) is taken over by the first process that asks for it or finds it in its
periodic sweep, by replaying its committed moves from the database. A process that finds, on renewal, that it
lost a lease stops that table and closes its sockets, so its clients reconnect to the new owner. Two owners
can never both commit a move: moves are keyed by (table, move number), so the stale one's insert fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from cartas.core.deck import new_seed
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import speaking
from cartas.core.naming import level_name
from cartas.core.options import option_info, option_infos
from cartas.core.plugins.registry import Registry
from .bots import BotRunner
from .turns import turns_clock, turns_setting
from .clock import ClockError, ClockState, clock_setting
from .expiry import DONE
from .words import SITE_LANGUAGES, title_texts
from ..server.limits import unbounded_option
from .lobby import LobbyError, clean_name
from .rematch import RematchOffer, rematch_row, rematch_seats
from .seat_names import display_names
from ..store.tables import AsyncStore, Lease, SeatRow, StoreError, TableRow
from ..server.errors import Refused
from .settings import Settings, new_table_row
from .table import LiveTable
from .ownership import LEASE, RENEW_SHARE, NotOwner, Ownership
from .tokens import hash_token, new_code, new_token

log = logging.getLogger("cartas.online")

MAX_GRACE = 3600.0
PAGE = 50
"""Open tables per page of the lobby's list by default; a request may ask for up to :data:`MAX_PAGE`."""
MAX_PAGE = 200
CLOSE_MOVED = 4503
"""The websocket close code a table's clients get when this process lost the table to another: reconnect."""
CLOSE_RESTART = 1012
"""The websocket close code ("service restart") a table's clients get when the server shuts down: reconnect."""
DRAIN_SECONDS = 10.0
"""The longest a graceful shutdown waits for the tables to finish the work they were given."""


class Hub:
    """Every table this process serves, each loaded from the store on first use and run under a lease."""

    def __init__(
        self, store: AsyncStore, registry: Registry, bots: BotRunner, settings: Settings, default_grace: float = 60.0,
        ownership: Ownership | None = None,
    ) -> None:
        self.store = store
        self.registry = registry
        self.bots = bots
        self.settings = settings
        self.default_grace = default_grace
        self.ownership = ownership or Ownership()
        self.tables: dict[str, LiveTable] = {}
        self.rematches: dict[str, RematchOffer] = {}
        """Rematch offers by the finished table's code (see :mod:`cartas.online.game.rematch`)."""
        self.loading: dict[str, asyncio.Lock] = {}
        self.draining = False
        """A graceful shutdown has begun (:meth:`drain`): no new table, no join."""
        self.damaged: set[str] = set()
        """Tables whose rows could not be read or whose moves did not replay: skipped, not tried again."""
        self.lobby_cache: list[dict[str, Any]] | None = None
        self.lobby_changes = 0
        self.lobby_trusted = False
        """Whether a listener tells this hub of every lobby change (Postgres LISTEN/NOTIFY), so the list may be kept."""

    def lobby_changed(self, listening: bool) -> None:
        """A table in the lobby changed somewhere (or the listener went away): drop the cached open-tables list."""
        self.lobby_cache = None
        self.lobby_changes += 1
        self.lobby_trusted = listening

    async def listen_lobby(self) -> None:
        """Keep the open-tables list cached between changes, when the store can tell of them (Postgres)."""
        listen = getattr(self.store, "listen_lobby", None)
        if listen is not None:
            await listen(self.lobby_changed)

    async def _live(self, row: TableRow) -> LiveTable:
        table = LiveTable(row, self.registry.game(row.game), self.registry, self.store, self.bots, self.settings)
        await table.restore()
        self.tables[row.code] = table
        return table

    async def _lease(self, code: str) -> Lease:
        me = self.ownership
        return await self.store.acquire(code, me.owner, me.address, me.ttl)

    async def get(self, code: str) -> LiveTable | None:
        """The table with this code (any case), loaded from the store if this process has not yet; None if none.

        Raises :class:`NotOwner` when another live process runs it.
        """
        code = code.upper()
        table = self.tables.get(code)
        if table is None:
            if len(code) > 16 or code in self.damaged:
                return None
            lock = self.loading.setdefault(code, asyncio.Lock())
            try:
                async with lock:  # two requests for one table must not load it twice
                    table = self.tables.get(code)
                    if table is None:
                        table = await self._load_or_skip(code)
            finally:
                if not lock.locked():
                    self.loading.pop(code, None)
            if table is None:
                return None
        table.ensure_running()
        return table

    async def _load_or_skip(self, code: str) -> LiveTable | None:
        """:meth:`_load`, except that a table that cannot be read or replayed is logged once and skipped (None)."""
        try:
            return await self._load(code)
        except (CartasError, StoreError) as error:
            self.damaged.add(code)
            log.error("table %s could not be rebuilt from the store, it is skipped: %s", code, error)
            return None

    async def _load(self, code: str) -> LiveTable | None:
        row = await self.store.load_table(code)
        if row is None:
            return None
        if row.status not in DONE:
            lease = await self._lease(code)
            if lease.owner != self.ownership.owner:
                raise NotOwner(lease)
            row = await self.store.load_table(code)  # what the last owner committed before its lease ran out
            assert row is not None
            await self.store.clear_presence(code)  # nobody is connected here yet; each client says so on arrival
        return await self._live(row)

    async def start_up(self) -> int:
        """Rebuild every table in play that no live process runs, so their bots and grace periods run again.

        Returns how many. A finished table whose record file is missing (the server stopped between committing
        the last move and writing the file) is exported now, so no finished match is left out of the records
        and the history.
        """
        rebuilt = await self.sweep()
        for row in await self.store.tables_with_status("finished"):
            if not self.settings.record_path(row.code).exists():
                try:
                    (await self._live(row)).export()
                except (CartasError, StoreError) as error:
                    log.error("finished table %s could not be exported: %s", row.code, error)
        return rebuilt

    async def sweep(self) -> int:
        """Take over every table in play whose lease ran out (or that has none); returns how many were taken."""
        taken = 0
        for code in await self.store.unowned_playing(self.ownership.owner):
            if code in self.tables or code in self.damaged:
                continue
            try:
                if await self.get(code) is not None:
                    taken += 1
                    log.info("took table %s over", code)
            except NotOwner:
                continue  # another process was quicker
            except (CartasError, StoreError) as error:  # one line, and the other tables are served
                self.damaged.add(code)
                log.error("table %s could not be rebuilt from the store, it is skipped: %s", code, error)
        return taken

    async def renew(self) -> None:
        """Renew this process's leases; stop the tables whose lease another process took meanwhile."""
        # Only the tables held before the renewal was sent: one created or taken over while it was on its way
        # got its lease after the renewal's snapshot, and is not lost.
        before = set(self.tables)
        held = await self.store.renew(self.ownership.owner, self.ownership.ttl)
        for code in before - held:
            table = self.tables.get(code)
            if table is None or table.row.status == "finished":
                continue
            log.warning("table %s: the lease was lost to another process; its clients go there", code)
            del self.tables[code]
            for connection in list(table.connections):
                connection.close(CLOSE_MOVED)
            if table.task is not None:
                table.task.cancel()

    async def keep_leases(self) -> None:
        """Renew the leases and sweep for expired ones, each on its own clock, for as long as the process runs.

        Apart, so that taking over many tables (a replay each) never holds back the renewal of this process's
        own leases.
        """
        await asyncio.gather(self._renew_forever(), self._sweep_forever())

    async def _renew_forever(self) -> None:
        every = self.ownership.renew_every
        while True:
            await asyncio.sleep(every)
            try:  # a renewal that hangs would hold back the next one: give up on it at the next one's time
                await asyncio.wait_for(self.renew(), timeout=every)
            except Exception:  # the database is away for a moment: try again next time
                log.exception("renewing the table leases failed")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ownership.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("looking for tables whose lease ran out failed")

    async def drain(self) -> int:
        """The first step of a graceful shutdown (SIGTERM): let every table finish what it was given (a move
        being committed, a bot's move on its way), then tell each client to reconnect and close its socket with
        1012. The app refuses new tables and joins from the moment ``draining`` is set. Returns the sockets closed.
        """
        self.draining = True
        tables = list(self.tables.values())

        async def settle(table: LiveTable) -> None:
            with contextlib.suppress(Exception):
                await table.call(lambda: None)  # queued behind everything the table was already given

        await asyncio.wait_for(asyncio.gather(*(settle(table) for table in tables)), DRAIN_SECONDS)
        closed = 0
        frame = json.dumps({"type": "restart", "message": "the server is restarting; reconnect in a moment"})
        for table in tables:
            for connection in list(table.connections):
                connection.send(frame)
                connection.close(CLOSE_RESTART)
                closed += 1
        writers = [c.writer for table in tables for c in table.connections]
        if writers:
            await asyncio.wait(writers, timeout=2)
        return closed

    async def forget(self, code: str) -> None:
        """Drop a table that has ended from memory and give up its lease; it is loaded again if asked for."""
        table = self.tables.pop(code, None)
        if table is not None and table.task is not None:
            table.task.cancel()
        try:
            await self.store.release(self.ownership.owner, [code])
        except Exception:
            log.exception("table %s: its lease could not be released; it runs out by itself", code)

    async def shut_down(self) -> None:
        for table in self.tables.values():
            await table.stop()
        self.bots.close()
        try:  # let another process take the tables at once rather than after the lease runs out
            await self.store.release(self.ownership.owner)
        except Exception:
            log.exception("the table leases could not be released; they run out by themselves")

    # --- creating and listing -------------------------------------------------------------------------------

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new table with its creator at seat 0 as the host; returns the code and both tokens."""
        try:
            game = self.registry.game(str(body.get("game", "")))
        except CartasError as error:
            raise Refused(400, str(error)) from None
        values = body.get("options") or {}
        if not isinstance(values, dict):
            raise Refused(400, _("options must be an object such as {example}", example='{"players": 4, "points": 15}'))
        try:
            creator = clean_name(body.get("name"))
            options = game.options(values)
        except (LobbyError, CartasError) as error:
            raise Refused(400, str(error)) from None
        unbounded = unbounded_option(options)
        if unbounded is not None:
            raise Refused(400, unbounded)
        grace = body.get("grace", self.default_grace)
        if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace <= MAX_GRACE:
            raise Refused(400, _("grace must be a number of seconds from 0 to {most}", most=f"{MAX_GRACE:g}"))
        try:
            clock = clock_setting(body.get("clock"), body.get("reserve"))
            turns = turns_setting(body.get("turns"))
        except ClockError as error:
            raise Refused(400, str(error)) from None
        if turns is not None and clock is not None:
            raise Refused(400, _("a table has a clock or turns, not both"))
        levels = self.registry.bot_levels(game.name)
        if not levels:
            raise Refused(400, _("no bot plays {game}, so no table can be set up", game=game.name))
        spectator_chat = body.get("spectator_chat", False)
        if not isinstance(spectator_chat, bool):
            raise Refused(400, _("{field} must be true or false", field="spectator_chat"))
        spectators = body.get("spectators", True)
        if not isinstance(spectators, bool):
            raise Refused(400, _("{field} must be true or false", field="spectators"))
        level = body.get("bot_level") or ("medium" if "medium" in levels else levels[0])
        if level not in levels:
            raise Refused(400, _("no bot level {level}; levels: {levels}", level=repr(level), levels=", ".join(levels)))
        token, host_token = new_token(), new_token()
        seed = new_seed()
        for _attempt in range(20):
            row = new_table_row(
                new_code(), game, options.model_dump(), seed, creator, hash_token(token), hash_token(host_token),
                float(grace), level,
            )
            row.spectator_chat = spectator_chat
            row.spectators = spectators
            row.clock = None if clock is None else ClockState.new(*clock, players=len(row.seats)).to_json()
            if turns is not None:
                row.clock = turns_clock(turns, len(row.seats))
            if await self.store.create_table(row):
                break
        else:
            raise Refused(503, _("no free table code was found; try again"))
        await self._lease(row.code)
        (await self._live(row)).ensure_running()
        return {"code": row.code, "seat": 0, "token": token, "host_token": host_token, "url": f"/t/{row.code}"}

    async def rematch(self, code: str, token: str | None) -> dict[str, Any]:
        """The person holding ``token`` at finished table ``code`` accepts a rematch (see :mod:`.rematch`)."""
        table = await self.get(code)
        if table is None:
            raise Refused(404, _("no table {code}", code=repr(code)))
        return cast(dict[str, Any], await table.call(self._accept_rematch, table, token))

    async def _accept_rematch(self, table: LiveTable, token: str | None) -> dict[str, Any]:
        """Run in the finished table's task, so two acceptances never make two new tables."""
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(401, _("this needs your seat token at this table (Authorization: Bearer SEAT_TOKEN)"))
        if table.state is None or not table.state.is_over:
            raise Refused(409, _("the match is not over; a rematch is offered at its end"))
        bots = frozenset(row.seat for row in table.seats if row.kind == "bot")
        offer = self.rematches.get(table.code)
        if offer is None:
            seats, tokens, host_token = rematch_seats(table.seats)
            for _attempt in range(20):
                row = rematch_row(table.row, new_code(), new_seed(), seats, host_token)
                if await self.store.create_table(row):
                    break
            else:
                raise Refused(503, _("no free table code was found; try again"))
            await self._lease(row.code)
            (await self._live(row)).ensure_running()
            offer = RematchOffer(row.code, tokens, host_token, table.host_seat(), frozenset(tokens))
            self.rematches[table.code] = offer
            others = tuple(
                hashed for other in table.seats
                if other.seat != seat and other.seat not in table.by_seat and (hashed := other.token_hash) is not None
            )
            if others and self.settings.notify is not None:  # queued, never awaited (cartas.online.push)
                self.settings.notify("rematch", table.code, table.game.name, others)
        offer.accepted.add(seat)
        if offer.everyone_accepted() and not offer.started:
            new = await self.get(offer.code)
            if new is None:
                raise Refused(410, _("the rematch table is gone"))
            await new.call(new.start, offer.host_token)
            offer.started = True
        table.tell_everyone(offer.frame(bots))
        return offer.answer(seat, bots)

    async def open_tables(self, limit: int = PAGE, after: tuple[str, str] | None = None) -> list[dict[str, Any]]:
        """A page of the tables in the lobby with a free seat, oldest first (whichever process runs them): up to
        ``limit`` after the table ``after`` (its created time and code), read through the ``tables_open`` index.

        With Postgres the first page is read once per change anywhere (LISTEN/NOTIFY), not once per request.
        """
        first = after is None and limit == PAGE
        cached = self.lobby_cache
        if first and cached is not None and self.lobby_trusted:
            return cached
        changes = self.lobby_changes
        listed = await self._read_open_tables(limit, after)
        if first and self.lobby_trusted and changes == self.lobby_changes:  # no change arrived while it was read
            self.lobby_cache = listed
        return listed

    async def _read_open_tables(self, limit: int, after: tuple[str, str] | None) -> list[dict[str, Any]]:
        rows = await self.store.open_tables_page(limit, after)
        # Presence as the tables' owners recorded it, so the list is the same from every process.
        presence = await self.store.presence([row.code for row in rows])
        listed = []
        for row in rows:
            free = sum(seat.kind == "empty" for seat in row.seats)
            host = next((seat.name for seat in row.seats if seat.host), None)
            game = self.registry.games.get(row.game)
            names = display_names(game, row.seats)
            listed.append({
                "code": row.code, "game": row.game, "title": game.title if game else row.game,
                "titles": title_texts(game) if game else {},
                "players": len(row.seats), "points": row.options.get("points"), "free": free, "host": host,
                "created": row.created,
                "seats": [
                    {"seat": seat.seat, "name": name, "presence": seat_presence(seat, presence[row.code])}
                    for seat, name in zip(row.seats, names, strict=True)
                ],
            })
        return listed

    def games(self) -> list[dict[str, Any]]:
        return [describe_game(game, self.registry) for game in self.registry.games.values()]


def seat_presence(seat: SeatRow, recorded: dict[int, str]) -> str | None:
    """Who is at a seat for the open-tables list: as in a table's info, from what its owner recorded."""
    if seat.kind == "empty":
        return None
    if seat.kind == "bot":
        return "bot"
    return recorded.get(seat.seat, "away")


def option_texts(game: Game, name: str, choices: Sequence[Any] | None = None) -> dict[str, dict[str, Any]]:
    """An option's name, help and choices in each site language, as the lobby shows them to each reader:
    ``{"pt-BR": {"title": "Baralho", "help": "...", "choices": ["Baralho francês", "Baralho espanhol"]}}``,
    the choices in the order of the option's ``choices`` (only for an option that has them)."""
    texts: dict[str, dict[str, Any]] = {}
    for language in SITE_LANGUAGES:
        with speaking(language):
            title, help_text = game.option_text(name)
            texts[language] = {"title": title, "help": help_text}
            if choices is not None:
                texts[language]["choices"] = [game.choice_text(name, choice) for choice in choices]
    return texts


def describe_game(game: Game, registry: Registry) -> dict[str, Any]:
    """One game for the lobby's form: its player counts, teams, options with defaults, and bot levels."""
    counts = game.player_counts()
    teams: dict[str, list[int] | None] = {}
    for count in counts:
        try:
            seating = game.teams(game.options({"players": count}))
        except CartasError:
            continue
        teams[str(count)] = list(seating) if seating is not None else None
    options = []
    for info in option_infos(game.Options):
        if info.name == "players":
            continue
        options.append({
            "name": info.name, "type": info.kind, "choices": None if info.choices is None else list(info.choices),
            "default": info.default, "description": info.description,
            "text": option_texts(game, info.name, info.choices),
        })
    default_players = option_info(game.Options, "players").default
    return {
        "name": game.name, "title": game.title, "titles": title_texts(game), "language": game.language,
        "players": list(counts),
        "default_players": default_players if isinstance(default_players, int) else counts[0], "teams": teams,
        "options": options, "levels": registry.bot_levels(game.name),
        "level_texts": level_texts(game, registry),
    }


def level_texts(game: Game, registry: Registry) -> dict[str, dict[str, str]]:
    """Each bot level as each site language shows it in the pickers, where that says more than the level's
    plain name: a personality's title and measured strength, ``{"es-AR": {"mentiroso": "El Mentiroso · 46%
    contra medio"}}`` (the pages name the other levels from their labels, as before)."""
    texts: dict[str, dict[str, str]] = {}
    for language in SITE_LANGUAGES:
        with speaking(language):
            texts[language] = {
                level: label for level in registry.bot_levels(game.name)
                if (label := registry.level_label(game.name, level)) != level_name(level)
            }
    return texts
