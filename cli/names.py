"""What the terminal calls the players: the core's :func:`~cartas.core.naming.viewer_names`, fed from who plays
each seat (a person, a program or a bot's level), so every line names a player the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .lobby import HUMAN, PROGRAM
from cartas.core.naming import TableNames, viewer_names


def terminal_names(
    players: Mapping[int, str],
    viewer: int | None,
    teams: Sequence[int] | None,
    people: Mapping[int, str] | None = None,
    named: Mapping[int, str] | None = None,
) -> TableNames:
    """The names ``viewer``'s screen uses (``None``: a watcher of a bots-only match).

    :param players: who plays each seat: ``human``, ``program`` or a bot's level.
    :param people: the names people gave at a hot-seat table; others are "Player N".
    :param named: the names a record kept from the table it was played at (online): people's own, bots' numbers.
    """
    bots = {seat: who for seat, who in players.items() if who not in (HUMAN, PROGRAM)}
    return viewer_names(len(players), viewer, bots=bots, people=people, teams=teams, named=named)
