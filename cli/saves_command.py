"""``cartas saves``: the saved matches, numbered newest first, and ``--prune DAYS`` to remove old finished ones.

At a terminal the list is a table with a header; piped, each save is one line of tab-separated fields (number,
game, date, players, score, state, id), so scripts read it like ``gh``'s lists.
"""

from __future__ import annotations

import sys
import time

import click

from cartas.cli.help_text import command, option
from cartas.cli.app import current_app, data_home
from cartas.cli.language import speaks
from cartas.cli.prompt import at_terminal
from cartas.cli.save_list import SaveEntry, list_saves, players_text, prunable, remove_save, score_text
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _, mark


def date_text(modified: float) -> str:
    """When the save was last written, in the person's local time, to the minute."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))


def state_text(entry: SaveEntry) -> str:
    if entry.record is None:
        return _("damaged")
    return _("finished") if entry.finished else _("unfinished")


def rows_of(entries: list[SaveEntry]) -> list[tuple[str, ...]]:
    registry = current_app().registry

    def game(name: str) -> Game | None:
        try:
            return registry.game(name)
        except CartasError:
            return None

    rows: list[tuple[str, ...]] = []
    for entry in entries:
        record = entry.record
        rows.append((
            str(entry.number),
            "?" if record is None else record.game,
            date_text(entry.modified),
            "?" if record is None else players_text(record, _("you"), _("program")),
            score_text(entry, game),
            state_text(entry),
            entry.match_id,
        ))
    return rows


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
    if not entries:
        click.echo(_("No saves yet; start a match with: cartas play GAME"))
        return
    rows = rows_of(entries)
    if sys.stdout.isatty():
        for line in aligned(rows):
            click.echo(line)
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
