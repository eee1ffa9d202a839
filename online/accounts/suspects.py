"""Accounts that may be one person: where each account takes a seat from, and the rated matches between accounts
that share an address or a browser, listed for the operator (``cartas users suspects``).

Each time a logged-in account takes a seat or a quick-play ticket, the server notes (once per pair, with the
latest time) the client address it came from and the other accounts whose marks its browser's ``cartas_device``
cookie carries (:mod:`cartas.online.accounts.devices`: one browser that logged in to several accounts). Such
matches stay rated (a family or a club shares an address and plays each other honestly); the operator reads the
list and disables what is farming (docs/accounts.md, "Accounts that share an address or a browser").
"""

from __future__ import annotations

import time
from typing import Any

from ..store.db import Runner
from . import devices

ADDRESS = "address:"
BROWSER = "browser-with:"


async def note_origin(db: Runner, account: str, address: str, cookie: str | None) -> None:
    """Remember that ``account`` came from ``address`` with a browser holding ``cookie``'s marks."""
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    seen = [ADDRESS + address, *(BROWSER + other for other, _device, _mac in devices.marks(cookie) if other != account)]
    await db.run_all([
        ("INSERT INTO account_origins (account, seen, at) VALUES (?, ?, ?)"
         " ON CONFLICT (account, seen) DO UPDATE SET at = excluded.at", (account, what, at))
        for what in seen
    ])


SUSPECTS = f"""
SELECT p.code, p.game, p.at, a.username, b.username,
       EXISTS (SELECT 1 FROM account_origins x JOIN account_origins y ON x.seen = y.seen
               WHERE x.account = p.account AND y.account = q.account AND x.seen LIKE '{ADDRESS}%') AS same_address,
       EXISTS (SELECT 1 FROM account_origins z
               WHERE (z.account = p.account AND z.seen = '{BROWSER}' || q.account)
                  OR (z.account = q.account AND z.seen = '{BROWSER}' || p.account)) AS same_browser
FROM rated_players p
JOIN rated_players q ON q.code = p.code AND q.account > p.account
JOIN accounts a ON a.id = p.account
JOIN accounts b ON b.id = q.account
WHERE p.rated = 1
ORDER BY p.at DESC, p.code
"""


async def suspects(db: Runner, limit: int = 200) -> list[dict[str, Any]]:
    """The rated matches (newest first) at which two accounts had come from one address or one browser."""
    found = []
    for code, game, at, first, second, same_address, same_browser in await db.rows(SUSPECTS):
        if not (same_address or same_browser):
            continue
        found.append({
            "code": code, "game": game, "at": at, "accounts": [first, second],
            "shared": [what for what, flag in (("address", same_address), ("browser", same_browser)) if flag],
        })
        if len(found) >= limit:
            break
    return found
