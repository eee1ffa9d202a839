"""Two people who queue together as partners for a game of two teams of two (4-player truco): a party.

One person creates the party for a setup (game, players, options): they get their quick-play ticket at once
and a party code to send a friend (the link ``/play?party=CODE``), or they name the friend's username, whose
``/play`` page then lists the invitation. The friend accepts with their own name (or account); at that moment,
in one transaction, both enter the quick-play queue as two rows carrying the party's code, joined at the same
time, so a pairing pass (which reads the queue under the database's lock) sees both or neither and seats them
on one side (:func:`cartas.online.quickplay.queue.seat_plan`).

Until the friend accepts, the creator's ticket polls as ``party`` (the code to share); if either leaves, the
party is closed and the other's next poll says so (``closed``). Only the code is needed to accept: it is
random (:data:`CODE_BYTES` bytes), like a table's invitation link; an invitation by username can be accepted
only by that account.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from ..store.db import Runner
from .queue import QuickPlay, check_bots_after, setup_of
from ..server.errors import Refused
from ..game.tokens import hash_token, new_token

CODE_BYTES = 6
MAX_INVITES = 20
"""Open invitations listed for one account (the newest)."""


@dataclass(frozen=True)
class Party:
    code: str
    game: str
    options: dict[str, Any]
    players: int
    bots_after: float | None
    leader_hash: str
    leader_name: str
    leader_account: str | None
    invitee: str | None
    status: str

    def public(self) -> dict[str, Any]:
        """What the invitation page shows: the setup and who invites (never a ticket)."""
        return {
            "party": self.code, "game": self.game, "players": self.players, "options": self.options,
            "from": self.leader_name, "status": self.status, "invite": f"/play?party={self.code}",
            "bots_after": self.bots_after,
        }


PARTY_COLUMNS = "code, game, options, players, bots_after, leader_hash, leader_name, leader_account, invitee, status"


def _party(row: tuple[Any, ...]) -> Party:
    return Party(
        row[0], row[1], json.loads(row[2]), int(row[3]), None if row[4] is None else float(row[4]), row[5], row[6],
        row[7], row[8], row[9],
    )


class Parties:
    """The parties of one server over the queue's database."""

    def __init__(self, queue: QuickPlay) -> None:
        self.queue = queue

    @property
    def db(self) -> Runner:
        return self.queue.db

    async def by_code(self, code: Any) -> Party:
        if not isinstance(code, str) or not code.isalnum() or len(code) > 32:
            raise Refused(400, _("a party code is letters and digits, as in the invitation link"))
        rows = await self.db.rows(f"SELECT {PARTY_COLUMNS} FROM parties WHERE code = ?", (code.upper(),))
        if not rows:
            raise Refused(404, _("no such party (the invitation is over an hour old, or was never made)"))
        return _party(rows[0])

    async def create(
        self, game: str, options: dict[str, Any], players: int, name: str, account: str | None,
        bots_after: float | None, invitee: str | None,
    ) -> dict[str, Any]:
        """A new party led by the caller; their ticket, the party's code and the invitation link."""
        check_bots_after(bots_after)
        ticket = new_token()
        code = secrets.token_hex(CODE_BYTES).upper()
        await self.db.run(
            "INSERT INTO parties (code, setup, game, options, players, bots_after, leader_hash, leader_name,"
            " leader_account, invitee, status, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)",
            (code, setup_of(game, players, options), game, json.dumps(options, sort_keys=True), players, bots_after,
             hash_token(ticket), name, account, invitee, self.queue.clock()),
        )
        return {"ticket": ticket, "party": code, "invite": f"/play?party={code}"}

    async def accept(
        self, party: Party, name: str, account: str | None, ratings: tuple[float, float],
    ) -> str:
        """The caller joins ``party`` as the second partner: both enter the queue now. ``ratings`` are the
        leader's and the caller's mu at the party's game and format. The caller's ticket."""
        if party.status != "open":
            raise Refused(409, _("this party is not open any more (its players are queued, or one of them left)"))
        if party.invitee is not None and party.invitee != account:
            raise Refused(403, _("this invitation is for another player's account"))
        if account is not None and account == party.leader_account:
            raise Refused(409, _("you cannot be your own partner"))
        if name.casefold() == party.leader_name.casefold():
            raise Refused(409, _("your partner is already called {name}; choose another name", name=party.leader_name))
        ticket = new_token()
        taken = await self.db.run(
            "UPDATE parties SET status = 'queued', member_hash = ? WHERE code = ? AND status = 'open'",
            (hash_token(ticket), party.code),
        )
        if not taken:
            raise Refused(409, _("someone else accepted this invitation first"))
        await self.db.run_all([
            self.queue.row_insert(party.leader_hash, party.game, party.options, party.players, party.leader_name,
                                  party.leader_account, ratings[0], party.bots_after, party.code),
            self.queue.row_insert(hash_token(ticket), party.game, party.options, party.players, name, account,
                                  ratings[1], party.bots_after, party.code),
        ])
        return ticket

    async def state_of(self, ticket: str) -> dict[str, Any] | None:
        """For a ticket not (or no longer) in the queue: ``party`` while the invitation waits for the friend,
        ``closed`` once the partner left; None when the ticket is no party's."""
        hashed = hash_token(ticket)
        rows = await self.db.rows(
            f"SELECT {PARTY_COLUMNS} FROM parties WHERE (leader_hash = ? OR member_hash = ?)"
            " AND status IN ('open', 'closed')",
            (hashed, hashed),
        )
        if not rows:
            return None
        party = _party(rows[0])
        if party.status == "closed":
            await self.db.run("DELETE FROM parties WHERE code = ?", (party.code,))
            return {"status": "closed", "party": party.code}
        return {**party.public(), "status": "party"}

    async def leave(self, ticket: str) -> bool:
        """The leader gives up an invitation nobody accepted yet; False when the ticket leads no open party."""
        changed = await self.db.run(
            "UPDATE parties SET status = 'closed' WHERE leader_hash = ? AND status = 'open'", (hash_token(ticket),)
        )
        if changed:
            await self.db.run("DELETE FROM parties WHERE leader_hash = ?", (hash_token(ticket),))
        return bool(changed)

    async def invitations(self, account: str) -> list[dict[str, Any]]:
        """The open invitations addressed to ``account`` by username, newest first."""
        rows = await self.db.rows(
            f"SELECT {PARTY_COLUMNS} FROM parties WHERE invitee = ? AND status = 'open' ORDER BY created DESC LIMIT ?",
            (account, MAX_INVITES),
        )
        return [_party(row).public() for row in rows]
