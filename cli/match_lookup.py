"""Where a match named on the command line is: an online table's code first, then what ``cartas saves`` resolves.

The server writes each finished (or expired) table's record to the data folder's ``online-records/CODE.json``;
``cartas replay K7QP`` and ``cartas analyze K7QP`` find it there. A code is letters and digits, not only digits
(a bare number is a save's number), and a file by that name elsewhere still wins through ``resolve_save``.
"""

from __future__ import annotations

from pathlib import Path

from cartas.cli.save_list import resolve_save

ONLINE_RECORDS = "online-records"


def resolve_match(home: Path, given: str) -> Path:
    """The record ``given`` names: ``online-records/<CODE>.json`` when it is a table's code with a record there,
    else a save number, ``last``, a match id or a path (:func:`cartas.cli.save_list.resolve_save`)."""
    if given.isascii() and given.isalnum() and not given.isdigit():
        for code in (given.upper(), given):
            online = home / ONLINE_RECORDS / f"{code}.json"
            if online.is_file():
                return online
    return resolve_save(home, given)
