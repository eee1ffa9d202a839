"""The matches a table's people played before in the same seats, for its bots to remember (issue 32: a person's
habits carry across a table's matches; docs/bots.md "Across a table's matches").

A rematch table names the finished table it was made from (``TableRow.previous``). Going back along that line,
each table whose seats hold the same occupants (the same person's name, a bot where a bot was) gives its match;
the line stops at the first table with someone else in a seat, at an unreadable one, and after
:data:`cartas.core.bots.REMEMBERED` matches. The moves are read from the store once per live table: a finished
match never changes.
"""

from __future__ import annotations

import json
import logging

from cartas.core.bots.base import REMEMBERED
from .bots import EarlierMatch
from ..store.tables import AsyncStore, DamagedTable, SeatRow, TableRow

log = logging.getLogger("cartas.online")


def same_people(before: list[SeatRow], now: list[SeatRow]) -> bool:
    """Whether every seat holds the same occupant: a person by name, a bot (at any level) where a bot sat."""
    def occupants(seats: list[SeatRow]) -> list[tuple[int, str, str | None]]:
        return sorted((s.seat, s.kind, s.name if s.kind == "human" else None) for s in seats)

    return occupants(before) == occupants(now)


async def earlier_matches(store: AsyncStore, row: TableRow) -> tuple[EarlierMatch, ...]:
    """The matches before ``row``'s in its line of rematches, oldest first, the last :data:`REMEMBERED`."""
    found: list[EarlierMatch] = []
    code = row.previous
    seen = {row.code}
    while code is not None and code not in seen and len(found) < REMEMBERED:
        seen.add(code)
        try:
            before = await store.load_table(code)
        except DamagedTable as error:
            log.error("%s", error)
            break
        if before is None or before.finished is None or not same_people(before.seats, row.seats):
            break
        found.append(EarlierMatch(
            game=before.game, options=json.dumps(before.options, sort_keys=True), seed=before.seed,
            position=None if before.position is None else json.dumps(before.position, sort_keys=True),
            actions=tuple(await store.moves(code)),
        ))
        code = before.previous
    return tuple(reversed(found))
