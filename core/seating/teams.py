"""Teams and seat order: reading a teams or order line, and seating the teams the way the game seats them.

A game's ``teams`` tuple gives the team of each seat (truco with four: ``(0, 1, 0, 1)``, partners opposite).
A teams line (``you,medium/easy,hard`` or ``0,2/1,3``) groups players; an order line (``you,easy,medium,hard``)
says who sits at seat 0, 1, 2... Both name players by number or by name, and a refusal names what the game allows.
``flag`` is how a refusal names the line: ``--teams`` in the terminal, ``teams`` on the web.

``first`` is the number a person reads and types for the first seat or player. The seats themselves are always
counted from 0 in code; ``first`` only shifts what is shown and read. Flags and the web API's JSON keep 0 (scripts
use them, and changing what they mean needs a deprecation); the terminal's questions pass 1, as people count.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import SeatingError
from ..game import Game
from ..i18n import FRAMEWORK as _
from .participants import Participant, fold, roster


def team_seats(teams: Sequence[int]) -> list[tuple[int, ...]]:
    """The seats of each team, teams in order: ``(0, 1, 0, 1)`` gives ``[(0, 2), (1, 3)]``."""
    return [tuple(seat for seat, team in enumerate(teams) if team == side) for side in sorted(set(teams))]


def _numbers(group: Sequence[int], first: int) -> str:
    """Seats or players as a person reads them: ``(0, 2)`` is ``0,2``, or ``1,3`` counting from 1."""
    return ",".join(str(number + first) for number in group)


def describe_teams(teams: Sequence[int] | None, *, first: int = 0) -> str:
    """The teams by seat in words: ``0,2 against 1,3`` (``1,3 against 2,4`` with ``first=1``)."""
    if teams is None:
        return _("every player for himself")
    return _(" against ").join(_numbers(group, first) for group in team_seats(teams))


def sides(teams: Sequence[int], *, first: int = 0) -> str:
    """The seats of each team, as alternatives: ``0,2 or 1,3`` (``1,3 or 2,4`` with ``first=1``)."""
    return _(" or ").join(_numbers(group, first) for group in team_seats(teams))


def plays_in_teams(teams: Sequence[int] | None) -> bool:
    """Whether choosing partners means anything: some team has more than one seat."""
    return teams is not None and len(set(teams)) < len(teams)


def require_teams(game: Game, n: int, teams: Sequence[int] | None) -> Sequence[int]:
    """The game's teams, or a refusal when it has none with ``n`` players (so a teams line means nothing)."""
    if teams is None:
        raise SeatingError(
            _("{game} with {count} players has no teams: every player for himself", game=game.name, count=n)
        )
    return teams


def format_groups(groups: Sequence[Sequence[int]], participants: Sequence[Participant], *, first: int = 0) -> str:
    """Groups of players as a teams line takes them: by name, or by number (from ``first``) when two players
    share a name."""
    unique = len({who.name for who in participants}) == len(participants)
    return "/".join(
        ",".join(participants[p].name if unique else str(p + first) for p in group) for group in groups
    )


def _resolve(token: str, participants: Sequence[Participant], used: set[int], flag: str, first: int) -> int:
    """The player a word names: a number (counted from ``first``), or a name (the first such player not named
    yet). A refusal names the number as it was typed."""
    word = fold(token)
    if word.isdigit():
        typed = int(word)
        number = typed - first
        if not 0 <= number < len(participants):
            raise SeatingError(_("{flag} names player {number}; the players are {players}", flag=flag, number=typed,
                                 players=roster(participants, first=first)))
        if number in used:
            raise SeatingError(_("{flag} names player {number} ({name}) twice", flag=flag, number=typed,
                                 name=participants[number].name))
        return number
    named = [number for number, who in enumerate(participants) if word in who.aliases]
    if not named:
        raise SeatingError(_("{flag} names {name}, who is not playing; the players are {players}", flag=flag,
                             name=repr(token.strip()), players=roster(participants, first=first)))
    for number in named:
        if number not in used:
            return number
    raise SeatingError(_("{flag} names {name} more often than there are such players; the players are {players}",
                         flag=flag, name=token.strip(), players=roster(participants, first=first)))


def _names(spec: str, participants: Sequence[Participant], used: set[int], flag: str, first: int) -> list[int]:
    chosen = []
    for token in filter(str.strip, spec.split(",")):
        number = _resolve(token, participants, used, flag, first)
        used.add(number)
        chosen.append(number)
    return chosen


def team_rule(
    game: Game, teams: Sequence[int], participants: Sequence[Participant], *, flag: str = "teams", first: int = 0
) -> str:
    """What the game allows, for refusals: ``alta seats 0,2 against 1,3 (2 teams of 2), such as --teams ...``."""
    seats = team_seats(teams)
    size = _(" or ").join(map(str, sorted({len(group) for group in seats})))
    example = format_groups(seats, participants, first=first)  # the players grouped as they sit by default
    return _("{game} seats {teams} ({number} teams of {size}), such as {flag} {example}", game=game.name,
             teams=describe_teams(teams, first=first), number=len(seats), size=size, flag=flag, example=example)


