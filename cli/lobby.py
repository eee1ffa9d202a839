"""The lobby: how many play, to how many points, who sits where and in which team, people or bots.

Everything comes from flags; when stdin is a terminal, what the flags leave out is asked with sensible
defaults. An impossible setup is refused with a message naming what the game allows.

The lobby first lists the *players* of the match (the people and the bots at their levels), numbered by the
seat each would take without ``--teams`` or ``--order``: the people at their ``--seat`` (0 if none), the bots
of ``--bots`` in the other seats in order. ``--teams`` then groups players into teams and the lobby seats them
the way the game seats teams (partners alternate in truco); ``--order`` says who sits where, within that rule.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import click
from pydantic import ValidationError

from cartas.cli.i18n import Messages
from cartas.core.deck import new_seed
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.options import GameOptions, parse_option_pairs
from cartas.core.position import Position, parse_deal
from cartas.core.registry import Registry

HUMAN = "human"
PROGRAM = "program"
"""A seat played over the JSON protocol."""
BOT_PREFERENCE: tuple[str, ...] = ("hard", "medium", "easy")
"""Bot levels from strongest to weakest, for hints; a game's other levels come after these."""


@dataclass
class Setup:
    """Everything needed to start a match."""

    game: Game
    options: GameOptions
    players: dict[int, str]
    seed: int
    position: Position | None = None


@dataclass
class LobbyFlags:
    """What the command line said; ``None`` means not given."""

    players: int | None = None
    points: int | None = None
    teams: str | None = None
    options: Sequence[str] = ()
    seats: Sequence[int] = ()
    bot: str | None = None
    bots: str | None = None
    seed: int | None = None
    deal: str | None = None
    up: str | None = None
    scores: str | None = None
    dealer: int | None = None
    order: str | None = None


@dataclass(frozen=True)
class Participant:
    """One player of the match before seating: a person (or program) or a bot at a level.

    ``aliases`` are the words ``--teams`` and ``--order`` may name it by; ``wish`` is a seat the flags asked for
    (``--seat``, or ``--bots N=level``), which every seating must honour.
    """

    kind: str
    name: str
    aliases: frozenset[str]
    wish: int | None = None


def strongest_level(registry: Registry, game: str) -> str | None:
    """The strongest bot level that plays ``game``: hard, else medium, else easy, else any."""
    levels = registry.bot_levels(game)
    for level in BOT_PREFERENCE:
        if level in levels:
            return level
    return levels[0] if levels else None


def default_level(registry: Registry, game: str) -> str:
    levels = registry.bot_levels(game)
    if not levels:
        raise click.UsageError(f"no bot plays {game}, so no match can be set up")
    return "medium" if "medium" in levels else next((lv for lv in ("easy", "hard") if lv in levels), levels[0])


def seat_names(players: dict[int, str], msg: Messages) -> dict[int, str]:
    """What to call each seat's player on the screen: ``you`` or the bot's level."""
    humans = [seat for seat, who in players.items() if who == HUMAN]
    names = {}
    for seat, who in players.items():
        if who == HUMAN:
            names[seat] = msg("you") if len(humans) == 1 else f"{msg('you')} {humans.index(seat) + 1}"
        else:
            names[seat] = who
    return names


def describe_seating(names: dict[int, str], teams: Sequence[int] | None, msg: Messages) -> str:
    """The final seating in one line: ``Seat 0: you (team 0) · Seat 1: medium (team 1) · ...``."""
    return " · ".join(
        f"{msg('seat_title', seat=seat)}: {names[seat]}" + (f" ({msg('team', team=teams[seat])})" if teams else "")
        for seat in sorted(names)
    )


def _choices(game: Game, name: str) -> tuple[Any, ...] | None:
    annotation = game.Options.model_fields[name].annotation
    return typing.get_args(annotation) if typing.get_origin(annotation) is Literal else None


def _default(game: Game, name: str) -> Any:
    field_info = game.Options.model_fields[name]
    return None if field_info.is_required() else field_info.default


