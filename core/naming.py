"""The names a screen gives the players: one per seat and one per side, chosen by the front end for its viewer.

A game never invents a player's name: it receives a :class:`TableNames` and uses it on every line, so the same
opponent is called the same thing in the events, the table and the scores ("Vos", "Compañero", "Bot 2 (medio)",
"Nosotros" / "Ellos"). A bot's level is named in the language spoken (:func:`level_name`).

Seats and sides are numbered from 1 wherever a person reads them, and a bot is named after its seat
(:func:`bot_name`: "Bot 2 (medio)" sits in the second seat) by the terminal, the replays and the server alike, so
a bot keeps its name when a person takes or leaves another seat (docs/naming.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .i18n import FRAMEWORK as _
from .i18n import LANGUAGES, mark, speaking
from .i18n.spoken import fold

LEVEL_NAMES: dict[str, str] = {
    "random": mark("random"), "easy": mark("easy"), "medium": mark("medium"), "hard": mark("hard"),
    "search": mark("search"),
}
"""The built-in bot levels as players read them (``medio``, ``médio``); the canonical name stays in saves,
programs' JSON and the command line, which accepts both."""


def level_name(level: str) -> str:
    """A bot level as the language being spoken says it: ``medium`` is ``medio`` in Spanish; a level a plugin
    adds is shown as it is named."""
    message = LEVEL_NAMES.get(level)
    return _(message) if message is not None else level


def level_words(level: str) -> frozenset[str]:
    """Every folded word a person may call ``level`` by, in any language the framework speaks
    (``difícil``, ``dificil``, ``hard``)."""
    words = {fold(level)}
    for language in LANGUAGES:
        with speaking(language):
            words.add(fold(level_name(level)))
    return frozenset(words)


def bot_name(seat: int, level: str | None) -> str:
    """What every front end calls the bot at ``seat`` (counted from 0): "Bot N (level)", N the seat counted
    from 1, the level as the language spoken names it. The server's seating page, its frames, the terminal and the
    replays all call this, so one bot has one name on every screen."""
    number = seat + 1
    if not level:
        return _("Bot {number}", number=number)
    return _("Bot {number} ({level})", number=number, level=level_name(level))


def seat_number(seat: int) -> int:
    """A seat as people count it: the first seat is 1 (programs, saves and the protocol count from 0)."""
    return seat + 1


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
    seats = tuple(_("Player {number}", number=seat_number(seat)) for seat in range(players))
    if teams is None or len(set(teams)) == players:
        return TableNames(seats, seats)
    sides = tuple(_("Team {number}", number=side + 1) for side in range(len(set(teams))))
    return TableNames(seats, sides)


def viewer_names(
    players: int,
    viewer: int | None,
    *,
    bots: Mapping[int, str] | None = None,
    people: Mapping[int, str] | None = None,
    teams: Sequence[int] | None = None,
    named: Mapping[int, str] | None = None,
) -> TableNames:
    """The names ``viewer``'s screen gives the table, the same on every line and in every front end.

    The viewer is "You", a partner "Partner", a bot "Bot N (medium)" with N its seat counted from 1 (:func:`bot_name`),
    other people their own name (``people``) or "Player N". In a team game the sides are "Us" and "Them", as
    the players call them; otherwise each side is its seat's name. ``viewer`` ``None`` (someone watching bots)
    has no "You", no partner and no "Us": sides are "Team 1", "Team 2".

    :param bots: the level of each seat a bot plays (``{1: "medium"}``).
    :param people: the name of each seat a person plays, for other people than the viewer (hot-seat).
    :param teams: the team of each seat, or ``None`` when everyone plays for himself.
    :param named: the names the seats had where the match was played (a record's ``names``, from an online
        table): a person keeps their name and a bot its number there ("Bot 3"), its level said in the language
        spoken, so a replay names everyone as the table did.
    """
    bots = bots or {}
    people = people or {}
    named = named or {}
    in_teams = teams is not None and len(set(teams)) < players
    partners = [
        seat for seat in range(players)
        if in_teams and viewer is not None and seat != viewer and teams is not None and teams[seat] == teams[viewer]
    ]
    seats: list[str] = []
    for seat in range(players):
        if seat == viewer:
            seats.append(_("You"))
        elif seat in partners:
            seats.append(_("Partner") if len(partners) == 1 else _("Partner {number}", number=partners.index(seat) + 1))
        elif seat in bots:
            if seat in named:
                seats.append(_("{name} ({level})", name=named[seat], level=level_name(bots[seat])))
            else:
                seats.append(bot_name(seat, bots[seat]))
        else:
            seats.append(people.get(seat) or named.get(seat) or _("Player {number}", number=seat_number(seat)))
    if not in_teams or teams is None:
        return TableNames(tuple(seats), tuple(seats))
    count = len(set(teams))
    if viewer is None or count != 2:
        sides = tuple(_("Team {number}", number=side + 1) for side in range(count))
        if viewer is not None:
            sides = tuple(_("Us") if side == teams[viewer] else name for side, name in enumerate(sides))
        return TableNames(tuple(seats), sides)
    ours = teams[viewer]
    return TableNames(tuple(seats), tuple(_("Us") if side == ours else _("Them") for side in range(2)))


def seat_side_names(players: int, teams: Sequence[int], seat: int | None) -> TableNames:
    """Generic seat names with the sides as ``seat`` calls them in a two-team game ("Us", "Them"), or numbered
    for a viewer who sits nowhere (``None``): what a game's own table text uses when the front end gave no names."""
    generic = generic_names(players, teams)
    if seat is None or seat < 0:
        return generic
    sides = [_("Them")] * 2
    sides[teams[seat]] = _("Us")
    return TableNames(generic.seats, tuple(sides))
