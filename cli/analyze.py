"""``cartas analyze MATCH``: every decision of one seat valued by play-outs, the mistakes marked, the match summed up.

The work is the core's (:mod:`cartas.core.analysis`, every game and plugin alike); this module finds the record
(a save number, ``last``, a match id, a record file, or an online table's code, :mod:`cartas.cli.match_lookup`), shows a progress bar at a terminal, prints the analysis in the game's language or as JSON
(``--json``, schema in docs/analysis.md), and draws the chart with matplotlib (``--chart FILE.png``, the ``chart``
extra, imported only then).
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .app import current_app, data_home
from .help_text import argument, command, option
from .language import speak_game
from .names import terminal_names
from .output import output_options
from .records import viewer_seat
from .match_lookup import resolve_match
from cartas.core.analysis import DEFAULT_SAMPLES, Decision, MatchAnalysis, analyse, chart_points, to_json
from cartas.core.analysis.report import decision_lines, summary_lines
from cartas.core.errors import RecordError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _, mark
from cartas.core.naming import seat_number
from cartas.core.record import MatchRecord, replay
from cartas.core.state import Action

ANALYZE_HELP = mark("""Analyse the match saved in MATCH move by move for one seat: a number from `cartas saves`, `last`, a match id, a record file or an online table's code.