def _ask_choice(text: str, choices: Sequence[Any], default: Any) -> Any:
    by_text = {str(c): c for c in choices}
    answer = click.prompt(text, type=click.Choice(list(by_text)), default=str(default), show_choices=True)
    return by_text[answer]


def _fold(word: str) -> str:
    """How names are compared: case and spaces do not matter (``You 1`` is ``you1``)."""
    return "".join(word.split()).lower()


def _team_seats(teams: Sequence[int]) -> list[tuple[int, ...]]:
    """The seats of each team, teams in order."""
    return [tuple(seat for seat, team in enumerate(teams) if team == side) for side in sorted(set(teams))]


def describe_teams(teams: Sequence[int] | None) -> str:
    if teams is None:
        return "every player for himself"
    return " against ".join(",".join(map(str, group)) for group in _team_seats(teams))


def _sides(teams: Sequence[int]) -> str:
    """The seats of each team, as alternatives: ``0,2 or 1,3``."""
    return " or ".join(",".join(map(str, group)) for group in _team_seats(teams))


def plays_in_teams(teams: Sequence[int] | None) -> bool:
    """Whether choosing partners means anything: some team has more than one seat."""
    return teams is not None and len(set(teams)) < len(teams)


# --- The players -------------------------------------------------------------------------------------------------


def _check_level(level: str, levels: Sequence[str]) -> str:
    if level not in levels:
        raise click.UsageError(f"no bot level {level!r}; levels: {', '.join(levels)}")
    return level


def _bots_by_seat(spec: str, players: int, humans: set[int], levels: Sequence[str]) -> dict[int, str]:
    """``--bots 1=easy,2=medium``: the level of the bot at particular seats."""
    chosen = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        seat_text, _, level = part.partition("=")
        if not seat_text.strip().isdigit():
            raise click.UsageError(f"--bots {spec!r} should look like 1=easy,2=medium or easy,medium")
        seat = int(seat_text)
        if seat >= players:
            raise click.UsageError(f"--bots names seat {seat}; seats are 0 to {players - 1}")
        if seat in humans:
            raise click.UsageError(f"--bots names seat {seat}, which is a person's seat")
        chosen[seat] = _check_level(level.strip(), levels)
    return chosen


def _bots_in_order(spec: str, free: Sequence[int], levels: Sequence[str]) -> dict[int, str]:
    """``--bots easy,medium,hard``: the levels of the bots, which take the seats left by the people in order."""
    listed = [_check_level(level, levels) for level in filter(None, (p.strip() for p in spec.split(",")))]
    if len(listed) > len(free):
        raise click.UsageError(f"--bots lists {len(listed)} bots, but only {len(free)} seats are left for bots")
    return dict(zip(free, listed))


def make_participants(
    n: int, people: str | None, seats: Sequence[int], bots: str | None, level: str, levels: Sequence[str],
    msg: Messages,
) -> list[Participant]:
    """The players of the match, numbered by the seat each takes when nobody reseats them."""
    humans = (list(dict.fromkeys(seats)) or [0]) if people is not None else []
    bad = [seat for seat in humans if not 0 <= seat < n]
    if bad:
        raise click.UsageError(f"--seat {bad[0]} is not a seat; seats are 0 to {n - 1}")
    parts = [part for part in (bots or "").split(",") if part.strip()]
    by_seat = sum("=" in part for part in parts)
    if by_seat and by_seat != len(parts):
        raise click.UsageError(f"--bots {bots!r} mixes seat=level and plain levels; use one form")
    if not parts:
        chosen: dict[int, str] = {}
    elif by_seat:
        chosen = _bots_by_seat(bots or "", n, set(humans), levels)
    else:
        chosen = _bots_in_order(bots or "", [seat for seat in range(n) if seat not in humans], levels)
    you = [msg("you"), "you"]
    participants = []
    for seat in range(n):
        if seat in humans:
            assert people is not None
            number = "" if len(humans) == 1 else str(humans.index(seat) + 1)
            name = f"{msg('you')} {number}".strip() if people == HUMAN else people
            words = {_fold(word + number) for word in you} | {_fold(name)}
            participants.append(Participant(people, name, frozenset(words), seat if seats else None))
        else:
            kind = chosen.get(seat, level)
            wish = seat if by_seat and seat in chosen else None
            participants.append(Participant(kind, kind, frozenset({_fold(kind)}), wish))
    return participants


