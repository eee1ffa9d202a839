"""``cartas play`` and ``cartas resume``: a match in the terminal (a person against bots, or bots only with
``--watch``), saved after every move, counted in the history when it ends. ``--json`` hands the person's
seats to a program instead (see :mod:`cartas.cli.protocol`).
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
import time
from pathlib import Path

import click

from cartas.cli.app import App, current_app, data_home
from cartas.cli.human import HumanAgent, QuitMatch, read_line
from cartas.cli.i18n import Messages
from cartas.cli.language import speak_game
from cartas.cli.lobby import HUMAN, PROGRAM, LobbyFlags, describe_seating, seat_names, setup_match, strongest_level
from cartas.cli.protocol import run_protocol
from cartas.cli.render import Renderer, output_options, wants_plain
from cartas.cli.save_lock import playing
from cartas.cli.saves import Autosave, check_saves_dir, last_unfinished, new_save_path, save_file
from cartas.cli.session import PEOPLE, BotFailed, finish, make_bots, stopped_by_bot
from cartas.core.errors import CartasError
from cartas.core.match import run_match
from cartas.core.record import MatchRecord, load_record, replay
from cartas.core.state import Action, State


def show_hands(renderer: Renderer, state: State, names: dict[int, str]) -> None:
    """Every seat's cards: what a spectator of a bots-only match (or a revealed replay) sees."""
    for seat in range(state.table.n_seats):
        renderer.line(f"  {renderer.seat_name(seat, names)}: {' '.join(map(str, state.hand_of(seat))) or '-'}")


def run_terminal(
    app: App, state: State, players: dict[int, str], saver: Autosave, renderer: Renderer, delay: float = 0.0,
    think: float | None = None,
) -> None:
    """Play ``state`` to the end in the terminal; the people's seats are asked, the others are bots.

    ``delay`` pauses after each move of a watched match, so a person can follow it; ``think`` caps the seconds
    a search bot spends on a move (see :func:`cartas.cli.session.make_bots`).
    """
    game, msg = state.game, renderer.msg
    names = seat_names(players, msg)
    people = [seat for seat, who in players.items() if who in PEOPLE]
    viewer = people[0] if people else None
    level = strongest_level(app.registry, game.name)
    hint = (level, app.registry.bot(game.name, level)) if level else None
    recent: dict[int, list[str]] = {seat: [] for seat in people}  # what each person has not been shown yet
    agents = make_bots(app, state, players, think)
    for seat in people:
        agents[seat] = HumanAgent(game, renderer, names, recent[seat], hint, read_line)
    earlier = state.events[state.hand_events_from:]
    renderer.line(describe_seating(names, game.teams(state.options), msg))
    if viewer is None:
        renderer.heading(f"{game.title} · seed {state.seed}")
        show_hands(renderer, state, names)
        for event in earlier:
            renderer.line(game.describe(event))
    else:
        for seat in people:
            recent[seat].extend(game.describe(e) for e in earlier if e.visible(seat))
    shown = [len(state.events), state.hands_played]

    def on_step(current: State, seat: int, action: Action) -> None:
        # A watched match is saved hand by hand: thousands of bot moves in a row would otherwise spend their
        # time writing files, and nobody's move can be lost. With a person, every move is saved.
        if viewer is not None:
            saver.save(current, durable=seat in people)
        elif current.hands_played != shown[1]:
            saver.save(current, durable=False)
        new = current.events[shown[0]:]
        shown[0] = len(current.events)
        for event in new:
            if viewer is None:
                renderer.line(game.describe(event))
            for person in people:
                if event.visible(person):
                    recent[person].append(game.describe(event))
        if viewer is None and current.hands_played != shown[1]:
            shown[1] = current.hands_played
            renderer.line(f"{msg('scores')}: {', '.join(map(str, current.scores()))}", "bold")
            if not current.is_over:
                show_hands(renderer, current, names)
        if viewer is None and delay:
            time.sleep(delay)

    saver.save(state)
    try:
        result = run_match(state, agents, hooks=app.hooks, on_step=on_step, prefer=people)
    except (QuitMatch, KeyboardInterrupt):
        # Not saved again here: every finished move already is, and an interrupted one must not be.
        renderer.line(msg("not_saved") if saver.path is None else msg("saved", path=saver.path))
        return
    except BotFailed as error:
        raise stopped_by_bot(error, state, saver) from None
    finish(state, saver)
    if viewer is not None:
        observation = state.observation(viewer)
        renderer.table(game.title, observation, game.table_lines(observation), names, recent[viewer])
    renderer.line(msg("match_over"), "bold")
    renderer.line(msg("final_scores", scores=", ".join(map(str, result.scores))))
    renderer.line(msg("winners", seats=", ".join(renderer.seat_name(s, names) for s in result.winners)))
    if viewer is not None:
        renderer.line(msg("you_win") if viewer in result.winners else msg("you_lose"), "bold")


