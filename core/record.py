"""Match records: a match is its game, options, seed or stacked position and its list of actions.

A record saves as JSON, written atomically (a temporary file renamed over the old one), and replays to the
identical state. A record that cannot be read or replayed is refused with the reason, never overwritten; one
in a newer format than this cartas reads is refused as such ("upgrade cartas"), not called damaged or foreign.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, ValidationError, field_validator
from pydantic import model_serializer

from .errors import CartasError, RecordError
from .game import Game
from .position import Position
from .state import State
from .wire import WireError, read_json

FORMAT_VERSION = 1
"""The newest record format this cartas reads and the one it writes; a newer cartas writes a higher one."""
FORMAT = f"cartas-record/{FORMAT_VERSION}"
_FORMAT_OF = re.compile(r"cartas-record/([0-9]{1,9})")
MAX_NAME = 64
"""The longest player's name a record keeps (the server's names are at most 24 characters)."""
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The largest save read back: far above the longest match (a few hundred kilobytes), far below harm."""


class NewerFormatError(RecordError):
    """A file written by a newer cartas: nothing is wrong with it, and it is left as it is for that version."""


def newer_format(what: str, found: int, reads: int) -> NewerFormatError:
    """The one-line refusal of ``what`` (a save, a history) in a format newer than this cartas reads."""
    return NewerFormatError(
        f"{what} was written by a newer version of cartas (format {found}; this one reads up to {reads}); "
        "upgrade cartas to open it; it was left as it is"
    )


class MatchRecord(BaseModel):
    """Everything needed to replay a match exactly, plus who sat where (for the terminal and history)."""

    model_config = ConfigDict(extra="forbid")

    format: str = FORMAT
    game: str
    options: dict[str, Any]
    seed: int
    position: Position | None = None
    actions: list[tuple[int, str]] = Field(default_factory=list, description="(seat, canonical action text)")
    players: dict[str, str] = Field(default_factory=dict, description="seat number to 'human' or a bot level")
    names: dict[str, str] = Field(
        default_factory=dict,
        description="seat number to the name the seat had where the match was played, when the front end named "
                    "its players (online: a person's chosen name, 'Bot 2' for a bot); empty for the terminal's",
    )
    finished: bool = False
    winners: list[int] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=list)

    @field_validator("players", "names")
    @classmethod
    def _seats_are_numbers(cls, players: dict[str, str]) -> dict[str, str]:
        """Seat keys are written as text by JSON; anything but a seat number would break every reader."""
        for seat in players:
            if not (seat.isascii() and seat.isdigit() and len(seat) <= 3):
                raise ValueError(f"seat {seat[:24]!r} is not a seat number")
        return players

    @field_validator("names")
    @classmethod
    def _names_are_short(cls, names: dict[str, str]) -> dict[str, str]:
        """A name is a line of a table's text: a long or multi-line one is not a name but something smuggled."""
        for name in names.values():
            if len(name) > MAX_NAME or not name.isprintable():
                raise ValueError(f"the name {name[:24]!r} is not a player's name")
        return names

    @model_serializer(mode="wrap")
    def _without_empty_names(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Records with no names (every terminal match) are written as before, so an older cartas still reads
        them; only a record that names its players carries ``names``."""
        data: dict[str, Any] = handler(self)
        if not self.names:
            data.pop("names", None)
        return data


def record_of(
    state: State, players: dict[int, str] | None = None, names: dict[int, str] | None = None
) -> MatchRecord:
    """The record of ``state`` so far; ``names``: what the front end called each seat (online tables)."""
    over = state.is_over
    result = state.result() if over else None
    return MatchRecord(
        game=state.game.name,
        options=state.options.model_dump(),
        seed=state.seed,
        position=state.position,
        actions=[(seat, str(action)) for seat, action in state.history],
        players={str(k): v for k, v in (players or {}).items()},
        names={str(k): v for k, v in (names or {}).items()},
        finished=over,
        winners=list(result.winners) if result else [],
        scores=list(result.scores) if result else [],
    )


def replay(record: MatchRecord, game: Game, upto: int | None = None) -> State:
    """Rebuild the state of ``record`` (after its first ``upto`` actions); a move that does not replay is refused."""
    if record.game != game.name:
        raise RecordError(f"the record is of {record.game!r}, not {game.name!r}")
    try:
        state = game.start(record.options, seed=record.seed, position=record.position)
    except CartasError as error:
        raise RecordError(f"the record's match cannot start again: {error}") from None
    for number, (seat, text) in enumerate(record.actions[:upto]):
        try:
            state.apply(text, seat)
        except CartasError as error:
            raise RecordError(f"move {number + 1} ({text!r} by seat {seat}) does not replay: {error}") from None
    return state


STALE_TEMP_SECONDS = 60.0
"""A temporary file this old is a dead writer's: a write takes milliseconds."""
_HOST = hashlib.sha1(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:8]
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]{1,10})\.(?P<host>[0-9a-f]{8})\.[A-Za-z0-9_]+\.tmp")
"""An atomic write's temporary file: ``.NAME.PID.HOST.RANDOM.tmp``, hidden, beside the file it replaces."""
_OLD_TEMP = re.compile(r"[^.].*\.json[A-Za-z0-9_]{8}\.tmp|\.write-test-[A-Za-z0-9_]{8}")
"""Temporary files of earlier versions (``NAME.jsonRANDOM.tmp``) and of the data folder's write test."""


