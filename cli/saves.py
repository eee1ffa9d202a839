"""Autosave and resume: every match is saved after every move, so a crash or a kill loses nothing.

Each match has its own file in ``<data home>/saves``, rewritten atomically by ``core.record.save_record``.
``cartas resume`` continues the newest unfinished one. A file that cannot be read is refused with the reason
and left where it is; it is never overwritten. A data folder that cannot be written (a read-only mount, a
plain file) is refused in one line that names it and says how to choose another, before a match starts.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from pathlib import Path

from cartas.core.errors import CartasError, RecordError
from cartas.core.record import MatchRecord, load_record, record_of, save_record
from cartas.core.state import State


HOME_ENV = "CARTAS_HOME"


class DataHomeError(CartasError):
    """The data folder cannot be read or written; the message names it and how to choose another."""


def home_error(home: Path, error: OSError | str, *, saving: bool = True) -> DataHomeError:
    """The one-line refusal of an unusable data folder, with the ways out."""
    reason = error if isinstance(error, str) else error.strerror or type(error).__name__
    remedy = f"choose another folder with {HOME_ENV}=/path/to/folder"
    if saving:
        remedy += ", or play without saving with --no-save"
    return DataHomeError(f"cannot use the data folder {home}: {reason}; {remedy}")


def saves_dir(home: Path) -> Path:
    return home / "saves"


def check_saves_dir(home: Path) -> Path:
    """The saves folder, created if need be, after proving a file can be written there (before any move)."""
    folder = saves_dir(home)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise home_error(home, error) from None
    return folder


def new_save_path(home: Path, game: str) -> Path:
    """A fresh file name that sorts by time and never collides with another match's."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return saves_dir(home) / f"{game}-{stamp}-{secrets.token_hex(3)}.json"


def replace_atomically(record: MatchRecord, path: Path) -> None:
    """Write ``record`` to ``path`` through a temporary file and a rename, without waiting for the disk.

    A killed process still leaves the old file or the new one (the kernel holds what was written); only a
    power cut could lose the last moves. Bots may play thousands of moves in a row, and waiting for the disk
    after each one made a watched rummy match ten times slower.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.model_dump_json(indent=1))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Autosave:
    """Saves one match to its file; call :meth:`save` after every move. With no ``path`` (``--no-save``) it
    only builds the record, so a match plays the same whether or not it is saved."""

    def __init__(self, path: Path | None, players: dict[int, str]) -> None:
        self.path = path
        self.players = players

    def save(self, state: State, durable: bool = True) -> MatchRecord:
        """Save ``state``; ``durable=False`` (for bots' moves) skips waiting for the disk."""
        record = record_of(state, self.players)
        if self.path is None:
            return record
        try:
            if durable:
                save_record(record, self.path)
            else:
                replace_atomically(record, self.path)
        except OSError as error:  # the folder went read-only or full in mid-match
            raise home_error(self.path.parent, error) from None
        return record


def last_unfinished(home: Path) -> tuple[Path, MatchRecord] | None:
    """The newest save that is not finished; a damaged newer save is refused rather than skipped."""
    folder = saves_dir(home)
    try:
        if not folder.is_dir():
            return None
        files = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
    except OSError as error:
        raise home_error(home, error, saving=False) from None
    for path in files:
        try:
            record = load_record(path)
        except RecordError as error:
            raise RecordError(f"{error}. Move or delete that file, or resume another one with: cartas resume FILE") from None
        if not record.finished:
            return path, record
    return None