@click.command("play")
@click.argument("game_name", metavar="GAME")
@click.option("--players", type=int, help="Number of players (what the game allows).")
@click.option("--points", type=int, help="Points to play to (the game's points option).")
@click.option("--teams", help="Players by team, by name or number: you,medium/easy,hard or 0,2/1,3.")
@click.option("--order", help="Who sits where, from seat 0: you,easy,medium,hard (partners alternate).")
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="Any game option; repeatable.")
@click.option("--seat", "seats", type=int, multiple=True, help="Your seat (default 0); repeat for more people.")
@click.option("--bot", help="Level of every bot (default medium, or what the game has).")
@click.option("--bots", help="Levels of the bots in order (easy,medium,hard) or of particular seats (1=easy,2=hard).")
@click.option("--seed", type=int, help="Seed of the shuffle and of the bots: the same seed plays the same match.")
@click.option("--deal", help='Stacked hands, seat 0 first: "1E 7O 3C / 4B 5C 2E".')
@click.option("--up", help="Stacked up card (vira, trump, upcard).")
@click.option("--scores", help="Starting scores of each side: 10,12.")
@click.option("--dealer", type=int, help="Seat that deals the first hand.")
@click.option("--watch", is_flag=True, help="Bots play every seat; print the match as it goes.")
@click.option("--delay", type=click.FloatRange(min=0), default=0.0, help="With --watch, seconds to pause after each move.")
@click.option("--json", "json_mode", is_flag=True, help="Speak the JSON-lines protocol on stdin/stdout.")
@click.option("--no-save", is_flag=True, help="Play without saving the match or counting it in the history.")
@click.option(
    "--think", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
    help="Seconds a search bot (hard) may spend on a move; by default it searches a fixed number of samples.",
)
@click.option(
    "--lobby/--no-lobby", default=None,
    help="Ask (one answer a line) or never ask what the flags leave out; by default ask when stdin is a terminal.",
)
@output_options
def play_command(
    game_name: str, players: int | None, points: int | None, teams: str | None, order: str | None,
    options: tuple[str, ...], seats: tuple[int, ...], bot: str | None, bots: str | None, seed: int | None,
    deal: str | None, up: str | None, scores: str | None, dealer: int | None, watch: bool, delay: float,
    json_mode: bool, no_save: bool, think: float | None, lobby: bool | None, ascii_: bool, lang: str,
) -> None:
    """Play GAME against bots in the terminal (or watch bots, or let a program play over JSON lines)."""
    if watch and json_mode:
        raise click.UsageError("--watch and --json do not go together: --json needs a seat for the program")
    if watch and seats:
        raise click.UsageError("--watch seats only bots; leave out --seat")
    if think is not None and json_mode:
        raise click.UsageError("--think applies to the bots of a match in the terminal, not to --json")
    if lobby and (watch or json_mode):
        raise click.UsageError("--lobby asks on stdin, which --watch and --json leave to bots and programs")
    app = current_app()
    game = app.game(game_name)
    speak_game(game)
    if not no_save:
        check_saves_dir(data_home())  # before the lobby asks anything, not after the first move
    msg = Messages(lang)
    flags = LobbyFlags(players, points, teams, options, seats, bot, bots, seed, deal, up, scores, dealer, order)
    interactive = (sys.stdin.isatty() if lobby is None else lobby) and not (watch or json_mode)
    people = None if watch else PROGRAM if json_mode else HUMAN
    setup = setup_match(game, app.registry, flags, msg=msg, people=people, interactive=interactive)
    try:
        state = game.start(setup.options, seed=setup.seed, position=setup.position)
    except CartasError as error:
        raise click.UsageError(str(error)) from None
    saver = Autosave(None if no_save else new_save_path(data_home(), game.name), setup.players)
    with playing(saver.path) if saver.path is not None else nullcontext():
        if json_mode:
            run_protocol(app, state, setup.players, saver, resumed=False)
        else:
            run_terminal(app, state, setup.players, saver, Renderer(msg, wants_plain(ascii_)), delay, think)


def load_unfinished(file: Path | None) -> tuple[Path, MatchRecord]:
    """The save to resume: ``file`` (a path or a match id), or the newest unfinished match."""
    if file is None:
        found = last_unfinished(data_home())
        if found is None:
            raise click.ClickException(Messages()("nothing_to_resume"))
        return found
    file = save_file(data_home(), file)
    record = load_record(file)
    if record.finished:
        raise click.ClickException(Messages()("finished_save", path=file))
    return file, record


@click.command("resume")
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--json", "json_mode", is_flag=True, help="Continue over the JSON-lines protocol.")
@click.option("--no-save", is_flag=True, help="Play on without writing the moves back to the save.")
@output_options
def resume_command(file: Path | None, json_mode: bool, no_save: bool, ascii_: bool, lang: str) -> None:
    """Continue the last unfinished match (or the one saved in FILE, a path or the match id the protocol gives)."""
    app = current_app()
    path, _ = load_unfinished(file)
    with playing(path):
        # Read again under the lock: a process that held it may have played on, or finished the match.
        _resume(app, *load_unfinished(path), json_mode, no_save, ascii_, lang)


def _resume(
    app: App, path: Path, record: MatchRecord, json_mode: bool, no_save: bool, ascii_: bool, lang: str
) -> None:
    game = app.game(record.game)
    speak_game(game)
    state = replay(record, game)
    players = {int(seat): who for seat, who in record.players.items()}
    if sorted(players) != list(range(state.table.n_seats)):
        raise click.ClickException(Messages()("no_players_in_save", path=path))
    saver = Autosave(None if no_save else path, players)
    if json_mode:
        run_protocol(app, state, players, saver, resumed=True)
        return
    renderer = Renderer(Messages(lang), wants_plain(ascii_))
    renderer.line(renderer.msg("resuming", game=game.title, moves=len(record.actions), path=path))
    run_terminal(app, state, players, saver, renderer)