def roster(participants: Sequence[Participant]) -> str:
    """The players by number and name: ``0 you · 1 easy · 2 medium``."""
    return " · ".join(f"{number} {who.name}" for number, who in enumerate(participants))


def _spec(groups: Sequence[Sequence[int]], participants: Sequence[Participant]) -> str:
    """Groups of players as ``--teams`` takes them: by name, or by number when two players share a name."""
    unique = len({who.name for who in participants}) == len(participants)
    word = (lambda p: participants[p].name) if unique else str
    return "/".join(",".join(word(p) for p in group) for group in groups)


def _resolve(token: str, participants: Sequence[Participant], used: set[int], flag: str) -> int:
    """The player a word names: a number, or a name (the first such player not named yet)."""
    word = _fold(token)
    if word.isdigit():
        number = int(word)
        if number >= len(participants):
            raise click.UsageError(f"{flag} names player {number}; the players are {roster(participants)}")
        if number in used:
            raise click.UsageError(f"{flag} names player {number} ({participants[number].name}) twice")
        return number
    named = [number for number, who in enumerate(participants) if word in who.aliases]
    if not named:
        raise click.UsageError(
            f"{flag} names {token.strip()!r}, who is not playing; the players are {roster(participants)}"
        )
    for number in named:
        if number not in used:
            return number
    raise click.UsageError(
        f"{flag} names {token.strip()} more often than there are such players; the players are {roster(participants)}"
    )


def _names(spec: str, participants: Sequence[Participant], used: set[int], flag: str) -> list[int]:
    chosen = []
    for token in filter(str.strip, spec.split(",")):
        number = _resolve(token, participants, used, flag)
        used.add(number)
        chosen.append(number)
    return chosen


def _team_rule(game: Game, teams: Sequence[int], participants: Sequence[Participant]) -> str:
    """What the game allows, for error messages: ``alta seats 0,2 against 1,3 (2 teams of 2), such as ...``."""
    seats = _team_seats(teams)
    sizes = sorted({len(group) for group in seats})
    size = " or ".join(map(str, sizes))
    example = _spec(seats, participants)  # the players grouped as they sit by default
    return f"{game.name} seats {describe_teams(teams)} ({len(seats)} teams of {size}), such as --teams {example}"


def parse_teams(spec: str, participants: Sequence[Participant], game: Game, teams: Sequence[int]) -> list[list[int]]:
    """``"you,medium/easy,hard"`` or ``"0,2/1,3"`` into groups of players, refused unless the game can seat them.

    ``teams`` is the game's team of each seat, which decides how many teams of what size there are.
    """
    n = len(participants)
    used: set[int] = set()
    groups = [_names(part, participants, used, "--teams") for part in spec.split("/")]
    missing = [participants[p].name for p in range(n) if p not in used]
    if missing or not all(groups):
        left = f" leaves out {', '.join(missing)};" if missing else " has an empty team;"
        rule = _team_rule(game, teams, participants)
        raise click.UsageError(f"--teams {spec!r}{left} every player joins one team: {rule}")
    seats = _team_seats(teams)
    if len(groups) != len(seats):
        raise click.UsageError(
            f"--teams {spec!r} makes {len(groups)} teams; with {n} players {_team_rule(game, teams, participants)}"
        )
    if sorted(map(len, groups)) != sorted(map(len, seats)):
        raise click.UsageError(f"uneven teams {spec!r}; {_team_rule(game, teams, participants)}")
    return groups


