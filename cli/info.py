"""Commands that describe what is installed: ``list``, ``plugins``, ``rules`` and ``bench``.

``cartas list`` must start about as fast as ``cartas --help``: this module imports neither rich, nor pydantic,
nor a game when loaded; the other commands import what they need when they run.
"""

from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from typing import TYPE_CHECKING

import click

from .app import current_app
from .help_text import argument, command, option
from .output import output_options, wants_plain
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark
from cartas.core.naming import level_name

if TYPE_CHECKING:
    from cartas.core.game import Game
    from cartas.core.plugins.listing import ListedGame


def game_rules(game: Game) -> str:
    """The game's rules document, or a clear error when the plugin ships none."""
    try:
        return game.rules_text()
    except (OSError, ModuleNotFoundError) as error:
        from .i18n import Messages

        raise click.ClickException(Messages()("no_rules", game=game.name, error=error)) from None


def game_summary(listed: ListedGame) -> dict[str, object]:
    """A game as ``cartas list --json`` prints it."""
    summary = listed.summary
    return {
        "name": summary.name, "title": summary.title, "players": list(summary.players),
        "aliases": list(summary.aliases), "bots": list(listed.bots),
        "options": [option._asdict() for option in summary.options],
    }


def list_lines(listed: list[ListedGame]) -> list[tuple[bool, str]]:
    """What ``cartas list`` writes, as ``(is_heading, text)`` pairs, whoever draws them, in the language spoken
    (the bots' levels too; option names and values stay as they are typed)."""
    if not listed:
        return [(False, _("No games are installed."))]
    lines: list[tuple[bool, str]] = []
    for summary, bots in listed:
        lines.append((True, f"{summary.name} · {summary.title_text()}"))
        lines.append((False, _("players: {counts}", counts=", ".join(map(str, summary.players)))))
        lines.append((False, _("aliases: {aliases}", aliases=", ".join(summary.aliases) or "-")))
        lines.append((False, _("bots: {levels}", levels=", ".join(map(level_name, bots)) or "-")))
        lines.append((False, _("options:")))
        lines.extend(
            (False, _("  {name} = {default}   (allowed: {allowed})",
                              name=name, default=default, allowed=spoken_range(allowed)))
            for name, default, allowed in summary.options
        )
    return lines


_RANGE = re.compile(r"int (?:from (?P<low>-?\d+) to (?P<high>-?\d+)|of at least (?P<least>-?\d+))")


def spoken_range(allowed: str) -> str:
    """A game summary's ``int from 0 to 20`` or ``int of at least 10`` as the language spoken says it (the
    summary keeps the English form, which ``--json`` prints); listed values are the words typed, unchanged."""
    match = _RANGE.fullmatch(allowed)
    if match is None:
        return allowed
    if match["least"] is not None:
        return _("a whole number of at least {low}", low=match["least"])
    return _("a whole number from {low} to {high}", low=match["low"], high=match["high"])


def rich_would_colour() -> bool:
    """Whether rich would treat standard output as a terminal (then the list is drawn by rich, in colour)."""
    return sys.stdout.isatty() or os.environ.get("TTY_COMPATIBLE") == "1" or "FORCE_COLOR" in os.environ


