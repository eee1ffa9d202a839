"""``cartas arena``: bots against bots on duplicate deals, with win rates, Elo and ratings, in parallel."""

from __future__ import annotations

import json
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .help_text import argument, command, option
from cartas.core.arena.runner import ArenaRun, Contestant, MatchResult, Runner, local_runner, run_arena
from cartas.core.arena.ray import ray_runner
from cartas.core.arena.report import summarise, write_outputs
from cartas.core.buildinfo import build_info
from cartas.core.deck import new_seed
from cartas.core.errors import CartasError
from cartas.core.bots.external import PREFIX, external_bot_factory
from cartas.core.game import Game
from cartas.core.options import GameOptions, parse_option_pairs
from cartas.core.plugins.manager import get_registry
from cartas.core.arena.ratings import Sprt
from cartas.core.plugins.registry import Registry
from cartas.core.i18n import FRAMEWORK as _, mark

OPENSPIEL_PREFIX = "openspiel:"


def _registry() -> Registry:
    """The command line's registry when run under ``cartas``, else the process-wide one."""
    context = click.get_current_context(silent=True)
    registry = getattr(context.obj if context else None, "registry", None)
    return registry if isinstance(registry, Registry) else get_registry()


def _hooks() -> Any:
    """The lifecycle hooks of the command line's plugins, when run under ``cartas`` with plugins loaded."""
    context = click.get_current_context(silent=True)
    return getattr(context.obj if context else None, "hooks", None)


def contestants(registry: Registry, game: Game, specs: tuple[str, ...], timeout: float) -> list[Contestant]:
    """Bots from their specs: a level registered for the game, ``cmd:PROGRAM`` for an external program, or
    ``openspiel:ALGORITHM?key=value`` for one of OpenSpiel's search bots (:mod:`cartas.interop.openspiel_bots`).

    The same spec given twice plays itself under two names (``hard``, ``hard#2``).
    """
    bots: list[Contestant] = []
    for spec in specs:
        if spec.startswith(PREFIX):
            factory = external_bot_factory(spec[len(PREFIX):], timeout)
        elif spec.startswith(OPENSPIEL_PREFIX):
            from cartas.interop.openspiel_bots import openspiel_bot_factory

            factory = openspiel_bot_factory(spec)
        else:
            factory = registry.bot(game.name, spec)
        name = spec
        copies = 1
        while name in (bot.name for bot in bots):
            copies += 1
            name = f"{spec}#{copies}"
        bots.append(Contestant(name, factory, external=spec.startswith(PREFIX)))
    return bots


ARENA_HELP = mark("""Play BOTS against each other at GAME on duplicate deals.

A BOT is a level (random, easy, medium, hard), cmd:PROGRAM, a program speaking the JSON-lines protocol, or
openspiel:ismcts or openspiel:mcts, OpenSpiel's search (needs cartas[openspiel]), with parameters such as
openspiel:ismcts?simulations=100&uct_c=2.
Every deal is played again with the sides swapped (rotated, with more sides), so the cards' luck cancels
out. The same seed gives the same results whatever --jobs is, and on a Ray cluster (--ray). A cmd: bot's
own seed comes from --external-seed, not --seed, so it tells the program nothing about the deals; the run
reports it, and giving it again (with --seed) reproduces the run.
""")

ARENA_EXAMPLES = mark("""Examples:
  cartas arena truco hard easy --games 200
  cartas arena truco hard medium --sequential --elo1 30 --out results/
  cartas arena chinchon easy medium hard -o players=3 --games 300
  cartas arena tresillo hard medium --games 2000 --ray auto
  cartas arena truco hard 'openspiel:ismcts?simulations=50' -o points=15 --games 20
""")


@command(
    "arena", help=ARENA_HELP, epilog=ARENA_EXAMPLES,
    short_help=mark("Play BOTS against each other at GAME on duplicate deals."),
)
@argument("game", metavar=mark("GAME"))
@argument("bots", nargs=-1, required=True, metavar=mark("BOTS"))
@option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
        help=mark("Matches to play, rounded up to whole deals (each deal is played once per side)."))
