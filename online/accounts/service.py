"""What the server and ``cartas users`` do with accounts: sign up, log in and out, sessions, profiles, seats.

Every method checks its input and refuses with a one-line :class:`~cartas.online.server.errors.Refused` (the HTTP
status and the message), changing nothing. Passwords are hashed with argon2id in a worker thread
(:mod:`cartas.online.accounts.passwords`); a session is a random token given to the browser in a cookie, of
which the database keeps only the sha256, so a copy of the database logs nobody in.

Logins are rate-limited with the server's token buckets (:mod:`cartas.online.server.limits`, the ``Limits``
fields named below; docs/accounts.md, "Rate limits on logins"). A password login from a stranger takes a token
from its address's bucket (``logins``) and from its username-and-address bucket (``login_tries``), and a wrong
password takes :data:`WRONG_COST` more from the latter and one from the address's failures (``failed_logins``)
and the whole server's (``all_failed_logins``): one address trying a password list, or one password across many
accounts, is slowed, while nobody else's address is held back, so a stranger cannot lock an owner out. A
browser that logged in to the account before (its device cookie, :mod:`.devices`) draws on its own bucket
instead (``device_logins``). The checks come before the hash, so a refused attempt costs the server nothing.
"""

from __future__ import annotations

import json

import asyncio
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from ..store.db import Runner
from .passwords import hash_password, needs_rehash, verify_password
from ..server.limits import Bucket, Clock, KeyedBuckets, Limits
from . import devices
from .names import BadName, clean_name, hidden_in, shown
from .user_agents import device_name
from ..server.errors import Refused
from ..game.tokens import hash_token, new_token

USERNAME = re.compile(r"[a-z0-9_.-]{3,24}")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
LANGUAGES = ("es-AR", "pt-BR", "es", "en")
DECKS = ("classic", "contrast")
"""The card faces a person may prefer: the usual ones, or a high-contrast set (suits in four colours)."""
AVATARS = ("sol", "luna", "estrella", "copa", "espada", "basto", "oro", "mate")
WRONG_COST = 2.0
"""What a wrong password takes from its username's bucket on top of the attempt's token."""
SEEN_EVERY = 300.0
"""Seconds between two writes of a session's "last seen" time (a page load reads it; it need not write)."""


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    display: str
    language: str
    deck: str
    avatar: str
    disabled: bool
    created: str

    def public(self) -> dict[str, Any]:
        """What the account's owner and others may see (never the hash)."""
        return {
            "username": self.username, "display": self.display, "language": self.language, "deck": self.deck,
            "avatar": self.avatar, "created": self.created,
        }


ACCOUNT_COLUMNS = "id, username, display, language, deck, avatar, disabled, created"


def _account(row: tuple[Any, ...]) -> Account:
    return Account(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]), row[7])


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def clean_username(name: Any) -> str:
    """A username as stored: lower case, 3 to 24 of a-z, 0-9, ``_``, ``.`` and ``-``."""
    if not isinstance(name, str):
        raise Refused(400, _("a username is needed"))
    normal = unicodedata.normalize("NFKC", name)
    if hidden_in(normal.strip()) is not None:
        raise Refused(400, _("a name cannot hold invisible or direction-changing characters"))
    cleaned: str = normal.strip().lower()
    if not USERNAME.fullmatch(cleaned):
        raise Refused(400, _("a username is 3 to 24 letters a-z, digits, '_', '.' or '-'"))
    return cleaned


