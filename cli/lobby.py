"""The lobby: how many play, to how many points, who sits where and in which team, people or bots.

Everything comes from flags; when stdin is a terminal, what the flags leave out is asked with sensible
defaults. An impossible setup is refused with a message naming what the game allows.

The lobby first lists the *players* of the match (the people and the bots at their levels), numbered by the
seat each would take without ``--teams`` or ``--order``: the people at their ``--seat`` (0 if none), the bots
of ``--bots`` in the other seats in order. ``--teams`` then groups players into teams and the lobby seats them
the way the game seats teams (partners alternate in truco); ``--order`` says who sits where, within that rule.

The seating rules themselves live in :mod:`cartas.core.seating`, shared with the web lobby; this module asks the
questions, names the flags in the core's refusals and turns them into click usage errors.

What a person reads and types counts seats, players and teams from 1 (:data:`FIRST`): the lines before the
questions, the questions' defaults, their answers and the refusals of an answer. The flags (``--seat``,
``--bots N=level``, ``--teams``, ``--order``) keep counting from 0, as scripts use them; changing what they mean
needs a deprecation (docs/naming.md, "Not yet").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import click
from pydantic import ValidationError

from .i18n import Messages
from .seat_flags import from_flags, notice, seat_base
from cartas.core import seating
from cartas.core.deck import new_seed
from cartas.core.errors import CartasError, SeatingError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import level_name
from cartas.core.options import GameOptions, option_info, parse_option_pairs
from cartas.core.position import Position, parse_deal
from cartas.core.plugins.registry import Registry
from cartas.core.seating import (
    HUMAN,
    PROGRAM,
    Participant,
    describe_teams,
    format_groups,
    plays_in_teams,
    roster,
    strongest_level,
    team_seats,
)

__all__ = [
    "HUMAN", "PROGRAM", "LobbyFlags", "Participant", "Setup", "default_level", "describe_seating",
    "describe_teams", "make_participants", "parse_order", "parse_teams", "plays_in_teams", "roster",
    "seat_groups", "seat_names", "setup_match", "strongest_level",
]

FIRST = 1
"""The number a person reads and types for the first seat, player or team at the lobby's questions."""

P = ParamSpec("P")
T = TypeVar("T")


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