def parse_order(spec: str, participants: Sequence[Participant]) -> list[int]:
    """``"you,easy,medium,hard"`` (or numbers): who sits at seat 0, 1, 2..."""
    order = _names(spec, participants, set(), "--order")
    if len(order) != len(participants):
        raise click.UsageError(
            f"--order {spec!r} must name each of the {len(participants)} players once: {roster(participants)}"
        )
    return order


def seat_groups(
    groups: Sequence[Sequence[int]], participants: Sequence[Participant], teams: Sequence[int]
) -> list[int]:
    """Seat the groups as the game seats teams: each group takes one team's seats, members in the order given.

    A seat asked for with ``--seat`` (or ``--bots N=level``) is honoured, which decides the team of its group;
    the other groups take the other teams in order.
    """
    team_seats = _team_seats(teams)
    wishes = ", ".join(f"{who.name} at {who.wish}" for who in participants if who.wish is not None)
    refusal = (
        f"the seats asked for ({wishes}) do not fit the teams {_spec(groups, participants)}: "
        f"partners sit at seats {_sides(teams)}"
    )
    team_of_group: dict[int, int] = {}
    for index, group in enumerate(groups):
        wished = {teams[w] for w in (participants[p].wish for p in group) if w is not None}
        if len(wished) > 1:
            raise click.UsageError(refusal)
        if wished:
            team = wished.pop()
            if team in team_of_group.values() or len(team_seats[team]) != len(group):
                raise click.UsageError(refusal)
            team_of_group[index] = team
    for index, group in enumerate(groups):
        if index not in team_of_group:
            taken = set(team_of_group.values())
            team_of_group[index] = next(
                t for t, seats in enumerate(team_seats) if t not in taken and len(seats) == len(group)
            )
    order = [-1] * len(participants)
    for index, group in enumerate(groups):
        free = list(team_seats[team_of_group[index]])
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
    teams: Sequence[int] | None,
) -> None:
    """Refuse an order that moves a player from the seat asked for, or splits a team across the table."""
    for seat, p in enumerate(order):
        wish = participants[p].wish
        if wish is not None and wish != seat:
            raise click.UsageError(
                f"--order {spec!r} puts {participants[p].name} at seat {seat}, but seat {wish} was asked for"
            )
    if groups is None or teams is None:
        return
    seat_of = {p: seat for seat, p in enumerate(order)}
    for group in groups:
        if len({teams[seat_of[p]] for p in group}) > 1:
            raise click.UsageError(
                f"--order {spec!r} splits the team {_spec([group], participants)}; "
                f"partners sit at seats {_sides(teams)}"
            )


def _ask_teams(
    participants: Sequence[Participant], game: Game, teams: Sequence[int], msg: Messages
) -> list[list[int]]:
    """Ask for the teams; the default keeps everyone at the seat they would take, so your partner is a bot."""
    default = _spec(_team_seats(teams), participants)
    answer: list[list[int]] = click.prompt(
        msg("ask_teams"), default=default, value_proc=lambda text: parse_teams(text, participants, game, teams)
    )
    return answer


def _ask_order(
    participants: Sequence[Participant], groups: Sequence[Sequence[int]] | None, teams: Sequence[int] | None,
    default: Sequence[int], msg: Messages,
) -> list[int]:
    def read(text: str) -> list[int]:
        order = parse_order(text, participants)
        check_order(order, text, participants, groups, teams)
        return order

    answer: list[int] = click.prompt(msg("ask_order"), default=_spec([default], participants), value_proc=read)
    return answer


def build_position(flags: LobbyFlags) -> Position | None:
    """The stacked start from ``--deal``, ``--up``, ``--scores`` and ``--dealer``, if any was given."""
    if flags.deal is None and flags.up is None and flags.scores is None and flags.dealer is None:
        return None
    try:
        scores = [int(s) for s in flags.scores.replace(" ", "").split(",")] if flags.scores else None
        return Position(
            hands=parse_deal(flags.deal) if flags.deal else None, up=flags.up, scores=scores, dealer=flags.dealer,
        )
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    except ValidationError as error:
        first = error.errors()[0]
        raise click.UsageError(f"bad position ({'.'.join(map(str, first['loc']))}): {first['msg']}") from None
    except ValueError:
        raise click.UsageError(f"--scores {flags.scores!r} should be numbers separated by commas, such as 10,12") from None


