"""Changing a seated table before the start, as players do at a real one: new partners, opponents swapped,
two seats exchanged; and whether the table can start at all.

A seating here is ``order``, what sits at each seat (participant numbers, names, or anything else: the
functions only move the entries), with the game's ``teams``, the team of each seat. Teams belong to seats, so
moving players never changes how many are in each team. Every function returns a new list and leaves its
argument as it was; a change that means nothing (no partners to rotate) is refused with a one-line
:class:`SeatingError`.

The partner rotation keeps seat 0 where it is and moves every other player one seat on (seat 1 to seat 2, ...,
the last seat to seat 1). With two teams of two that gives seat 0 each of the three possible partners in turn;
with two teams of three (six-player truco) each step gives seat 0 two partners it did not have the step before,
and five steps give it each other player as a partner twice and come back to the start. docs/seating.md has the
tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..errors import SeatingError
from ..game import Game
from ..i18n import FRAMEWORK as _
from ..i18n import mark
from ..naming import seat_number
from ..options import GameOptions
from .teams import describe_teams, team_seats

T = TypeVar("T")


def _check_shape(order: Sequence[object], teams: Sequence[int] | None, change: str) -> Sequence[int]:
    if teams is None:
        raise SeatingError(_("every player plays for himself, so there are no {what}", what=_(change)))
    if not teams:
        raise SeatingError(_("a table without seats has no {what}", what=_(change)))
    if len(order) != len(teams):
        raise SeatingError(_("the seating has {seats} seats, but the teams name {named}", seats=len(order),
                             named=len(teams)))
    return teams


def rotate_partners(order: Sequence[T], teams: Sequence[int] | None) -> list[T]:
    """Seat 0 stays; everyone else moves one seat on, the last to seat 1, so seat 0 gets a new partner.

    ``rotate_partners([0, 1, 2, 3], (0, 1, 0, 1))`` is ``[0, 3, 1, 2]``: seat 0's partner was player 2, now it
    is player 1; once more it is player 3, and a third time brings back the start. The rotation is the same for
    every table of ``n`` seats and comes back to the start after ``n - 1`` steps.
    """
    teams = _check_shape(order, teams, mark("partners to rotate"))
    if teams.count(teams[0]) < 2:
        raise SeatingError(_("seat 0 plays without partners, so there are no partners to rotate"))
    if teams.count(teams[0]) == len(teams):
        raise SeatingError(_("every player is seat 0's partner, so there are no partners to rotate"))
    return [order[0], order[-1], *order[1:-1]]


def swap_opponents(order: Sequence[T], teams: Sequence[int] | None) -> list[T]:
    """The players of each team against seat 0's change places among themselves; partnerships stay.

    Each moves to the next seat of its own team, the last to the first: with two teams of two the two opponents
    swap (``[0, 1, 2, 3]`` gives ``[0, 3, 2, 1]``); with two teams of three the three go round, so three steps
    bring back the start.
    """
    teams = _check_shape(order, teams, mark("opponents to swap"))
    opposing = [seats for seats in team_seats(teams) if 0 not in seats and len(seats) > 1]
    if not opposing:
        raise SeatingError(_("each opponent of seat 0 plays without partners, so there are no opponents to swap"))
    moved = list(order)
    for seats in opposing:
        for here, there in zip(seats, (*seats[1:], seats[0])):
            moved[there] = order[here]
    return moved


def move(order: Sequence[T], seat: int, to: int) -> list[T]:
    """Exchange what sits at ``seat`` and at ``to`` (each player takes the other's team)."""
    for which in (seat, to):
        if not 0 <= which < len(order):
            raise SeatingError(_("{seat} is not a seat; seats are 0 to {last}", seat=which, last=len(order) - 1))
    moved = list(order)
    moved[seat], moved[to] = order[to], order[seat]
    return moved


def check_seating(
    game: Game, options: GameOptions, occupants: Sequence[object | None], *, teams: Sequence[int] | None = None
) -> str | None:
    """Why the table cannot start, in one line, or ``None`` when it can.

    ``occupants`` holds what sits at each seat, ``None`` for an empty seat. ``teams`` is the team of each seat
    as the table keeps it, when it keeps its own; by default the game's. A table can start when it has the
    game's number of seats, nobody is missing, and its teams are the game's (same sizes, same seats).
    """
    n = options.players
    if len(occupants) != n:
        return _("the table has {seats} seats, but {game} with these options seats {count}", seats=len(occupants),
                 game=game.name, count=n)
    empty = [seat_number(seat) for seat, who in enumerate(occupants) if who is None]  # said to people: from 1
    if len(empty) == 1:
        return _("seat {seat} is empty; seat a person or a bot there before the start", seat=empty[0])
    if empty:
        return _("seats {seats} are empty; seat a person or a bot in each before the start",
                 seats=", ".join(map(str, empty)))
    if teams is None:
        return None
    wanted = game.teams(options)
    if wanted is None:
        return _("{game} with {count} players has no teams: every player for himself", game=game.name, count=n)
    if len(teams) != n:
        return _("the table has {seats} seats, but its teams name {named}", seats=n, named=len(teams))
    have, need = team_seats(teams), team_seats(wanted)
    if sorted(map(len, have)) != sorted(map(len, need)):
        sizes = _(" and ").join(str(len(group)) for group in have)
        size = _(" or ").join(map(str, sorted({len(group) for group in need})))
        return _(
            "the teams have {sizes} players; {game} with {count} players seats {teams} ({number} teams of {size})",
            sizes=sizes, game=game.name, count=n, teams=describe_teams(wanted), number=len(need), size=size,
        )
    if sorted(have) != sorted(need):
        return _("the teams sit at {teams}; {game} with {count} players seats {wanted}", teams=describe_teams(teams),
                 game=game.name, count=n, wanted=describe_teams(wanted))
    return None
