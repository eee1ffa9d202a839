"""Sending notifications in the background: a bounded queue, one worker, a budget per account and in total.

Nothing on a move's path waits for a push service: a table only puts a small request on the queue
(:meth:`Pusher.offer`, which never blocks and drops the request when the queue is full). The worker reads which
accounts the seats belong to and their subscriptions, builds each payload in the subscriber's language, and sends
it through ``pywebpush`` (RFC 8030 with VAPID, RFC 8292; the payload encrypted as RFC 8291 aes128gcm) in a thread.
A subscription the push service says is gone (404, 410) is deleted; any other failure is logged and dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec

from ..server.limits import KeyedBuckets, Rate
from ..store.db import Runner
from . import subscriptions
from .words import notification

log = logging.getLogger("cartas.online")

QUEUE = 1000
"""Requests waiting at most; past it new ones are dropped (a notification late by minutes is worth little)."""
PER_ACCOUNT = Rate(burst=10, per_minute=10)
"""Notifications one account receives: a turn every few seconds is a person playing, not one to tap."""
TOTAL = Rate(burst=200, per_minute=600)
"""Notifications the whole server sends."""
PUSH_SUBJECT = "mailto:cartas@localhost"
"""The VAPID ``sub`` claim (a contact for the push services); ``CARTAS_PUSH_SUBJECT`` sets the operator's own."""
TIMEOUT = 10.0
"""Seconds a push service has to answer one request."""


@dataclass(frozen=True)
class Request:
    kind: str
    code: str
    game: str
    token_hashes: tuple[str, ...]
    """The seats to tell, by their token's hash (the accounts that took them are read by the worker)."""


Send = Callable[[dict[str, Any], str, str, dict[str, str]], Any]
"""``send(subscription_info, data, private_key_pem_path_or_key, claims)``: pywebpush.webpush's shape."""


def pywebpush_send(info: dict[str, Any], data: str, key: Any, claims: dict[str, str]) -> int:
    """One push through pywebpush; the push service's HTTP status (raises on network failures)."""
    from pywebpush import WebPushException, webpush

    try:
        response = webpush(info, data, vapid_private_key=key, vapid_claims=dict(claims), timeout=TIMEOUT, ttl=86400)
    except WebPushException as error:
        if error.response is not None:
            return int(error.response.status_code)
        raise
    return int(getattr(response, "status_code", 201))


class Pusher:
    """The queue and its worker; ``accounts_of(code)`` gives each seat token hash's account at a table."""

    def __init__(
        self, db: Runner, key: ec.EllipticCurvePrivateKey, subject: str,
        accounts_of: Callable[[str], Awaitable[dict[str, str]]], send: Send = pywebpush_send,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from py_vapid import Vapid02

        self.db = db
        self.vapid = Vapid02()
        self.vapid.private_key = key
        self.subject = subject
        self.accounts_of = accounts_of
        self.send = send
        self.queue: asyncio.Queue[Request] = asyncio.Queue(QUEUE)
        self.per_account = KeyedBuckets(PER_ACCOUNT, clock)
        self.total = KeyedBuckets(TOTAL, clock)
        self.sent = 0
        self.dropped = 0
        self.allow_http = False
        """Whether plain-http push endpoints are taken (a test's local push service only)."""

    def offer(self, request: Request) -> None:
        """Queue a notification, never waiting: dropped when the queue is full."""
        try:
            self.queue.put_nowait(request)
        except asyncio.QueueFull:
            self.dropped += 1

    async def work(self) -> None:
        while True:
            request = await self.queue.get()
            try:
                await self.deliver(request)
            except Exception:
                log.exception("a push notification for table %s could not be sent", request.code)

    async def deliver(self, request: Request) -> int:
        """Send ``request`` to every subscribed device of its seats' accounts; how many were sent."""
        owners = await self.accounts_of(request.code)
        accounts = sorted({owners[h] for h in request.token_hashes if h in owners})
        done = 0
        for sub in await subscriptions.of_accounts(self.db, accounts, request.kind):
            if not self.per_account.bucket(sub.account).take() or not self.total.bucket("all").take():
                self.dropped += 1
                continue
            data = json.dumps(notification(request.kind, request.game, request.code, sub.language))
            claims = {"sub": self.subject}
            status = await asyncio.to_thread(self.send, sub.info(), data, self.vapid, claims)
            if status in (404, 410):
                await subscriptions.forget(self.db, sub.endpoint)
            elif 200 <= status < 300:
                done += 1
            else:
                log.warning("a push service answered %s for a subscription of table %s", status, request.code)
        self.sent += done
        return done