def _usage(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``call(*args, **kwargs)``, the core's :class:`SeatingError` turned into a usage error (same message)."""
    try:
        return call(*args, **kwargs)
    except SeatingError as error:
        raise click.UsageError(str(error)) from None


def default_level(registry: Registry, game: str) -> str:
    """The level bots play at unless ``--bot`` says otherwise."""
    return _usage(seating.default_level, registry, game)


def seat_names(players: dict[int, str], msg: Messages) -> dict[int, str]:
    """What to call each seat's player on the screen: ``you`` or the bot's level."""
    humans = [seat for seat, who in players.items() if who == HUMAN]
    names = {}
    for seat, who in players.items():
        if who == HUMAN:
            names[seat] = msg("you") if len(humans) == 1 else f"{msg('you')} {humans.index(seat) + 1}"
        else:
            names[seat] = level_name(who)
    return names


def describe_seating(names: dict[int, str], teams: Sequence[int] | None, msg: Messages) -> str:
    """The final seating in one line, counted from 1: ``Seat 1: you (team 1) · Seat 2: medium (team 2) · ...``."""
    return " · ".join(
        f"{msg('seat_title', seat=seat + FIRST)}: {names[seat]}"
        + (f" ({msg('team', team=teams[seat] + FIRST)})" if teams else "")
        for seat in sorted(names)
    )


def _choices(game: Game, name: str) -> tuple[Any, ...] | None:
    return option_info(game.Options, name).choices


def _default(game: Game, name: str) -> Any:
    return option_info(game.Options, name).default


def _ask_choice(text: str, choices: Sequence[Any], default: Any) -> Any:
    by_text = {str(c): c for c in choices}

    def read(answer: str) -> Any:
        if answer not in by_text:
            listed = ", ".join(repr(choice) for choice in by_text)
            raise click.UsageError(_("{answer!r} is not one of {choices}.", answer=answer, choices=listed))
        return by_text[answer]

    return click.prompt(f"{text} ({', '.join(by_text)})", default=str(default), value_proc=read)


def _ask_level(text: str, levels: Sequence[str], default: str,
               label: Callable[[str], str] = level_name) -> str:
    """A bot level, offered as the language spoken names the levels and read in any language (or in English).

    A level whose ``label`` says more than its name (a personality: "El Mentiroso · 46% contra medio") gets a
    line of its own above the question, so the question stays one line of names a person can type."""

    def read(answer: str) -> str:
        return str(_usage(seating.check_level, answer, levels))

    for level in levels:
        described = label(level)
        if described != level_name(level):
            click.echo(f"  {level_name(level)}: {described}")
    names = ", ".join(level_name(level) for level in levels)
    answer: str = click.prompt(f"{text} ({names})", default=level_name(default), value_proc=read)
    return answer


def _ask_number(text: str, default: Any, check: Callable[[int], object] = lambda number: None) -> int:
    """A whole number, asked again until ``check`` (which raises cartas's input errors) accepts it: a number the
    game refuses, such as 1 point, is a wrong answer to the question, not the end of the command."""

    def read(answer: str) -> int:
        try:
            number = int(answer)
        except ValueError:
            raise click.UsageError(_("{answer!r} is not a whole number.", answer=answer)) from None
        try:
            check(number)
        except CartasError as error:
            raise click.UsageError(str(error)) from None
        return number

    answer: int = click.prompt(text, default=default, value_proc=read)
    return answer


# --- The players and their seats: the rules are cartas.core.seating's, named by the flags ----------------------


def make_participants(
    n: int, people: str | None, seats: Sequence[int], bots: str | None, level: str, levels: Sequence[str],
    msg: Messages,
) -> list[Participant]:
    """The players of the match, numbered by the seat each takes when nobody reseats them."""
    return _usage(
        seating.make_participants, n, people, seats, bots, level, levels,
        you=msg("you"), seat_flag="--seat", bots_flag="--bots",
    )


def parse_teams(
    spec: str, participants: Sequence[Participant], game: Game, teams: Sequence[int], *, flag: str = "--teams",
    first: int = 0,
) -> list[list[int]]:
    """``--teams you,medium/easy,hard`` into groups of players (see :func:`cartas.core.seating.parse_teams`);
    the question passes its own word for ``flag`` and counts from :data:`FIRST`."""
    return _usage(seating.parse_teams, spec, participants, game, teams, flag=flag, first=first)


def parse_order(
    spec: str, participants: Sequence[Participant], *, flag: str = "--order", first: int = 0
) -> list[int]:
    """``--order you,easy,medium,hard``: who sits at seat 0, 1, 2... (at the question, seat 1, 2, 3...)."""
    return _usage(seating.parse_order, spec, participants, flag=flag, first=first)


def seat_groups(
    groups: Sequence[Sequence[int]], participants: Sequence[Participant], teams: Sequence[int], *, first: int = 0
) -> list[int]:
    """Seat the groups as the game seats teams, honouring ``--seat`` and ``--bots N=level``."""
    return _usage(seating.seat_groups, groups, participants, teams, first=first)


def check_order(
    order: Sequence[int], spec: str, participants: Sequence[Participant], groups: Sequence[Sequence[int]] | None,
    teams: Sequence[int] | None, *, flag: str = "--order", first: int = 0,
) -> None:
    """Refuse an ``--order`` that moves a player from the seat asked for, or splits a team across the table."""
    _usage(seating.check_order, order, spec, participants, groups, teams, flag=flag, first=first)


def _ask_teams(
    participants: Sequence[Participant], game: Game, teams: Sequence[int], msg: Messages
) -> list[list[int]]:
    """Ask for the teams; the default keeps everyone at the seat they would take, so your partner is a bot.

    Players are typed by name or by number from 1; an answer the seats asked for (``--seat``) cannot honour is
    refused here, so the question is asked again instead of ending the command.
    """

    def read(text: str) -> list[list[int]]:
        groups = parse_teams(text, participants, game, teams, flag=msg("teams_answer"), first=FIRST)
        seat_groups(groups, participants, teams, first=FIRST)
        return groups

    default = format_groups(team_seats(teams), participants, first=FIRST)
    answer: list[list[int]] = click.prompt(msg("ask_teams"), default=default, value_proc=read)
    return answer


def _ask_order(
    participants: Sequence[Participant], groups: Sequence[Sequence[int]] | None, teams: Sequence[int] | None,
    default: Sequence[int], msg: Messages,
) -> list[int]:
    """Ask who sits where, from seat 1, players by name or by number from 1."""
    word = msg("order_answer")

    def read(text: str) -> list[int]:
        order = parse_order(text, participants, flag=word, first=FIRST)
        check_order(order, text, participants, groups, teams, flag=word, first=FIRST)
        return order

    answer: list[int] = click.prompt(
        msg("ask_order"), default=format_groups([default], participants, first=FIRST), value_proc=read
    )
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
        # Our own validators' errors (a card that is not one) are already in the language spoken; pydantic's
        # own wording is English, and is the last resort.
        context = first.get("ctx", {})
        cause = context.get("error")
        if isinstance(cause, ValueError):
            reason = str(cause)
        elif first["type"] == "greater_than_equal":
            reason = _("a whole number of at least {low}", low=context.get("ge"))
        elif first["type"] == "int_parsing":
            reason = _("a whole number")
        else:
            reason = first["msg"]
        raise click.UsageError(
            _("bad position ({field}): {reason}", field=".".join(map(str, first["loc"])), reason=reason)
        ) from None
    except ValueError:
        raise click.UsageError(
            _("--scores {scores} should be numbers separated by commas, such as 10,12", scores=repr(flags.scores))
        ) from None


def _options(game: Game, flags: LobbyFlags, msg: Messages, interactive: bool) -> GameOptions:
    """The game's options from ``--players``, ``--points`` and ``-o``, asking for players and points if missing."""
    try:
        values: dict[str, Any] = parse_option_pairs(flags.options)
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    counts = game.player_counts()
    if flags.players is not None:
        _usage(seating.check_players, game, flags.players)
        values["players"] = flags.players
    elif interactive and "players" not in values and len(counts) > 1:
        values["players"] = _ask_choice(msg("ask_players"), counts, _default(game, "players") or counts[0])
    has_points = "points" in game.Options.model_fields
    if flags.points is not None:
        if not has_points:
            known = ", ".join(sorted(game.Options.model_fields))
            raise click.UsageError(
                _("{game} has no points option; its options are: {known}", game=game.name, known=known)
            )
        values["points"] = flags.points
    elif interactive and has_points and "points" not in values:
        choices = _choices(game, "points")
        default = _default(game, "points")
        if choices:
            values["points"] = _ask_choice(msg("ask_points"), choices, default)
        else:
            values["points"] = _ask_number(msg("ask_points"), default,
                                           lambda points: game.options({**values, "points": points}))
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
    base = seat_base()
    given = flags
    flags = from_flags(flags, n, base)
    teams = game.teams(options)
    if flags.teams is not None:
        _usage(seating.require_teams, game, n, teams)
    levels = registry.bot_levels(game.name)
    level = _usage(seating.check_level, flags.bot, levels) if flags.bot else default_level(registry, game.name)
    if interactive and people is not None and flags.bot is None and flags.bots is None and len(levels) > 1:
        level = _ask_level(msg("ask_bot"), levels, level, lambda each: registry.level_label(game.name, each))
    seats = list(flags.seats)
    in_teams = plays_in_teams(teams)
    if interactive and people is not None and not seats and flags.order is None and not in_teams:
        if teams is not None:
            click.echo(f"{msg('seating')} {describe_teams(teams, first=FIRST)}")
        seats = [_ask_choice(msg("ask_seat"), list(range(FIRST, n + FIRST)), FIRST) - FIRST]
    participants = make_participants(n, people, seats, flags.bots, level, levels, msg)
    groups = None
    if flags.teams is not None and teams is not None:
        groups = parse_teams(flags.teams, participants, game, teams, first=base)
    asking = interactive and in_teams and flags.order is None
    if asking and teams is not None:
        click.echo(f"{msg('seating')} {describe_teams(teams, first=FIRST)}")
        click.echo(f"{msg('players_list')} {roster(participants, first=FIRST)}")
        if groups is None:
            groups = _ask_teams(participants, game, teams, msg)
    order = (
        seat_groups(groups, participants, teams, first=base) if groups is not None and teams is not None
        else list(range(n))
    )
    if flags.order is not None:
        order = parse_order(flags.order, participants, first=base)
        check_order(order, flags.order, participants, groups, teams, first=base)
    elif asking:
        order = _ask_order(participants, groups, teams, order, msg)
    players = {seat: participants[p].kind for seat, p in enumerate(order)}
    position = build_position(flags)
    seed = flags.seed if flags.seed is not None else new_seed()
    notice(given)  # once the flags are accepted: a refused command shows its refusal alone
    return Setup(game, options, players, seed, position)
