"""Who runs a table when several server processes share one database: a lease per table, renewed by its
owner, and the error a process answers with when another process holds the table's lease."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from ..store.tables import Lease


class NotOwner(Exception):
    """Another live process runs this table: the client should go there (or retry after the lease runs out)."""

    def __init__(self, lease: Lease) -> None:
        super().__init__(f"table {lease.code} is run by another server process at {lease.address}")
        self.lease = lease


LEASE = 5.0
"""Seconds a table's lease lasts by default (``cartas serve --lease``)."""
RENEW_SHARE = 0.3
"""A lease is renewed every 30% of its length: three renewals per lease, so two in a row may be missed (the
database slow for a moment, the event loop blocked by a long task) before a live process loses a table."""


@dataclass
class Ownership:
    """Who this process is among the processes sharing the database, and how long its leases last.

    The defaults, a 5 s lease renewed every 1.5 s and swept for every 1 s, put a dead process's tables on
    another process 3.5 to 5 s after its last renewal plus at most a sweep and the replay (6.5 s and a little
    at worst, under the 10 s the issue asks), while a live one keeps its tables through two missed renewals
    (3.5 s of stall). A table lost needlessly loses nothing either: its clients reconnect to the new owner.
    """

    owner: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    """This process's id in the leases table: ``cartas serve`` uses its ``--advertise`` address, so a process
    restarted in the same place takes its own tables back at once rather than after the lease runs out."""
    address: str = ""
    """Where a client or a proxy reaches this process (``--advertise``), handed out in redirect hints."""
    ttl: float = LEASE
    """Seconds a lease lasts unless renewed: a dead process's tables are taken over within about this time."""
    renew_every: float = LEASE * RENEW_SHARE
    """Seconds between renewals."""
    sweep_every: float = 1.0
    """Seconds between looks for tables whose lease ran out (one cheap query), to take them over."""

    @classmethod
    def for_lease(cls, owner: str, address: str, lease: float) -> Ownership:
        """A lease of ``lease`` seconds, renewed every 30% of it and swept for at least every second."""
        return cls(owner, address, lease, lease * RENEW_SHARE, min(1.0, lease * RENEW_SHARE))
