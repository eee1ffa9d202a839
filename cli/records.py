"""Commands about past matches: ``replay`` steps through a saved match, ``stats`` sums up the history."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict

import click

from .help_text import argument, command, option
from .app import current_app, data_home
from .history import History, history_path
from .human import Reader
from .i18n import Messages
from .language import speak_game, speaks
from .names import terminal_names
from .play import show_hands
from .prompt import LineReader, at_terminal
from .render import Renderer, output_options, wants_plain
from .match_lookup import resolve_match
from .replay_lines import move_lines
from cartas.core.audience import PUBLIC, Audience
from cartas.core.decks import drawing
from cartas.core.errors import RecordError
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _, mark
from cartas.core.naming import TableNames
from cartas.core.record import MatchRecord
from cartas.core.replay_view import ReplayView
from cartas.core.seating.participants import HUMAN
from cartas.core.state import State


def viewer_seat(record: MatchRecord) -> int | None:
    """The seat the person played in a match (the first, with several), or ``None`` when only bots and programs did."""
    people = sorted(int(seat) for seat, who in record.players.items() if who == HUMAN)
    return people[0] if people else None


REPLAY_HELP = mark("""Step through the match saved in SAVE: a number from `cartas saves`, `last`, a path, a match id or an online table's code.

At a terminal the table is drawn move by move, as the seat you played saw it: Enter shows the next move,
h the next hand, q stops. Without a terminal everything is printed at once, as the whole table saw it (or,
with --seat, that seat). Without --reveal a move made face down shows as unseen.
""")
STATS_HELP = mark(
    "Your wins, losses and streaks per game, from the finished matches you played (bots-only and program "
    "matches are counted apart)."
)


@command(
    "replay", help=REPLAY_HELP,
    short_help=mark(
        "Step through the match saved in SAVE: a number from `cartas saves`, `last`, a path, a match id or an "
        "online table's code."
    ),
)
@argument("file", metavar=mark("SAVE"))
@option("--reveal", is_flag=True,
        help=mark("Show every hand and private event, not only what was public (of a match not over, not the hand "
                  "in progress)."))
@option("--seat", type=click.IntRange(0), default=None,
        help=mark("Show the match as this seat saw it (at a terminal, the seat you played is the default)."))
@output_options
def replay_command(file: str, reveal: bool, seat: int | None, ascii_: bool, lang: str) -> None:
    if reveal and seat is not None:
        raise click.UsageError(_("--reveal shows every seat's cards; --seat shows one seat's view: choose one"))
    found = resolve_match(data_home(), file)
    record, path = found.record, found.where
    game = current_app().game(record.game)
    speak_game(game)
    with drawing(game.deck_art(game.options(record.options))):  # paulista: the French deck
        renderer = Renderer(Messages(lang), wants_plain(ascii_))
        players = {int(s): w for s, w in record.players.items()}
        table_mode = at_terminal()
        if table_mode and seat is None and not reveal:
            seat = viewer_seat(record)
        try:
            view = ReplayView(game, record, PUBLIC if seat is None else Audience(seat), reveal=reveal)
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None
        if sorted(players) != list(range(view.seats)):  # names are drawn per seat: a missing one cannot be named
            raise RecordError(
                f"{path} does not say who plays each of its {view.seats} seats, so it cannot be replayed; "
                "it was left as it is"
            )
        if seat is not None and seat >= view.seats:
            raise click.UsageError(
                _("there is no seat {seat}: the match has seats 0 to {last}", seat=seat, last=view.seats - 1)
            )
        named = {int(s): name for s, name in record.names.items()}
        names = terminal_names(players, seat, game.teams(game.options(record.options)), named=named)
        # Until the match is over its seed and the hand in progress stay secret, even with --reveal: the seed
        # rebuilds every deal, and the save is often replayed by the person who is still playing it.
        moves = _.plural("{count} move", "{count} moves", len(record.actions))
        seed = f" · {_('seed {seed}', seed=record.seed)}" if view.over else ""
        renderer.heading(f"{game.title_text()}{seed} · {moves}")
        if reveal and not view.over:
            renderer.line(_("The match is not over: the hand in progress is shown as the table saw it, its cards hidden."))
        if table_mode:
            state = step_through_tables(game, view, renderer, names, seat)
            if state is None:
                return
        else:
            state = print_moves(game, view, renderer, names, seat, stepping=sys.stdin.isatty())
            if state is None:
                return
        if state.is_over:
            result = state.result()
            renderer.line(renderer.msg("final_scores", scores=", ".join(map(str, result.scores))))
            renderer.line(renderer.msg("winners", seats=", ".join(names.seat(s) for s in result.winners)))
        elif found.path is not None and not found.online:
            renderer.line(_("The match is not finished; continue it with: cartas resume {path}", path=found.path))
        else:
            renderer.line(_("The match was left unfinished."))


def print_moves(
    game: Game, view: ReplayView, renderer: Renderer, names: TableNames, seat: int | None, *, stepping: bool
) -> State | None:
    """The match as lines, one move after another (Enter for each when ``stepping``); ``None`` if the person quit."""
    state = None
    for step in view.steps():
        state = step.state
        if step.number and stepping:
            if click.prompt("", default="", show_default=False, prompt_suffix="").strip().lower() == "q":
                return None
        for index, line in enumerate(move_lines(game, step, names, renderer.msg("unseen_move"))):
            renderer.line(line, "bold" if step.number and not index else "")
        if step.hand_ended:
            renderer.line(f"  {renderer.msg('scores')}: {', '.join(map(str, state.scores()))}")
        if step.hands_revealed:
            show_hands(renderer, state, names)
        elif step.new_hand and seat is not None:
            renderer.line(f"  {names.seat(seat)}: {' '.join(map(str, state.hand_of(seat))) or '-'}")
    return state


def step_through_tables(
    game: Game, view: ReplayView, renderer: Renderer, names: TableNames, seat: int | None,
    reader: Reader | None = None,
) -> State | None:
    """The table after each move, as ``seat`` saw it (the public table when ``None``), with what just happened.

    Enter goes to the next move, ``h`` to the end of the hand, ``q`` stops (``None``). The moves are read from
    the record; the table is drawn from the seat's own observation, so it shows that seat's cards and no other.
    """
    ask = reader or LineReader()
    recent: list[str] = []
    state = None
    skipping = False
    for step in view.steps():
        state = step.state
        recent.extend(move_lines(game, step, names, renderer.msg("unseen_move")))
        if step.hand_ended:
            skipping = False
        if skipping and step.number < len(view.record.actions):
            continue
        observation = state.public_observation() if seat is None else state.observation(seat)
        renderer.table(game, observation, names, recent)
        recent = []
        if step.hands_revealed:
            show_hands(renderer, state, names)
        if step.number == len(view.record.actions):
            break
        answer = ask(_("Enter: next move · h: next hand · q: quit "), ("h", "q"), remember=False)
        if answer is None:
            return None
        key = answer.strip().lower()
        if key in ("q", "quit"):
            return None
        skipping = key in ("h", "hand")
    return state


@command("stats", help=STATS_HELP)
@argument("game_name", metavar=mark("[GAME]"), required=False)
@option("--json", "json_mode", is_flag=True, help=mark("Print the numbers as JSON."))
@option("--ascii", "ascii_", is_flag=True, help=mark("Plain text: no colour, no box drawing."))
@speaks
def stats_command(game_name: str | None, json_mode: bool, ascii_: bool) -> None:
    name = current_app().game(game_name).name if game_name else None
    rows = History(history_path(data_home())).stats(name)
    if json_mode:
        click.echo(json.dumps([asdict(row) for row in rows]))
        return
    if not rows:
        click.echo(_("No finished matches yet."))
        return
    played = [r for r in rows if r.played]
    if played:
        Renderer(Messages(), wants_plain(ascii_)).grid(
            (_("game"), _("played"), _("wins"), _("losses"), _("streak"), _("best win streak")),
            [(r.game, str(r.played), str(r.wins), str(r.losses), r.streak or "-", str(r.best_streak)) for r in played],
        )
    else:
        click.echo(_("You have not finished a match yet."))
    watched, programs = sum(r.watched for r in rows), sum(r.programs for r in rows)
    if watched or programs:
        click.echo(_(
            "Not counted above: bots only (--watch): {watched}; played by a program (--json): {programs}.",
            watched=watched, programs=programs,
        ))