Each legal move of each decision is played out by the game's bot on deals sampled from what the seat knew then,
never from the others' real cards; the move played is marked when the play-outs say it lost something.
""")


def find_record(given: str) -> tuple[str, MatchRecord]:
    """The record ``given`` names (an online table's code first, then what saves resolve) and what to call it."""
    found = resolve_match(data_home(), given)
    return found.where, found.record


@command(
    "analyze", help=ANALYZE_HELP,
    short_help=mark("Analyse the match saved in MATCH move by move for one seat: a number from `cartas saves`, "
                    "`last`, a match id, a record file or an online table's code."),
)
@argument("match", metavar=mark("MATCH"))
@option("--seat", type=click.IntRange(0), default=None,
        help=mark("The seat to analyse (default: the seat a person played, else 0)."))
@option("--samples", type=click.IntRange(1, 1000), default=DEFAULT_SAMPLES, show_default=True,
        help=mark("Sampled deals per decision: more is more precise and slower."))
@option("--seed", type=int, default=0, show_default=True, help=mark("Seeds the sampling: the same seed, the same analysis."))
@option("--json", "json_mode", is_flag=True, help=mark("Print the analysis as one JSON document."))
@option("--chart", type=click.Path(dir_okay=False, writable=True), default=None,
        help=mark("Save a chart of the chance of winning after each hand to this PNG file (needs matplotlib)."))
@option("--all", "every", is_flag=True, help=mark("List every decision, not only the marked ones."))
@option("--practice", is_flag=True,
        help=mark("Then replay the positions where the most was given away as exercises, the answer shown after."))
@output_options
def analyze_command(match: str, seat: int | None, samples: int, seed: int, json_mode: bool, chart: str | None,
                    every: bool, practice: bool, ascii_: bool, lang: str | None) -> None:
    path, record = find_record(match)
    game = current_app().game(record.game)
    speak_game(game)
    if seat is None:
        seat = viewer_seat(record)
        seat = 0 if seat is None else seat
    if chart is not None:
        plot = _pyplot()  # refuse before the long work, not after it
    try:
        if json_mode or not sys.stderr.isatty():
            analysis = analyse(game, record, seat, samples=samples, seed=seed)
        else:
            analysis = _with_bar(game, record, seat, samples, seed)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    if json_mode:
        click.echo(json.dumps(to_json(game, analysis), ensure_ascii=False, indent=1))
    else:
        click.echo(_("{game}: seat {seat}, {count} moves", game=game.title_text(), seat=seat_number(seat),
                     count=len(record.actions)))
        for decision in analysis.decisions:
            if every or decision.real_loss:
                click.echo("\n".join(decision_lines(game, decision)))
        click.echo("\n".join(summary_lines(game, analysis)))
    if chart is not None:
        save_chart(plot, analysis, Path(chart), game.title_text())
        if not json_mode:
            click.echo(_("Chart saved to {path}", path=chart))
    if practice and not json_mode:
        run_practice(game, record, analysis, sys.stdin.isatty())


PRACTICE_COUNT = 5
"""Exercises offered at most: the decisions that gave away the most."""


def exercises(analysis: MatchAnalysis, count: int = PRACTICE_COUNT) -> list[Decision]:
    """The decisions with a real loss, the costliest first (chance of the match, then points), in match order."""
    lost = [decision for decision in analysis.decisions if decision.real_loss]

    def cost(decision: Decision) -> tuple[float, float]:
        chance = decision.loss_chance.mean if decision.loss_chance is not None else 0.0
        points = decision.loss_points.mean if decision.loss_points is not None else 0.0
        return (-chance, -points)

    return sorted(sorted(lost, key=cost)[:count], key=lambda decision: decision.move)


def run_practice(game: Game, record: MatchRecord, analysis: MatchAnalysis, ask: bool) -> None:
    """Each exercise: the table as the seat saw it, its moves, "what would you play here?", then the answer with
    every move's values from the same sampled deals. Without a terminal the answers follow at once."""
    chosen = exercises(analysis)
    if not chosen:
        click.echo(_("No position to practise: no move of this seat gave anything away."))
        return
    players = {int(seat): who for seat, who in record.players.items()}
    named = {int(seat): name for seat, name in record.names.items()}
    names = terminal_names(players, analysis.seat, game.teams(game.options(record.options)), named=named)
    for number, decision in enumerate(chosen, 1):
        state = replay(record, game, upto=decision.move)
        observation = state.observation(analysis.seat)
        click.echo("")
        click.echo(_("Exercise {number} of {count}: hand {hand}, score {scores}", number=number, count=len(chosen),
                     hand=decision.hand, scores=" - ".join(map(str, decision.scores))))
        for line in game.presentation().table_lines(observation, names):
            click.echo("  " + line)
        legal = state.legal_actions(analysis.seat)
        for index, action in enumerate(legal, 1):
            click.echo(f"  {index}. {game.action_text(action)}")
        if ask:
            answer = click.prompt(_("What would you play here?"), default="", show_default=False)
            picked = _understood(game, answer, legal)
            if picked is not None:
                click.echo(verdict(game, decision, picked))
        click.echo("\n".join(decision_lines(game, decision)))


def _understood(game: Game, answer: str, legal: list[Action]) -> Action | None:
    """The move an answer names: its number in the list, the game's words for it, or its canonical text."""
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    named = game.understand(text, legal) if text else None
    if named is not None:
        return named
    return next((action for action in legal if str(action) == text), None)


def verdict(game: Game, decision: Decision, picked: Action) -> str:
    """How the move picked in an exercise compares with the best one, on the analysis's own deals."""
    if picked == decision.best:
        return _("Right: {move} is the best move.", move=game.action_text(picked))
    values = {move.action: move for move in decision.moves}
    best, mine = values[decision.best], values.get(picked)
    if mine is None:
        return _("The best move was {best}.", best=game.action_text(decision.best))
    return _("The best move was {best} ({points} points of the hand more than {move}).",
             best=game.action_text(decision.best), move=game.action_text(picked),
             points=f"{best.points.mean - mine.points.mean:+.2f}")


def _with_bar(game: Game, record: MatchRecord, seat: int, samples: int, seed: int) -> MatchAnalysis:
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("analysing"), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return analyse(game, record, seat, samples=samples, seed=seed, progress=progress)


def _pyplot() -> ModuleType:
    """matplotlib's pyplot on a file-only backend, or a one-line refusal saying how to install it (matplotlib is
    the optional ``chart`` extra, imported by name so the type check does not need it)."""
    try:
        matplotlib = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        return importlib.import_module("matplotlib.pyplot")
    except ImportError:
        raise click.ClickException(_("--chart needs matplotlib: pip install 'cartas[chart]'")) from None


def save_chart(plt: ModuleType, analysis: MatchAnalysis, path: Path, title: str) -> None:
    """Draw :func:`cartas.core.analysis.chart_points` to ``path``: the line, and the marked hands in colour."""
    points = chart_points(analysis)
    figure, axes = plt.subplots(figsize=(8, 3))
    axes.plot([h for h, _c, _m in points], [c * 100 for _h, c, _m in points], marker="o", markersize=3)
    for mark_name, colour in (("mistake", "#e69f00"), ("blunder", "#d55e00")):
        marked = [(h, c * 100) for h, c, m in points if m == mark_name]
        if marked:
            axes.scatter([h for h, _c in marked], [c for _h, c in marked], color=colour, zorder=3, s=40)
    axes.set_ylim(0, 100)
    axes.axhline(50, color="#ccc", linestyle="--")
    axes.set_xlabel(_("hand"))
    axes.set_ylabel(_("chance of winning the match"))
    axes.set_title(title)
    figure.tight_layout()
    tmp = path.with_name(path.name + ".tmp.png")
    figure.savefig(tmp)
    plt.close(figure)
    tmp.replace(path)
