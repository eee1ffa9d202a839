"""Tables to watch ("TV"): the matches being played that spectators may join, the best-rated first, and apart
the ones the reader's friends sit at.

A table's rating here is the best rating (mu, of the table's game in any format) among the accounts seated at
it: a table of strong players is worth watching whatever the others are; a table of guests and bots comes last,
the newest first. A table the host made private to spectators is never listed (and refuses them,
cartas.online.game.table). What a spectator sees is the spectator's view, which shows no hidden card.
"""

from __future__ import annotations

import json
from typing import Any

from ..store.db import Runner

MAX_LISTED = 50


async def tables_to_watch(db: Runner, friends: list[str], limit: int = MAX_LISTED) -> dict[str, Any]:
    """``tables``: the playing tables open to spectators, best-rated first; ``friends``: those of them where one of
    ``friends`` (account ids) sits, each naming who."""
    rows = await db.rows(
        "SELECT t.code, t.game, t.options, t.created, max(r.mu) AS best FROM tables t"
        " LEFT JOIN seat_accounts sa ON sa.code = t.code"
        " LEFT JOIN ratings r ON r.account = sa.account AND r.game = t.game"
        " WHERE t.status = 'playing' AND t.spectators = 1"
        " GROUP BY t.code, t.game, t.options, t.created"
        " ORDER BY CASE WHEN max(r.mu) IS NULL THEN 1 ELSE 0 END, max(r.mu) DESC, t.created DESC, t.code"
        " LIMIT ?",
        (limit,),
    )
    codes = [str(r[0]) for r in rows]
    seated = await _seated(db, codes)
    tables = [
        {"code": code, "game": game, "options": json.loads(options), "rating": None if best is None else round(float(best), 1),
         "players": seated.get(str(code), []), "url": f"/t/{code}"}
        for code, game, options, _created, best in rows
    ]
    mine = set(friends)
    at_friends = []
    for table in tables:
        names = [p["username"] for p in table["players"] if p["account"] in mine]
        if names:
            at_friends.append({**table, "friends": names})
    for table in tables:
        for person in table["players"]:
            del person["account"]
    return {"tables": tables, "friends": at_friends}


async def _seated(db: Runner, codes: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Who sits at each table with an account (username, display), in seat order."""
    if not codes:
        return {}
    marks = ", ".join("?" for _ in codes)
    rows = await db.rows(
        "SELECT s.code, s.seat, a.id, a.username, a.display FROM seats s"
        " JOIN seat_accounts sa ON sa.code = s.code AND sa.token_hash = s.token_hash"
        " JOIN accounts a ON a.id = sa.account"
        f" WHERE s.code IN ({marks}) ORDER BY s.code, s.seat",
        tuple(codes),
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for code, seat, account, username, display in rows:
        found.setdefault(str(code), []).append(
            {"seat": seat, "account": str(account), "username": username, "display": display}
        )
    return found
