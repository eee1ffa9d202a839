"""The device cookie: a browser that logged in to an account before is known again, whoever else tries it.

A successful login (password or passkey) or sign-up gives the browser ``cartas_device``, kept a year: for each
of the last :data:`MAX_DEVICES` accounts logged in from it, the account's id, a random device id and an HMAC of
both keyed with the account's stored password hash. Only the server can make one (the hash never leaves it),
so a stranger cannot forge the cookie of an account; changing or resetting the password forgets every device of
the account, which is what an owner who fears a stolen laptop wants. Logging out keeps it: it names the device,
not a session, and logs nobody in by itself (the password is still asked).

A known device's password logins draw on a bucket of their own (:attr:`Limits.device_logins`) instead of the
address's and the username's, so a stranger's wrong passwords, from any address, never keep the owner's
browser out (docs/accounts.md, "Rate limits on logins").
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

COOKIE = "cartas_device"
DAYS = 365
MAX_DEVICES = 4
"""Accounts one browser is remembered for (a family computer); the oldest is dropped past this."""
MAX_COOKIE = 400
"""The longest cookie read: a longer one is not a device cookie (it cannot hold more than the four marks)."""
MARK = re.compile(r"([0-9a-f]{1,32})\.([A-Za-z0-9_-]{8,32})\.([0-9a-f]{32})")


def _mac(account_id: str, device: str, key: str) -> str:
    message = f"cartas device|{account_id}|{device}".encode()
    return hmac.new(key.encode("utf-8", "surrogatepass"), message, hashlib.sha256).hexdigest()[:32]


def marks(cookie: str | None) -> list[tuple[str, str, str]]:
    """The (account id, device id, mac) marks of a cookie as sent, malformed ones left out."""
    if not cookie or len(cookie) > MAX_COOKIE:
        return []
    found = [MARK.fullmatch(part) for part in cookie.split("~")[:MAX_DEVICES]]
    return [(m[1], m[2], m[3]) for m in found if m is not None]


def known_device(cookie: str | None, account_id: str, key: str) -> str | None:
    """The device id under which this browser logged in to ``account_id`` before, or None (a stranger)."""
    for account, device, mac in marks(cookie):
        if account == account_id and hmac.compare_digest(mac, _mac(account, device, key)):
            return device
    return None


def remembered(cookie: str | None, account_id: str, key: str) -> str:
    """The cookie's new value after a login to ``account_id``: its mark first (the same device id when the cookie
    had a valid one), the other accounts' marks after it, at most :data:`MAX_DEVICES`."""
    device = known_device(cookie, account_id, key) or secrets.token_urlsafe(9)
    others = [f"{a}.{d}.{m}" for a, d, m in marks(cookie) if a != account_id]
    return "~".join([f"{account_id}.{device}.{_mac(account_id, device, key)}", *others][:MAX_DEVICES])
