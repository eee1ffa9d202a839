"""Passkeys (WebAuthn): a second way into an account, beside its password (docs/accounts.md, "Passkeys").

The cryptography is py_webauthn's (the ``webauthn`` package): it builds the options the browser's
``navigator.credentials.create``/``get`` take and checks what comes back (the challenge, the origin, the relying
party's id, the flags, the signature, the counter). This module keeps what the server must remember:

- a **challenge** is random, made here, kept in the database (``passkey_challenges``, so any server process may
  check the answer), lives :data:`CHALLENGE_SECONDS` and is deleted by the first answer that names it, right or
  wrong (single use). A registration challenge is bound to the login session that asked for it; a login
  challenge to nobody (the person is not known until their passkey answers).
- a **passkey** is the credential's id, its COSE public key, its signature counter and the transports the browser
  named (``passkeys``). A counter that does not go up (when either is above zero) is refused: a cloned
  authenticator.

A login by passkey has its own bucket per address (``Limits.passkey_logins``), apart from the password logins'
(:class:`Accounts`), so wrong passwords tried on an account never hold its passkeys back: one token when the
challenge is asked for, and :data:`WRONG_COST` more from the answering address when the answer does not verify.
No bucket is kept per account: a signature cannot be guessed, so there is nothing to slow there, and a stranger
could only spend it. A disabled account is refused (403).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cartas.core.i18n import FRAMEWORK as _
from .names import hidden_in
from .service import WRONG_COST, Account, Accounts, now_iso, take_or_refuse
from ..server.origin import normal_origin, own_origins
from ..server.errors import Refused

CHALLENGE_SECONDS = 120.0
"""How long a challenge may be answered (the browser's prompt gets the same time)."""
MAX_PASSKEYS = 10
MAX_NAME = 40
RP_NAME = "cartas"
TRANSPORTS = frozenset(t.value for t in AuthenticatorTransport)


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkey is for: the site's host name (the WebAuthn "RP ID") and the origins a browser may sign."""

    id: str
    origins: tuple[str, ...]


def relying_party(headers: Headers, allowed: Iterable[str] = ()) -> RelyingParty:
    """The relying party a request speaks to. A browser's request names its page's origin; when that origin is one
    the origin check lets through (this ``Host``, or a ``--allow-origin``, such as the public address in front of
    a proxy that rewrites ``Host``), the passkey is for that origin's host. A request without ``Origin`` (a
    program) is for the ``Host`` it was sent to."""
    own = own_origins(headers)
    configured = {normal_origin(origin) for origin in allowed}
    origin = headers.get("origin")
    if origin is not None and normal_origin(origin) in own | configured:
        chosen = normal_origin(origin)
        return RelyingParty(urlsplit(chosen).hostname or "", (chosen,))
    host = urlsplit(f"//{headers.get('host', '')}").hostname or ""
    return RelyingParty(host, tuple(sorted(own)))


@dataclass(frozen=True)
class Passkey:
    id: str
    name: str
    transports: list[str]
    created: str
    used: str | None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "transports": self.transports, "created": self.created,
                "used": self.used}


def refused_passkey(problem: Exception) -> Refused:
    text = " ".join(str(problem).split())[:200]
    return Refused(401, _("the passkey was not accepted ({why})", why=text))


def clean_passkey_name(name: Any, default: str) -> str:
    if name is None or name == "":
        return default
    if not isinstance(name, str):
        raise Refused(400, _("a passkey's name is text"))
    if hidden_in(name.strip()) is not None:
        raise Refused(400, _("a name cannot hold invisible or direction-changing characters"))
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME:
        raise Refused(400, _("a passkey's name has 1 to {count} characters", count=MAX_NAME))
    return text


def credential_id(credential: Any) -> str:
    if not isinstance(credential, dict) or not isinstance(credential.get("id"), str) or len(credential["id"]) > 1400:
        raise Refused(400, _("a passkey answer is the browser's credential as JSON"))
    return str(credential["id"])


