"""What every table of one server shares (:class:`Settings`), and the row a new table starts from."""


import functools
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cartas.core.game import Game
from cartas.core.i18n import speaking
from cartas.core.i18n.language import current_language
from .now import now_iso
from .clock import LoopTimers, Timers
from ..server.metrics import Metrics
from ..store.tables import SeatRow, TableRow
from .views import Versioned


def in_language(function: Callable[..., Any], language: str) -> Callable[..., Any]:
    """``function`` run (and, when it is a coroutine function, awaited) while ``language`` is spoken."""

    @functools.wraps(function)
    def run(*args: Any) -> Any:
        with speaking(language):
            result = function(*args)
        if not inspect.isawaitable(result):
            return result

        async def finish() -> Any:
            with speaking(language):
                return await result

        return finish()

    return run


@dataclass
class Settings:
    """What every table of one server shares."""

    data_dir: Path
    """Where finished matches' record files and the history live."""
    bot_delay: float = 0.6
    """Seconds a bot's move takes at the least, so people can follow it (0 in tests)."""
    hooks: Any = None
    """The plugins' lifecycle hooks (a pluggy ``pm.hook``) every table fires, as the terminal does; ``None``: none."""
    buffer: int = 256
    """Versioned frames kept per table for reconnects; older gaps get a snapshot."""
    chat_max: int = 300
    chat_limit: int = 5
    chat_window: float = 10.0
    chat_kept: int = 50
    metrics: Metrics = field(default_factory=Metrics)
    lobby_expiry: float = 1800.0
    """Seconds a table may stay in the lobby with nobody connected before it expires (cartas.online.game.expiry)."""
    language: str = field(default_factory=current_language)
    """The server's language (the one spoken where the settings are made: ``cartas serve --lang``); the tables'
    tasks speak it between calls, whatever the language of the request that started them."""
    on_finished: Any = None
    """An ``async (table) -> None`` called once a match has finished and been exported (the ratings and the
    accounts' history, cartas.online.accounts.ratings); ``None``: nothing."""
    abandon_floor: float = 5.0
    """A match with no person connected stops after its grace, but never sooner than this: a page reload is not
    a departure."""
    timers: Timers = field(default_factory=LoopTimers)
    """The clocks' monotonic time and timers (cartas.online.game.clock; a fake one in tests)."""
    notify: Any = None
    """A ``(kind, code, game, token_hashes) -> None`` that queues a push notification for those seats and never
    waits (cartas.online.push.sender); ``None``: none is sent."""
    wall: Callable[[], float] = time.time
    """Seconds since the epoch, for turn-based tables' deadlines (cartas.online.game.turns; a fake one in tests)."""
    rated: Any = None
    """An ``async (code) -> bool``: whether a table was created rated (the accounts know); ``None``: none is."""

    def record_path(self, code: str) -> Path:
        """Where a finished table's record file goes."""
        return self.data_dir / "online-records" / f"{code}.json"


def new_table_row(
    code: str, game: Game, options: dict[str, Any], seed: int, creator: str, token_hash: str, host_hash: str,
    grace: float, bot_level: str,
) -> TableRow:
    """A table in the lobby with its creator at seat 0 as the host, the other seats empty."""
    players = int(options["players"])
    seats = [SeatRow(0, "human", name=creator, token_hash=token_hash, host=True)]
    seats += [SeatRow(seat) for seat in range(1, players)]
    return TableRow(
        code=code, game=game.name, options=options, seed=seed, status="lobby", grace=grace, bot_level=bot_level,
        host_hash=host_hash, created=now_iso(), seats=seats,
    )

