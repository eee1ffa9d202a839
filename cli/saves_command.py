"""``cartas saves``: the saved matches, numbered newest first, and ``--prune DAYS`` to remove old finished ones.

At a terminal the list is a table with a header; piped, each save is one line of tab-separated fields (number,
game, date, players, score, state, id), so scripts read it like ``gh``'s lists.

The matches the local server played (its default database in the data folder) follow the saves, newest first,
with their table's code where a save has its number and ``online`` where a save has its id: ``cartas replay
CODE`` and ``cartas analyze CODE`` take the code. They are not numbered (a number means a save, which ``resume``
and ``--prune`` act on) and never pruned here: the server's database is the server's.
"""

from __future__ import annotations

import calendar
import sys
import time
from pathlib import Path

import click

from .help_text import command, option
from .app import current_app, data_home
from .language import speaks
from .prompt import at_terminal
from .save_list import SaveEntry, list_saves, players_text, prunable, remove_save, score_text
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _, mark
from cartas.core.naming import level_name
from cartas.core.record import MatchRecord
from cartas.core.seating.participants import HUMAN

ONLINE_LISTED = 30
"""Online matches listed at most, the newest; ``cartas replay CODE`` reaches any other."""


def date_text(modified: float) -> str:
    """When the save was last written, in the person's local time, to the minute."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))


def state_text(entry: SaveEntry) -> str:
    if entry.record is None:
        return _("damaged")
    return _("finished") if entry.finished else _("unfinished")


def installed_game(name: str) -> Game | None:
    """The game a save names, or ``None`` when it is no longer installed (its row is still listed)."""
    try:
        return current_app().registry.game(name)
    except CartasError:
        return None


def rows_of(entries: list[SaveEntry]) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for entry in entries:
        record = entry.record
        rows.append((
            str(entry.number),
            "?" if record is None else record.game,
            date_text(entry.modified),
            "?" if record is None else players_text(record, _("you"), _("program")),
            score_text(entry, installed_game),
            state_text(entry),
            entry.match_id,
        ))
    return rows


def named_players(record: MatchRecord) -> str:
    """Who sat where at an online table, seat 0 first, as the table named them: people by name, bots by number
    and level."""
    shown = []
    for seat, who in sorted(record.players.items(), key=lambda item: int(item[0])):
        name = record.names.get(seat)
        if who == HUMAN:
            shown.append(name or _("Player {number}", number=int(seat) + 1))
        else:
            shown.append(_("{name} ({level})", name=name, level=level_name(who)) if name else level_name(who))
    return ", ".join(shown) or "-"


def online_rows(home: Path) -> tuple[list[tuple[str, ...]], int]:
    """The rows of the newest matches the local server played, and how many it played in all; none (and one line
    on stderr) when its database cannot be read, so the saves are still listed."""
    try:
        from cartas.online.store.finished_matches import completed, default_database, online_matches
    except ImportError:
        return [], 0
    try:
        matches, total = online_matches(default_database(home), ONLINE_LISTED)
    except CartasError as error:
        click.echo(_("The online matches cannot be listed: {error}", error=error), err=True)
        return [], 0
    rows: list[tuple[str, ...]] = []
    for match in matches:
        record = completed(match, installed_game)
        scores = "-".join(map(str, record.scores)) if record.scores else "?"
        state = _("abandoned") if match.abandoned else _("finished")
        rows.append((match.code, record.game, date_text(utc_seconds(match.ended)), named_players(record), scores,
                     state, _("online")))
    return rows, total


def utc_seconds(stamp: str) -> float:
    """Seconds since the epoch of the server's UTC time stamp (``2026-11-26T01:31:39Z``); 0 if it is not one."""
    try:
        return float(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return 0.0


def aligned(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows padded into columns, with a header, for a person."""
    header = ("#", _("game"), _("date"), _("players"), _("score"), _("state"), _("id"))
    table = [header, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in table]


@command("saves", help=mark(
    "The saved matches, newest first; `cartas replay N` and `cartas resume N` take their numbers (or `last`)."
))
@option("--prune", type=click.FloatRange(min=0), default=None, metavar="DAYS",
              help=mark("Remove finished saves last played more than DAYS days ago."))
@option("--all", "everything", is_flag=True, help=mark("With --prune, remove unfinished matches too."))
@option("--yes", "-y", is_flag=True, help=mark("With --prune, do not ask for confirmation."))
@speaks
def saves_command(prune: float | None, everything: bool, yes: bool) -> None:
    if everything and prune is None:
        raise click.UsageError(_("--all says what --prune removes; use it with --prune DAYS"))
    home = data_home()
    entries = list_saves(home)
    if prune is not None:
        prune_saves(entries, prune, everything=everything, ask=at_terminal() and not yes)
        return
    online, total = online_rows(home)
    if not entries and not online:
        click.echo(_("No saves yet; start a match with: cartas play GAME"))
        return
    rows = rows_of(entries) + online
    if sys.stdout.isatty():
        for line in aligned(rows):
            click.echo(line)
        if total > len(online):
            click.echo(_("and {count} older online matches: cartas replay CODE replays any of them",
                         count=total - len(online)))
    else:
        for row in rows:
            click.echo("\t".join(row))


def prune_saves(entries: list[SaveEntry], days: float, *, everything: bool, ask: bool) -> None:
    """Remove the old saves ``--prune`` selects, after a yes at a terminal; the ones in play always stay."""
    chosen = prunable(entries, days, everything=everything)
    if not chosen:
        click.echo(_("No save is old enough to prune."))
        return
    if ask:
        for row in aligned(rows_of(chosen)):
            click.echo(row)
        if not click.confirm(_.plural("Remove this save?", "Remove these {count} saves?", len(chosen)), default=False):
            click.echo(_("Nothing was removed."))
            return
    removed = sum(remove_save(entry, everything=everything) for entry in chosen)
    click.echo(_("Removed {removed} of {count} saves.", removed=removed, count=len(chosen)))
