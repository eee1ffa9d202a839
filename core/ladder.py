"""The raise ladder of truco-like bets: truco, retruco, vale cuatro (or truco, seis, nove, doze).

One side calls, the other accepts, refuses or raises; only the side holding *el quiero* (the last to
accept) may raise next. The ladder only keeps the bookkeeping; each game decides when a call is allowed
(turn, envido pending, mão de onze...).
"""

from __future__ import annotations

from collections.abc import Sequence


class RaiseLadder:
    """Stake of one hand: the accepted level, a pending call, and who may raise next.

    ``values[i]`` is what the hand is worth once level ``i`` is accepted (``values[0]`` with no call);
    refusing a call to level ``i`` gives the caller ``values[i - 1]``.
    """

    __slots__ = ("values", "level", "pending", "caller", "holder")

    def __init__(self, values: Sequence[int]) -> None:
        self.values = tuple(values)
        self.level = 0
        self.pending = False
        self.caller = -1
        self.holder = -1

    def copy(self) -> RaiseLadder:
        other = RaiseLadder(self.values)  # not __new__: compiled (docs/compiled.md), that would run __init__ bare
        other.level, other.pending = self.level, self.pending
        other.caller, other.holder = self.caller, self.holder
        return other

    @property
    def worth(self) -> int:
        """What the hand pays its winner now (a pending call does not count until accepted)."""
        return self.values[self.level]

    @property
    def top(self) -> bool:
        """No higher call exists."""
        return self.level + (1 if self.pending else 0) >= len(self.values) - 1

    def may_call(self, team: int) -> bool:
        """Whether ``team`` may make the next call now (as a fresh call, not as a reply)."""
        return not self.pending and not self.top and self.holder in (-1, team)

    def may_raise(self, team: int) -> bool:
        """Whether ``team`` may answer the pending call with a higher one."""
        return self.pending and self.caller != team and not self.top

    def call(self, team: int) -> None:
        """``team`` calls the next level; a raise made as a reply first accepts the pending call."""
        if self.pending:
            self.level += 1
        self.pending = True
        self.caller = team

    def accept(self, team: int) -> None:
        self.level += 1
        self.pending = False
        self.holder = team

    def refuse(self) -> int:
        """The pending call is refused; returns the points the caller's side wins (the value before the call)."""
        self.pending = False
        return self.values[self.level]

    @property
    def next_level(self) -> int:
        """The level the next call asks for (counting a pending one)."""
        return self.level + (2 if self.pending else 1)
