"""``cartas play`` and ``cartas resume``: a match in the terminal (a person against bots, or bots only with
``--watch``), saved after every move, counted in the history when it ends. ``--json`` hands the person's
seats to a program instead (see :mod:`cartas.cli.protocol`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

import click

from .help_text import argument, command, option
from .app import App, current_app, data_home
from .hotseat import HotSeat
from .human import HumanAgent, QuitMatch, fold
from .i18n import Messages
from .language import speak_game
from .lobby import HUMAN, PROGRAM, LobbyFlags, setup_match, strongest_level
from .names import terminal_names
from .prompt import LineReader, PromptInterrupted, at_terminal
from .protocol import run_protocol
from .render import Renderer, output_options, wants_plain
from .save_list import resolve_save
from .save_lock import playing
from .saves import Autosave, check_saves_dir, last_unfinished, new_save_path
from .session import PEOPLE, BotFailed, finish, make_bots, stopped_by_bot
from cartas.core.bots.base import REMEMBERED
from cartas.core.deck import new_seed
from cartas.core.decks import drawing
from cartas.core.errors import CartasError
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.audience import PUBLIC, Audience
from cartas.core.i18n import FRAMEWORK as _, mark
from cartas.core.naming import TableNames, level_name
from cartas.core.record import MatchRecord, load_record, replay
from cartas.core.session import Move, TableSession, visible_events
from cartas.core.state import State


def show_hands(renderer: Renderer, state: State, names: TableNames) -> None:
    """Every seat's cards: what a spectator of a bots-only match (or a revealed replay) sees."""
    for seat in range(state.table.n_seats):
        renderer.line(f"  {names.seat(seat)}: {' '.join(map(str, state.hand_of(seat))) or '-'}")


def score_text(scores: Sequence[int], names: TableNames) -> str:
    return " · ".join(f"{names.side(side)} {score}" for side, score in enumerate(scores))


def show_summary(
    renderer: Renderer, game: Game, events: Sequence[Event], scores: Sequence[int], names: TableNames,
    unseen: Sequence[str] = (),
) -> None:
    """How the hand that just ended went, then the score, as the viewer names the players. ``unseen`` are the
    lines the viewer has not been shown yet (the last cards played); those the summary tells are not repeated.
    ``events`` are empty for a watcher, who has just read every one of them."""
    summary = game.presentation().hand_summary(events, names)
    rest = [line for line in unseen if line not in summary]
    if rest:
        renderer.line(renderer.msg("just_now"))
        for text in rest:
            renderer.line(f"  {text}")
    renderer.line(_("End of the hand"), "bold")
    for text in summary:
        renderer.line(f"  {text}")
    renderer.line(_("Score: {scores}", scores=score_text(scores, names)), "bold")


def seating(players: dict[int, str], names: TableNames) -> str:
    """Everyone at the table in seat order, by name, with the level of a bot whose name does not say it (a
    partner), the level as the language spoken names it: ``You · Bot 1 (easy) · Partner (hard) · Bot 2 (easy)``."""
    labels = []
    for seat, name in enumerate(names.seats):
        who = players[seat]
        level = level_name(who)
        labels.append(name if who in PEOPLE or f"({level})" in name else f"{name} ({level})")
    return " · ".join(labels)


def yes(answer: str | None) -> bool:
    """A yes in any of the languages spoken (``y``, ``sí``, ``sim``); anything else, and no answer, is a no."""
    return answer is not None and fold(answer) in {"y", "yes", "s", "si", "sim"}


WATCH_PACE = 1.0
"""Seconds between the moves of a watched match at a terminal, unless ``--delay`` says otherwise."""


def watch_delay(watch: bool, delay: float | None, terminal: bool) -> float:
    """The pause after each watched move: ``--delay``, else a pace a person can follow at a terminal, else none."""
    if delay is not None and not watch:
        raise click.UsageError(_("--delay paces a watched match; use it with --watch"))
    if delay is not None:
        return delay
    return WATCH_PACE if watch and terminal else 0.0


