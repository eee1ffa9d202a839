"""Basic moderation (issue 30): muting a person's chat for oneself, reporting a player, and the host removing
a person from a seat before the start.

- **Mutes** are the muter's own: the server only keeps the list of an account (a guest's list stays in their
  browser) and never tells the muted person; the page hides the muted person's chat lines. A mute names an
  account (``u:USERNAME``, which follows the person to every table) or, for a guest, a name at one table
  (``n:CODE:NAME``, since a guest's name is theirs only at that table).
- **Reports** name a reason from :data:`REASONS` and an optional line of text; they are kept for the operator
  (``cartas users reports``). One reporter (an account, else an address) makes at most :data:`REPORT_RATE`
  reports, and one report per player per table.
- **Removal**: when the host empties a person's seat before the start, the person's connection is told in one
  line (a ``removed`` frame) and the seat is barred at that table to the person's account and to the address
  they joined from (kept in memory by the table's process, which is where joins and seating of that table
  happen), so they may watch, or take another free seat, but not that one.
"""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import seat_number
from ..store.db import Runner
from ..server.limits import Clock, KeyedBuckets, Rate
from ..accounts.names import hidden_in, shown
from ..server.errors import Refused
from ..game.views import dumps

REASONS = ("insults", "cheating", "stalling", "spam", "other")
"""A report's reason: abuse in chat, cheating (colluding, a second account), stalling, flooding, or other."""
MAX_DETAIL = 300
REPORT_RATE = Rate(burst=3, per_minute=0.2)
"""Three reports at once, then one every five minutes: enough to report a bad table, not to flood the operator."""
MAX_MUTES = 200
MUTE = re.compile(r"u:[a-z0-9_.-]{3,24}|n:[A-Z0-9]{1,12}:[^\x00-\x1f\x7f]{1,24}")
MAX_JOINERS = 50_000


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def clean_detail(text: Any) -> str:
    """A report's optional text as one printable line (empty when not given)."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise Refused(400, _("a report's text must be a line of text"))
    line = " ".join(shown(text).split())
    if len(line) > MAX_DETAIL:
        raise Refused(400, _("a report's text has at most {count} characters", count=MAX_DETAIL))
    return line


def check_mute(target: Any) -> str:
    if not isinstance(target, str) or not MUTE.fullmatch(target) or hidden_in(target) is not None:
        raise Refused(400, _("a mute is u:USERNAME (an account) or n:TABLE:NAME (a guest at one table)"))
    return target


@dataclass(frozen=True)
class Removal:
    """A person about to be removed from a seat: what the removal needs once the host's operation is done."""

    seat: int
    token_hash: str
    connection: Any