@option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help=mark("A game option, such as players=4."))
@option("--seed", type=int, default=None,
        help=mark("Seed of the first deal (deal i uses seed + i); random if not given."))
@option("--external-seed", type=click.IntRange(0), default=None,
        help=mark("Key of the cmd: bots' own seeds, kept apart from --seed; random and reported if not given."))
@option("-j", "--jobs", type=click.IntRange(1), default=None, help=mark("Processes to use [default: every core]."))
@option("--ray", "ray_address", metavar="ADDRESS", default=None,
        help=mark("Play on a Ray cluster instead: auto, HOST:PORT of its head, or local (needs cartas[ray])."))
@option("--sequential", is_flag=True, help=mark("Stop as soon as a sequential test (SPRT) decides (two bots)."))
@option("--elo0", type=float, default=0.0, show_default=True, help=mark("SPRT: Elo difference under H0."))
@option("--elo1", type=float, default=50.0, show_default=True, help=mark("SPRT: Elo difference under H1."))
@option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
        help=mark("Folder for arena.json, matches.csv and ratings.png."))
@option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
        help=mark("Seconds an external bot (cmd:) may take over each decision."))
@option("--json", "as_json", is_flag=True, help=mark("Print the summary as JSON instead of a table."))
@option("-q", "--quiet", is_flag=True, help=mark("No progress bar."))
def arena_command(
    game: str, bots: tuple[str, ...], games: int, options: tuple[str, ...], seed: int | None,
    external_seed: int | None, jobs: int | None,
    ray_address: str | None, sequential: bool, elo0: float, elo1: float, out: Path | None, timeout: float,
    as_json: bool, quiet: bool,
) -> None:
    try:
        registry = _registry()
        chosen = registry.game(game)
        opts = chosen.options(parse_option_pairs(options))
        entrants = contestants(registry, chosen, bots, timeout)
        if len(entrants) < 2:
            raise click.UsageError(_("name at least two bots, for instance: cartas arena truco hard random"))
        if sequential and len(entrants) != 2:
            raise click.UsageError(_("--sequential compares exactly two bots"))
        if ray_address is not None and jobs is not None:
            raise click.UsageError(_("--jobs sets local processes; a Ray cluster (--ray) sizes itself"))
        hooks = _hooks()
        stop = threading.Event()
        runner = local_runner(jobs, hooks, stop) if ray_address is None else ray_runner(ray_address)
        start = new_seed() if seed is None else seed
        sprt = Sprt(elo0=elo0, elo1=elo1) if sequential else None
        if not (quiet or as_json):
            click.echo(f"cartas {build_info().describe()}", err=True)  # which build plays: docs/compiled.md
        with interruptible(stop) as received:
            run = _run(chosen, opts, entrants, games, start, runner, sprt, quiet or as_json, external_seed, hooks, stop)
    except CartasError as error:
        raise click.ClickException(str(error)) from None
    if run.interrupted:
        # In English, as the summary below is.
        click.echo(
            f"Interrupted: kept the {len(run.results)} matches that finished, of {run.planned} planned; the ones in "
            "progress were dropped.", err=True,
        )
    summary = summarise(run)
    if out is not None:
        paths = write_outputs(run, summary, out)
        summary["files"] = {kind: str(path) for kind, path in paths.items()}
    if as_json:
        click.echo(json.dumps(summary, indent=1, allow_nan=False))
    else:
        show(summary)
    if run.interrupted:
        sys.exit(128 + (received[0] if received else signal.SIGINT))


