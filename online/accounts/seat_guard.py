"""Seats of accounts that logged out or were disabled stop playing: their sockets are closed and their seat tokens
no longer open the seat.

Every :data:`CHECK_EVERY` seconds each server process asks the database, in one indexed query per batch of its
live tables, which of their seats belong to an account that is disabled or has no open session left (its last
session logged out or revoked; disabling revokes them all). Those seats' connections are closed with
:data:`CLOSE_SIGNED_OUT` and their tokens cut (:attr:`LiveTable.cut_tokens`), so the seat goes to the bot after
the grace as for any leaver. Polling the database, rather than a signal from the route, is what lets
``cartas users disable`` (another process, often on another machine) reach the server; it costs one query a few
seconds per process, whatever the number of frames. An account that logs out of one device while still logged in
on another keeps its seats: the seat belongs to the account, not to one session.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ..game.table_core import CLOSE_BAD_TOKEN
from ..store.db import Runner

if TYPE_CHECKING:
    from ..game.hub import Hub
    from ..game.table import LiveTable

log = logging.getLogger("cartas.online")

CHECK_EVERY = 2.0
"""Seconds between two checks: how long a logged-out or disabled account's socket may still play."""
CLOSE_SIGNED_OUT = CLOSE_BAD_TOKEN
"""The websocket close code of a seat whose account logged out or was disabled: 4401, that of a token that holds
no seat, which the page already reads as "this seat is no longer yours" (it drops the token)."""
BATCH = 500
"""Tables asked about per query."""
LIVE = ("lobby", "playing")


async def signed_out_seats(db: Runner, codes: list[str]) -> dict[str, set[str]]:
    """Of the tables ``codes``, the seat token hashes held by an account disabled or with no open session."""
    found: dict[str, set[str]] = {}
    for start in range(0, len(codes), BATCH):
        batch = codes[start:start + BATCH]
        marks = ", ".join("?" for _code in batch)
        for code, token_hash in await db.rows(
            "SELECT sa.code, sa.token_hash FROM seat_accounts sa JOIN accounts a ON a.id = sa.account"
            f" WHERE sa.code IN ({marks}) AND (a.disabled = 1 OR NOT EXISTS ("
            "SELECT 1 FROM account_sessions s WHERE s.account = a.id AND s.revoked = 0))",
            tuple(batch),
        ):
            found.setdefault(str(code), set()).add(str(token_hash))
    return found


async def cut(table: LiveTable, token_hashes: set[str]) -> int:
    """Cut these seat tokens at ``table`` and close their connections (run in the table's task); how many closed."""
    table.cut_tokens |= token_hashes
    closed = 0
    for connection in list(table.connections):
        if connection.token_hash in token_hashes:
            connection.close(CLOSE_SIGNED_OUT)
            closed += 1
    return closed


async def check(hub: Hub, db: Runner) -> int:
    """One pass over this process's live tables; the connections closed."""
    live = {code: table for code, table in list(hub.tables.items()) if table.row.status in LIVE}
    if not live:
        return 0
    closed = 0
    for code, hashes in (await signed_out_seats(db, sorted(live))).items():
        table = live[code]
        connected = {connection.token_hash for connection in table.connections}
        if hashes <= table.cut_tokens and not hashes & connected:
            continue
        closed += await table.call(cut, table, hashes)
    if closed:
        log.info("%d connection(s) of logged-out or disabled accounts closed", closed)
    return closed


async def keep_checking(hub: Hub, db: Runner, every: float = CHECK_EVERY) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await check(hub, db)
        except Exception:
            log.exception("the check for logged-out accounts' seats failed")
