"""The seating rules, once for every front end: how many play, who partners whom and who sits where.

The terminal lobby (``cartas play``) and the web lobby (``cartas serve``) both seat players through these
functions, so they accept and refuse the same setups with the same one-line :class:`SeatingError` messages; a
front end only chooses the word a message names its input by (``--teams`` in the terminal, ``teams`` on the web).

- :mod:`.participants`: the players before seating, player counts and bot levels;
- :mod:`.teams`: teams and order lines, and seating teams the way the game seats them;
- :mod:`.reseat`: rotating partners, swapping opponents, moving seats, and whether a table can start.
"""

from ..errors import SeatingError
from .participants import (
    BOT_PREFERENCE,
    HUMAN,
    PROGRAM,
    Participant,
    check_level,
    check_players,
    default_level,
    fold,
    make_participants,
    roster,
    strongest_level,
)
from .reseat import check_seating, move, rotate_partners, swap_opponents
from .teams import (
    check_order,
    describe_teams,
    format_groups,
    parse_order,
    parse_teams,
    plays_in_teams,
    require_teams,
    seat_groups,
    sides,
    team_rule,
    team_seats,
)

__all__ = [
    "BOT_PREFERENCE", "HUMAN", "PROGRAM", "Participant", "SeatingError", "check_level", "check_order",
    "check_players", "check_seating", "default_level", "describe_teams", "fold", "format_groups",
    "make_participants", "move", "parse_order", "parse_teams", "plays_in_teams", "require_teams", "roster",
    "rotate_partners", "seat_groups", "sides", "strongest_level", "swap_opponents", "team_rule", "team_seats",
]
