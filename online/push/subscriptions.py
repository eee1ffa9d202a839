"""Push subscriptions (one a device, kept with its account): stored, listed, forgotten."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from cartas.core.i18n import FRAMEWORK as _

from ..server.errors import Refused
from ..store.db import Runner
from .words import KINDS

MAX_PER_ACCOUNT = 10
"""Devices one account may subscribe: a phone, a tablet, a few browsers."""
MAX_FIELD = 1024
"""The longest endpoint or key taken (real ones are a few hundred characters)."""


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    account: str
    p256dh: str
    auth: str
    kinds: frozenset[str]
    language: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def parsed(body: dict[str, Any], allow_http: bool = False) -> tuple[str, str, str, frozenset[str]]:
    """(endpoint, p256dh, auth, kinds) from a subscribe request; refused in one line when malformed."""
    sub = body.get("subscription")
    keys = sub.get("keys") if isinstance(sub, dict) else None
    endpoint = sub.get("endpoint") if isinstance(sub, dict) else None
    p256dh = keys.get("p256dh") if isinstance(keys, dict) else None
    auth = keys.get("auth") if isinstance(keys, dict) else None
    texts = (endpoint, p256dh, auth)
    if not all(isinstance(t, str) and 0 < len(t) <= MAX_FIELD for t in texts):
        raise Refused(400, _("subscription must be a browser's push subscription: endpoint and keys"))
    assert isinstance(endpoint, str) and isinstance(p256dh, str) and isinstance(auth, str)
    if not endpoint.startswith("https://") and not (allow_http and endpoint.startswith("http://")):
        raise Refused(400, _("a push endpoint must be an https address"))
    kinds = body.get("kinds", list(KINDS))
    if not isinstance(kinds, list) or not all(k in KINDS for k in kinds):
        raise Refused(400, _("kinds must be a list of: {kinds}", kinds=", ".join(KINDS)))
    return endpoint, p256dh, auth, frozenset(kinds)


async def subscribe(db: Runner, account: str, body: dict[str, Any], language: str, allow_http: bool = False) -> None:
    """Keep this device's subscription (replacing its earlier one); at most :data:`MAX_PER_ACCOUNT` an account.
    Only https push services are taken (``allow_http``: a test's local one), so the server posts nowhere else."""
    endpoint, p256dh, auth, kinds = parsed(body, allow_http)
    ((count,),) = await db.rows(
        "SELECT count(*) FROM push_subscriptions WHERE account = ? AND endpoint <> ?", (account, endpoint)
    )
    if int(count) >= MAX_PER_ACCOUNT:
        raise Refused(429, _("at most {most} devices get notifications; remove one first", most=MAX_PER_ACCOUNT))
    async with db.transaction() as tx:
        await tx.run("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,))
        await tx.run(
            "INSERT INTO push_subscriptions (endpoint, account, p256dh, auth, kinds, language, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (endpoint, account, p256dh, auth, json.dumps(sorted(kinds)), language,
             time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())),
        )


async def unsubscribe(db: Runner, account: str, endpoint: Any) -> None:
    if not isinstance(endpoint, str):
        raise Refused(400, _("endpoint must be the subscription's address"))
    await db.run("DELETE FROM push_subscriptions WHERE account = ? AND endpoint = ?", (account, endpoint))


async def forget(db: Runner, endpoint: str) -> None:
    """A subscription the push service says is gone (404, 410)."""
    await db.run("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,))


async def of_accounts(db: Runner, accounts: list[str], kind: str) -> list[Subscription]:
    """The subscriptions of ``accounts`` that want ``kind``."""
    if not accounts:
        return []
    marks = ", ".join("?" for _ in accounts)
    rows = await db.rows(
        f"SELECT endpoint, account, p256dh, auth, kinds, language FROM push_subscriptions WHERE account IN ({marks})",
        tuple(accounts),
    )
    found = [Subscription(r[0], r[1], r[2], r[3], frozenset(json.loads(r[4])), r[5]) for r in rows]
    return [s for s in found if kind in s.kinds]


async def listing(db: Runner, account: str) -> list[dict[str, Any]]:
    rows = await db.rows(
        "SELECT endpoint, kinds, language, created FROM push_subscriptions WHERE account = ? ORDER BY created",
        (account,),
    )
    return [{"endpoint": r[0], "kinds": json.loads(r[1]), "language": r[2], "created": r[3]} for r in rows]
