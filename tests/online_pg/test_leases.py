"""Lease keeping inside one process, without a database: the renewal's snapshot, and renewals that a slow
sweep (many tables to replay) does not hold back."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from cartas.online.game.hub import Hub
from cartas.online.game.ownership import Ownership


class SlowStore:
    """The two lease calls a hub makes on its own clock; ``renew`` waits until told, ``unowned_playing`` sleeps."""

    def __init__(self, sweep_takes: float = 0.0) -> None:
        self.renewals = 0
        self.release_renewal: asyncio.Event | None = None
        self.renewal_sent: asyncio.Event | None = None
        self.sweep_takes = sweep_takes
        self.held: set[str] = set()

    async def renew(self, owner: str, ttl: float) -> set[str]:
        self.renewals += 1
        if self.release_renewal is not None:
            assert self.renewal_sent is not None
            self.renewal_sent.set()
            await self.release_renewal.wait()
        return set(self.held)

    async def unowned_playing(self, owner: str) -> list[str]:
        await asyncio.sleep(self.sweep_takes)
        return []


def fake_table() -> Any:
    return SimpleNamespace(row=SimpleNamespace(status="playing"), connections=[], task=None)


def hub_on(store: SlowStore, ownership: Ownership) -> Hub:
    return Hub(store, None, None, None, ownership=ownership)  # type: ignore[arg-type]


def test_a_table_taken_while_a_renewal_is_on_its_way_is_not_dropped_as_lost() -> None:
    """Regression: the renewal's answer predates a lease acquired meanwhile; the table used to be stopped."""

    async def main() -> None:
        store = SlowStore()
        store.release_renewal, store.renewal_sent = asyncio.Event(), asyncio.Event()
        hub = hub_on(store, Ownership("me", "http://me"))
        hub.tables["OLD"] = fake_table()  # its lease was taken by another process: the renewal omits it
        renewal = asyncio.create_task(hub.renew())
        await store.renewal_sent.wait()
        hub.tables["NEW"] = fake_table()  # created here, lease acquired after the renewal's UPDATE
        store.release_renewal.set()
        await renewal
        assert sorted(hub.tables) == ["NEW"]

    asyncio.run(main())


def test_renewals_keep_their_clock_while_a_sweep_is_slow() -> None:
    async def main() -> None:
        store = SlowStore(sweep_takes=10.0)
        hub = hub_on(store, Ownership("me", "http://me", ttl=0.5, renew_every=0.05, sweep_every=0.01))
        keeping = asyncio.create_task(hub.keep_leases())
        await asyncio.sleep(0.5)
        keeping.cancel()
        with pytest.raises(asyncio.CancelledError):
            await keeping
        assert store.renewals >= 6  # 9 or 10 on an idle machine; the sweep never returned

    asyncio.run(main())


def test_the_default_lease_is_renewed_three_times_per_lease_and_swept_every_second() -> None:
    default = Ownership("me", "http://me")
    assert (default.ttl, default.renew_every, default.sweep_every) == (5.0, 1.5, 1.0)
    made = Ownership.for_lease("me", "http://me", 20.0)
    assert (made.ttl, made.renew_every, made.sweep_every) == (20.0, 6.0, 1.0)
    short = Ownership.for_lease("me", "http://me", 2.0)
    assert (short.ttl, short.renew_every, short.sweep_every) == (2.0, pytest.approx(0.6), pytest.approx(0.6))
