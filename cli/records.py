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
from cartas.cli.lobby import seat_names
from cartas.cli.play import show_hands
from cartas.cli.render import Renderer, output_options, wants_plain
from cartas.cli.saves import save_file
from cartas.core.errors import CartasError, RecordError
from cartas.core.events import Event
from cartas.core.record import load_record, replay


@click.command("replay")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--reveal", is_flag=True,
              help="Show every hand and private event, not only what was public (of a match not over, not the hand "
                   "in progress).")
@output_options
def replay_command(file: Path, reveal: bool, ascii_: bool, lang: str) -> None:
    """Step through the match saved in FILE, a path or a match id.

    Enter shows the next move, q stops; without a terminal everything is printed at once.
    """
    file = save_file(data_home(), file)
    record = load_record(file)
    game = current_app().game(record.game)
    renderer = Renderer(Messages(lang), wants_plain(ascii_))
    names = seat_names({int(s): w for s, w in record.players.items()}, renderer.msg)
    stepping = sys.stdin.isatty()
    try:
        final = replay(record, game)
    except RecordError as error:
        raise RecordError(f"{file}: {error}") from None
    except CartasError as error:
        raise RecordError(f"{file} does not replay: {error}") from None
    over = final.is_over
    # Until the match is over its seed and the hand in progress stay secret, even with --reveal: the seed
    # rebuilds every deal, and the save is often replayed by the person who is still playing it.
    in_progress = None if over else final.hands_played
    secret_from: int | None = 0 if in_progress == 0 else None  # where the hand in progress starts, once reached
    state = game.start(record.options, seed=record.seed, position=record.position)

    def revealed(index: int) -> bool:
        return reveal and (secret_from is None or index < secret_from)

    def show(events: list[Event], start: int) -> None:
        for index, event in enumerate(events, start):
            if revealed(index) or event.visible_to is None:
                renderer.line(f"    {game.describe(event)}")

    seed = f" · seed {record.seed}" if over else ""
    renderer.heading(f"{game.title}{seed} · {len(record.actions)} moves")
    if reveal and not over:
        renderer.line("The match is not over: the hand in progress is shown as the table saw it, its cards hidden.")
    show(state.events, 0)
    if reveal and in_progress != 0:
        show_hands(renderer, state, names)
    for number, (seat, text) in enumerate(record.actions, 1):
        if stepping and click.prompt("", default="", show_default=False, prompt_suffix="").strip().lower() == "q":
            return
        seen, hands = len(state.events), state.hands_played
        state.apply(text, seat)
        if secret_from is None and state.hands_played == in_progress:
            secret_from = state.hand_events_from
        renderer.line(f"{number}. {renderer.seat_name(seat, names)}: {text}", "bold")
        show(state.events[seen:], seen)
        if state.hands_played != hands:
            renderer.line(f"  {renderer.msg('scores')}: {', '.join(map(str, state.scores()))}")
            if reveal and not state.is_over and state.hands_played != in_progress:
                show_hands(renderer, state, names)
    if state.is_over:
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