def check_password(password: Any) -> str:
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise Refused(400, _("a password has at least {count} characters", count=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise Refused(400, _("a password has at most {count} characters", count=MAX_PASSWORD))
    return password


def clean_display(name: Any) -> str:
    try:
        return clean_name(name)
    except BadName as problem:
        raise Refused(400, str(problem)) from None


def one_of(what: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise Refused(400, _("{field} must be one of {values}", field=what, values=", ".join(allowed)))
    return str(value)


@dataclass
class Accounts:
    """The accounts of one server (or of ``cartas users``) over the store's database."""

    db: Runner
    limits: Limits = field(default_factory=Limits)
    clock: Clock = time.monotonic
    by_address: KeyedBuckets = field(init=False)
    by_username: KeyedBuckets = field(init=False)
    """Keyed by username and address (:func:`name_key`), not by username alone."""
    failures: KeyedBuckets = field(init=False)
    all_failures: Bucket = field(init=False)
    by_device: KeyedBuckets = field(init=False)
    passkey_tries: KeyedBuckets = field(init=False)
    gate: asyncio.Semaphore = field(init=False)
    seen: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_address = KeyedBuckets(self.limits.logins, self.clock)
        self.by_username = KeyedBuckets(self.limits.login_tries, self.clock)
        self.failures = KeyedBuckets(self.limits.failed_logins, self.clock)
        self.all_failures = Bucket(self.limits.all_failed_logins, self.clock)
        self.by_device = KeyedBuckets(self.limits.device_logins, self.clock)
        self.passkey_tries = KeyedBuckets(self.limits.passkey_logins, self.clock)
        self.gate = asyncio.Semaphore(2)

    # --- accounts ---------------------------------------------------------------------------------------

    async def by_name(self, username: str) -> Account | None:
        rows = await self.db.rows(f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE username = ?", (username,))
        return _account(rows[0]) if rows else None

    async def by_id(self, account_id: str) -> Account | None:
        rows = await self.db.rows(f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?", (account_id,))
        return _account(rows[0]) if rows else None

    async def sign_up(self, username: Any, password: Any, display: Any = None, address: str = "") -> Account:
        """A new account (its display name the username unless given); 409 when the username is taken."""
        name = clean_username(username)
        check_password(password)
        shown = clean_display(display if display else name)
        if not self.by_address.take(address):
            raise Refused(429, _("too many sign-ups and logins from your address; try again in a minute"))
        if await self.by_name(name) is not None:
            raise Refused(409, _("the username {name} is taken", name=repr(name)))
        hashed = await hash_password(password, self.gate)
        account_id = secrets.token_hex(8)
        try:
            await self.db.run(
                "INSERT INTO accounts (id, username, password, display, created) VALUES (?, ?, ?, ?, ?)",
                (account_id, name, hashed, shown, now_iso()),
            )
        except Exception as problem:  # the UNIQUE constraint: taken between the check and the insert
            if "unique" in str(problem).lower():
                raise Refused(409, _("the username {name} is taken", name=repr(name))) from None
            raise
        account = await self.by_id(account_id)
        assert account is not None
        return account

    async def log_in(self, username: Any, password: Any, address: str, device_cookie: str | None = None) -> Account:
        """The account whose password this is; 429 past the rate limits, 401 for a wrong name or password.

        ``device_cookie`` is the browser's ``cartas_device``: when it is this account's, only the device's own
        bucket is checked (the module's docstring says why)."""
        if not isinstance(username, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise Refused(400, _("a login needs a username and a password"))
        name = unicodedata.normalize("NFKC", username).strip().lower()[:64]
        rows: list[tuple[Any, ...]] | None = None
        device = None
        if devices.marks(device_cookie):
            rows = await self.db.rows("SELECT id, password, disabled FROM accounts WHERE username = ?", (name,))
            if rows and rows[0][1]:
                device = devices.known_device(device_cookie, str(rows[0][0]), str(rows[0][1]))
        if device is not None:
            take_or_refuse(self.by_device.bucket(device),
                           lambda seconds: _("too many logins from this browser; try again in {wait} s", wait=seconds))
        else:
            self.check_stranger(name, address)
        if rows is None:
            rows = await self.db.rows("SELECT id, password, disabled FROM accounts WHERE username = ?", (name,))
        stored = rows[0][1] if rows else None
        if not await verify_password(stored, password, self.gate):
            if device is not None:
                held = self.by_device.bucket(device)
                held.take(min(WRONG_COST, held.tokens))
            else:
                tries = self.by_username.bucket(name_key(name, address))
                tries.take(min(WRONG_COST, tries.tokens))
                self.failures.bucket(address).take(1)
                self.all_failures.take(1)
            raise Refused(401, _("wrong username or password"))
        account_id = rows[0][0]
        if rows[0][2]:
            raise Refused(403, _("this account is disabled; ask the server's operator"))
        if needs_rehash(stored or ""):
            rehashed = await hash_password(password, self.gate)
            await self.db.run("UPDATE accounts SET password = ? WHERE id = ?", (rehashed, account_id))
        account = await self.by_id(account_id)
        assert account is not None
        return account

    def check_stranger(self, name: str, address: str) -> None:
        """Check that the address's and the server's failures are not spent, then take a stranger's attempt from
        the address's and the username-and-address buckets; 429 with the first that is spent."""
        take_or_refuse(self.failures.bucket(address), lambda seconds: _(
            "too many failed logins from your address; try again in {wait} s", wait=seconds), cost=0)
        take_or_refuse(self.all_failures, lambda seconds: _(
            "too many failed logins on this server; log in from a browser you used before or with a passkey, or try "
            "again in {wait} s", wait=seconds), cost=0)
        take_or_refuse(self.by_address.bucket(address),
                       lambda seconds: _("too many logins from your address; try again in {wait} s", wait=seconds))
        take_or_refuse(self.by_username.bucket(name_key(name, address)), lambda seconds: _(
            "too many logins as {name} from your address; try again in {wait} s", name=repr(name), wait=seconds))

    async def device_cookie(self, account: Account, cookie: str | None) -> str:
        """The ``cartas_device`` value to give a browser that just logged in to ``account`` (:mod:`.devices`)."""
        rows = await self.db.rows("SELECT password FROM accounts WHERE id = ?", (account.id,))
        return devices.remembered(cookie, account.id, str(rows[0][0]))

    async def set_profile(self, account: Account, changes: dict[str, Any]) -> Account:
        """Change the display name, language, deck or avatar (only the keys given); nothing if any is bad."""
        unknown = set(changes) - {"display", "language", "deck", "avatar"}
        if unknown:
            raise Refused(400, _("a profile has no {field}; it has {fields}", field=repr(sorted(unknown)[0]),
                                 fields="display, language, deck, avatar"))
        values = {
            "display": clean_display(changes["display"]) if "display" in changes else account.display,
            "language": one_of("language", changes.get("language", account.language), LANGUAGES),
            "deck": one_of("deck", changes.get("deck", account.deck), DECKS),
            "avatar": one_of("avatar", changes.get("avatar", account.avatar), AVATARS),
        }
        await self.db.run(
            "UPDATE accounts SET display = ?, language = ?, deck = ?, avatar = ? WHERE id = ?",
            (values["display"], values["language"], values["deck"], values["avatar"], account.id),
        )
        changed = await self.by_id(account.id)
        assert changed is not None
        return changed

    async def change_password(self, account: Account, old: Any, new: Any) -> None:
        """A new password, given the current one; every other session is logged out."""
        rows = await self.db.rows("SELECT password FROM accounts WHERE id = ?", (account.id,))
        if not isinstance(old, str) or not await verify_password(rows[0][0], old, self.gate):
            raise Refused(403, _("the current password is wrong"))
        hashed = await hash_password(check_password(new), self.gate)
        await self.db.run("UPDATE accounts SET password = ? WHERE id = ?", (hashed, account.id))

    # --- sessions ---------------------------------------------------------------------------------------

    async def open_session(self, account: Account, agent: str) -> str:
        """A new login session for ``account``; the token to put in the cookie (only its hash is stored)."""
        token = new_token()
        at = now_iso()
        await self.db.run(
            "INSERT INTO account_sessions (id, account, token_hash, created, seen, agent) VALUES (?, ?, ?, ?, ?, ?)",
            (secrets.token_hex(6), account.id, hash_token(token), at, at, agent[:200]),
        )
        return token

    async def account_of(self, token: str | None) -> tuple[Account, str] | None:
        """The account and session id a cookie's token logs in, or None (unknown, revoked, or disabled)."""
        if not token or len(token) > 100:
            return None
        rows = await self.db.rows(
            f"SELECT s.id, {', '.join('a.' + c.strip() for c in ACCOUNT_COLUMNS.split(','))}"
            " FROM account_sessions s JOIN accounts a ON a.id = s.account"
            " WHERE s.token_hash = ? AND s.revoked = 0",
            (hash_token(token),),
        )
        if not rows:
            return None
        account = _account(rows[0][1:])
        if account.disabled:
            return None
        session = str(rows[0][0])
        now = self.clock()
        if now - self.seen.get(session, -SEEN_EVERY) >= SEEN_EVERY:
            self.seen[session] = now
            if len(self.seen) > 10_000:
                self.seen.clear()
            await self.db.run("UPDATE account_sessions SET seen = ? WHERE id = ?", (now_iso(), session))
        return account, session

    async def sessions(self, account: Account) -> list[dict[str, Any]]:
        rows = await self.db.rows(
            "SELECT id, created, seen, agent FROM account_sessions WHERE account = ? AND revoked = 0"
            " ORDER BY created",
            (account.id,),
        )
        return [
            {"id": r[0], "created": r[1], "seen": r[2], "agent": r[3], "device": device_name(r[3] or "")} for r in rows
        ]

    async def revoke(self, account: Account, session: str) -> None:
        """Log one of the account's sessions out; 404 when it has no such session open."""
        changed = await self.db.run(
            "UPDATE account_sessions SET revoked = 1 WHERE id = ? AND account = ? AND revoked = 0",
            (session, account.id),
        )
        if not changed:
            raise Refused(404, _("no open session {session}", session=repr(session)))

    async def revoke_all(self, account_id: str) -> None:
        await self.db.run("UPDATE account_sessions SET revoked = 1 WHERE account = ?", (account_id,))

    # --- the operator (cartas users) --------------------------------------------------------------------

    async def listing(self) -> list[Account]:
        return [_account(r) for r in await self.db.rows(f"SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY username")]

    async def set_disabled(self, username: str, disabled: bool) -> Account:
        """Disable an account (and log out all its sessions) or enable it again."""
        account = await self.by_name(clean_username(username))
        if account is None:
            raise Refused(404, _("no account {username}", username=repr(username)))
        await self.db.run("UPDATE accounts SET disabled = ? WHERE id = ?", (int(disabled), account.id))
        if disabled:
            await self.revoke_all(account.id)
        changed = await self.by_id(account.id)
        assert changed is not None
        return changed

    async def reset_password(self, username: str, password: str | None = None) -> str:
        """Set a new password (a random one when None) and log out every session; the new password."""
        account = await self.by_name(clean_username(username))
        if account is None:
            raise Refused(404, _("no account {username}", username=repr(username)))
        password = check_password(password) if password is not None else secrets.token_urlsafe(12)
        hashed = await hash_password(password, self.gate)
        await self.db.run("UPDATE accounts SET password = ? WHERE id = ?", (hashed, account.id))
        await self.revoke_all(account.id)
        return password

    # --- seats ------------------------------------------------------------------------------------------

    async def claim_seat(self, code: str, token_hash: str, account_id: str) -> None:
        """Record that the account holds the seat whose token hashes to ``token_hash`` at table ``code``."""
        await self.db.run(
            "INSERT INTO seat_accounts (code, token_hash, account) VALUES (?, ?, ?)", (code, token_hash, account_id)
        )

    async def rating(self, account_id: str | None, game: str, fmt: str | None) -> float:
        """The account's mu at ``game`` in format ``fmt`` (25, openskill's start, for a guest or a new player)."""
        if account_id is None or fmt is None:
            return 25.0
        rows = await self.db.rows(
            "SELECT mu FROM ratings WHERE account = ? AND game = ? AND format = ?", (account_id, game, fmt)
        )
        return float(rows[0][0]) if rows else 25.0

    async def moved_seat(self, code: str, old_hash: str, new_hash: str) -> None:
        """The seat's token was issued again: the account keeps the seat under its new token."""
        await self.db.run(
            "UPDATE seat_accounts SET token_hash = ? WHERE code = ? AND token_hash = ?", (new_hash, code, old_hash)
        )

    async def seat_tokens(self, code: str) -> dict[str, str]:
        """The account id of each seat token (by hash) of ``code`` taken while logged in."""
        rows = await self.db.rows("SELECT token_hash, account FROM seat_accounts WHERE code = ?", (code,))
        return {str(r[0]): str(r[1]) for r in rows}

    async def open_seats(self, account: Account, limit: int = 20) -> list[dict[str, Any]]:
        """The tables not over yet where the account holds a seat, newest first (to take a seat back)."""
        rows = await self.db.rows(
            "SELECT DISTINCT t.code, t.game, t.status, t.created FROM seat_accounts s JOIN tables t ON t.code = s.code"
            " WHERE s.account = ? AND t.status IN ('lobby', 'playing') AND t.ended IS NULL"
            " ORDER BY t.created DESC LIMIT ?",
            (account.id, limit),
        )
        return [{"code": r[0], "game": r[1], "status": r[2], "created": r[3], "url": f"/t/{r[0]}"} for r in rows]

    async def turn_games(self, account: Account, limit: int = 100) -> list[dict[str, Any]]:
        """The account's turn-based tables not over yet (cartas.online.game.turns), those waiting for the account
        first (soonest deadline first), then those waiting for others, then those still in the lobby. Read from
        the store alone: no table is loaded to list them."""
        rows = await self.db.rows(
            "SELECT t.code, t.game, t.status, t.created, t.turns, t.deadline, t.clock, st.seat"
            " FROM seat_accounts s JOIN tables t ON t.code = s.code"
            " JOIN seats st ON st.code = s.code AND st.token_hash = s.token_hash"
            " WHERE s.account = ? AND t.turns IS NOT NULL AND t.status IN ('lobby', 'playing') AND t.ended IS NULL"
            " ORDER BY t.created DESC LIMIT ?",
            (account.id, limit),
        )
        games = []
        for code, game, status, created, turns, deadline, clock, seat in rows:
            to_act = [int(s) for s in (json.loads(clock) if clock else {}).get("to_act", [])]
            games.append({
                "code": code, "game": game, "status": status, "created": created, "turns": turns,
                "deadline": deadline, "seat": int(seat), "your_turn": status == "playing" and int(seat) in to_act,
                "url": f"/t/{code}",
            })
        games.sort(key=lambda g: (not g["your_turn"], g["status"] != "playing", g["deadline"] or 0.0))
        return games

    async def count_turn_games(self, account_id: str) -> int:
        """How many turn-based tables not over yet the account holds a seat at (its budget: ``Limits.turn_tables``)."""
        ((count,),) = await self.db.rows(
            "SELECT count(DISTINCT t.code) FROM seat_accounts s JOIN tables t ON t.code = s.code"
            " WHERE s.account = ? AND t.turns IS NOT NULL AND t.status IN ('lobby', 'playing') AND t.ended IS NULL",
            (account_id,),
        )
        return int(count)

    async def tokens_of(self, code: str, account: Account) -> set[str]:
        rows = await self.db.rows(
            "SELECT token_hash FROM seat_accounts WHERE code = ? AND account = ?", (code, account.id)
        )
        return {str(r[0]) for r in rows}


MAX_REASON = 300


async def add_report(db: Runner, reporter: str, code: str, seat: int, reported: str, reason: Any) -> str:
    """Keep a report of the player at ``seat`` of table ``code`` for the operator (``cartas users reports``)."""
    if not isinstance(reason, str) or not reason.strip():
        raise Refused(400, _("a report needs a reason (a few words)"))
    text = " ".join(shown(reason).split())
    if len(text) > MAX_REASON:
        raise Refused(400, _("a reason has at most {count} characters", count=MAX_REASON))
    report = secrets.token_hex(6)
    await db.run(
        "INSERT INTO reports (id, reporter, code, seat, reported, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (report, reporter, code, seat, reported, text, now_iso()),
    )
    return report


async def reports(db: Runner, limit: int = 200) -> list[dict[str, Any]]:
    """The latest reports, newest first."""
    rows = await db.rows(
        "SELECT id, at, reporter, code, seat, reported, reason, detail FROM reports ORDER BY at DESC, id LIMIT ?",
        (limit,),
    )
    keys = ("id", "at", "reporter", "code", "seat", "reported", "reason", "detail")
    return [dict(zip(keys, row, strict=True)) for row in rows]


def wait(seconds: float) -> int:
    return max(1, int(seconds + 0.999))


def take_or_refuse(bucket: Bucket, refusal: Callable[[int], str], cost: float = 1.0) -> None:
    """Take ``cost`` tokens from ``bucket`` (0: only check that one is there) or refuse with 429 and
    ``refusal`` of the whole seconds until there is one."""
    if not bucket.take(cost) or bucket.tokens < 1 - cost:
        raise Refused(429, refusal(wait(bucket.retry_after())))


def name_key(name: str, address: str) -> str:
    """The key of a username-and-address bucket (a username has no space in it)."""
    return f"{name} {address}"
