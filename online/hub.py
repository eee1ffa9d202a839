"""The server's tables: creating them, finding them by code, listing the open ones, and bringing every
running table back on start-up by replaying its stored moves.
"""

from __future__ import annotations

import logging
import typing
from typing import Any, Literal

from cartas.core.deck import new_seed
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.registry import Registry
from cartas.online.bots import BotRunner
from cartas.online.lobby import LobbyError, clean_name
from cartas.online.store import Store, TableRow
from cartas.online.table import LiveTable, Refused, Settings, new_table_row
from cartas.online.tokens import hash_token, new_code, new_token

log = logging.getLogger("cartas.online")

MAX_GRACE = 3600.0


class Hub:
    """Every table this process serves, each loaded from the store on first use."""

    def __init__(
        self, store: Store, registry: Registry, bots: BotRunner, settings: Settings, default_grace: float = 60.0
    ) -> None:
        self.store = store
        self.registry = registry
        self.bots = bots
        self.settings = settings
        self.default_grace = default_grace
        self.tables: dict[str, LiveTable] = {}

    def _live(self, row: TableRow) -> LiveTable:
        table = LiveTable(row, self.registry.game(row.game), self.registry, self.store, self.bots, self.settings)
        table.restore()
        self.tables[row.code] = table
        return table

    def get(self, code: str) -> LiveTable | None:
        """The table with this code (any case), loaded from the store if this process has not yet; None if none."""
        code = code.upper()
        table = self.tables.get(code)
        if table is None:
            if len(code) > 16:
                return None
            row = self.store.load_table(code)
            if row is None:
                return None
            table = self._live(row)
        table.ensure_running()
        return table

    def start_up(self) -> int:
        """Rebuild every table in play, so their bots and grace periods run again; returns how many."""
        rows = self.store.tables_with_status("playing")
        for row in rows:
            try:
                self._live(row).ensure_running()
            except CartasError as error:
                log.error("table %s could not be rebuilt from the store: %s", row.code, error)
        return len(rows)

    async def shut_down(self) -> None:
        for table in self.tables.values():
            await table.stop()
        self.bots.close()

    # --- creating and listing -------------------------------------------------------------------------------

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new table with its creator at seat 0 as the host; returns the code and both tokens."""
        try:
            game = self.registry.game(str(body.get("game", "")))
        except CartasError as error:
            raise Refused(400, str(error)) from None
        values = body.get("options") or {}
        if not isinstance(values, dict):
            raise Refused(400, "options must be an object such as {\"players\": 4, \"points\": 15}")
        try:
            creator = clean_name(body.get("name"))
            options = game.options(values)
        except (LobbyError, CartasError) as error:
            raise Refused(400, str(error)) from None
        grace = body.get("grace", self.default_grace)
        if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace <= MAX_GRACE:
            raise Refused(400, f"grace must be a number of seconds from 0 to {MAX_GRACE:g}")
        levels = self.registry.bot_levels(game.name)
        if not levels:
            raise Refused(400, f"no bot plays {game.name}, so no table can be set up")
        level = body.get("bot_level") or ("medium" if "medium" in levels else levels[0])
        if level not in levels:
            raise Refused(400, f"no bot level {level!r}; levels: {', '.join(levels)}")
        token, host_token = new_token(), new_token()
        seed = new_seed()
        for _ in range(20):
            row = new_table_row(
                new_code(), game, options.model_dump(), seed, creator, hash_token(token), hash_token(host_token),
                float(grace), level,
            )
            if self.store.create_table(row):
                break
        else:
            raise Refused(503, "no free table code was found; try again")
        self._live(row).ensure_running()
        return {"code": row.code, "seat": 0, "token": token, "host_token": host_token, "url": f"/t/{row.code}"}

    def open_tables(self) -> list[dict[str, Any]]:
        """Tables in the lobby with at least one free seat, oldest first."""
        listed = []
        for row in self.store.tables_with_status("lobby"):
            free = sum(seat.kind == "empty" for seat in row.seats)
            if not free:
                continue
            host = next((seat.name for seat in row.seats if seat.host), None)
            game = self.registry.games.get(row.game)
            listed.append({
                "code": row.code, "game": row.game, "title": game.title if game else row.game,
                "players": len(row.seats), "points": row.options.get("points"), "free": free, "host": host,
                "created": row.created,
            })
        return listed

    def games(self) -> list[dict[str, Any]]:
        return [describe_game(game, self.registry) for game in self.registry.games.values()]


def _option_type(annotation: Any) -> tuple[str, list[Any] | None]:
    if typing.get_origin(annotation) is Literal:
        return "choice", list(typing.get_args(annotation))
    if annotation is bool:
        return "bool", None
    if annotation is int:
        return "int", None
    if annotation is float:
        return "float", None
    return "str", None


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
    for name, field in game.Options.model_fields.items():
        if name == "players":
            continue
        kind, choices = _option_type(field.annotation)
        options.append({
            "name": name, "type": kind, "choices": choices,
            "default": None if field.is_required() else field.default, "description": field.description or "",
        })
    default_players = game.Options.model_fields["players"].default
    return {
        "name": game.name, "title": game.title, "language": game.language, "players": list(counts),
        "default_players": default_players if isinstance(default_players, int) else counts[0], "teams": teams,
        "options": options, "levels": registry.bot_levels(game.name),
    }