def text_width() -> int:
    """The width rich gives a console that is not a terminal: ``COLUMNS``, else the terminal of standard input,
    output or error, else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns) or 80
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def text_rule(title: str, width: int) -> str | None:
    """``title`` centred in a rule of ``width`` cells, as rich's ``Rule`` writes it without colour; ``None``
    when rich would have to measure or shorten the title (wide or unprintable characters, too long)."""
    narrow = all(unicodedata.east_asian_width(c) not in "WF" and not unicodedata.combining(c) for c in title)
    if not (narrow and title.isprintable() and len(title) <= width - 4):
        return None
    side = (width - len(title)) // 2
    left = "─" * (side - 1)
    right = "─" * min(side + 1, width - len(left) - len(title))
    return f"{left} {title} {right}"[:width].ljust(width)


def write_list(lines: list[tuple[bool, str]], plain: bool) -> None:
    """Write the list as the terminal renderer would, without importing rich unless colour or a title needs it."""
    width = text_width()
    texts = [
        (f"== {text} ==" if plain else text_rule(text, width)) if heading else text for heading, text in lines
    ]
    if (plain or not rich_would_colour()) and None not in texts:
        click.echo("".join(f"{text}\n" for text in texts), nl=False)
        return
    from .i18n import Messages
    from .render import Renderer

    renderer = Renderer(Messages(), plain)
    for heading, text in lines:
        (renderer.heading if heading else renderer.line)(text)


@command("list", help=mark(
    "The games installed: players, aliases, bot levels and options with their defaults and allowed values."
))
@option("--json", "json_mode", is_flag=True, help=mark("Print the games as JSON."))
@output_options
def list_command(json_mode: bool, ascii_: bool, lang: str) -> None:
    listed = current_app().listed_games()
    if json_mode:
        click.echo(json.dumps([game_summary(game) for game in listed], ensure_ascii=False, indent=1))
        return
    write_list(list_lines(listed), wants_plain(ascii_))


@command("plugins", help=mark("The plugins loaded, their hooks, and those that failed to load."))
@option("--json", "json_mode", is_flag=True, help=mark("Print the plugins as JSON."))
def plugins_command(json_mode: bool) -> None:
    app = current_app()
    rows = app.plugin_rows()
    failures = app.registry.failures
    if json_mode:
        click.echo(json.dumps({"plugins": rows, "failures": [{"name": n, "error": e} for n, e in failures]}, indent=1))
        return
    for row in rows:
        version = f" {row['version']}" if row["version"] else ""
        click.echo(f"{row['name']}{version}: {', '.join(row['hooks']) or 'no hooks'}")
    for name, error in failures:
        click.echo(f"FAILED {name}: {error}")


@command("rules", help=mark("The rules of GAME as played here, every option with its default."))
@argument("game_name", metavar=mark("GAME"))
@output_options
def rules_command(game_name: str, ascii_: bool, lang: str) -> None:
    from .i18n import Messages
    from .language import speak_game
    from .pager import show_document
    from .render import Renderer

    game = current_app().game(game_name)
    speak_game(game)
    show_document(Renderer(Messages(lang), wants_plain(ascii_)), game_rules(game))


@command("bench", help=mark("Random-playout speed of GAME: games, hands and decisions per second."))
@argument("game_name", metavar=mark("GAME"))
@option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help=mark("A game option; repeatable."))
@option("--games", type=click.IntRange(min=1), default=200, show_default=True, help=mark("Random matches to play."))
@option("--seed", type=int, default=0, show_default=True)
@option("--json", "json_mode", is_flag=True, help=mark("Print the result as JSON."))
@option("--ascii", "ascii_", is_flag=True, help=mark("Plain text: no colour, no box drawing."))
def bench_command(
    game_name: str, options: tuple[str, ...], games: int, seed: int, json_mode: bool, ascii_: bool
) -> None:
    from .i18n import Messages
    from .render import Renderer
    from cartas.core.bench import bench
    from cartas.core.buildinfo import build_info
    from cartas.core.errors import CartasError
    from cartas.core.options import parse_option_pairs

    game = current_app().game(game_name)
    try:
        result = bench(game, parse_option_pairs(options), games=games, seed=seed)
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    build = build_info()
    if json_mode:
        click.echo(json.dumps({**result.model_dump(mode="json"), "build": build.describe()}))
        return
    Renderer(Messages(), wants_plain(ascii_)).grid(
        ("games/s", "hands/s", "decisions/s"),
        [(str(result.games_per_s), str(result.hands_per_s), str(result.decisions_per_s))],
        title=f"{game.title_text()}: {result.games} random matches in {result.seconds} s ({build.describe()})",
    )
