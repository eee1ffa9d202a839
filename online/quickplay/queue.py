"""Quick play ("Jugar ya"): people waiting for the same setup are seated together at a new table.

A person asks for a game, a number of players and options (points); they get a ticket (only its sha256 is
kept) and their place in the ``quickplay`` table of the database, so every server process on one database
sees the same queue. A pairing pass, run by every process every :data:`PAIR_EVERY` seconds and at each new
arrival, takes the database's lock (SQLite: ``BEGIN IMMEDIATE``; Postgres: a transaction-scoped advisory
lock), groups the waiting people of each setup by rating, marks the groups ``pairing`` and commits; only then,
outside the lock, does it create each group's table (it runs it, like any table it creates), seat everyone,
fill the seats of people who accepted bots, start the match, and write each person's seat and token in their
row, which their next poll reads and deletes.

The window: people whose ratings (openskill mu, 25 for a guest or a new account) differ by at most
``WINDOW_BASE + WINDOW_GROWTH * seconds`` (of the longest waiting among them) are seated together, closest
ratings first; a person who said they accept bots after N seconds, once they have waited that long, is seated
with whoever waits (possibly nobody) and bots in the other seats.

Two people may queue together as partners (a party, :mod:`cartas.online.quickplay.parties`): their two rows carry the
party's code, enter the queue in one transaction, and the pairing pass treats them as one entry rated as
openskill's team model rates a team (the sum of its members' mu; compared with single people per player, so
at half that sum), which it seats on one side with the other side filled by rating.

The seat's token sits in the database between the pairing pass and the person's next poll (a second or two);
a row not picked up within :data:`UNCLAIMED` seconds is deleted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cartas.core.i18n import FRAMEWORK as _
from ..store.db import Runner
from ..server.errors import Refused
from ..game.tokens import hash_token, new_token

PAIR_EVERY = 0.5
WINDOW_BASE = 3.0
WINDOW_GROWTH = 1.0
"""Rating points (mu) the window widens by per second waited."""
UNCLAIMED = 120.0
PAIR_LOCK = 0x71706C79  # "qply": the advisory lock of the pairing pass on Postgres
MAX_BOTS_AFTER = 600.0
PARTY_LIFE = 3600.0
"""Seconds a party (open, queued or closed) is kept: an invitation nobody accepted within an hour is gone."""


@dataclass(frozen=True)
class Waiting:
    ticket_hash: str
    setup: str
    game: str
    options: dict[str, Any]
    players: int
    name: str
    account: str | None
    rating: float
    bots_after: float | None
    joined: float
    party: str | None = None
    """The code of the party this person queued with (their partner has the same), or None alone."""


COLUMNS = "ticket_hash, setup, game, options, players, name, account, rating, bots_after, joined, party"


def _waiting(row: tuple[Any, ...]) -> Waiting:
    return Waiting(
        row[0], row[1], row[2], json.loads(row[3]), int(row[4]), row[5], row[6], float(row[7]),
        None if row[8] is None else float(row[8]), float(row[9]), row[10] if len(row) > 10 else None,
    )


def window(waited: float) -> float:
    return WINDOW_BASE + WINDOW_GROWTH * max(0.0, waited)


@dataclass(frozen=True)
class Entry:
    """One entry of the queue: a person alone, or the two partners of a party, who are never split."""

    people: tuple[Waiting, ...]

    @property
    def rating(self) -> float:
        """openskill's team model rates a team by the sum of its members' mu; per player, to compare an entry of
        two with people alone, that is the mean."""
        return sum(p.rating for p in self.people) / len(self.people)

    @property
    def joined(self) -> float:
        """When the entry entered the queue: a party enters when its second person accepts (both rows then)."""
        return max(p.joined for p in self.people)

    @property
    def bots_after(self) -> float | None:
        return self.people[0].bots_after


def entries_of(waiting: list[Waiting]) -> list[Entry]:
    """The people of one setup as queue entries: the rows of one party together, everyone else alone."""
    parties: dict[str, list[Waiting]] = {}
    alone: list[Entry] = []
    for person in waiting:
        if person.party is None:
            alone.append(Entry((person,)))
        else:
            parties.setdefault(person.party, []).append(person)
    together = [Entry(tuple(sorted(members, key=lambda p: p.joined))) for members in parties.values()]
    return alone + together


def _best_group(ratings: list[float], joined: list[float], sizes: list[int], size: int, now: float) -> list[int] | None:
    """Among the entries left (their ratings in order, when they joined, how many people each is), the indexes
    of the group to seat first: from each entry up the rating order, the entries that fill exactly ``size``
    seats (skipping one that would overfill them, a party when one seat is left), within the window of the
    longest waiting among them, the smallest spread first. A search stops going up once the spread can no
    longer be in any window or beat the best found."""
    widest = window(now - min(joined))
    best: tuple[float, list[int]] | None = None
    count = len(ratings)
    for start in range(count):
        members, filled, earliest = [start], sizes[start], joined[start]
        for other in range(start + 1, count):
            if filled == size:
                break
            spread = ratings[other] - ratings[start]
            if spread > widest or (best is not None and spread >= best[0]):
                break
            if filled + sizes[other] <= size:
                members.append(other)
                filled += sizes[other]
                if joined[other] < earliest:
                    earliest = joined[other]
        if filled != size:
            continue
        spread = ratings[members[-1]] - ratings[start]
        if spread <= window(now - earliest) and (best is None or spread < best[0]):
            best = (spread, members)
    return None if best is None else best[1]


def groups_of(waiting: list[Waiting], now: float) -> list[list[Waiting]]:
    """The groups to seat now, from the people waiting for ONE setup: full groups of ``players`` people whose
    entries' ratings are within the window of the longest waiting among them (closest ratings first; a party
    is one entry, never split), then each entry left that accepts bots by now, alone with bots. Pure, so it is
    tested without a database."""
    if not waiting:
        return []
    size = waiting[0].players
    left = sorted(entries_of(waiting), key=lambda e: (e.rating, e.joined))
    ratings = [entry.rating for entry in left]
    joined = [entry.joined for entry in left]
    sizes = [len(entry.people) for entry in left]
    found: list[list[Waiting]] = []
    people = sum(sizes)
    while people >= size:
        chosen = _best_group(ratings, joined, sizes, size, now)
        if chosen is None:
            break
        found.append([person for index in chosen for person in left[index].people])
        people -= size
        for index in reversed(chosen):
            del left[index], ratings[index], joined[index], sizes[index]
    for entry in left:
        if entry.bots_after is not None and now - entry.joined >= entry.bots_after:
            found.append(list(entry.people))
    return found


def seat_plan(group: list[Waiting], players: int, teams: tuple[int, ...] | None) -> list[int]:
    """The seat of each person of ``group`` (in its order) at a table of ``players`` seats: the partners of a
    party side by side on one team (truco's partners sit across, seats 0 and 2), the others in the seats left
    in order; seats nobody gets are the bots'. Pure."""
    free = list(range(players))
    plan: dict[int, int] = {}
    by_party: dict[str, list[int]] = {}
    for index, person in enumerate(group):
        if person.party is not None:
            by_party.setdefault(person.party, []).append(index)
    for members in by_party.values():
        if teams is None:
            raise ValueError("partners are seated together only at a table of teams")
        for side in sorted(set(teams)):
            seats = [seat for seat in free if teams[seat] == side]
            if len(seats) >= len(members):
                for index, seat in zip(members, seats, strict=False):
                    plan[index] = seat
                    free.remove(seat)
                break
        else:
            raise ValueError("no side has room for the partners")
    for index in range(len(group)):
        if index not in plan:
            plan[index] = free.pop(0)
    return [plan[index] for index in range(len(group))]


def setup_of(game: str, players: int, options: dict[str, Any]) -> str:
    """The key people wait under: they are seated together only with people who asked for the same."""
    return json.dumps([game, players, options], sort_keys=True)


def check_bots_after(bots_after: float | None) -> None:
    if bots_after is not None and not 0 <= bots_after <= MAX_BOTS_AFTER:
        raise Refused(400, _("bots_after must be a number of seconds from 0 to {most}", most=f"{MAX_BOTS_AFTER:g}"))


class QuickPlay:
    """The queue of one server over its database; ``seat_group`` creates and starts a group's table."""

    def __init__(
        self, db: Runner, seat_group: Callable[[list[Waiting]], Awaitable[list[tuple[str, int, str]]]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.seat_group = seat_group
        self.clock = clock

    async def join(
        self, game: str, options: dict[str, Any], players: int, name: str, account: str | None, rating: float,
        bots_after: float | None,
    ) -> str:
        """Queue a person; their ticket (to poll with). A logged-in account waits with one ticket of its own: a
        new one replaces the one it had waiting (whose poll then answers 404), so an account is never paired
        with itself and a page reloaded while waiting does not leave a ticket behind."""
        check_bots_after(bots_after)
        ticket = new_token()
        insert = self.row_insert(hash_token(ticket), game, options, players, name, account, rating, bots_after, None)
        if account is None:
            await self.db.run(*insert)
        else:
            await self.db.run_all([
                ("DELETE FROM quickplay WHERE account = ? AND status = 'waiting' AND party IS NULL", (account,)),
                insert,
            ])
        return ticket

    def row_insert(
        self, ticket_hash: str, game: str, options: dict[str, Any], players: int, name: str, account: str | None,
        rating: float, bots_after: float | None, party: str | None,
    ) -> tuple[str, tuple[Any, ...]]:
        """The statement that puts one person in the queue (a party puts its two in one transaction)."""
        return (
            f"INSERT INTO quickplay ({COLUMNS}, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting')",
            (ticket_hash, setup_of(game, players, options), game, json.dumps(options, sort_keys=True), players, name,
             account, rating, bots_after, self.clock(), party),
        )

    async def still_waiting(self, ticket_hashes: list[str]) -> list[str]:
        """Those of ``ticket_hashes`` still in the queue (waiting or being seated)."""
        if not ticket_hashes:
            return []
        marks = ", ".join("?" for _hash in ticket_hashes)
        rows = await self.db.rows(
            f"SELECT ticket_hash FROM quickplay WHERE status IN ('waiting', 'pairing') AND ticket_hash IN ({marks})",
            tuple(ticket_hashes),
        )
        return [str(row[0]) for row in rows]

    async def waiting_of(self, account: str | None) -> int:
        """Tickets in the queue: the account's, or everyone's with None."""
        if account is None:
            rows = await self.db.rows("SELECT COUNT(*) FROM quickplay WHERE status IN ('waiting', 'pairing')")
        else:
            rows = await self.db.rows(
                "SELECT COUNT(*) FROM quickplay WHERE status IN ('waiting', 'pairing') AND account = ?", (account,)
            )
        return int(rows[0][0])

    async def poll(self, ticket: str) -> dict[str, Any]:
        """Where the ticket's person is: waiting (for how long) or seated (code, seat, token: given once)."""
        rows = await self.db.rows(
            "SELECT status, joined, code, seat, token FROM quickplay WHERE ticket_hash = ?", (hash_token(ticket),)
        )
        if not rows:
            raise Refused(404, _("no such quick-play ticket (it was seated and read, or it left the queue)"))
        status, joined, code, seat, token = rows[0]
        if status == "seated":
            await self.db.run("DELETE FROM quickplay WHERE ticket_hash = ?", (hash_token(ticket),))
            return {"status": "seated", "code": code, "seat": seat, "token": token, "url": f"/t/{code}"}
        return {"status": "waiting", "waited": round(self.clock() - float(joined), 1)}

    async def leave(self, ticket: str) -> None:
        """Stop looking; a person queued with a partner takes the partner out too (the party is closed, which
        the partner's next poll says)."""
        rows = await self.db.rows(
            "SELECT party FROM quickplay WHERE ticket_hash = ? AND status = 'waiting'", (hash_token(ticket),)
        )
        if not rows:
            raise Refused(404, _("no such ticket waiting (it may have been seated: poll it)"))
        party = rows[0][0]
        if party is None:
            await self.db.run("DELETE FROM quickplay WHERE ticket_hash = ? AND status = 'waiting'", (hash_token(ticket),))
            return
        await self.db.run_all([
            ("DELETE FROM quickplay WHERE party = ? AND status = 'waiting'", (party,)),
            ("UPDATE parties SET status = 'closed' WHERE code = ?", (party,)),
        ])

    async def _claim(self) -> list[list[Waiting]]:
        """Under the database's lock: the groups to seat now, marked ``pairing`` so no other process takes them."""
        now = self.clock()
        async with self.db.transaction() as tx:
            await self.db.lock(tx, PAIR_LOCK)
            groups = self._group(await tx.rows(f"SELECT {COLUMNS} FROM quickplay WHERE status = 'waiting'"), now)
            await tx.run_many(
                "UPDATE quickplay SET status = 'pairing' WHERE ticket_hash = ?",
                [(person.ticket_hash,) for group in groups for person in group],
            )
            await tx.run("DELETE FROM quickplay WHERE status = 'seated' AND joined < ?", (now - UNCLAIMED,))
            await tx.run("DELETE FROM parties WHERE created < ?", (now - PARTY_LIFE,))
            return groups

    @staticmethod
    def _group(rows: list[Any], now: float) -> list[list[Waiting]]:
        by_setup: dict[str, list[Waiting]] = {}
        for row in rows:
            person = _waiting(tuple(row))
            by_setup.setdefault(person.setup, []).append(person)
        return [group for waiting in by_setup.values() for group in groups_of(waiting, now)]

    async def pair(self) -> int:
        """One pairing pass; the number of people seated."""
        seated = 0
        for group in await self._claim():
            try:
                seats = await self.seat_group(group)
            except Exception:
                await self.db.run_all([
                    ("UPDATE quickplay SET status = 'waiting' WHERE ticket_hash = ?", (p.ticket_hash,)) for p in group
                ])
                raise
            await self.db.run_all([
                ("UPDATE quickplay SET status = 'seated', code = ?, seat = ?, token = ?, joined = ?"
                 " WHERE ticket_hash = ?", (code, seat, token, self.clock(), person.ticket_hash))
                for person, (code, seat, token) in zip(group, seats, strict=True)
            ])
            seated += len(group)
        return seated
