"""Match records: a match is its game, options, seed or stacked position and its list of actions.

A record saves as JSON, written atomically (a temporary file renamed over the old one), and replays to the
identical state. A record that cannot be read or replayed is refused with the reason, never overwritten; one
in a newer format than this cartas reads is refused as such ("upgrade cartas"), not called damaged or foreign.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cartas.core.errors import CartasError, RecordError
from cartas.core.game import Game
from cartas.core.position import Position
from cartas.core.state import State
from cartas.core.wire import WireError, read_json

FORMAT_VERSION = 1
"""The newest record format this cartas reads and the one it writes; a newer cartas writes a higher one."""
FORMAT = f"cartas-record/{FORMAT_VERSION}"
_FORMAT_OF = re.compile(r"cartas-record/([0-9]{1,9})")
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
    finished: bool = False
    winners: list[int] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=list)

    @field_validator("players")
    @classmethod
    def _seats_are_numbers(cls, players: dict[str, str]) -> dict[str, str]:
        """Seat keys are written as text by JSON; anything but a seat number would break every reader."""
        for seat in players:
            if not (seat.isascii() and seat.isdigit() and len(seat) <= 3):
                raise ValueError(f"seat {seat[:24]!r} is not a seat number")
        return players


def record_of(state: State, players: dict[int, str] | None = None) -> MatchRecord:
    """The record of ``state`` so far."""
    over = state.is_over
    result = state.result() if over else None
    return MatchRecord(
        game=state.game.name,
        options=state.options.model_dump(),
        seed=state.seed,
        position=state.position,
        actions=[(seat, str(action)) for seat, action in state.history],
        players={str(k): v for k, v in (players or {}).items()},
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


def save_record(record: MatchRecord, path: Path) -> None:
    """Write ``record`` to ``path`` atomically: a crash leaves either the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
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
