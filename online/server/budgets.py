"""What each door of the server may cost: the :class:`~cartas.online.server.limits.Limits` buckets a request (or a
websocket frame) draws on per address, per account and on the whole server, or why it needs none.

Every :class:`~cartas.online.routes.Door` and every websocket frame type (:data:`cartas.online.game.frame_budgets.FRAMES`)
names its budget, so no door can arrive without one: a test fails when one has none, and docs/online.md's table of
budgets is :func:`table` (a test compares them; ``python -m cartas.online.budget_table`` prints it). Bucket names are
:class:`Limits` fields, so an operator's knob (``cartas serve --limit``) changes exactly what the table says.

Every door is also under the server's cap of connections in flight
(:data:`cartas.online.server.timeouts.MAX_CONNECTIONS`) and the request head, body and keep-alive limits
(:mod:`cartas.online.server.timeouts`), which need no mention per door.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .limits import Limits

LIMIT_NAMES = frozenset(f.name for f in fields(Limits))
"""The buckets a budget may name."""


@dataclass(frozen=True)
class Budget:
    """The buckets a door draws on (``Limits`` field names), or, when it draws on none, why it needs none."""

    address: tuple[str, ...] = ()
    """Buckets kept per client address."""
    account: tuple[str, ...] = ()
    """Buckets kept per account (or per username, device or reporter, said in ``note``)."""
    total: tuple[str, ...] = ()
    """Buckets of the whole server, every address together."""
    note: str = ""
    """What else bounds it (a cap in code, a queue), or, with no bucket, why it needs none."""

    def buckets(self) -> tuple[str, ...]:
        return (*self.address, *self.account, *self.total)

    def unknown(self) -> list[str]:
        """Named buckets that are not :class:`Limits` fields (a test keeps this empty)."""
        return [name for name in self.buckets() if name not in LIMIT_NAMES]

    def documented(self) -> bool:
        """A bucket, or a reason for none."""
        return bool(self.buckets() or self.note.strip())

    def cells(self) -> tuple[str, str, str, str]:
        def names(found: tuple[str, ...]) -> str:
            return ", ".join(f"`{name}`" for name in found) or "-"
        return names(self.address), names(self.account), names(self.total), self.note


def read(why: str = "a read answered from memory or one indexed query, a few milliseconds") -> Budget:
    """A cheap read: no bucket of its own (the server's connection cap and the request limits hold it)."""
    return Budget(note=why)


PAGE = read("a page or script served from memory")
"""The HTML pages and the deck scripts: built once, served from memory."""

STATIC = Budget(note="`StaticFiles` under `/static`: files from disk, nothing computed; the server's connection cap")
"""The ``/static`` mount, which is not a :class:`~cartas.online.routes.Door`: its budget, listed with the doors'."""


def table(rows: list[tuple[str, Budget]]) -> str:
    """The Markdown table of budgets, one row per door or frame type."""
    lines = ["| Door | Per address | Per account | Server-wide | Otherwise |", "| --- | --- | --- | --- | --- |"]
    for door, budget in rows:
        address, account, total, note = budget.cells()
        lines.append(f"| {door} | {address} | {account} | {total} | {note} |")
    return "\n".join(lines) + "\n"