def run_terminal(
    app: App, state: State, players: dict[int, str], saver: Autosave, renderer: Renderer, delay: float = 0.0,
    think: float | None = None, auto_forced: bool = False, reader: LineReader | None = None,
    matches_before: Sequence[State] = (),
) -> None:
    """Play ``state`` to the end in the terminal, its cards drawn and named in the game's deck (the French deck
    for paulista: ``QO``, "a dama de ouros"); see :func:`_run_terminal`."""
    with drawing(state.game.deck_art(state.options)):
        _run_terminal(app, state, players, saver, renderer, delay, think, auto_forced, reader, matches_before)


def _run_terminal(
    app: App, state: State, players: dict[int, str], saver: Autosave, renderer: Renderer, delay: float = 0.0,
    think: float | None = None, auto_forced: bool = False, reader: LineReader | None = None,
    matches_before: Sequence[State] = (),
) -> None:
    """Play ``state`` to the end in the terminal; the people's seats are asked, the others are bots.

    ``delay`` pauses after each move of a watched match, so a person can follow it; ``think`` caps the seconds
    a search bot spends on a move (see :func:`cartas.cli.session.make_bots`); ``auto_forced`` plays a person's
    only legal move without asking. Two or more people take turns at the keyboard (:mod:`cartas.cli.hotseat`).
    After each hand a person reads a summary and, at a terminal, presses Enter to go on; at the end, at a
    terminal, a rematch is offered, where the bots remember ``matches_before`` and this match (the people's habits).
    """
    game = state.game
    msg = renderer.msg
    teams = game.teams(state.options)
    people = [seat for seat, who in players.items() if who in PEOPLE]
    viewer = people[0] if people else None
    names = {seat: terminal_names(players, seat, teams) for seat in people}
    audiences = {seat: Audience(seat) for seat in people}
    watcher = terminal_names(players, None, teams)
    shown_names = names[viewer] if viewer is not None else watcher
    pause = viewer is not None and at_terminal()
    level = strongest_level(app.registry, game.name)
    hint = (level, app.registry.bot(game.name, level)) if level else None
    recent: dict[int, list[str]] = {seat: [] for seat in people}  # what each person has not been shown yet
    agents = make_bots(app, state, players, think, matches_before)
    reader = LineReader() if reader is None else reader
    hot_seat = None
    if sum(1 for who in players.values() if who == HUMAN) > 1:
        hot_seat = HotSeat(renderer, reader, on_switch=reader.history_of)
    for seat in people:
        agents[seat] = HumanAgent(
            game, renderer, names[seat], recent[seat], hint, reader, auto_forced=auto_forced,
            handover=None if hot_seat is None else hot_seat.before_turn,
        )
    earlier = state.events[state.hand_events_from:]
    renderer.line(_("At the table: {names}", names=seating(players, shown_names)))
    if viewer is None:
        renderer.heading(f"{game.title_text()} · seed {state.seed}")
        show_hands(renderer, state, watcher)
        for event in earlier:
            renderer.line(game.presentation().describe(event, watcher))
    else:
        for seat in people:
            recent[seat].extend(game.presentation().describe(e, names[seat]) for e in visible_events(earlier, audiences[seat]))
    session = TableSession(state, hooks=app.hooks)

    def hand_events(current: State, start: int, upto: int) -> list[Event]:
        if viewer is None:  # a watcher has just read the whole hand, line by line
            return []
        # A shared screen shows only what everyone saw.
        return visible_events(current.events, PUBLIC if hot_seat is not None else audiences[viewer], start, upto)

    def tell(events: Sequence[Event]) -> None:
        """Events as they happen: printed for a watcher, kept for each person's next screen."""
        for event in events:
            if viewer is None:
                renderer.line(game.presentation().describe(event, watcher))
            for person in people:
                if audiences[person].sees(event):
                    recent[person].append(game.presentation().describe(event, names[person]))

    def on_move(current: State, move: Move) -> None:
        # A watched match is saved hand by hand: thousands of bot moves in a row would otherwise spend their
        # time writing files, and nobody's move can be lost. With a person, every move is saved.
        if viewer is not None:
            saver.save(current, durable=move.seat in people)
        elif move.hand_ended:
            saver.save(current, durable=False)
        if not move.next_hand_dealt:
            tell(current.events[move.start:move.end])
        else:
            # A hand that ended: its last events, its summary, then the new hand's first events (the deal).
            split = max(move.start, move.next_hand_start)
            tell(current.events[move.start:split])
            unseen = recent[viewer] if viewer is not None else []
            show_summary(
                renderer, game, hand_events(current, move.hand_start, move.next_hand_start), current.scores(),
                shown_names, unseen,
            )
            if viewer is None:
                show_hands(renderer, current, watcher)
            else:
                for person in people:  # the summary told the last hand: the next table starts afresh
                    recent[person].clear()
            tell(current.events[split:move.end])
            if pause and reader(_("Press Enter to deal the next hand"), remember=False) is None:
                raise QuitMatch
        if viewer is None and delay:
            time.sleep(delay)

    try:
        result = session.play(agents, on_move=on_move, prefer=people)
    except (QuitMatch, KeyboardInterrupt) as stop:
        # Not saved again here: every finished move already is, and an interrupted one must not be.
        if isinstance(stop, KeyboardInterrupt) and not isinstance(stop, PromptInterrupted):
            renderer.line()  # Ctrl-C while a bot thought: the terminal's ^C is on the line being written
        if hot_seat is not None:
            hot_seat.hide()
        if saver.path is None:
            renderer.line(msg("not_saved"))
        elif not saver.written:
            renderer.line(_("Nothing was played, so nothing was saved."))
        else:
            renderer.line(msg("saved", path=saver.path))
        return
    except BotFailed as error:
        raise stopped_by_bot(error, state, saver) from None
    finish(state, saver)
    if hot_seat is not None:
        hot_seat.hide()
        viewer = None  # at the end, a shared screen shows no one's hand; the result is everyone's
    unseen = recent[viewer] if viewer is not None else []
    show_summary(
        renderer, game, hand_events(state, session.hand_start, len(state.events)), result.scores, shown_names, unseen
    )
    renderer.line(msg("match_over"), "bold")
    renderer.line(_("Winners: {names}", names=", ".join(shown_names.seat(s) for s in result.winners)))
    if viewer is not None:
        renderer.line(msg("you_win") if viewer in result.winners else msg("you_lose"), "bold")
    if pause and yes(reader(_("Play again with the same players and a new deal? [y/N] "), ("y", "n"), remember=False)):
        rematch(app, state, players, saver, renderer, think, reader, auto_forced, [*matches_before, state])


