"""What the store reads and writes, as Python values: a table's row, its seats, its chat lines, a lease; and the
errors a database that cannot be used raises."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

class StoreError(Exception):
    """The database cannot be used: not a cartas online database, or a newer schema than this code knows."""


class DamagedTable(StoreError):
    """One table's rows cannot be read (a damaged page of the file): the table is skipped, the others served."""

    def __init__(self, code: str, error: BaseException) -> None:
        super().__init__(f"table {code} cannot be read from the database ({error}); it is skipped")
        self.code = code


@dataclass(frozen=True)
class SeatRow:
    """One seat: empty, a person (by name, with the hash of their token) or a bot at a level."""

    seat: int
    kind: str = "empty"
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    host: bool = False

    def emptied(self) -> SeatRow:
        return SeatRow(self.seat)

    def at(self, seat: int) -> SeatRow:
        """The same occupant at another seat (for moves and rotations)."""
        return replace(self, seat=seat)


@dataclass
class TableRow:
    """A table as stored: its match (game, options, seed, position), its lobby settings and its status."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    grace: float
    bot_level: str
    host_hash: str
    created: str
    position: dict[str, Any] | None = None
    version: int = 0
    finished: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    spectator_chat: bool = False
    """Whether spectators may chat (the host's choice at creation; no by default)."""
    clock: dict[str, Any] | None = None
    """The table's clock (cartas.online.game.clock.ClockState as JSON), None when it has none."""
    previous: str | None = None
    """The code of the finished table this one is a rematch of (its people in the same seats), else None."""
    spectators: bool = True
    """Whether spectators may watch (the host's choice at creation): a table private to spectators refuses their
    connections and is not on the list of tables to watch."""


PURGED = ("chat", "presence", "leases", "moves", "seats", "tables")
"""What an expired table is deleted from, in an order the foreign keys allow."""
ENDED = ("expired", "abandoned")
"""The statuses of a table stopped before its end, kept in the ``ended`` column (``status`` stays as it was):
expired in the lobby, or abandoned in play with nobody connected. Neither is ever rebuilt at a restart."""


@dataclass(frozen=True)
class ChatRow:
    v: int
    seat: int | None
    name: str
    text: str
    at: str


@dataclass(frozen=True)
class Lease:
    """Who runs a table (a process's owner id and the address it can be reached at) and for how many more seconds."""

    code: str
    owner: str
    address: str
    seconds_left: float