def _options(game: Game, flags: LobbyFlags, msg: Messages, interactive: bool) -> GameOptions:
    """The game's options from ``--players``, ``--points`` and ``-o``, asking for players and points if missing."""
    try:
        values: dict[str, Any] = parse_option_pairs(flags.options)
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    counts = game.player_counts()
    if flags.players is not None:
        if flags.players not in counts:
            raise click.UsageError(
                f"{game.name} cannot be played by {flags.players}; it allows {', '.join(map(str, counts))} players"
            )
        values["players"] = flags.players
    elif interactive and "players" not in values and len(counts) > 1:
        values["players"] = _ask_choice(msg("ask_players"), counts, _default(game, "players") or counts[0])
    has_points = "points" in game.Options.model_fields
    if flags.points is not None:
        if not has_points:
            known = ", ".join(sorted(game.Options.model_fields))
            raise click.UsageError(f"{game.name} has no points option; its options are: {known}")
        values["points"] = flags.points
    elif interactive and has_points and "points" not in values:
        choices = _choices(game, "points")
        default = _default(game, "points")
        if choices:
            values["points"] = _ask_choice(msg("ask_points"), choices, default)
        else:
            values["points"] = click.prompt(msg("ask_points"), type=int, default=default)
    try:
        return game.options(values)
    except CartasError as error:
        raise click.UsageError(str(error)) from None


def setup_match(
    game: Game,
    registry: Registry,
    flags: LobbyFlags,
    *,
    msg: Messages,
    people: str | None = HUMAN,
    interactive: bool = False,
) -> Setup:
    """Turn flags (and answers, when ``interactive``) into a :class:`Setup`; ``people=None`` seats only bots."""
    options = _options(game, flags, msg, interactive)
    n = options.players
    teams = game.teams(options)
    if flags.teams is not None and teams is None:
        raise click.UsageError(f"{game.name} with {n} players has no teams: every player for himself")
    levels = registry.bot_levels(game.name)
    level = _check_level(flags.bot, levels) if flags.bot else default_level(registry, game.name)
    if interactive and people is not None and flags.bot is None and flags.bots is None and len(levels) > 1:
        level = _ask_choice(msg("ask_bot"), levels, level)
    seats = list(flags.seats)
    in_teams = plays_in_teams(teams)
    if interactive and people is not None and not seats and flags.order is None and not in_teams:
        if teams is not None:
            click.echo(f"{msg('seating')} {describe_teams(teams)}")
        seats = [_ask_choice(msg("ask_seat"), list(range(n)), 0)]
    participants = make_participants(n, people, seats, flags.bots, level, levels, msg)
    groups = None
    if flags.teams is not None and teams is not None:
        groups = parse_teams(flags.teams, participants, game, teams)
    asking = interactive and in_teams and flags.order is None
    if asking and teams is not None:
        click.echo(f"{msg('seating')} {describe_teams(teams)}")
        click.echo(f"{msg('players_list')} {roster(participants)}")
        if groups is None:
            groups = _ask_teams(participants, game, teams, msg)
    order = seat_groups(groups, participants, teams) if groups is not None and teams is not None else list(range(n))
    if flags.order is not None:
        order = parse_order(flags.order, participants)
        check_order(order, flags.order, participants, groups, teams)
    elif asking:
        order = _ask_order(participants, groups, teams, order, msg)
    players = {seat: participants[p].kind for seat, p in enumerate(order)}
    position = build_position(flags)
    seed = flags.seed if flags.seed is not None else new_seed()
    return Setup(game, options, players, seed, position)
