"""The saves as a numbered list, newest first: what ``cartas saves`` shows and what ``replay 2`` or ``resume last``
mean, and the pruning of old finished saves.

A number always means the same list ``cartas saves`` printed (the newest save is 1), so the number a person
reads is the number they type. A save that cannot be read is listed as damaged rather than skipped, so the
numbers do not shift under the person's eyes, and it is never pruned (it may be the only copy of a match).
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .saves import home_error, match_id, save_file, saves_dir
from .save_lock import lock_path
from cartas.core.errors import CartasError, RecordError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import bot_name
from cartas.core.record import MatchRecord, load_record, remove_stale_temps, replay
from cartas.core.seating.participants import HUMAN, PROGRAM

LAST = "last"
"""The word ``replay`` and ``resume`` take for the newest save (the newest unfinished one for ``resume``)."""

DAY = 24 * 60 * 60


class SaveNotFound(CartasError):
    """A number or ``last`` that names no save; the message says what the list holds."""


@dataclass(frozen=True)
class SaveEntry:
    """One line of ``cartas saves``: a save file and what it holds (``record`` is ``None`` when it is damaged)."""

    number: int
    path: Path
    modified: float
    record: MatchRecord | None

    @property
    def match_id(self) -> str:
        return match_id(self.path)

    @property
    def finished(self) -> bool:
        return self.record is not None and self.record.finished


def list_saves(home: Path) -> list[SaveEntry]:
    """Every save, newest first (by the time it was last written, then by name)."""
    folder = saves_dir(home)
    try:
        if not folder.is_dir():
            return []
        remove_stale_temps(folder)
        found = [(path.stat().st_mtime, path) for path in folder.glob("*.json") if path.is_file()]
    except OSError as error:
        raise home_error(home, error, saving=False) from None
    found.sort(key=lambda item: (item[0], item[1].name), reverse=True)
    entries = []
    for number, (modified, path) in enumerate(found, 1):
        try:
            record: MatchRecord | None = load_record(path)
        except (RecordError, OSError):
            record = None
        entries.append(SaveEntry(number, path, modified, record))
    return entries


def resolve_save(home: Path, given: str, *, unfinished: bool = False) -> Path:
    """The save ``given`` names: ``last``, a number from ``cartas saves``, a match id or a path.

    A file that exists by that name wins over a number, so a save called ``3`` in the current folder still
    opens. For ``resume`` (``unfinished``), ``last`` is the newest match not finished, as with no argument.
    """
    if given == LAST:
        entries = [e for e in list_saves(home) if e.record is not None and (e.finished is False or not unfinished)]
        if not entries:
            missing = _("there is no unfinished match to resume") if unfinished else _("there are no saves yet")
            raise SaveNotFound(missing)
        return entries[0].path
    if given.isdigit() and not Path(given).exists():
        entries = list_saves(home)
        number = int(given)
        if not 1 <= number <= len(entries):
            if not entries:
                raise SaveNotFound(_("there is no save number {number}: there are no saves yet", number=number))
            raise SaveNotFound(_("there is no save number {number}: cartas saves lists 1 to {count}", number=number,
                                 count=len(entries)))
        return entries[number - 1].path
    return save_file(home, Path(given))


def score_text(entry: SaveEntry, game: Callable[[str], Game | None]) -> str:
    """The score as the sides stand: the final one, or the one the moves so far reach (``?`` if they do not)."""
    record = entry.record
    if record is None:
        return "?"
    if record.finished and record.scores:
        return "-".join(map(str, record.scores))
    rules = game(record.game)
    if rules is None:
        return "?"
    try:
        return "-".join(map(str, replay(record, rules).scores()))
    except CartasError:
        return "?"


def players_text(record: MatchRecord, you: str, program: str) -> str:
    """Who sat where, seat 0 first: ``you`` for a person, ``program`` for ``--json``, else the bot as the table
    named it ("Bot 2 (medio)": its seat counted from 1, its level in the language spoken)."""
    names = {HUMAN: you, PROGRAM: program}
    seats = sorted(record.players.items(), key=lambda item: int(item[0]))
    return ", ".join(names.get(who) or bot_name(int(seat), who) for seat, who in seats) or "-"


def prunable(entries: list[SaveEntry], days: float, *, everything: bool, now: float | None = None) -> list[SaveEntry]:
    """The saves older than ``days`` days that may go: finished ones, or every readable one with ``everything``."""
    cutoff = (time.time() if now is None else now) - days * DAY
    return [
        e for e in entries
        if e.modified < cutoff and e.record is not None and (e.finished or everything)
    ]


def remove_save(entry: SaveEntry, *, everything: bool) -> bool:
    """Delete one save unless it is being played now or changed since it was listed; ``True`` when it went.

    The save's lock (:mod:`cartas.cli.save_lock`) is taken first, so a match someone is playing is never pulled
    from under them, and the file is read again under it: a match resumed since the list was made stays.
    """
    lock = lock_path(entry.path)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        try:
            if entry.path.stat().st_mtime != entry.modified:
                return False
            if not everything and not load_record(entry.path).finished:
                return False
            entry.path.unlink()  # one rename-free unlink: the save is there or gone, never half written
        except (OSError, RecordError):
            return False
        return True
    finally:
        lock.unlink(missing_ok=True)
        os.close(fd)
