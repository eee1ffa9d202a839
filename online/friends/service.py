"""Friends, blocks, challenges and invitation links of the accounts of one server, over its database runner.

- **Friends** are mutual: one asks, the other accepts (a one-way follow would let a stranger watch where someone
  plays). One row per pair, the lower account id in ``a``; asking someone who already asked you accepts.
  Declining or removing deletes the row, so either may ask again later.
- **Blocks** are one account's own list: a blocked person cannot befriend, challenge or use a link of the
  blocker, and the blocker's page hides their chat (the block joins the mutes, cartas.online.moderation).
  Blocking ends a friendship and the open challenges between the two. Nobody is told they are blocked: a
  refusal reads as for an unknown player.
- **Challenges** name a game and its options and expire after some minutes; the challenged person accepts
  (a table is made and both are seated and it starts, as quick play seats a group) or declines; the challenger
  may cancel.
- **Invitation links** are random tokens (only their sha256 kept), used once and expiring: a friend link makes
  whoever opens it a friend of its maker (making the link was the maker's accept); a challenge link makes and
  accepts a challenge from the maker to the opener.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from ..game.tokens import hash_token
from ..server.errors import Refused
from ..store.db import Runner
from .notify import notify

MAX_FRIENDS = 500
MAX_BLOCKS = 500
MAX_OPEN_CHALLENGES = 20
"""Open challenges one account may have sent at once."""
DEFAULT_MINUTES = 10.0
MAX_MINUTES = 24 * 60.0
LINK_LIFE = 7 * 24 * 3600.0
"""Seconds an invitation link stays usable when nobody opens it."""

Seater = Callable[[str, dict[str, Any], list[tuple[str, str]]], Awaitable[list[tuple[str, int, str]]]]
"""Makes and starts a table of ``game`` with ``options`` for the people (account id, name) in seat order, and
answers each one's (code, seat, token)."""


@dataclass(frozen=True)
class Person:
    id: str
    username: str
    display: str


def pair(one: str, other: str) -> tuple[str, str]:
    return (one, other) if one < other else (other, one)


def check_minutes(minutes: Any) -> float:
    if minutes is None:
        return DEFAULT_MINUTES
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or not 1 <= minutes <= MAX_MINUTES:
        raise Refused(400, _("a challenge lasts from 1 to {most} minutes", most=int(MAX_MINUTES)))
    return float(minutes)


