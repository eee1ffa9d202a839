"""Seats, teams and turn order around the table.

Seats are numbered 0..n-1 in playing order (counter-clockwise), so the next seat is always ``seat + 1``.
With 4 and 6 players the partners alternate around the table: seats 0, 2, 4 against 1, 3, 5.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Table:
    """The seats of a match and the team each one belongs to; immutable, shared by every clone of a state."""

    __slots__ = ("n_seats", "teams", "n_teams", "_orders", "_members")

    def __init__(self, n_seats: int, teams: Sequence[int] | None = None) -> None:
        if n_seats < 1:
            raise ValueError("a table needs at least one seat")
        team_of = tuple(teams) if teams is not None else tuple(range(n_seats))
        if len(team_of) != n_seats:
            raise ValueError(f"{n_seats} seats need {n_seats} team entries, got {len(team_of)}")
        self.n_seats = n_seats
        self.teams = team_of
        self.n_teams = max(team_of) + 1
        self._orders = tuple(tuple((start + i) % n_seats for i in range(n_seats)) for start in range(n_seats))
        self._members = tuple(tuple(s for s in range(n_seats) if team_of[s] == t) for t in range(self.n_teams))

    @classmethod
    def partnership(cls, n_seats: int, n_teams: int = 2) -> Table:
        """Partners alternate around the table: with two teams, even seats against odd seats."""
        return cls(n_seats, [seat % n_teams for seat in range(n_seats)])

    def team_of(self, seat: int) -> int:
        return self.teams[seat]

    def members(self, team: int) -> tuple[int, ...]:
        """The seats of ``team``, in playing order from seat 0."""
        return self._members[team]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team."""
        return tuple(s for s in self._members[self.teams[seat]] if s != seat)

    def next_seat(self, seat: int) -> int:
        """The seat on ``seat``'s right, who plays next."""
        return (seat + 1) % self.n_seats

    def order_from(self, seat: int) -> tuple[int, ...]:
        """All seats in playing order starting with ``seat``."""
        return self._orders[seat]

    def mano(self, dealer: int) -> int:
        """The player on the dealer's right, who is dealt first and leads the hand."""
        return (dealer + 1) % self.n_seats

    def cutter(self, dealer: int) -> int:
        """The player on the dealer's left, who cuts the deck the dealer shuffled (see :func:`cutter_seat`)."""
        return cutter_seat(self.n_seats, dealer)

    def next_dealer(self, dealer: int) -> int:
        """The deal passes to the right after each hand."""
        return (dealer + 1) % self.n_seats

    def __repr__(self) -> str:
        return f"Table({self.n_seats}, {list(self.teams)})"


def cutter_seat(n_seats: int, dealer: int, in_play: Iterable[int] | None = None) -> int:
    """The seat that cuts the deck ``dealer`` has shuffled: the one on the dealer's left, ``dealer - 1`` since
    play goes round to the right (``dealer + 1`` is the mano). With two players that is the rival; with four or
    six, a rival too, as partners alternate. ``in_play`` are the seats still at the table when some have left
    (a chinchón player put out, a julepe player without chips): the first of them to the dealer's left cuts.

    Who cuts is ceremony, not a choice: where the deck is cut is drawn by the match's own generator
    (:func:`cartas.core.deck.cut`), so naming the cutter draws nothing and changes no deal.
    """
    if n_seats < 1 or not 0 <= dealer < n_seats:
        raise ValueError(f"dealer {dealer} is not one of {n_seats} seats")
    seats = set(range(n_seats)) if in_play is None else set(in_play)
    for step in range(1, n_seats + 1):
        seat = (dealer - step) % n_seats
        if seat in seats:
            return seat
    return dealer
