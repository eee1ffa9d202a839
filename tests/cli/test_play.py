"""``cartas play`` in the terminal through CliRunner: scripted people, the lobby flags, positions, --watch."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cartas.core.record import load_record

DEAL = "--deal=1E 4C / 7O 5B"  # seat 0: 1E 4C, seat 1: 7O 5B; dealer 1, so seat 0 is mano and leads


def test_whole_match_by_numbers_shows_the_table_each_turn(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--seed", "1", "--ascii", input="1\n" * 20)
    out = result.output
    assert result.exit_code == 0, out
    assert "== Alta (test game) · Hand 1 ==" in out
    assert "At the table: You · Bot 2 (easy)\n" in out
    # One row per seat, each named one way, with the score, who deals, who is mano and whose turn it is.
    assert "You          | to act · deals |     0\nBot 2 (easy) | mano           |     0\n" in out
    assert "On the table: 1:3E · Stake: 1" in out  # the game's own lines, as its notes
    assert "Dealer" not in out and "seat 0 (you)" not in out
    assert "End of the hand\nScore: You 0 · Bot 2 (easy) 1\n" in out
    assert "Just now:\n  seat 0 deals\n  seat 0 gets 1C 10E\n  seat 1 plays 3E" in out
    assert "Your cards: 1C 10E" in out
    assert "Legal moves:\n  1. 1C\n  2. 10E" in out
    assert "The match is over." in out
    assert re.search(r"You (win!|lose\.)", out)


def test_moves_by_words_any_case_and_accents(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, "--seed", "4", input="SUBÍ\nplay 4c\nquit\n")
    assert result.exit_code == 0, result.output
    record = load_record(saves()[0])
    assert record.actions[:2] == [(0, "raise"), (0, "4C")]


def test_bad_input_is_explained_and_changes_nothing(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    script = "9\n0\nxyz\n7O\n\nquit\n"
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, "--seed", "4", input=script)
    out = result.output
    assert "There is no move 9: choose 1 to 3." in out
    assert "There is no move 0: choose 1 to 3." in out
    assert "Not understood: xyz. Type ? for help." in out
    assert "7O is not a legal move now. Legal: 1E, 4C, raise." in out
    assert saves() == []  # nothing was played, so nothing was saved
    assert out.endswith("Nothing was played, so nothing was saved.\n")


def test_help_hint_rules_and_table(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="?\nhint\nrules\ntable\nquit\n")
    out = result.output
    assert "Commands: help or ?" in out
    assert "play-outs a move by the hard bot (95% interval):" in out  # hard: the strongest level alta has
    assert "# Alta" in out
    assert out.count("Your cards: 1E 4C") == 2


def test_quit_saves_and_resume_continues(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, "--seed", "4", input="raise\nquit\n")
    assert "Match saved to" in result.output and "cartas resume" in result.output
    path = saves()[0]
    assert load_record(path).actions == [(0, "raise")]
    resumed = run("resume", "--ascii", input="1\n" * 20)
    assert "Resuming Alta (test game) after 1 moves" in resumed.output
    assert "Stake: 2" in resumed.output and "Score: You" in resumed.output
    record = load_record(path)
    assert record.finished and record.actions[:2] == [(0, "raise"), (0, "1E")]
    assert len(saves()) == 1
    assert "no unfinished match" in run("resume").output


def test_end_of_input_saves_and_exits_cleanly(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run("play", "alta", "--ascii", "--seed", "2", input="1\n")
    assert result.exit_code == 0
    assert "Match saved to" in result.output
    assert len(load_record(saves()[0]).actions) >= 1


def test_messages_in_spanish_and_portuguese(run: Callable[..., Result]) -> None:
    es = run("play", "alta", "--ascii", "--lang", "es", input="ayuda\nsalir\n").output
    assert "Tus cartas:" in es and "Jugadas posibles:" in es and "Comandos: ayuda o ?" in es
    assert "Partida guardada" in es
    pt = run("play", "alta", "--ascii", "--lang", "pt", input="sair\n").output
    assert "Suas cartas:" in pt and "Partida salva" in pt


def test_plain_output_has_no_escape_codes_and_cards_keep_their_suit_letter(
    run: Callable[..., Result], monkeypatch: object
) -> None:
    result = run("play", "alta", "--ascii", "--dealer", "1", DEAL, input="quit\n")
    assert "\x1b[" not in result.output
    assert "Your cards: 1E 4C" in result.output


def test_colour_never_replaces_the_suit_letter() -> None:
    from cartas.cli.render import styled

    text = styled("seat 1 plays 7O and 12C, not 17X")
    assert text.plain == "seat 1 plays 7O and 12C, not 17X"
    assert [(span.start, span.end) for span in text.spans] == [(13, 15), (20, 23)]


def test_watch_is_reproducible_with_a_seed(run: Callable[..., Result]) -> None:
    first = run("play", "alta", "--watch", "--seed", "7", "--players", "4", "--ascii")
    second = run("play", "alta", "--watch", "--seed", "7", "--players", "4", "--ascii")
    assert first.exit_code == 0
    assert first.output == second.output
    assert "The match is over." in first.output and "Winners: Bot 2 (easy), Bot 4 (easy)" in first.output
    assert "Score: Team 1 0 · Team 2 3" in first.output
    assert "seat 3 plays" in first.output


def test_seat_bots_and_points_flags(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run(
        "play", "high", "--players", "4", "--points", "5", "--seat", "2", "--bot", "hard", "--bots", "1=easy",
        "--teams", "0,2/1,3", "--ascii", input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "At the table: Partner (hard) · Bot 2 (easy) · You · Bot 4 (hard)" in result.output
    assert "\nUs 0 · Them 0\n" in result.output
    record = load_record(saves()[0])
    assert record.options == {"players": 4, "points": 5}
    assert record.players == {"0": "hard", "1": "easy", "2": "human", "3": "hard"}


def test_option_flag_and_stacked_scores(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run(
        "play", "alta", "-o", "points=5", "--scores", "4,2", "--dealer", "1", DEAL, "--up", "3b", "--ascii", input="1\n"
    )
    assert "You          | to act · mano |     4\nBot 2 (easy) | deals         |     2" in result.output
    assert "Your cards: 1E 4C" in result.output
    record = load_record(saves()[0])
    assert record.position is not None and record.position.hands == [["1E", "4C"], ["7O", "5B"]]
    assert (record.position.up, record.position.scores, record.position.dealer) == ("3B", [4, 2], 1)


def test_impossible_setups_are_refused_naming_what_is_allowed(run: Callable[..., Result]) -> None:
    cases = {
        ("--players", "5"): "alta cannot be played by 5; it allows 2, 3, 4 players",
        ("-o", "flor=true"): "unknown option flor; this game's options are: players, points",
        ("--points", "4"): "option points=4 is not valid (allowed: 3, 5)",
        ("--players", "4", "--teams", "0,1,2/3"): "uneven teams '0,1,2/3'; alta seats 0,2 against 1,3",
        ("--players", "4", "--teams", "0/1/2/3"): "makes 4 teams; with 4 players alta seats 0,2 against 1,3",
        ("--teams", "0/1"): "alta with 2 players has no teams",
        ("--seat", "3"): "--seat 3 is not a seat; seats are 0 to 1",
        ("--bot", "genius"): "no bot level 'genius'; levels: easy, hard, search, random",
        ("--bots", "0=easy"): "--bots names seat 0, which is a person's seat",
        ("--deal", "1E 13X / 2B 3B"): "cannot read '13X' as a card",
        ("--deal", "1E 4C 5C / 2B 3B 4B"): "alta deals 2 cards to each seat",
        ("--deal", "1E 4C / 1E 3B"): "named more often than it has them: 1E",
        ("--scores", "a,b"): "--scores 'a,b' should be numbers",
        ("--dealer", "5"): "dealer 5 is not a seat",
        ("--watch", "--json"): "--watch and --json do not go together",
        ("-o", "points"): "option 'points' should look like key=value",
    }
    for flags, message in cases.items():
        result = run("play", "alta", *flags, input="quit\n")
        assert result.exit_code == 2, (flags, result.output)
        assert message in result.output, (flags, result.output)
        assert "Traceback" not in result.output


def test_hand_of_a_position_too_short_for_the_game_is_refused(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--deal", "1E / 2B", input="quit\n")
    assert result.exit_code == 2
    assert "Error: alta deals 2 cards to each seat" in result.output


def test_json_hello_lists_the_program_seats(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--json", "--players", "3", "--seat", "1", "--seed", "5", input="")
    hello = json.loads(result.stdout.splitlines()[0])  # stderr has the note on --seat's count
    assert hello["type"] == "hello" and hello["protocol"] == 1 and hello["seats"] == [1]
    assert hello["players"] == {"0": "easy", "1": "program", "2": "easy"}
    assert json.loads(result.stdout.splitlines()[-1])["type"] == "saved"


def test_two_people_at_one_table_each_see_only_their_own_cards(run: Callable[..., Result]) -> None:
    deal = "--deal=1E 4C / 7O 5B / 2C 3C"
    result = run("play", "alta", "--players", "3", "--seat", "0", "--seat", "2", "--dealer", "2", deal, "--ascii",
                 input="1\n1\nquit\n")
    first, second = result.output.split("Your turn.")[0], result.output.split("Your turn.")[1]
    assert "seat 0 gets 1E 4C" in first and "gets 2C 3C" not in first
    assert "seat 2 gets 2C 3C" in second and "gets 1E 4C" not in second
    assert "At the table: You · Bot 2 (easy) · Player 3" in first


def test_a_program_may_play_every_seat(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--json", "--seat", "0", "--seat", "1", "--seed", "8", input="0\n" * 40)
    messages = [json.loads(line) for line in result.stdout.splitlines()]
    assert messages[0]["seats"] == [0, 1] and messages[-1]["type"] == "result"
    assert {m["seat"] for m in messages if m["type"] == "decision"} == {0, 1}
    assert all(m["type"] != "error" for m in messages)


def test_hint_measures_each_move_and_names_the_measure(capsys: pytest.CaptureFixture[str]) -> None:
    from cartas_tiny import Alta

    from cartas.cli.human import HumanAgent
    from cartas.cli.i18n import Messages
    from cartas.cli.render import Renderer
    from cartas.core import SeatView
    from cartas.core.naming import viewer_names

    class Last:
        """Plays the last legal move: the play-outs of a game with no heuristic bot of its own."""

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def choose(self, view: SeatView) -> object:
            return view.legal_actions()[-1]

    state = Alta().start({"players": 2}, seed=3)
    view = SeatView(state, state.to_act[0])
    legal = {str(a) for a in view.legal_actions()}
    names = viewer_names(2, 0, bots={1: "hard"})
    agent = HumanAgent(Alta(), Renderer(Messages("en"), plain=True), names, [], ("hard", Last))
    agent.hint(view)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Points of this hand, yours less theirs, over ")
    assert out[0].endswith(" play-outs a move by the hard bot (95% interval):")
    assert {line.split()[1] for line in out[1:1 + len(legal)]} == legal
    assert out[-1].startswith(("Recommended: ", "Too close to call: "))


def test_without_a_terminal_a_hand_ends_in_a_summary_and_never_waits(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--seed", "1", "--ascii", input="1\n" * 20)
    assert result.exit_code == 0
    assert result.output.count("End of the hand") >= 2
    assert "Press Enter" not in result.output and "Play again" not in result.output


def test_errors_while_playing_come_out_in_the_language(run: Callable[..., Result]) -> None:
    es = run("play", "alta", "--ascii", "--lang", "es-AR", "--dealer", "1", DEAL, input="9\nxyz\n7O\n1\nsalir\n").output
    assert "No hay jugada 9: elegí de 1 a 3." in es
    assert "No se entiende: xyz. Escribí ? para ver la ayuda." in es
    assert "7O no se puede jugar ahora. Posibles: 1E, 4C, raise." in es
    assert "Seguila con: cartas resume" in es


def test_a_game_speaks_its_own_language_unless_another_is_chosen(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from cartas.cli.main import make_cli

    def play(*flags: str) -> str:
        args = ["play", "truco", "--ascii", "--bot", "easy", "--points", "15", "--seed", "3", *flags]
        return CliRunner().invoke(make_cli(), args, input="1\nsalir\n").output

    assert "Seguila con: cartas resume" in play()
    assert "Continue it with: cartas resume" in play("--lang", "en")
    monkeypatch.setenv("CARTAS_LANG", "pt")
    assert "Continue com: cartas resume" in play()
    assert "Seguila con" in play("--lang", "es-AR")