class Friends:
    """The friends room's rules over ``db``; ``seat`` makes a challenge's table, ``clock`` is seconds since the epoch."""

    def __init__(self, db: Runner, seat: Seater, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.seat = seat
        self.clock = clock

    # --- people -----------------------------------------------------------------------------------------

    async def person(self, username: Any) -> Person:
        if not isinstance(username, str):
            raise Refused(400, _("name a player by their username"))
        rows = await self.db.rows(
            "SELECT id, username, display FROM accounts WHERE username = ? AND disabled = 0", (username.lower(),)
        )
        if not rows:
            raise Refused(404, _("no such player"))
        return Person(str(rows[0][0]), str(rows[0][1]), str(rows[0][2]))

    async def blocked_between(self, one: str, other: str) -> bool:
        rows = await self.db.rows(
            "SELECT 1 FROM blocks WHERE (account = ? AND target = ?) OR (account = ? AND target = ?)",
            (one, other, other, one),
        )
        return bool(rows)

    async def reachable(self, me: str, other: Person) -> None:
        """Refuse reaching ``other`` from ``me``: oneself, or a block either way (read as an unknown player)."""
        if other.id == me:
            raise Refused(400, _("that is you"))
        if await self.blocked_between(me, other.id):
            raise Refused(404, _("no such player"))

    # --- friends ----------------------------------------------------------------------------------------

    async def status(self, me: str, other: str) -> tuple[str, str] | None:
        a, b = pair(me, other)
        rows = await self.db.rows("SELECT status, asker FROM friends WHERE a = ? AND b = ?", (a, b))
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    async def ask(self, me: str, username: Any) -> str:
        """Ask ``username`` to be friends; ``accepted`` when they had asked already, else ``pending``."""
        other = await self.person(username)
        await self.reachable(me, other)
        found = await self.status(me, other.id)
        if found is not None:
            state, asker = found
            if state == "pending" and asker == other.id:
                return await self.accept(me, other.username)
            return state
        (count,), = await self.db.rows("SELECT count(*) FROM friends WHERE a = ? OR b = ?", (me, me))
        if int(count) >= MAX_FRIENDS:
            raise Refused(409, _("at most {count} friends and requests; remove someone first", count=MAX_FRIENDS))
        a, b = pair(me, other.id)
        await self.db.run("INSERT INTO friends (a, b, asker, status, at) VALUES (?, ?, ?, 'pending', ?)",
                          (a, b, me, self.clock()))
        notify(other.id, "friend_request", {"from": me})
        return "pending"

    async def accept(self, me: str, username: Any) -> str:
        other = await self.person(username)
        a, b = pair(me, other.id)
        changed = await self.db.run(
            "UPDATE friends SET status = 'accepted', at = ? WHERE a = ? AND b = ? AND asker = ? AND status = 'pending'",
            (self.clock(), a, b, other.id),
        )
        if not changed:
            raise Refused(404, _("no friend request from this player"))
        notify(other.id, "friend_accepted", {"by": me})
        return "accepted"

    async def remove(self, me: str, username: Any) -> None:
        """Decline a request, take back one's own, or end a friendship: the row goes either way."""
        other = await self.person(username)
        a, b = pair(me, other.id)
        await self.db.run("DELETE FROM friends WHERE a = ? AND b = ?", (a, b))

    async def listing(self, me: str) -> dict[str, Any]:
        """Friends (each online or not, and the tables they sit at), requests to me, requests of mine."""
        rows = await self.db.rows(
            "SELECT f.status, f.asker, c.id, c.username, c.display FROM friends f"
            " JOIN accounts c ON c.id = CASE WHEN f.a = ? THEN f.b ELSE f.a END"
            " WHERE (f.a = ? OR f.b = ?) ORDER BY c.username",
            (me, me, me),
        )
        friends = [r for r in rows if r[0] == "accepted"]
        where = await self.tables_of([str(r[2]) for r in friends])
        return {
            "friends": [
                {"username": r[3], "display": r[4], "online": any(t["online"] for t in where.get(str(r[2]), [])),
                 "tables": where.get(str(r[2]), [])}
                for r in friends
            ],
            "asked_me": [{"username": r[3], "display": r[4]} for r in rows if r[0] == "pending" and r[1] != me],
            "asked_by_me": [{"username": r[3], "display": r[4]} for r in rows if r[0] == "pending" and r[1] == me],
        }

    async def tables_of(self, accounts: list[str]) -> dict[str, list[dict[str, Any]]]:
        """The live tables (lobby or playing) each account sits at, and whether its page is connected there
        (the seat's presence as the hub last stored it, the same from every process)."""
        if not accounts:
            return {}
        marks = ", ".join("?" for _ in accounts)
        rows = await self.db.rows(
            "SELECT sa.account, t.code, t.game, t.status, p.presence FROM seat_accounts sa"
            " JOIN tables t ON t.code = sa.code"
            " JOIN seats s ON s.code = sa.code AND s.token_hash = sa.token_hash"
            " LEFT JOIN presence p ON p.code = s.code AND p.seat = s.seat"
            f" WHERE sa.account IN ({marks}) AND t.status IN ('lobby', 'playing') ORDER BY t.created",
            tuple(accounts),
        )
        found: dict[str, list[dict[str, Any]]] = {}
        for account, code, game, status, presence in rows:
            found.setdefault(str(account), []).append(
                {"code": code, "game": game, "status": status, "online": presence == "online", "url": f"/t/{code}"}
            )
        return found

    async def friend_ids(self, me: str) -> list[str]:
        rows = await self.db.rows(
            "SELECT CASE WHEN a = ? THEN b ELSE a END FROM friends WHERE (a = ? OR b = ?) AND status = 'accepted'",
            (me, me, me),
        )
        return [str(r[0]) for r in rows]

    # --- blocks -----------------------------------------------------------------------------------------

    async def blocks(self, me: str) -> list[str]:
        rows = await self.db.rows(
            "SELECT c.username FROM blocks b JOIN accounts c ON c.id = b.target WHERE b.account = ? ORDER BY c.username",
            (me,),
        )
        return [str(r[0]) for r in rows]

    async def block(self, me: str, username: Any) -> list[str]:
        other = await self.person(username)
        if other.id == me:
            raise Refused(400, _("that is you"))
        listed = await self.blocks(me)
        if other.username in listed:
            return listed
        if len(listed) >= MAX_BLOCKS:
            raise Refused(409, _("at most {count} people blocked; unblock someone first", count=MAX_BLOCKS))
        a, b = pair(me, other.id)
        await self.db.run_all([
            ("INSERT INTO blocks (account, target, at) VALUES (?, ?, ?)", (me, other.id, self.clock())),
            ("DELETE FROM friends WHERE a = ? AND b = ?", (a, b)),
            ("UPDATE challenges SET status = 'cancelled' WHERE status = 'open' AND"
             " ((challenger = ? AND challenged = ?) OR (challenger = ? AND challenged = ?))", (me, other.id, other.id, me)),
        ])
        return sorted([*listed, other.username])

    async def unblock(self, me: str, username: Any) -> list[str]:
        other = await self.person(username)
        await self.db.run("DELETE FROM blocks WHERE account = ? AND target = ?", (me, other.id))
        return await self.blocks(me)

    async def blocked_usernames(self, me: str) -> list[str]:
        """Who ``me`` blocked, as mutes (``u:USERNAME``): their chat lines are hidden like a muted person's."""
        return [f"u:{name}" for name in await self.blocks(me)]

    # --- challenges -------------------------------------------------------------------------------------

    async def challenge(self, me: str, username: Any, game: Any, options: Any, minutes: Any) -> dict[str, Any]:
        other = await self.person(username)
        await self.reachable(me, other)
        if not isinstance(game, str):
            raise Refused(400, _("name a game"))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise Refused(400, _("{field} must be an object", field="options"))
        life = check_minutes(minutes)
        now = self.clock()
        (count,), = await self.db.rows(
            "SELECT count(*) FROM challenges WHERE challenger = ? AND status = 'open' AND expires > ?", (me, now)
        )
        if int(count) >= MAX_OPEN_CHALLENGES:
            raise Refused(409, _("at most {count} open challenges; wait for an answer", count=MAX_OPEN_CHALLENGES))
        made = secrets.token_hex(6)
        await self.db.run(
            "INSERT INTO challenges (id, challenger, challenged, game, options, status, created, expires)"
            " VALUES (?, ?, ?, ?, ?, 'open', ?, ?)",
            (made, me, other.id, game, json.dumps(options, sort_keys=True), now, now + life * 60),
        )
        notify(other.id, "challenge", {"id": made, "from": me, "game": game})
        return await self.one(me, made)

    async def one(self, me: str, made: str) -> dict[str, Any]:
        rows = await self.db.rows(CHALLENGE + " WHERE ch.id = ? AND (ch.challenger = ? OR ch.challenged = ?)",
                                  (made, me, me))
        if not rows:
            raise Refused(404, _("no such challenge"))
        return self.shown(me, rows[0])

    def shown(self, me: str, row: tuple[Any, ...]) -> dict[str, Any]:
        made, challenger, challenged, game, options, status, expires, code, seats, by, to = row
        if status == "open" and float(expires) <= self.clock():
            status = "expired"
        found: dict[str, Any] = {
            "id": made, "from": by, "to": to, "game": game, "options": json.loads(options), "status": status,
            "expires_in": max(0, round(float(expires) - self.clock())), "mine": challenger == me,
        }
        if status == "accepted" and code is not None:
            seat, token = json.loads(seats)[me]
            found.update(code=code, seat=seat, token=token, url=f"/t/{code}")
        return found

    async def challenges(self, me: str) -> list[dict[str, Any]]:
        """My challenges, sent and received, still open (not expired) or accepted in the last hour."""
        now = self.clock()
        rows = await self.db.rows(
            CHALLENGE + " WHERE (ch.challenger = ? OR ch.challenged = ?) AND"
            " ((ch.status = 'open' AND ch.expires > ?) OR (ch.status = 'accepted' AND ch.created > ?))"
            " ORDER BY ch.created",
            (me, me, now, now - 3600),
        )
        return [self.shown(me, row) for row in rows]

    async def answer(self, me: str, made: str, accept: Any) -> dict[str, Any]:
        """The challenged person accepts (the table is made, both seated, the match started) or declines."""
        if not isinstance(accept, bool):
            raise Refused(400, _("{field} must be true or false", field="accept"))
        rows = await self.db.rows(
            "SELECT challenger, game, options, expires FROM challenges WHERE id = ? AND challenged = ? AND status = 'open'",
            (made, me),
        )
        if not rows:
            raise Refused(404, _("no such challenge"))
        challenger, game, options, expires = rows[0]
        if float(expires) <= self.clock():
            raise Refused(410, _("this challenge expired"))
        if not accept:
            await self.db.run("UPDATE challenges SET status = 'declined' WHERE id = ?", (made,))
            notify(str(challenger), "challenge_answered", {"id": made, "accepted": False})
            return await self.one(me, made)
        claimed = await self.db.run(
            "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (made,)
        )
        if not claimed:  # answered twice at once: the first answer wins
            raise Refused(409, _("this challenge was already answered"))
        await self.start(made, str(challenger), me, str(game), json.loads(options))
        notify(str(challenger), "challenge_answered", {"id": made, "accepted": True})
        return await self.one(me, made)

    async def start(self, made: str, challenger: str, challenged: str, game: str, options: dict[str, Any]) -> None:
        names = {str(r[0]): str(r[1]) for r in await self.db.rows(
            "SELECT id, display FROM accounts WHERE id IN (?, ?)", (challenger, challenged))}
        try:
            seats = await self.seat(game, options, [(challenger, names[challenger]), (challenged, names[challenged])])
        except Exception:
            await self.db.run("UPDATE challenges SET status = 'open' WHERE id = ?", (made,))
            raise
        code = seats[0][0]
        held = {challenger: [seats[0][1], seats[0][2]], challenged: [seats[1][1], seats[1][2]]}
        await self.db.run("UPDATE challenges SET code = ?, seats = ? WHERE id = ?", (code, json.dumps(held), made))

    async def cancel(self, me: str, made: str) -> None:
        changed = await self.db.run(
            "UPDATE challenges SET status = 'cancelled' WHERE id = ? AND challenger = ? AND status = 'open'", (made, me)
        )
        if not changed:
            raise Refused(404, _("no such challenge"))

    # --- invitation links -------------------------------------------------------------------------------

    async def make_link(self, me: str, kind: Any, game: Any = None, options: Any = None,
                        minutes: Any = None) -> dict[str, Any]:
        if kind not in ("friend", "challenge"):
            raise Refused(400, _("an invitation is for a friend or a challenge"))
        token = secrets.token_urlsafe(18)
        life = LINK_LIFE
        if kind == "challenge":
            if not isinstance(game, str):
                raise Refused(400, _("name a game"))
            if options is None:
                options = {}
            if not isinstance(options, dict):
                raise Refused(400, _("{field} must be an object", field="options"))
            life = check_minutes(minutes) * 60
        await self.db.run(
            "INSERT INTO invitation_links (token_hash, account, kind, game, options, expires) VALUES (?, ?, ?, ?, ?, ?)",
            (hash_token(token), me, kind, game if kind == "challenge" else None,
             json.dumps(options, sort_keys=True) if kind == "challenge" else None, self.clock() + life),
        )
        return {"token": token, "url": f"/?invite={token}", "kind": kind, "expires_in": round(life)}

    async def link(self, token: Any) -> tuple[str, str, str | None, str | None]:
        if not isinstance(token, str):
            raise Refused(404, _("no such invitation (it was used, or it never was)"))
        rows = await self.db.rows(
            "SELECT account, kind, game, options, expires, used FROM invitation_links WHERE token_hash = ?",
            (hash_token(token),),
        )
        if not rows or rows[0][5] is not None:
            raise Refused(404, _("no such invitation (it was used, or it never was)"))
        account, kind, game, options, expires, _used = rows[0]
        if float(expires) <= self.clock():
            raise Refused(410, _("this invitation expired"))
        return str(account), str(kind), game, options

    async def show_link(self, token: Any) -> dict[str, Any]:
        account, kind, game, options = await self.link(token)
        rows = await self.db.rows("SELECT username, display FROM accounts WHERE id = ?", (account,))
        shown: dict[str, Any] = {"kind": kind, "from": rows[0][0], "display": rows[0][1]}
        if kind == "challenge":
            shown.update(game=game, options=json.loads(options or "{}"))
        return shown

    async def use_link(self, me: str, token: Any) -> dict[str, Any]:
        """Open a link: its maker and the opener become friends, or play the challenge it names now."""
        maker, kind, game, options = await self.link(token)
        if maker == me:
            raise Refused(400, _("that is your own invitation"))
        if await self.blocked_between(me, maker):
            raise Refused(404, _("no such invitation (it was used, or it never was)"))
        used = await self.db.run(
            "UPDATE invitation_links SET used = ? WHERE token_hash = ? AND used IS NULL",
            (self.clock(), hash_token(str(token))),
        )
        if not used:
            raise Refused(404, _("no such invitation (it was used, or it never was)"))
        if kind == "friend":
            a, b = pair(me, maker)
            await self.db.run_all([
                ("DELETE FROM friends WHERE a = ? AND b = ?", (a, b)),
                ("INSERT INTO friends (a, b, asker, status, at) VALUES (?, ?, ?, 'accepted', ?)",
                 (a, b, maker, self.clock())),
            ])
            notify(maker, "friend_accepted", {"by": me})
            return {"kind": "friend", "status": "accepted"}
        made = secrets.token_hex(6)
        now = self.clock()
        await self.db.run(
            "INSERT INTO challenges (id, challenger, challenged, game, options, status, created, expires)"
            " VALUES (?, ?, ?, ?, ?, 'accepted', ?, ?)",
            (made, maker, me, game, options, now, now),
        )
        await self.start(made, maker, me, str(game), json.loads(options or "{}"))
        notify(maker, "challenge_answered", {"id": made, "accepted": True})
        return {"kind": "challenge", "challenge": await self.one(me, made)}


CHALLENGE = (
    "SELECT ch.id, ch.challenger, ch.challenged, ch.game, ch.options, ch.status, ch.expires, ch.code, ch.seats,"
    " f.username, t.username FROM challenges ch JOIN accounts f ON f.id = ch.challenger"
    " JOIN accounts t ON t.id = ch.challenged"
)