def temp_file(path: Path) -> tuple[int, str]:
    """A new temporary file for an atomic write of ``path``: unique, in the same folder (so the rename is atomic),
    mode 0600, and named after the process writing it, so that one a killed writer left can be told and removed
    (:func:`remove_stale_temps`)."""
    return tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.{_HOST}.", suffix=".tmp", dir=path.parent)


def remove_stale_temps(folder: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files that writers killed in mid-write (``kill -9``, a power cut) left in ``folder``.

    A file is stale when its writer is gone (a process of this machine that no longer runs) or when it is older
    than :data:`STALE_TEMP_SECONDS`, whoever wrote it; a live writer's fresh file is left alone, as is every file
    that is not such a temporary file. Errors are ignored: this is tidying, never a reason to refuse a save.
    Returns the files removed.
    """
    cutoff = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    removed = []
    try:
        with os.scandir(folder) as entries:
            candidates = [entry for entry in entries if entry.is_file(follow_symlinks=False)]
    except OSError:
        return []
    for entry in candidates:
        temp = _TEMP.fullmatch(entry.name)
        if temp is None and not _OLD_TEMP.fullmatch(entry.name):
            continue
        try:
            stale = entry.stat().st_mtime < cutoff or (
                temp is not None and temp["host"] == _HOST and not _running(int(temp["pid"]))
            )
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _running(pid: int) -> bool:
    """Whether process ``pid`` of this machine runs (a process of another user counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def save_record(record: MatchRecord, path: Path) -> None:
    """Write ``record`` to ``path`` atomically: a crash leaves either the old file or the new one (and perhaps a
    temporary file, which :func:`remove_stale_temps` removes later)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = temp_file(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.model_dump_json(indent=1))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_record(path: Path) -> MatchRecord:
    """Read a record; refuse a missing, corrupt or foreign file with the reason."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    try:
        data = read_json(raw, max_bytes=MAX_RECORD_BYTES, name=str(path))
    except WireError as error:
        raise RecordError(f"{error}; it was left as it is") from None
    if isinstance(data, dict) and isinstance(data.get("format"), str):
        newer = _FORMAT_OF.fullmatch(data["format"])
        if newer and int(newer[1]) > FORMAT_VERSION:
            raise newer_format(str(path), int(newer[1]), FORMAT_VERSION)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{path} is not a cartas match record (expected format {FORMAT!r})")
    try:
        return MatchRecord.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p)[:24] for p in first["loc"])
        reason = " ".join(str(first["msg"]).split())[:200]
        raise RecordError(f"{path} is damaged: {where}: {reason}") from None