@dataclass
class Passkeys:
    """The passkeys of one server's accounts, over the accounts' database and their login buckets."""

    accounts: Accounts
    wall: Callable[[], float] = time.time
    """Wall-clock time, shared by the processes that read one another's challenges."""
    challenge_seconds: float = field(default=CHALLENGE_SECONDS)

    # --- challenges ------------------------------------------------------------------------------------

    async def keep_challenge(self, challenge: bytes, kind: str, session: str | None) -> str:
        db = self.accounts.db
        now = self.wall()
        await db.run("DELETE FROM passkey_challenges WHERE expires < ?", (now,))
        ticket = secrets.token_hex(12)
        await db.run(
            "INSERT INTO passkey_challenges (id, challenge, kind, session, expires) VALUES (?, ?, ?, ?, ?)",
            (ticket, bytes_to_base64url(challenge), kind, session, now + self.challenge_seconds),
        )
        return ticket

    async def take_challenge(self, ticket: Any, kind: str, session: str | None) -> bytes:
        """The challenge of ``ticket``, deleted as it is read: whoever deletes it is its only user."""
        gone = Refused(400, _("this passkey challenge was used already or has expired; try again"))
        if not isinstance(ticket, str) or len(ticket) > 64:
            raise gone
        db = self.accounts.db
        rows = await db.rows(
            "SELECT challenge, session, expires FROM passkey_challenges WHERE id = ? AND kind = ?", (ticket, kind)
        )
        if not rows or await db.run("DELETE FROM passkey_challenges WHERE id = ?", (ticket,)) != 1:
            raise gone
        challenge, bound, expires = rows[0]
        if float(expires) < self.wall() or (kind == "register" and bound != session):
            raise gone
        return base64url_to_bytes(str(challenge))

    # --- an account's passkeys --------------------------------------------------------------------------

    async def listing(self, account: Account) -> list[Passkey]:
        rows = await self.accounts.db.rows(
            "SELECT id, name, transports, created, used FROM passkeys WHERE account = ? ORDER BY created, id",
            (account.id,),
        )
        return [Passkey(r[0], r[1], list(json.loads(r[2])), r[3], r[4]) for r in rows]

    async def registration_options(self, account: Account, session: str, rp: RelyingParty) -> dict[str, Any]:
        """The options for ``navigator.credentials.create``, and the ticket naming their challenge."""
        existing = await self.listing(account)
        if len(existing) >= MAX_PASSKEYS:
            raise Refused(409, _("an account has at most {count} passkeys; remove one first", count=MAX_PASSKEYS))
        options = generate_registration_options(
            rp_id=rp.id, rp_name=RP_NAME, user_name=account.username, user_id=account.id.encode(),
            user_display_name=account.display, timeout=int(self.challenge_seconds * 1000),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(p.id)) for p in existing],
        )
        ticket = await self.keep_challenge(options.challenge, "register", session)
        return {"ticket": ticket, "options": json.loads(options_to_json(options))}

    async def register(
        self, account: Account, session: str, rp: RelyingParty, ticket: Any, credential: Any, name: Any = None
    ) -> Passkey:
        """Keep the passkey the browser made for the challenge of ``ticket`` (asked for by this session)."""
        challenge = await self.take_challenge(ticket, "register", session)
        credential_id(credential)
        try:
            verified = verify_registration_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp.id,
                expected_origin=list(rp.origins),
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as problem:  # a malformed answer too
            raise refused_passkey(problem) from None
        response = credential.get("response")
        named = response.get("transports", []) if isinstance(response, dict) else []
        named = named if isinstance(named, list) else []
        transports = sorted({t for t in named if isinstance(t, str) and t in TRANSPORTS})
        created = now_iso()
        shown = clean_passkey_name(name, f"passkey {created[:10]}")
        key_id = bytes_to_base64url(verified.credential_id)
        try:
            await self.accounts.db.run(
                "INSERT INTO passkeys (id, account, public_key, sign_count, transports, name, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key_id, account.id, bytes_to_base64url(verified.credential_public_key), verified.sign_count,
                 json.dumps(transports), shown, created),
            )
        except Exception as problem:  # the primary key: this authenticator's credential is kept already
            if "unique" in str(problem).lower() or "duplicate" in str(problem).lower():
                raise Refused(409, _("this passkey is kept already")) from None
            raise
        return Passkey(key_id, shown, transports, created, None)

    async def remove(self, account: Account, key_id: str) -> None:
        changed = await self.accounts.db.run("DELETE FROM passkeys WHERE id = ? AND account = ?", (key_id, account.id))
        if not changed:
            raise Refused(404, _("no such passkey"))

    # --- logging in ------------------------------------------------------------------------------------

    async def login_options(self, rp: RelyingParty, address: str) -> dict[str, Any]:
        """Options for ``navigator.credentials.get`` with no credential named (the passkey says whose it is)."""
        take_or_refuse(self.accounts.passkey_tries.bucket(address),
                       lambda seconds: _("too many logins from your address; try again in {wait} s", wait=seconds))
        options = generate_authentication_options(
            rp_id=rp.id, timeout=int(self.challenge_seconds * 1000),
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        ticket = await self.keep_challenge(options.challenge, "login", None)
        return {"ticket": ticket, "options": json.loads(options_to_json(options))}

    async def log_in(self, rp: RelyingParty, ticket: Any, credential: Any, address: str = "") -> Account:
        """The account whose passkey signed the challenge of ``ticket`` (asked for from ``address``); 401 for an
        unknown passkey or a bad answer, 403 for a disabled account."""
        challenge = await self.take_challenge(ticket, "login", None)
        key_id = credential_id(credential)
        rows = await self.accounts.db.rows(
            "SELECT p.public_key, p.sign_count, a.id, a.username, a.disabled FROM passkeys p"
            " JOIN accounts a ON a.id = p.account WHERE p.id = ?",
            (key_id,),
        )
        if not rows:
            raise Refused(401, _("this passkey is not known here (it may have been removed); log in with your password"))
        public_key, count, account_id, username, disabled = rows[0]
        response = credential.get("response")
        handle = response.get("userHandle") if isinstance(response, dict) else None
        try:
            if handle and base64url_to_bytes(str(handle)) != str(account_id).encode():
                raise WebAuthnException("the passkey names another person")
            verified = verify_authentication_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp.id,
                expected_origin=list(rp.origins), credential_public_key=base64url_to_bytes(str(public_key)),
                credential_current_sign_count=int(count),
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as problem:  # a malformed answer too
            tries = self.accounts.passkey_tries.bucket(address)
            tries.take(min(WRONG_COST, tries.tokens))
            raise refused_passkey(problem) from None
        if disabled:
            raise Refused(403, _("this account is disabled; ask the server's operator"))
        await self.accounts.db.run(
            "UPDATE passkeys SET sign_count = ?, used = ? WHERE id = ?", (verified.new_sign_count, now_iso(), key_id)
        )
        account = await self.accounts.by_id(str(account_id))
        assert account is not None
        return account
