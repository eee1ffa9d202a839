"""The host's seating operations on a table that has not started: bots, empty seats, moves, teams, order.

The rules of who may sit where (partners alternate in truco, every player in one team, the host keeps its seat
in a teams or order line) are :mod:`cartas.core.seating`, the code the terminal lobby uses, so both front ends
accept and refuse the same setups with the same messages; this module only maps a table's seats onto it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cartas.core.errors import SeatingError
from cartas.core.game import Game
from cartas.core import naming
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.options import GameOptions
from cartas.core.seating import (
    HUMAN,
    Participant,
    check_order,
    check_seating,
    move,
    parse_order,
    parse_teams,
    rotate_partners,
    seat_groups,
    swap_opponents,
)
from ..accounts import names
from ..store.tables import SeatRow

MAX_NAME = names.MAX_NAME
EMPTY = "empty"
"""What a teams or order line calls an empty seat (or its number)."""


class LobbyError(ValueError):
    """A lobby request that cannot be done; the message says why in one line."""


def bot_name(seat: int, level: str | None) -> str:
    """``Bot 2 (medio)`` for the bot in the second seat: the core's rule (:func:`cartas.core.naming.bot_name`),
    shared with the terminal, in the language being spoken (the table's, see :mod:`.seat_names`)."""
    return naming.bot_name(seat, level)


def display_name(row: SeatRow) -> str | None:
    """What the table calls the occupant of a seat: the person's chosen name, ``Bot N (level)`` for a bot."""
    if row.kind == "bot":
        return bot_name(row.seat, row.level)
    return row.name


def recorded_names(seats: Sequence[SeatRow]) -> dict[int, str]:
    """What a finished match's record keeps of the names at the table, so a replay names everyone as the table
    did: a person's chosen name, a bot's ``Bot N`` (its number here is its seat; the level, kept in the record's
    ``players``, is said in the reader's language)."""
    kept: dict[int, str] = {}
    for row in seats:
        if row.kind == "bot":
            kept[row.seat] = f"Bot {row.seat}"
        elif row.kind == "human" and row.name:
            kept[row.seat] = row.name
    return kept


def clean_name(name: Any, taken: Iterable[str] = ()) -> str:
    """A person's name as shown, normalised and checked by :func:`cartas.online.accounts.names.clean_name` (NFKC, nothing
    invisible, not a word the table uses for people, none of ``taken``, the others' names at the table)."""
    try:
        return names.clean_name(name, taken)
    except names.BadName as error:
        raise LobbyError(str(error)) from None


def participants(seats: Sequence[SeatRow]) -> list[Participant]:
    """The seats' occupants as the seating rules see players: people by name, bots by name or level, the host
    keeping its seat."""
    people = []
    for row in seats:
        wish = row.seat if row.host else None
        if row.kind == "human":
            people.append(Participant.named(HUMAN, row.name or "", wish))
        elif row.kind == "bot":
            people.append(Participant.named(row.level or "bot", bot_name(row.seat, row.level), wish))
        else:
            people.append(Participant.named(EMPTY, EMPTY, wish))
    return people


def _reseat(seats: Sequence[SeatRow], order: Sequence[int]) -> list[SeatRow]:
    """Seat ``i`` gets the occupant of seat ``order[i]``."""
    return [seats[source].at(seat) for seat, source in enumerate(order)]


def _by_teams(seats: Sequence[SeatRow], spec: str, game: Game, teams: Sequence[int] | None) -> list[int]:
    if teams is None:
        raise SeatingError(_("{game} with {count} players has no teams: every player for himself", game=game.name,
                             count=len(seats)))
    people = participants(seats)
    # The API's specs are for programs: players by number from 0, as the JSON's seats (the pages send names).
    return seat_groups(parse_teams(spec, people, game, teams, first=0), people, teams, first=0)


def _by_order(seats: Sequence[SeatRow], spec: str, teams: Sequence[int] | None) -> list[int]:
    people = participants(seats)
    order = parse_order(spec, people, first=0)
    check_order(order, spec, people, None, teams, first=0)
    return order


def _seat(value: Any, n: int, what: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LobbyError(_("{field} must be a seat index from 0 to {last}", field=what, last=n - 1))
    if not 0 <= value < n:
        raise LobbyError(_("{field} {value} is not a seat index; seat indexes are 0 to {last}", field=what, value=value,
                            last=n - 1))
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise LobbyError(_("{field} must be text such as {example}", field=what, example="Ana,Beto/Caro,medium"))
    return value


def apply_op(
    op: dict[str, Any], seats: Sequence[SeatRow], game: Game, options: GameOptions, levels: Sequence[str]
) -> list[SeatRow]:
    """The seats after the host's operation ``op`` (see docs/online.md), or a :class:`LobbyError`."""
    n = len(seats)
    teams = game.teams(options)
    kind = op.get("op")
    try:
        if kind == "bot":
            seat = _seat(op.get("seat"), n)
            level = op.get("level")
            if level not in levels:
                raise LobbyError(_("no bot level {level}; levels: {levels}", level=repr(level), levels=", ".join(levels)))
            if seats[seat].kind == "human":
                raise LobbyError(_("seat {number} is taken by {name}; empty it first", number=naming.seat_number(seat),
                                   name=seats[seat].name))
            changed = list(seats)
            changed[seat] = SeatRow(seat, "bot", level=level)
            return changed
        if kind == "empty":
            seat = _seat(op.get("seat"), n)
            if seats[seat].host:
                raise LobbyError(_("the host's own seat cannot be emptied"))
            changed = list(seats)
            changed[seat] = seats[seat].emptied()
            return changed
        order = list(range(n))
        if kind == "move":
            order = move(order, _seat(op.get("seat"), n), _seat(op.get("to"), n, "to"))
        elif kind == "rotate":
            order = rotate_partners(order, teams)
        elif kind == "swap":
            order = swap_opponents(order, teams)
        elif kind == "teams":
            order = _by_teams(seats, _text(op.get("teams"), "teams"), game, teams)
        elif kind == "order":
            order = _by_order(seats, _text(op.get("order"), "order"), teams)
        else:
            raise LobbyError(_("{field} must be one of {values}", field="op",
                                values="bot, empty, move, rotate, swap, teams, order"))
    except SeatingError as error:
        raise LobbyError(str(error)) from None
    return _reseat(seats, order)


def why_not_start(seats: Sequence[SeatRow], game: Game, options: GameOptions) -> str | None:
    """Why the table cannot start yet (an empty seat), in the seating rules' words, or None."""
    return check_seating(game, options, [None if row.kind == "empty" else row.seat for row in seats])
