"""What the server measures about itself: how long a move takes from its frame arriving to the last of its
views leaving, how late the event loop wakes up, and how long a commit takes.

Two ways out, both aggregates only (no table, seat or card): ``GET /api/metrics`` gives percentiles over a
window as JSON (for the benchmarks), and ``GET /metrics`` the Prometheus text format through the
``prometheus-client`` library: counters and histograms a scraper can aggregate over processes and time. Each
app has a registry of its own (not the library's global one), so several apps in one process (the tests) do
not collide.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: the histograms' buckets, from a SQLite commit (tens of microseconds) to a stalled loop."""

KEPT = 20_000


class Samples:
    """The latest measurements (milliseconds), each with the time it was taken."""

    def __init__(self, histogram: Histogram | None = None) -> None:
        self.samples: deque[tuple[float, float]] = deque(maxlen=KEPT)
        self.count = 0
        self.histogram = histogram
        """The Prometheus histogram each sample is observed in too (in seconds), if any."""

    def add(self, milliseconds: float) -> None:
        self.samples.append((time.monotonic(), milliseconds))
        self.count += 1
        if self.histogram is not None:
            self.histogram.observe(milliseconds / 1000)

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


class Gauges(Collector):
    """Figures read when scraped: the gauges' values are asked of ``read`` (a name to value mapping)."""

    HELP = {
        "cartas_tables_playing": "Tables in play that this process runs.",
        "cartas_tables_loaded": "Tables this process holds in memory (any status).",
        "cartas_connections": "Open websocket connections.",
        "cartas_bot_queue": "Bot decisions waiting for or running in the bot worker pool.",
    }

    def __init__(self, read: Callable[[], dict[str, float]]) -> None:
        self.read = read

    def collect(self) -> Iterable[GaugeMetricFamily]:
        values = self.read()
        for name, text in self.HELP.items():
            if name in values:
                yield GaugeMetricFamily(name, text, value=values[name])


class Metrics:
    """The server's own measurements, and the Prometheus registry they are exported from."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.moves = Samples(Histogram(
            "cartas_move_seconds", "From a person's move frame arriving to the last of its views written out.",
            buckets=LATENCY_BUCKETS, registry=self.registry,
        ))
        self.loop_lag = Samples(Histogram(
            "cartas_loop_lag_seconds", "How late the event loop wakes from a 50 ms sleep.",
            buckets=LATENCY_BUCKETS, registry=self.registry,
        ))
        self.commit = Histogram(
            "cartas_commit_seconds", "How long the store takes to commit a move.",
            buckets=LATENCY_BUCKETS, registry=self.registry,
        )
        self.moves_total = Counter("cartas_moves", "Moves committed (people's and bots').", registry=self.registry)
        self.failed_writes = Counter(
            "cartas_store_failures", "Writes the store refused (a full disk, a lost database).", registry=self.registry
        )
        self.last_write_failed = False
        """Whether the latest write failed: the server is not ready (``/readyz``) until one succeeds again."""

    def gauges(self, read: Callable[[], dict[str, float]]) -> None:
        """Export the gauges ``read`` gives at each scrape (tables, connections, bot queue)."""
        self.registry.register(Gauges(read))

    async def watch_loop(self, every: float = 0.05) -> None:
        """Sleep ``every`` seconds again and again; how late each wake-up comes is the loop's lag."""
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            await asyncio.sleep(every)
            self.loop_lag.add(max(0.0, (loop.time() - started - every) * 1000))