def rematch(
    app: App, state: State, players: dict[int, str], saver: Autosave, renderer: Renderer, think: float | None,
    reader: LineReader, auto_forced: bool, matches_before: Sequence[State] = (),
) -> None:
    """A new match with the same game, options and players, from a fresh seed, saved in a new file; the bots
    remember the ``matches_before`` (the last :data:`cartas.core.bots.REMEMBERED` of them)."""
    game = state.game
    again = game.start(state.options, seed=new_seed())
    path = None if saver.path is None else new_save_path(data_home(), game.name)
    with playing(path) if path is not None else nullcontext():
        run_terminal(
            app, again, players, Autosave(path, players), renderer, think=think, auto_forced=auto_forced, reader=reader,
            matches_before=matches_before[-REMEMBERED:],
        )


@command("play", help=mark(
    "Play GAME against bots in the terminal (or watch bots, or let a program play over JSON lines)."
))
@argument("game_name", metavar=mark("GAME"))
@option("--players", type=int, help=mark("Number of players (what the game allows)."))
@option("--points", type=int, help=mark("Points to play to (the game's points option)."))
@option("--teams", help=mark("Players by team, by name or number: you,medium/easy,hard or 0,2/1,3."))
@option("--order", help=mark("Who sits where, from seat 0: you,easy,medium,hard (partners alternate)."))
@option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help=mark("Any game option; repeatable."))
@option("--seat", "seats", type=int, multiple=True, help=mark("Your seat (default 0); repeat for more people."))
@option("--bot", help=mark("Level of every bot (default medium, or what the game has)."))
@option("--bots", help=mark("Levels of the bots in order (easy,medium,hard) or of particular seats (1=easy,2=hard)."))
@option("--seed", type=int, help=mark("Seed of the shuffle and of the bots: the same seed plays the same match."))
@option("--deal", help='Stacked hands, seat 0 first: "1E 7O 3C / 4B 5C 2E".')
@option("--up", help=mark("Stacked up card (vira, trump, upcard)."))
@option("--scores", help=mark("Starting scores of each side: 10,12."))
@option("--dealer", type=int, help=mark("Seat that deals the first hand."))
@option("--watch", is_flag=True, help=mark("Bots play every seat; print the match as it goes."))
@option(
    "--delay", type=click.FloatRange(min=0), default=None,
    help=mark("With --watch, seconds to pause after each move (default 1 at a terminal, none when piped)."),
)
@option(
    "--auto-forced/--no-auto-forced", default=None,
    help=mark("Play a move by itself when it is the only legal one, saying so (default: on at a terminal)."),
)
@option("--json", "json_mode", is_flag=True, help=mark("Speak the JSON-lines protocol on stdin/stdout."))
@option("--no-save", is_flag=True, help=mark("Play without saving the match or counting it in the history."))
@option(
    "--think", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
    help=mark("Seconds a search bot (hard) may spend on a move; by default it searches a fixed number of samples."),
)
@option(
    "--lobby/--no-lobby", default=None,
    help=mark(
        "Ask (one answer a line) or never ask what the flags leave out; by default ask when stdin is a terminal."
    ),
)
@output_options
def play_command(
    game_name: str, players: int | None, points: int | None, teams: str | None, order: str | None,
    options: tuple[str, ...], seats: tuple[int, ...], bot: str | None, bots: str | None, seed: int | None,
    deal: str | None, up: str | None, scores: str | None, dealer: int | None, watch: bool, delay: float | None,
    auto_forced: bool | None, json_mode: bool, no_save: bool, think: float | None, lobby: bool | None, ascii_: bool, lang: str,
) -> None:
    if watch and json_mode:
        raise click.UsageError(_("--watch and --json do not go together: --json needs a seat for the program"))
    if watch and seats:
        raise click.UsageError(_("--watch seats only bots; leave out --seat"))
    if think is not None and json_mode:
        raise click.UsageError(_("--think applies to the bots of a match in the terminal, not to --json"))
    if lobby and (watch or json_mode):
        raise click.UsageError(_("--lobby asks on stdin, which --watch and --json leave to bots and programs"))
    pause = watch_delay(watch, delay, sys.stdout.isatty())
    forced = at_terminal() if auto_forced is None else auto_forced
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
            run_terminal(
                app, state, setup.players, saver, Renderer(msg, wants_plain(ascii_)), pause, think, forced,
            )


