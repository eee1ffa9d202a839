"""Where a match named on the command line is: an online table's code first, then what ``cartas saves`` resolves.

A table's code is looked up in the local server's database (the data folder's ``online.sqlite3``, the one
``cartas serve`` uses by default), read-only through :mod:`cartas.online.store.finished_matches`, which keeps the
people's names and the bots' numbers of the table; then in the record files the server writes to the data
folder's ``online-records/CODE.json`` (a server on Postgres, or a database since removed). A code is letters and
digits, not only digits (a bare number is a save's number), and a file by that name elsewhere still wins
through ``resolve_save``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .save_list import LAST, resolve_save
from cartas.core.errors import CartasError
from cartas.core.record import MatchRecord, load_record

ONLINE_RECORDS = "online-records"


@dataclass(frozen=True)
class FoundMatch:
    """A match found: its record, what to call it in messages, and its save file (``None`` for a table read from
    the server's database, which is not resumed)."""

    record: MatchRecord
    where: str
    path: Path | None
    online: bool


def is_table_code(given: str) -> bool:
    """Whether ``given`` may be a table's code: letters and digits, not a number, not ``last``."""
    return given.isascii() and given.isalnum() and not given.isdigit() and given != LAST


def online_database(home: Path) -> Path:
    """The local server's database the command line reads (the server's default one)."""
    from cartas.online.store.finished_matches import default_database

    return default_database(home)


def resolve_match(home: Path, given: str) -> FoundMatch:
    """The match ``given`` names: a table's code in the local server's database or in ``online-records/``, else a
    save number, ``last``, a match id or a path (:func:`cartas.cli.save_list.resolve_save`)."""
    unreadable: CartasError | None = None
    if is_table_code(given) and not Path(given).exists():
        from cartas.online.store.finished_matches import UnreadableDatabase, find_online_match

        database = online_database(home)
        try:
            found = find_online_match(database, given)
        except UnreadableDatabase as error:  # the record files and the saves may still have it
            found, unreadable = None, error
        if found is not None:
            return FoundMatch(found.record, f"table {found.code} ({database})", None, True)
        for code in (given.upper(), given):
            online = home / ONLINE_RECORDS / f"{code}.json"
            if online.is_file():
                return FoundMatch(load_record(online), str(online), online, True)
    try:
        path = resolve_save(home, given)
        record = load_record(path)
    except CartasError as error:
        if unreadable is None:
            raise
        raise CartasError(f"{error}; and {unreadable}") from None
    return FoundMatch(record, str(path), path, False)