@contextmanager
def interruptible(stop: threading.Event) -> Iterator[list[int]]:
    """Ctrl-C or SIGTERM sets ``stop``: the run ends at its next result and keeps what finished. A second one
    raises ``KeyboardInterrupt`` at once (a match played in this process may be long). The list holds the signals
    received, for the exit status (128 + the first one's number, as a shell reports a process stopped by it)."""
    received: list[int] = []

    def on_signal(number: int, frame: object) -> None:
        received.append(number)
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    try:
        previous = {number: signal.signal(number, on_signal) for number in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread: signals stay as they are
        yield received
        return
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _run(
    game: Game, options: GameOptions, entrants: list[Contestant], games: int, seed: int, runner: Runner,
    sprt: Sprt | None, quiet: bool, external_seed: int | None, hooks: Any = None,
    stop: threading.Event | None = None,
) -> ArenaRun:
    if quiet:
        return run_arena(
            game, options, entrants, games=games, seed=seed, runner=runner, sprt=sprt, external_seed=external_seed,
            hooks=hooks, stop=stop,
        )
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    ) as bar:
        task = bar.add_task(f"{game.name}: " + " vs ".join(e.name for e in entrants), total=None)

        def progress(result: MatchResult, done: int, planned: int) -> None:
            bar.update(task, completed=done, total=planned)

        return run_arena(
            game, options, entrants, games=games, seed=seed, runner=runner, sprt=sprt, progress=progress,
            external_seed=external_seed, hooks=hooks, stop=stop,
        )


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _searched(search: dict[str, Any] | None) -> str:
    """``412/530, 8.0 each``: decisions searched of those taken, and the mean samples each; ``-`` for a bot that
    does not search."""
    if search is None:
        return "-"
    per = search["samples_per_decision"]
    return f"{search['searched']}/{search['decisions']}, " + ("none" if per is None else f"{per:.1f} each")


def _elo(value: float) -> str:
    return f"{round(value):+d}"


def duel_line(duel: dict[str, Any]) -> str:
    """One bot against the other: the tally and the Elo difference with its interval.

    A sweep (every match won, or every one lost) has no finite Elo estimate: the line says so and gives the
    one bound the interval has, rather than an infinite estimate.
    """
    tally = f"+{duel['wins']} ={duel['draws']} -{duel['losses']}"
    head = f"{duel['bot']} against {duel['against']}: {tally}"
    matches = duel["matches"]
    if matches and duel["wins"] == matches:
        return f"{head}, won every match: Elo above {_elo(duel['elo_low'])} (95%)"
    if matches and duel["losses"] == matches:
        return f"{head}, lost every match: Elo below {_elo(duel['elo_high'])} (95%)"
    return f"{head}, Elo {_elo(duel['elo'])} (95%: {_elo(duel['elo_low'])} to {_elo(duel['elo_high'])})"


def show(summary: dict[str, Any]) -> None:
    """The summary as tables on the terminal."""
    console = Console()
    console.print(
        f"[bold]{summary['game']}[/]: {summary['played']} matches of {summary['planned']} planned, "
        f"seed {summary['seed']}, {summary['seconds']:.1f} s"
    )
    if "external_seed" in summary:
        console.print(f"cmd: bots seeded from --external-seed {summary['external_seed']}")
    table = Table("bot", "matches", "score", "win rate", "95% interval", "searched")
    for row in summary["per_bot"]:
        table.add_row(
            row["bot"], str(row["matches"]), f"{row['score']:g}", _pct(row["win_rate"]),
            f"{_pct(row['win_rate_low'])} - {_pct(row['win_rate_high'])}", _searched(row.get("search")),
        )
    console.print(table)
    duel = summary.get("head_to_head")
    if duel and duel["matches"]:
        console.print(duel_line(duel))
    if "ratings" in summary:
        ratings = Table("bot", "mu", "sigma", "ordinal (mu - 3 sigma)", title="openskill")
        for rating in sorted(summary["ratings"], key=lambda r: -r["ordinal"]):
            ratings.add_row(rating["bot"], f"{rating['mu']:.2f}", f"{rating['sigma']:.2f}", f"{rating['ordinal']:.2f}")
        console.print(ratings)
    if "ratings_missing" in summary:
        console.print(summary["ratings_missing"])
    sprt = summary.get("sprt")
    if sprt:
        verdict = {"H1": f"H1 accepted (Elo >= {sprt['elo1']:g})", "H0": f"H0 accepted (Elo <= {sprt['elo0']:g})"}
        console.print(
            f"SPRT: LLR {sprt['llr']:.2f} in ({sprt['lower_bound']:.2f}, {sprt['upper_bound']:.2f}): "
            + verdict.get(sprt["decision"] or "", "undecided")
        )
    for kind, path in summary.get("files", {}).items():
        console.print(f"{kind}: {path}")
