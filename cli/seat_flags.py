"""How the seat flags count: ``--seat``, ``--bots N=level``, ``--teams``, ``--order`` and ``--dealer``.

Every screen a person reads counts seats from 1, and the flags are going the same way (docs/naming.md): in 0.3
they count from 0 unless ``CARTAS_SEAT_BASE=1`` asks for 1, and a command that writes a seat number without
saying prints one line saying so; 0.4 counts from 1. The lobby hands the rest of cartas seats counted from 0
whatever the flags counted from (:func:`from_flags`), so only this module knows the flags' count.
"""

from __future__ import annotations

import dataclasses
import os
import re
from typing import TYPE_CHECKING

import click

from cartas.core.i18n import FRAMEWORK as _

if TYPE_CHECKING:
    from .lobby import LobbyFlags

SEAT_BASE_ENV = "CARTAS_SEAT_BASE"
"""``1``: the seat flags count from 1 (0.4's count, now); ``0``: from 0, without the notice."""

DEFAULT_BASE = 0
"""What the flags count from when :data:`SEAT_BASE_ENV` is unset: 0 in 0.3, 1 from 0.4."""


def seat_base() -> int:
    """The number the seat flags write the first seat as: :data:`SEAT_BASE_ENV` if set, else :data:`DEFAULT_BASE`."""
    value = os.environ.get(SEAT_BASE_ENV, "").strip()
    if not value:
        return DEFAULT_BASE
    if value not in ("0", "1"):
        raise click.UsageError(_("{name} must be 0 or 1, not {value}", name=SEAT_BASE_ENV, value=repr(value)))
    return int(value)


def numbered(flags: LobbyFlags) -> bool:
    """Whether the flags write a seat or player as a number (a level or a name reads the same in either count)."""
    specs = [flags.teams or "", flags.order or ""]
    return bool(
        flags.seats or flags.dealer is not None or re.search(r"\d\s*=", flags.bots or "")
        or any(re.search(r"(^|[,/])\s*\d+\s*(?=$|[,/])", spec) for spec in specs)
    )


def notice(flags: LobbyFlags) -> None:
    """One line on stderr when the flags write a seat number and the person has not said how they count."""
    if DEFAULT_BASE == 0 and not os.environ.get(SEAT_BASE_ENV, "").strip() and numbered(flags):
        click.echo(_("Note: --seat, --bots, --teams, --order and --dealer count seats from 0 until cartas 0.4, "
                     "which counts them from 1 as every screen does; {name}=1 counts from 1 now "
                     "({name}=0 keeps 0 without this note).", name=SEAT_BASE_ENV), err=True)


def _seat(flag: str, number: int, base: int, players: int) -> int:
    """``number`` as the flag wrote it, counted from 0; refused, in the flag's count, when it is not a seat."""
    if not base <= number < players + base:
        raise click.UsageError(_("{flag} {seat} is not a seat; seats are {first} to {last}", flag=flag, seat=number,
                                 first=base, last=players - 1 + base))
    return number - base


def from_flags(flags: LobbyFlags, players: int, base: int) -> LobbyFlags:
    """The flags with ``--seat``, ``--dealer`` and the seats of ``--bots N=level`` counted from 0; ``--teams``
    and ``--order`` are read with ``first=base`` by the lobby. A number that is no seat is refused here, in the
    count the person wrote."""
    if base == 0:
        return flags
    seats = [_seat("--seat", seat, base, players) for seat in flags.seats]
    dealer = None if flags.dealer is None else _seat("--dealer", flags.dealer, base, players)
    bots = flags.bots
    if bots and "=" in bots:
        parts = []
        for part in bots.split(","):
            number, sep, level = part.partition("=")
            if sep and number.strip().isdigit():
                part = f"{_seat('--bots', int(number), base, players)}={level}"
            parts.append(part)
        bots = ",".join(parts)
    return dataclasses.replace(flags, seats=seats, dealer=dealer, bots=bots)
