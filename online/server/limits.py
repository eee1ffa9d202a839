"""Rate limits of the online server: token buckets keyed by who asks (a client address today, an account later).

A bucket holds up to ``burst`` tokens and gains ``rate`` tokens a second; an action takes ``cost`` tokens
or is refused. That lets a person's bursts through (a browser opening a table joins, connects and says hello
at once) while a steady flood from one address is held to ``rate``. The clock is injectable, so tests drive
the buckets with a fake one instead of sleeping.

Written here rather than taken from a library: the ``limits`` package (behind ``slowapi``) fits Starlette's
HTTP routes but not a per-websocket budget checked before each frame is parsed, and both need a storage
backend object per check; these buckets are a dozen lines, cost one dict look-up and a few float operations
per check on the event loop, and are bounded in memory by :data:`MAX_KEYS` per kind.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from cartas.core.i18n import FRAMEWORK as _

Clock = Callable[[], float]
MAX_KEYS = 10_000
"""Keys (client addresses) remembered per kind of limit; the least recently used is forgotten past this, so
memory stays bounded (about 100 bytes a key) whatever the number of addresses."""


@dataclass(frozen=True)
class Rate:
    """``burst`` actions at once, then ``per_minute`` a minute on average."""

    burst: float
    per_minute: float

    @property
    def per_second(self) -> float:
        return self.per_minute / 60.0


class Bucket:
    """One token bucket: full at first, refilled at ``rate.per_second`` up to ``rate.burst``."""

    __slots__ = ("rate", "tokens", "at", "clock")

    def __init__(self, rate: Rate, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self.tokens = float(rate.burst)
        self.at = clock()

    def take(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are that many; whether it could."""
        now = self.clock()
        self.tokens = min(self.rate.burst, self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def retry_after(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there (0 if they are now)."""
        missing = cost - self.tokens
        return 0.0 if missing <= 0 else missing / self.rate.per_second


class KeyedBuckets:
    """One bucket per key, the least recently used forgotten past ``max_keys`` (a forgotten key starts full)."""

    def __init__(self, rate: Rate, clock: Clock = time.monotonic, max_keys: int = MAX_KEYS) -> None:
        self.rate = rate
        self.clock = clock
        self.max_keys = max_keys
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def bucket(self, key: str) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.clock)
            if len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket

    def take(self, key: str, cost: float = 1.0) -> bool:
        return self.bucket(key).take(cost)


@dataclass(frozen=True)
class Limits:
    """What one client (address) may do; ``cartas serve`` uses the defaults, tests and operators change them.

    The defaults are several times what a person at a table does: a browser creates a table every few
    minutes, joins a handful, sends a chat line every few seconds and keeps one or two sockets per tab.
    """

    tables: Rate = Rate(burst=20, per_minute=20)
    """Tables created: the 21st in a minute from one address is refused with 429."""
    joins: Rate = Rate(burst=30, per_minute=30)
    """Seats taken (joins)."""
    chat: Rate = Rate(burst=10, per_minute=30)
    """Chat lines, over every connection of the address (each connection also has its own 5 per 10 s)."""
    reads: Rate = Rate(burst=30, per_minute=300)
    """Open-tables list reads: the lobby page reloads it every 4 s (15 a minute), so 5 a second, after a burst
    of 30, is far above a person's tabs; each read is built from the store, a refusal is a short 429."""
    connects: Rate = Rate(burst=30, per_minute=60)
    """Websocket upgrades accepted."""
    sockets: int = 20
    """Websockets open at once from one address."""
    frames: Rate = Rate(burst=40, per_minute=120)
    """A websocket's own frame budget: 40 at once, then 2 a second (a person moves about once a second at
    most, and the page pings every 25 s); spent, the connection is closed with 4429."""
    address_frames: Rate = Rate(burst=120, per_minute=900)
    """The frames of every websocket of one address together: 120 at once, then 15 a second."""
    analyses: Rate = Rate(burst=3, per_minute=3)
    """Match analyses started (each tens of seconds of the bot pool's CPU); reading one done or running is free."""
    all_analyses: Rate = Rate(burst=20, per_minute=20)
    """Match analyses started on the whole server, from every address together: many addresses cannot fill the
    analyses' line with work nobody else asked for faster than this."""
    all_tables: Rate = Rate(burst=200, per_minute=200)
    """Tables created on the whole server, from every address together."""
    all_joins: Rate = Rate(burst=300, per_minute=300)
    """Seats taken on the whole server, from every address together."""
    all_reports: Rate = Rate(burst=100, per_minute=60)
    """Reports filed on the whole server, from every address together."""
    bad_frame_cost: float = 5.0
    """What a malformed, oversized or unknown frame takes from the budget: answering one costs more than a ping."""
    logins: Rate = Rate(burst=10, per_minute=10)
    """Password logins and sign-ups from one address, whatever the username (docs/accounts.md)."""
    login_tries: Rate = Rate(burst=5, per_minute=5)
    """Password logins as one username from one address; a wrong password takes 2 more. Kept per username and
    address, so a stranger's wrong passwords hold only the stranger's own address back."""
    failed_logins: Rate = Rate(burst=15, per_minute=5)
    """Failed password logins from one address, whatever the username: one password tried on many accounts."""
    all_failed_logins: Rate = Rate(burst=100, per_minute=60)
    """Failed password logins on the whole server, from every address together: spent, only a device that logged
    in before and passkeys get in until it refills."""
    device_logins: Rate = Rate(burst=5, per_minute=5)
    """Password logins from one device that logged in to the account before (its ``cartas_device`` cookie), in
    place of every limit above; a wrong password takes 2 more."""
    passkey_logins: Rate = Rate(burst=10, per_minute=10)
    """Passkey login challenges from one address; a bad answer takes 2 more. Apart from the password limits."""
    quickplay_tickets: int = 3
    """Quick-play tickets waiting at once per address and per account (each ticket also takes a table from
    :attr:`tables`, per address and per account): a person waits for one setup, perhaps two or three."""
    quickplay_waiting: int = 2000
    """Quick-play tickets waiting at once on the whole server: past it, a new ticket is refused until people are
    seated or leave, so the queue (and each pairing pass over it) stays bounded."""
    turn_tables: int = 50
    """Turn-based tables not over yet an account may hold a seat at (cartas.online.game.turns): each costs a
    row and a deadline, never memory while nobody is connected, so many are fine, but not without end. A
    turn-based table needs an account (it is found again in "your games"); the 51st create or join is refused."""
    friend_requests: Rate = Rate(burst=20, per_minute=10)
    """Friend requests, blocks and their undoing, per address and per account alike (each key its own bucket)."""
    challenges: Rate = Rate(burst=10, per_minute=5)
    """Challenges sent and answered, per address and per account alike."""
    invitation_links: Rate = Rate(burst=10, per_minute=2)
    """Invitation links made and opened, per address and per account alike."""
    all_friend_actions: Rate = Rate(burst=600, per_minute=600)
    """Friend requests, challenges and links of the whole server together: a crowd of new accounts cannot flood."""


@dataclass
class Limiter:
    """The server's buckets, one set per kind of action, and the count of open sockets per key."""

    limits: Limits = field(default_factory=Limits)
    clock: Clock = time.monotonic
    tables: KeyedBuckets = field(init=False)
    joins: KeyedBuckets = field(init=False)
    chat: KeyedBuckets = field(init=False)
    reads: KeyedBuckets = field(init=False)
    connects: KeyedBuckets = field(init=False)
    frames: KeyedBuckets = field(init=False)
    analyses: KeyedBuckets = field(init=False)
    all_analyses: Bucket = field(init=False)
    all_tables: Bucket = field(init=False)
    all_joins: Bucket = field(init=False)
    all_reports: Bucket = field(init=False)
    open_sockets: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tables = KeyedBuckets(self.limits.tables, self.clock)
        self.joins = KeyedBuckets(self.limits.joins, self.clock)
        self.chat = KeyedBuckets(self.limits.chat, self.clock)
        self.reads = KeyedBuckets(self.limits.reads, self.clock)
        self.connects = KeyedBuckets(self.limits.connects, self.clock)
        self.frames = KeyedBuckets(self.limits.address_frames, self.clock)
        self.analyses = KeyedBuckets(self.limits.analyses, self.clock)
        self.all_analyses = Bucket(self.limits.all_analyses, self.clock)
        self.all_tables = Bucket(self.limits.all_tables, self.clock)
        self.all_joins = Bucket(self.limits.all_joins, self.clock)
        self.all_reports = Bucket(self.limits.all_reports, self.clock)

    def frame_budget(self) -> Bucket:
        """A new websocket's own budget of frames."""
        return Bucket(self.limits.frames, self.clock)

    def socket_opened(self, key: str) -> bool:
        """Count a websocket from ``key`` unless it already has :attr:`Limits.sockets` open or upgrades too fast."""
        if self.open_sockets.get(key, 0) >= self.limits.sockets or not self.connects.take(key):
            return False
        self.open_sockets[key] = self.open_sockets.get(key, 0) + 1
        return True

    def socket_closed(self, key: str) -> None:
        left = self.open_sockets.get(key, 0) - 1
        if left > 0:
            self.open_sockets[key] = left
        else:
            self.open_sockets.pop(key, None)


OPTION_CEILING = 1000
"""The largest value the server takes for a number option whose game declares no upper bound of its own."""


def unbounded_option(options: BaseModel) -> str | None:
    """Why a game's options are refused online although the game took them: a number option the game left
    without an upper bound (``Field(le=...)``) set past :data:`OPTION_CEILING`; None when they are fine.

    The built-in games bound every option to what a real match uses; a plugin that does not is held to the
    ceiling here, so no table can be made to run for ever.
    """
    for name, field in type(options).model_fields.items():
        if name == "players" or field.annotation not in (int, float):
            continue
        bounds = [getattr(meta, "le", None) for meta in field.metadata] + [
            getattr(meta, "lt", None) for meta in field.metadata
        ]
        if any(bound is not None for bound in bounds):
            continue
        value = getattr(options, name)
        if isinstance(value, int | float) and abs(value) > OPTION_CEILING:
            return _("option {name}={value} is over {ceiling}, the most this server takes for it", name=name, value=value,
                     ceiling=OPTION_CEILING)
    return None
