"""The names a screen gives the players: one per seat and one per side, chosen by the front end for its viewer.

A game never invents a player's name: it receives a :class:`TableNames` and uses it on every line, so the same
opponent is called the same thing in the events, the table and the scores ("Vos", "Compañero", "Bot 1 (medium)",
"Nosotros" / "Ellos").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cartas.core.i18n import FRAMEWORK as _


@dataclass(frozen=True)
class TableNames:
    """One display name per seat and one per side (a team, or a lone player where there are no teams)."""

    seats: tuple[str, ...]
    sides: tuple[str, ...]

    def seat(self, seat: int) -> str:
        return self.seats[seat]

    def side(self, side: int) -> str:
        return self.sides[side]


def generic_names(players: int, teams: Sequence[int] | None = None) -> TableNames:
    """Names for a viewer who is no one in particular (a log, a replay for all): "Player 1", "Team 1"."""
    seats = tuple(_("Player {number}", number=seat + 1) for seat in range(players))
    if teams is None or len(set(teams)) == players:
        return TableNames(seats, seats)
    sides = tuple(_("Team {number}", number=side + 1) for side in range(len(set(teams))))
    return TableNames(seats, sides)
