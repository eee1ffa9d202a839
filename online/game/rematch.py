"""A rematch of a finished table: the same seats and teams at a new table with new cards, once every person accepts.

The first person to accept (``POST /api/tables/CODE/rematch`` with their seat token) makes the new table: a new
code and seed, each seat copied (a person keeps their seat and name under a new token, a bot its level, the host
stays host under a new host token), in the lobby until everyone has accepted. Bots accept at once. Each person's
new token is handed to them alone, in the answer to their own request; every connection of the old table is told
who has accepted in a ``rematch`` frame, and when the last person accepts the new table starts and the frame
carries its code, so each page that holds a token for it goes there.

Offers are kept in the process's memory (the new table itself is stored like any other): after a restart an
unfinished offer is forgotten and the new table stays in the lobby, full, until its host starts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .clock import fresh_clock
from ..store.tables import SeatRow, TableRow
from .now import now_iso
from .tokens import hash_token, new_token


@dataclass
class RematchOffer:
    """The new table of a rematch and who has accepted it."""

    code: str
    tokens: dict[int, str]
    """Each person's seat token at the new table, handed over only in the answer to their own acceptance."""
    host_token: str
    host_seat: int
    people: frozenset[int]
    accepted: set[int] = field(default_factory=set)
    started: bool = False

    def everyone_accepted(self) -> bool:
        return self.people <= self.accepted

    def frame(self, bots: frozenset[int]) -> dict[str, Any]:
        """The ``rematch`` frame: who accepted (bots always have) and, once started, the new table's code."""
        return {
            "type": "rematch", "accepted": sorted(self.accepted | bots),
            "code": self.code if self.started else None,
        }

    def answer(self, seat: int, bots: frozenset[int]) -> dict[str, Any]:
        """What the person at ``seat`` is told: their new seat token (and host token), who accepted, the code."""
        answer = {
            "code": self.code, "seat": seat, "token": self.tokens[seat], "accepted": sorted(self.accepted | bots),
            "started": self.started, "url": f"/t/{self.code}",
        }
        if seat == self.host_seat:
            answer["host_token"] = self.host_token
        return answer


def rematch_seats(seats: list[SeatRow]) -> tuple[list[SeatRow], dict[int, str], str]:
    """The new table's seats (each person under a new token), the tokens by seat, and the new host token."""
    tokens: dict[int, str] = {}
    copied: list[SeatRow] = []
    for row in seats:
        if row.kind == "human":
            tokens[row.seat] = new_token()
            copied.append(SeatRow(row.seat, "human", name=row.name, token_hash=hash_token(tokens[row.seat]),
                                  host=row.host))
        elif row.kind == "bot":
            copied.append(SeatRow(row.seat, "bot", name=row.name, level=row.level, host=row.host))
        else:
            copied.append(SeatRow(row.seat))
    return copied, tokens, new_token()


def rematch_row(old: TableRow, code: str, seed: int, seats: list[SeatRow], host_token: str) -> TableRow:
    """The new table's row: ``old``'s game, options, absence settings, spectator chat and seats, a new code and
    seed, in the lobby; it names ``old`` as the table before it, whose match its bots remember."""
    return TableRow(
        code=code, game=old.game, options=dict(old.options), seed=seed, status="lobby", grace=old.grace,
        bot_level=old.bot_level, host_hash=hash_token(host_token), created=now_iso(), seats=seats,
        spectator_chat=old.spectator_chat, spectators=old.spectators, clock=fresh_clock(old.clock), previous=old.code,
    )
