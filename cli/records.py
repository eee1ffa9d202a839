"""Commands about past matches: ``replay`` steps through a saved match, ``stats`` sums up the history."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

import click

from cartas.cli.app import current_app, data_home
from cartas.cli.history import History, history_path
from cartas.cli.i18n import Messages
from cartas.cli.language import speak_game
from cartas.cli.lobby import seat_names
from cartas.cli.play import show_hands
from cartas.cli.render import Renderer, output_options, wants_plain
from cartas.cli.saves import save_file
from cartas.core.audience import PUBLIC, Audience
from cartas.core.errors import RecordError
from cartas.core.record import load_record
from cartas.core.replay_view import ReplayView


@click.command("replay")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--reveal", is_flag=True,
              help="Show every hand and private event, not only what was public (of a match not over, not the hand "
                   "in progress).")
@click.option("--seat", type=click.IntRange(0), default=None, help="Show the match as this seat saw it.")
@output_options
def replay_command(file: Path, reveal: bool, seat: int | None, ascii_: bool, lang: str) -> None:
    """Step through the match saved in FILE, a path or a match id.

    Enter shows the next move, q stops; without a terminal everything is printed at once. Without --reveal,
    what the whole table saw (or, with --seat, what that seat saw); a move made face down shows as unseen.
    """
    if reveal and seat is not None:
        raise click.UsageError("--reveal shows every seat's cards; --seat shows one seat's view: choose one")
    file = save_file(data_home(), file)
    record = load_record(file)
    game = current_app().game(record.game)
    speak_game(game)
    renderer = Renderer(Messages(lang), wants_plain(ascii_))
    names = seat_names({int(s): w for s, w in record.players.items()}, renderer.msg)
    stepping = sys.stdin.isatty()
    try:
        view = ReplayView(game, record, PUBLIC if seat is None else Audience(seat), reveal=reveal)
    except RecordError as error:
        raise RecordError(f"{file}: {error}") from None
    if seat is not None and seat >= view.seats:
        raise click.UsageError(f"there is no seat {seat}: the match has seats 0 to {view.seats - 1}")
    state = None
    # Until the match is over its seed and the hand in progress stay secret, even with --reveal: the seed
    # rebuilds every deal, and the save is often replayed by the person who is still playing it.
    seed = f" · seed {record.seed}" if view.over else ""
    renderer.heading(f"{game.title}{seed} · {len(record.actions)} moves")
    if reveal and not view.over:
        renderer.line("The match is not over: the hand in progress is shown as the table saw it, its cards hidden.")
    for step in view.steps():
        state = step.state
        if step.number:
            if stepping and click.prompt("", default="", show_default=False, prompt_suffix="").strip().lower() == "q":
                return
            text = renderer.msg("unseen_move") if step.action is None else step.action
            renderer.line(f"{step.number}. {renderer.seat_name(step.seat, names)}: {text}", "bold")
        for event in step.events:
            renderer.line(f"    {game.describe(event)}")
        if step.hand_ended:
            renderer.line(f"  {renderer.msg('scores')}: {', '.join(map(str, state.scores()))}")
        if step.hands_revealed:
            show_hands(renderer, state, names)
        elif step.new_hand and seat is not None:
            renderer.line(f"  {renderer.seat_name(seat, names)}: {' '.join(map(str, state.hand_of(seat))) or '-'}")
    if state is not None and state.is_over:
        result = state.result()
        renderer.line(renderer.msg("final_scores", scores=", ".join(map(str, result.scores))))
        renderer.line(renderer.msg("winners", seats=", ".join(renderer.seat_name(s, names) for s in result.winners)))
    else:
        renderer.line(f"The match is not finished; continue it with: cartas resume {file}")


@click.command("stats")
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--json", "json_mode", is_flag=True, help="Print the numbers as JSON.")
@click.option("--ascii", "ascii_", is_flag=True, help="Plain text: no colour, no box drawing.")
def stats_command(game_name: str | None, json_mode: bool, ascii_: bool) -> None:
    """Your wins, losses and streaks per game, from the history of finished matches."""
    name = current_app().game(game_name).name if game_name else None
    rows = History(history_path(data_home())).stats(name)
    if json_mode:
        click.echo(json.dumps([asdict(row) for row in rows]))
        return
    if not rows:
        click.echo("No finished matches yet.")
        return
    Renderer(Messages(), wants_plain(ascii_)).grid(
        ("game", "played", "wins", "losses", "streak", "best win streak"),
        [(r.game, str(r.played), str(r.wins), str(r.losses), r.streak or "-", str(r.best_streak)) for r in rows],
    )