def parse_teams(
    spec: str, participants: Sequence[Participant], game: Game, teams: Sequence[int], *, flag: str = "teams",
    first: int = 0,
) -> list[list[int]]:
    """``"you,medium/easy,hard"`` or ``"0,2/1,3"`` into groups of players, refused unless the game can seat them.

    ``teams`` is the game's team of each seat, which decides how many teams of what size there are; players
    named by number count from ``first`` (``"1,3/2,4"`` with ``first=1`` is ``"0,2/1,3"``). The groups
    returned hold player indexes, from 0.
    """
    n = len(participants)
    used: set[int] = set()
    groups = [_names(part, participants, used, flag, first) for part in spec.split("/")]
    missing = [participants[p].name for p in range(n) if p not in used]
    if missing or not all(groups):
        rule = team_rule(game, teams, participants, flag=flag, first=first)
        if missing:
            raise SeatingError(_("{flag} {spec} leaves out {names}; every player joins one team: {rule}", flag=flag,
                                 spec=repr(spec), names=", ".join(missing), rule=rule))
        raise SeatingError(_("{flag} {spec} has an empty team; every player joins one team: {rule}", flag=flag,
                             spec=repr(spec), rule=rule))
    seats = team_seats(teams)
    if len(groups) != len(seats):
        rule = team_rule(game, teams, participants, flag=flag, first=first)
        raise SeatingError(_("{flag} {spec} makes {number} teams; with {count} players {rule}", flag=flag,
                             spec=repr(spec), number=len(groups), count=n, rule=rule))
    if sorted(map(len, groups)) != sorted(map(len, seats)):
        raise SeatingError(_("uneven teams {spec}; {rule}", spec=repr(spec),
                             rule=team_rule(game, teams, participants, flag=flag, first=first)))
    return groups


def parse_order(
    spec: str, participants: Sequence[Participant], *, flag: str = "order", first: int = 0
) -> list[int]:
    """``"you,easy,medium,hard"`` (or numbers, counted from ``first``): who sits at seat 0, 1, 2..."""
    order = _names(spec, participants, set(), flag, first)
    if len(order) != len(participants):
        raise SeatingError(_("{flag} {spec} must name each of the {count} players once: {players}", flag=flag,
                             spec=repr(spec), count=len(participants), players=roster(participants, first=first)))
    return order


def seat_groups(
    groups: Sequence[Sequence[int]], participants: Sequence[Participant], teams: Sequence[int], *, first: int = 0
) -> list[int]:
    """Seat the groups as the game seats teams: each group takes one team's seats, members in the order given.

    The result is the player at each seat. A seat asked for (a participant's ``wish``) is honoured, which
    decides the team of its group; the other groups take the other teams in order. A refusal names seats and
    players counting from ``first``.
    """
    seats_of_team = team_seats(teams)
    wishes = ", ".join(_("{name} at {seat}", name=who.name, seat=who.wish + first) for who in participants
                       if who.wish is not None)
    refusal = _("the seats asked for ({wishes}) do not fit the teams {teams}: partners sit at seats {sides}",
                wishes=wishes, teams=format_groups(groups, participants, first=first),
                sides=sides(teams, first=first))
    team_of_group: dict[int, int] = {}
    for index, group in enumerate(groups):
        wished = {teams[w] for w in (participants[p].wish for p in group) if w is not None}
        if len(wished) > 1:
            raise SeatingError(refusal)
        if wished:
            team = wished.pop()
            if team in team_of_group.values() or len(seats_of_team[team]) != len(group):
                raise SeatingError(refusal)
            team_of_group[index] = team
    for index, group in enumerate(groups):
        if index not in team_of_group:
            taken = set(team_of_group.values())
            team_of_group[index] = next(
                t for t, seats in enumerate(seats_of_team) if t not in taken and len(seats) == len(group)
            )
    order = [-1] * len(participants)
    for index, group in enumerate(groups):
        free = list(seats_of_team[team_of_group[index]])
        for p in group:
            wish = participants[p].wish
            if wish is not None:
                order[wish] = p
                free.remove(wish)
        for p in group:
            if participants[p].wish is None:
                order[free.pop(0)] = p
    return order


def check_order(
    order: Sequence[int], spec: str, participants: Sequence[Participant], groups: Sequence[Sequence[int]] | None,
    teams: Sequence[int] | None, *, flag: str = "order", first: int = 0,
) -> None:
    """Refuse an order that moves a player from the seat asked for, or splits a team across the table; seats and
    players are named counting from ``first``."""
    for seat, p in enumerate(order):
        wish = participants[p].wish
        if wish is not None and wish != seat:
            raise SeatingError(_("{flag} {spec} puts {name} at seat {seat}, but seat {wish} was asked for", flag=flag,
                                 spec=repr(spec), name=participants[p].name, seat=seat + first,
                                 wish=wish + first))
    if groups is None or teams is None:
        return
    seat_of = {p: seat for seat, p in enumerate(order)}
    for group in groups:
        if len({teams[seat_of[p]] for p in group}) > 1:
            raise SeatingError(_("{flag} {spec} splits the team {team}; partners sit at seats {sides}", flag=flag,
                                 spec=repr(spec), team=format_groups([group], participants, first=first),
                                 sides=sides(teams, first=first)))