def load_unfinished(given: str | Path | None) -> tuple[Path, MatchRecord]:
    """The save to resume: ``given`` (a path, a match id, a number from ``cartas saves`` or ``last``), or the
    newest unfinished match."""
    if given is None:
        found = last_unfinished(data_home())
        if found is None:
            raise click.ClickException(Messages()("nothing_to_resume"))
        return found
    file = given if isinstance(given, Path) else resolve_save(data_home(), given, unfinished=True)
    record = load_record(file)
    if record.finished:
        raise click.ClickException(Messages()("finished_save", path=file))
    return file, record


@command("resume", help=mark(
    "Continue the last unfinished match, or SAVE: a number from `cartas saves`, `last`, a path or a match id."
))
@argument("file", required=False, metavar=mark("[SAVE]"))
@option("--json", "json_mode", is_flag=True, help=mark("Continue over the JSON-lines protocol."))
@option("--no-save", is_flag=True, help=mark("Play on without writing the moves back to the save."))
@output_options
def resume_command(file: str | None, json_mode: bool, no_save: bool, ascii_: bool, lang: str) -> None:
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
    renderer.line(renderer.msg("resuming", game=game.title_text(), moves=len(record.actions), path=path))
    run_terminal(app, state, players, saver, renderer, auto_forced=at_terminal())
