"""Autosave and resume: every match is saved after every move, so a crash or a kill loses nothing.

Each match has its own file in ``<data home>/saves``, rewritten atomically by ``core.record.save_record``; the
temporary files that writers killed in mid-save leave are removed at the next match's first save and by
``cartas saves``.
``cartas resume`` continues the newest unfinished one. A file that cannot be read is refused with the reason
and left where it is; it is never overwritten. A data folder that cannot be written (a read-only mount, a
plain file) is refused in one line that names it and says how to choose another, before a match starts.

A save holds what is needed to continue the match, the deal in progress and the seed included, so the folder
is private to the user (mode 0700, each file 0600) and a seat is told the match's id, never the file's path
(docs/hidden-information.md).
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import tempfile
import time
from pathlib import Path

from .language import remember
from cartas.core.i18n import current_language
from cartas.core.errors import PluginError, RecordError
from cartas.core.home import HOME_ENV as HOME_ENV, DataHomeError as DataHomeError  # the core's; importable here too
from cartas.core.home import home_error as home_error
from cartas.core.record import (
    MatchRecord, NewerFormatError, load_record, record_of, remove_stale_temps, save_record, temp_file,
)
from cartas.core.plugins.registry import check_game_name
from cartas.core.state import State

MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}")
"""What a match id looks like: the save's file name without ``.json``, never a path."""


def saves_dir(home: Path) -> Path:
    return home / "saves"


def match_id(path: Path) -> str:
    """The short name a program or a person may use for a match: its save's file name without the folder."""
    return path.stem


def path_of_match(home: Path, name: str) -> Path | None:
    """The save of the match called ``name`` (an id, not a path), or ``None`` if ``name`` is not such an id."""
    if not MATCH_ID.fullmatch(name):
        return None
    path = saves_dir(home) / f"{name}.json"
    return path if path.is_file() else None


def save_file(home: Path, given: Path) -> Path:
    """The file ``cartas resume`` or ``replay`` was given: a path, or a match id as the protocol names it."""
    if given.exists():
        return given
    return path_of_match(home, str(given)) or given


def private_folder(folder: Path) -> None:
    """Create ``folder`` readable by its owner only, or narrow an existing one to that (saves hold the deal)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(folder.stat().st_mode) != 0o700:
        try:
            folder.chmod(0o700)
        except PermissionError:  # another user's folder: the saves written in it are still 0600
            pass


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
    """A fresh file name that sorts by time and never collides with another match's.

    This is the one place that names save files. The game's name is checked again here, and the path must
    stay inside the saves folder, whatever a plugin called its game (``../../../escaped``).
    """
    try:
        check_game_name(game)
    except PluginError as error:
        raise RecordError(f"cannot name a save file: {error}") from None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    folder = saves_dir(home)
    path = folder / f"{game}-{stamp}-{secrets.token_hex(3)}.json"
    if path.parent != folder or path.name.startswith("."):
        raise RecordError(f"cannot name a save file for the game {game!r}: it would leave {folder}")
    return path


def replace_atomically(record: MatchRecord, path: Path) -> None:
    """Write ``record`` to ``path`` through a temporary file and a rename, without waiting for the disk.

    A killed process still leaves the old file or the new one (the kernel holds what was written); only a
    power cut could lose the last moves. Bots may play thousands of moves in a row, and waiting for the disk
    after each one made a watched rummy match ten times slower.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp creates the file with mode 0600, which the rename keeps: only the user may read a save.
    fd, tmp = temp_file(path)
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
        self._folder_ready = False
        self.written = path is not None and path.exists()
        """Whether the file exists: a match is first written at its first move, so a start left at once
        leaves nothing behind (nor a line in ``cartas saves``)."""

    @property
    def match_id(self) -> str | None:
        """The id a program may use for the match, ``None`` when it is not saved."""
        return None if self.path is None else match_id(self.path)

    def save(self, state: State, durable: bool = True) -> MatchRecord:
        """Save ``state``; ``durable=False`` (for bots' moves) skips waiting for the disk."""
        record = record_of(state, self.players)
        if self.path is None or (not state.history and not self.written):
            return record
        if not self._folder_ready:
            try:
                private_folder(self.path.parent)
            except OSError as error:
                raise home_error(self.path.parent, error) from None
            remove_stale_temps(self.path.parent)  # what writers killed in mid-save left behind
            self._folder_ready = True
            remember(current_language())  # the commands that know no game speak the last match's language
        try:
            if durable:
                save_record(record, self.path)
            else:
                replace_atomically(record, self.path)
        except OSError as error:  # the folder went read-only or full in mid-match
            raise home_error(self.path.parent, error) from None
        self.written = True
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
        except NewerFormatError as error:  # not damaged: moving it away is no advice for a newer cartas's match
            raise RecordError(f"{error}. To play another match meanwhile: cartas resume FILE") from None
        except RecordError as error:
            raise RecordError(f"{error}. Move or delete that file, or resume another one with: cartas resume FILE") from None
        if not record.finished:
            return path, record
    return None
