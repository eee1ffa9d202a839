"""What the server measures about itself: how long a move takes from its frame arriving to the last of its
views leaving, and how late the event loop wakes up. ``GET /api/metrics`` reports both (aggregates only).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

KEPT = 20_000


class Samples:
    """The latest measurements (milliseconds), each with the time it was taken."""

    def __init__(self) -> None:
        self.samples: deque[tuple[float, float]] = deque(maxlen=KEPT)
        self.count = 0

    def add(self, milliseconds: float) -> None:
        self.samples.append((time.monotonic(), milliseconds))
        self.count += 1

    def summary(self, window: float | None = None) -> dict[str, Any]:
        """Count and percentiles over the last ``window`` seconds (or all kept samples)."""
        since = time.monotonic() - window if window else float("-inf")
        values = sorted(ms for at, ms in self.samples if at >= since)
        if not values:
            return {"n": 0}

        def pct(p: float) -> float:
            return round(values[min(len(values) - 1, int(p * len(values)))], 3)

        return {"n": len(values), "p50": pct(0.5), "p95": pct(0.95), "p99": pct(0.99), "max": round(values[-1], 3)}


class MoveTimer:
    """One move on its way out: done when each of the views it sent has been written to its socket."""

    __slots__ = ("received", "waiting", "sink")

    def __init__(self, received: float, sink: Samples) -> None:
        self.received = received
        self.waiting = 0
        self.sink = sink

    def sent(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.sink.add((time.perf_counter() - self.received) * 1000)


class Metrics:
    """The server's own measurements."""

    def __init__(self) -> None:
        self.moves = Samples()
        self.loop_lag = Samples()

    async def watch_loop(self, every: float = 0.05) -> None:
        """Sleep ``every`` seconds again and again; how late each wake-up comes is the loop's lag."""
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            await asyncio.sleep(every)
            self.loop_lag.add(max(0.0, (loop.time() - started - every) * 1000))
