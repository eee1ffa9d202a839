"""The host's seating operations on a table that has not started: bots, empty seats, moves, teams, order.

The rules of who may sit where (partners alternate in truco, every player in one team, the same messages
for the same mistakes) belong to the seating code the terminal lobby uses, so both front ends accept and
refuse the same setups. Until ``cartas.core.seating`` lands, the terminal lobby's own functions are called.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from cartas.cli.lobby import Participant, check_order, parse_order, parse_teams, seat_groups
from cartas.core.game import Game
from cartas.core.options import GameOptions
from cartas.online.store import SeatRow

MAX_NAME = 24


class LobbyError(ValueError):
    """A lobby request that cannot be done; the message says why in one line."""


def bot_name(seat: int, level: str | None) -> str:
    return f"Bot {seat} ({level})"


def display_name(row: SeatRow) -> str | None:
    """What the table calls the occupant of a seat: the person's chosen name, ``Bot N (level)`` for a bot."""
    if row.kind == "bot":
        return bot_name(row.seat, row.level)
    return row.name


def clean_name(name: Any) -> str:
    """A person's name as typed, trimmed; refused when empty, too long or holding control characters."""
    if not isinstance(name, str) or not name.strip():
        raise LobbyError("a name is needed to take a seat")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise LobbyError(f"a name has at most {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise LobbyError("a name cannot hold control characters")
    return name


def _fold(word: str) -> str:
    return "".join(word.split()).lower()


def participants(seats: Sequence[SeatRow]) -> list[Participant]:
    """The seats' occupants as the seating code sees players: named by their name, a bot also by its level."""
    people = []
    for row in seats:
        name = display_name(row) or "empty"
        aliases = {_fold(name)}
        if row.kind == "bot" and row.level:
            aliases.add(_fold(row.level))
        people.append(Participant(row.kind if row.kind != "bot" else (row.level or "bot"), name, frozenset(aliases)))
    return people


def _reseat(seats: Sequence[SeatRow], order: Sequence[int]) -> list[SeatRow]:
    """Seat ``i`` gets the occupant of seat ``order[i]``."""
    return [seats[source].at(seat) for seat, source in enumerate(order)]


def rotate_partners(seats: Sequence[SeatRow], teams: Sequence[int] | None) -> list[SeatRow]:
    """Seat 0 stays; everyone else moves one seat back, so seat 0's partner (and every pairing) changes."""
    n = len(seats)
    if teams is None or n < 4:
        raise LobbyError("rotating partners needs a game of teams of two or more")
    return _reseat(seats, [0, *range(2, n), 1])


def swap_opponents(seats: Sequence[SeatRow], teams: Sequence[int] | None) -> list[SeatRow]:
    """Seat 0's opponents change places among themselves (in order reversed); partners stay."""
    if teams is None:
        raise LobbyError("swapping opponents needs a game of teams")
    rivals = [seat for seat, team in enumerate(teams) if team != teams[0]]
    if len(rivals) < 2:
        raise LobbyError("swapping opponents needs two or more opponents")
    order = list(range(len(seats)))
    for seat, source in zip(rivals, reversed(rivals)):
        order[seat] = source
    return _reseat(seats, order)


def move(seats: Sequence[SeatRow], seat: int, to: int) -> list[SeatRow]:
    """Swap the occupants of two seats."""
    order = list(range(len(seats)))
    order[seat], order[to] = to, seat
    return _reseat(seats, order)


def by_teams(seats: Sequence[SeatRow], spec: str, game: Game, teams: Sequence[int] | None) -> list[SeatRow]:
    """Seat the players as ``spec`` groups them (``"Ana,Beto/Caro,medium"``), as ``--teams`` does at the terminal."""
    if teams is None:
        raise LobbyError(f"{game.name} with {len(seats)} players has no teams: every player for himself")
    people = participants(seats)
    try:
        groups = parse_teams(spec, people, game, teams)
        order = seat_groups(groups, people, teams)
    except click.UsageError as error:
        raise LobbyError(error.message) from None
    return _reseat(seats, order)


def by_order(seats: Sequence[SeatRow], spec: str, teams: Sequence[int] | None) -> list[SeatRow]:
    """Seat the players in the order ``spec`` names them (``"Ana,medium,Beto,hard"``), as ``--order`` does."""
    people = participants(seats)
    try:
        order = parse_order(spec, people)
        check_order(order, spec, people, None, teams)
    except click.UsageError as error:
        raise LobbyError(error.message) from None
    return _reseat(seats, order)


def _seat(value: Any, n: int, what: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LobbyError(f"{what} must be a seat number from 0 to {n - 1}")
    if not 0 <= value < n:
        raise LobbyError(f"{what} {value} is not a seat; seats are 0 to {n - 1}")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise LobbyError(f"{what} must be text such as Ana,Beto/Caro,medium")
    return value


def apply_op(
    op: dict[str, Any], seats: Sequence[SeatRow], game: Game, options: GameOptions, levels: Sequence[str]
) -> list[SeatRow]:
    """The seats after the host's operation ``op`` (see docs/online.md), or a :class:`LobbyError`."""
    n = len(seats)
    teams = game.teams(options)
    kind = op.get("op")
    if kind == "bot":
        seat = _seat(op.get("seat"), n)
        level = op.get("level")
        if level not in levels:
            raise LobbyError(f"no bot level {level!r}; levels: {', '.join(levels)}")
        if seats[seat].kind == "human":
            raise LobbyError(f"seat {seat} is taken by {seats[seat].name}; empty it first")
        changed = list(seats)
        changed[seat] = SeatRow(seat, "bot", level=level)
        return changed
    if kind == "empty":
        seat = _seat(op.get("seat"), n)
        if seats[seat].host:
            raise LobbyError("the host's own seat cannot be emptied")
        changed = list(seats)
        changed[seat] = seats[seat].emptied()
        return changed
    if kind == "move":
        return move(seats, _seat(op.get("seat"), n), _seat(op.get("to"), n, "to"))
    if kind == "rotate":
        return rotate_partners(seats, teams)
    if kind == "swap":
        return swap_opponents(seats, teams)
    if kind == "teams":
        return by_teams(seats, _text(op.get("teams"), "teams"), game, teams)
    if kind == "order":
        return by_order(seats, _text(op.get("order"), "order"), teams)
    raise LobbyError("op must be one of bot, empty, move, rotate, swap, teams, order")