@dataclass
class Moderation:
    """Mutes, reports and removals of one server over its database (``db`` gives the account runner)."""

    db: Callable[[], Runner]
    clock: Clock = time.monotonic
    reports: KeyedBuckets = field(init=False)
    joined_from: OrderedDict[tuple[str, str], str] = field(default_factory=OrderedDict)

    def __post_init__(self) -> None:
        self.reports = KeyedBuckets(REPORT_RATE, self.clock)

    # --- mutes ------------------------------------------------------------------------------------------

    async def mutes(self, account: str) -> list[str]:
        rows = await self.db().rows("SELECT target FROM mutes WHERE account = ? ORDER BY target", (account,))
        return [str(r[0]) for r in rows]

    async def mute(self, account: str, target: Any) -> list[str]:
        target = check_mute(target)
        listed = await self.mutes(account)
        if target in listed:
            return listed
        if len(listed) >= MAX_MUTES:
            raise Refused(409, _("at most {count} people muted; unmute someone first", count=MAX_MUTES))
        await self.db().run("INSERT INTO mutes (account, target, at) VALUES (?, ?, ?)", (account, target, now_iso()))
        return sorted([*listed, target])

    async def unmute(self, account: str, target: Any) -> list[str]:
        await self.db().run("DELETE FROM mutes WHERE account = ? AND target = ?", (account, check_mute(target)))
        return await self.mutes(account)

    # --- reports ----------------------------------------------------------------------------------------

    async def report(
        self, reporter: str, reporter_key: str, code: str, seat: int, reported: str, reason: Any, detail: Any,
    ) -> str:
        """Keep a report for the operator; 429 past the reporter's rate, 409 for a second report of the same
        player at the same table."""
        if reason not in REASONS:  # the first form of the API: the reason in words, no text (still accepted)
            if not isinstance(reason, str) or not reason.strip() or detail is not None:
                raise Refused(400, _("reason must be one of {reasons}", reasons=", ".join(REASONS)))
            reason, detail = clean_detail(reason), None
        text = clean_detail(detail)
        if reason == "other" and not text:
            raise Refused(400, _("say in a few words what happened (the reason is 'other')"))
        earlier = await self.db().rows(
            "SELECT id FROM reports WHERE reporter = ? AND code = ? AND seat = ?", (reporter, code, seat)
        )
        if earlier:
            raise Refused(409, _("you already reported this player at this table"))
        bucket = self.reports.bucket(reporter_key)
        if not bucket.take():
            wait = max(1, int(bucket.retry_after() + 0.999))
            raise Refused(429, _("too many reports; try again in {wait} s", wait=wait))
        made = secrets.token_hex(6)
        await self.db().run(
            "INSERT INTO reports (id, reporter, code, seat, reported, reason, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (made, reporter, code, seat, reported, reason, text or None, now_iso()),
        )
        return made

    # --- removals ---------------------------------------------------------------------------------------

    def joined(self, code: str, token_hash: str, address: str) -> None:
        """Remember the address a seat was taken from (for a removal before the start)."""
        self.joined_from[(code, token_hash)] = address
        if len(self.joined_from) > MAX_JOINERS:
            self.joined_from.popitem(last=False)

    async def barred_seats(self, code: str, account: str | None, address: str) -> set[int]:
        """The seats of ``code`` the host removed this person (their account, or their address) from."""
        rows = await self.db().rows(
            "SELECT seat FROM seat_bans WHERE code = ? AND (address = ? OR (account IS NOT NULL AND account = ?))",
            (code, address, account),
        )
        return {int(r[0]) for r in rows}

    async def seat_to_join(self, table: Any, account: str | None, address: str, asked: Any) -> Any:
        """The seat this person may take: the one asked for unless it is barred to them (403), or, when none
        was asked, the first empty seat not barred to them (the table's own checks come after)."""
        barred = await self.barred_seats(table.code, account, address)
        if not barred:
            return asked
        if isinstance(asked, int) and not isinstance(asked, bool) and asked in barred:
            raise Refused(403, _("the host removed you from seat {number} at this table; take another seat or watch",
                                 number=seat_number(asked)))
        if asked is None:
            free = [row.seat for row in table.seats if row.kind == "empty" and row.seat not in barred]
            if not free:
                raise Refused(403, _("the host removed you from this table's free seat; you may watch"))
            return free[0]
        return asked

    def before_seating(self, table: Any, op: Any) -> Removal | None:
        """The person the host's operation ``op`` removes (an ``empty`` of a person's seat), read before it."""
        if not isinstance(op, dict) or op.get("op") != "empty" or table.row.status != "lobby":
            return None
        seat = op.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            return None
        row = table.seats[seat]
        if row.kind != "human" or row.host or not row.token_hash:
            return None
        return Removal(seat, row.token_hash, table.by_seat.get(seat))

    async def removed(self, code: str, removal: Removal, account: str | None) -> None:
        """The host removed the person: bar the seat to them, and tell their connection in one line."""
        address = self.joined_from.pop((code, removal.token_hash), None)
        if account is not None or address is not None:
            await self.db().run(
                "INSERT INTO seat_bans (code, seat, account, address, at) VALUES (?, ?, ?, ?, ?)",
                (code, removal.seat, account, address, now_iso()),
            )
        if removal.connection is not None:
            removal.connection.send(dumps({
                "type": "removed", "seat": removal.seat,
                "message": _("the host removed you from seat {number}; you may watch or take another seat",
                             number=seat_number(removal.seat)),
            }))


async def table_people(db: Runner, table: Any) -> list[dict[str, Any]]:
    """Who sits where, for the table page's mute and report controls: each person's seat, name and username
    when the seat was taken with an account (public, like their profile)."""
    owners = {
        str(r[0]): str(r[1])
        for r in await db.rows(
            "SELECT s.token_hash, a.username FROM seat_accounts s JOIN accounts a ON a.id = s.account"
            " WHERE s.code = ?",
            (table.code,),
        )
    }
    return [
        {"seat": row.seat, "name": row.name, "username": owners.get(row.token_hash or "")}
        for row in table.seats if row.kind == "human"
    ]
