"""Commands that describe what is installed: ``list``, ``plugins``, ``rules`` and ``bench``."""

from __future__ import annotations

import json

import click

from cartas.cli.help_text import argument, command, option
from cartas.cli.app import current_app
from cartas.cli.i18n import Messages
from cartas.cli.language import speak_game
from cartas.cli.pager import show_document
from cartas.cli.render import Renderer, output_options, wants_plain
from cartas.core.bench import bench
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.options import describe_options, parse_option_pairs
from cartas.core.i18n import mark


def game_rules(game: Game) -> str:
    """The game's rules document, or a clear error when the plugin ships none."""
    try:
        return game.rules_text()
    except (OSError, ModuleNotFoundError) as error:
        raise click.ClickException(Messages()("no_rules", game=game.name, error=error)) from None


def game_summary(game: Game, levels: list[str]) -> dict[str, object]:
    return {
        "name": game.name, "title": game.title, "players": list(game.player_counts()), "aliases": list(game.aliases),
        "bots": levels,
        "options": [{"name": n, "default": d, "allowed": a} for n, d, a in describe_options(game.Options)],
    }


@command("list", help=mark(
    "The games installed: players, aliases, bot levels and options with their defaults and allowed values."
))
@option("--json", "json_mode", is_flag=True, help=mark("Print the games as JSON."))
@output_options
def list_command(json_mode: bool, ascii_: bool, lang: str) -> None:
    registry = current_app().registry
    if json_mode:
        summaries = [game_summary(game, registry.bot_levels(name)) for name, game in sorted(registry.games.items())]
        click.echo(json.dumps(summaries, ensure_ascii=False, indent=1))
        return
    renderer = Renderer(Messages(lang), wants_plain(ascii_))
    if not registry.games:
        renderer.line("No games are installed.")
    for name, game in sorted(registry.games.items()):
        renderer.heading(f"{name} · {game.title}")
        renderer.line(f"players: {', '.join(map(str, game.player_counts()))}")
        renderer.line(f"aliases: {', '.join(game.aliases) or '-'}")
        renderer.line(f"bots: {', '.join(registry.bot_levels(name)) or '-'}")
        renderer.line("options:")
        for option, default, allowed in describe_options(game.Options):
            renderer.line(f"  {option} = {default}   (allowed: {allowed})")


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
def bench_command(game_name: str, options: tuple[str, ...], games: int, seed: int, json_mode: bool, ascii_: bool) -> None:
    game = current_app().game(game_name)
    try:
        result = bench(game, parse_option_pairs(options), games=games, seed=seed)
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    if json_mode:
        click.echo(result.model_dump_json())
        return
    Renderer(Messages(), wants_plain(ascii_)).grid(
        ("games/s", "hands/s", "decisions/s"),
        [(str(result.games_per_s), str(result.hands_per_s), str(result.decisions_per_s))],
        title=f"{game.title}: {result.games} random matches in {result.seconds} s",
    )
