"""The lobby's players, teams and seat order: from flags, refused when impossible, and asked line by line."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from cartas.cli.i18n import Messages
from cartas.cli.lobby import (
    HUMAN,
    LobbyFlags,
    make_participants,
    parse_order,
    parse_teams,
    seat_groups,
    setup_match,
)
from cartas.cli.main import make_cli
from cartas.core.plugins.manager import build_registry, get_registry, make_plugin_manager
from cartas.core.record import load_record
from cartas.core.plugins.registry import Registry
import cartas_tiny
from cartas_tiny import GAME as ALTA

MSG = Messages("en")
TRUCO_LEVELS = ("easy", "medium", "hard")


@pytest.fixture
def truco(home: Path) -> Callable[..., Result]:
    """Run ``cartas play truco`` with the installed games (skipped if truco is not installed)."""
    if "truco" not in get_registry().games:
        pytest.skip("truco is not installed")
    cli = make_cli()

    def invoke(*args: str, input: str | None = "quit\n") -> Result:
        return CliRunner().invoke(cli, ["play", "truco", "--ascii", "--lang", "en", *args], input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def registry() -> Registry:
    """The registry of the tiny game alone."""
    pm, failures = make_plugin_manager(entry_points=[], extra=[("cartas_tiny", cartas_tiny)])
    return build_registry(pm, failures)


def test_four_player_truco_from_flags_seats_partners_opposite(
    truco: Callable[..., Result], saves: Callable[[], list[Path]]
) -> None:
    result = truco(
        "--players", "4", "--points", "30", "--bots", "easy,medium,hard", "--teams", "you,medium/easy,hard",
        input="1\nquit\n",  # a save is written at the first move
    )
    assert result.exit_code == 0, result.output
    assert "At the table: You · Bot 2 (easy) · Partner (medium) · Bot 4 (hard)" in (
        result.output
    )
    assert "\nUs 0 · Them 0 · to 30\n" in result.output
    record = load_record(saves()[0])
    assert (record.options["players"], record.options["points"]) == (4, 30)
    assert record.players == {"0": HUMAN, "1": "easy", "2": "medium", "3": "hard"}


def test_teams_by_number_with_seat_and_order(truco: Callable[..., Result]) -> None:
    by_number = truco("--players", "4", "--bots", "easy,medium,hard", "--teams", "0,3/1,2")
    assert "At the table: You · Bot 2 (easy) · Partner (hard) · Bot 4 (medium)" in (
        by_number.output
    )
    # With --seat 1 the bots take seats 0, 2, 3 by default, so they are players 0, 2 and 3.
    with_seat = truco("--players", "4", "--seat", "1", "--bots", "easy,medium,hard", "--teams", "you,easy/medium,hard")
    assert "At the table: Bot 1 (medium) · You · Bot 3 (hard) · Partner (easy)" in (
        with_seat.output
    )
    ordered = truco(
        "--players", "4", "--bots", "easy,medium,hard", "--teams", "you,hard/easy,medium",
        "--order", "easy,you,medium,hard",
    )
    assert "At the table: Bot 1 (easy) · You · Bot 3 (medium) · Partner (hard)" in (
        ordered.output
    )


def test_six_player_truco_alternates_three_partners(truco: Callable[..., Result]) -> None:
    result = truco(
        "--players", "6", "--bots", "easy,medium,hard,easy,medium", "--teams", "you,easy,easy/medium,hard,medium"
    )
    assert result.exit_code == 0, result.output
    assert (
        "At the table: You · Bot 2 (medium) · Partner 1 (easy) · Bot 4 (hard) · Partner 2 (easy) · Bot 6 (medium)"
    ) in result.output


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ("--teams", "you,easy,medium/hard"),
            "uneven teams 'you,easy,medium/hard'; truco seats 0,2 against 1,3 (2 teams of 2), "
            "such as --teams you,medium/easy,hard",
        ),
        (
            ("--teams", "you/easy/medium/hard"),
            "--teams 'you/easy/medium/hard' makes 4 teams; with 4 players truco seats 0,2 against 1,3",
        ),
        (
            ("--teams", "you,genius/medium,hard"),
            "--teams names 'genius', who is not playing; the players are 0 you · 1 easy · 2 medium · 3 hard",
        ),
        (("--teams", "you,easy/medium"), "--teams 'you,easy/medium' leaves out hard; every player joins one team"),
        (("--teams", "you,you/medium,hard"), "--teams names you more often than there are such players"),
        (("--teams", "0,1/2,7"), "--teams names player 7; the players are 0 you"),
        (
            ("--teams", "you,easy/medium,hard", "--order", "you,easy,medium,hard"),
            "--order 'you,easy,medium,hard' splits the team you,easy; partners sit at seats 0,2 or 1,3",
        ),
        (("--order", "you,easy"), "--order 'you,easy' must name each of the 4 players once: 0 you · 1 easy"),
        (("--seat", "1", "--order", "you,easy,medium,hard"), "puts you at seat 0, but seat 1 was asked for"),
        (("--bots", "easy,medium,hard,easy"), "--bots lists 4 bots, but only 3 seats are left for bots"),
    ],
)
def test_impossible_teams_are_refused_naming_what_is_allowed(
    truco: Callable[..., Result], flags: tuple[str, ...], message: str
) -> None:
    extra = () if "--bots" in flags else ("--bots", "easy,medium,hard")
    result = truco("--players", "4", *extra, *flags)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_impossible_player_counts_and_mixed_bots_are_refused(truco: Callable[..., Result]) -> None:
    assert "truco cannot be played by 3; it allows 2, 4, 6 players" in truco("--players", "3").output
    mixed = truco("--players", "4", "--bots", "easy,2=hard")
    assert "--bots 'easy,2=hard' mixes seat=level and plain levels" in mixed.output
    clash = truco("--players", "4", "--bots", "1=easy,3=hard", "--teams", "you,easy/medium,hard")
    assert clash.exit_code == 2
    assert "the seats asked for (easy at 1, hard at 3) do not fit the teams you,easy/medium,hard" in clash.output


def test_participants_are_numbered_by_their_default_seat() -> None:
    players = make_participants(4, HUMAN, [2], "easy,medium,hard", "medium", TRUCO_LEVELS, MSG)
    assert [(p.kind, p.wish) for p in players] == [("easy", None), ("medium", None), (HUMAN, 2), ("hard", None)]
    watched = make_participants(4, None, [], "1=hard", "easy", TRUCO_LEVELS, MSG)
    assert [(p.kind, p.wish) for p in watched] == [("easy", None), ("hard", 1), ("easy", None), ("easy", None)]


def test_lobby_functions_seat_partners_alternately() -> None:
    teams = (0, 1, 0, 1, 0, 1)
    players = make_participants(6, HUMAN, [], "easy,easy,hard,hard,hard", "medium", TRUCO_LEVELS, MSG)
    # Repeated names are taken in order: the first "easy" is player 1, the second player 2.
    groups = parse_teams("hard,easy,hard/easy,you,hard", players, ALTA, teams)
    assert groups == [[3, 1, 4], [2, 0, 5]]
    order = seat_groups(groups, players, teams)
    assert order == [3, 2, 1, 0, 4, 5]
    assert {teams[order.index(p)] for p in groups[0]} == {0} and {teams[order.index(p)] for p in groups[1]} == {1}
    assert parse_order("5,4,3,2,1,0", players) == [5, 4, 3, 2, 1, 0]
    with pytest.raises(click.UsageError, match="names player 3 \\(hard\\) twice"):
        parse_order("3,3,1,2,4,5", players)


def test_seat_wish_decides_the_team_of_its_group() -> None:
    teams = (0, 1, 0, 1)
    players = make_participants(4, HUMAN, [3], "easy,medium,hard", "medium", TRUCO_LEVELS, MSG)
    groups = parse_teams("you,easy/medium,hard", players, ALTA, teams)
    assert seat_groups(groups, players, teams) == [1, 0, 2, 3]  # medium, easy, hard, you


def test_interactive_defaults_line_by_line(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run("play", "alta", "--lobby", "--seed", "3", "--ascii", input="4\n\n\n\n\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Number of players (2, 3, 4) [2]: 4" in out
    assert re.search(r"Bot level \(easy, hard, search, random\) \[easy\]: \n", out)
    assert "Seats: 1,3 against 2,4\nPlayers: 1 you · 2 easy · 3 easy · 4 easy" in out
    assert "Teams (players by name or number, / between teams) [1,3/2,4]: " in out
    assert "Seat order, from seat 1 (partners alternate) [1,2,3,4]: " in out
    assert "At the table: You · Bot 2 (easy) · Partner (easy) · Bot 4 (easy)" in out
    record = load_record(saves()[0])
    assert record.options == {"players": 4, "points": 3}
    assert record.players == {"0": HUMAN, "1": "easy", "2": "easy", "3": "easy"}


@pytest.mark.parametrize(("answers", "said"), [
    pytest.param(
        "4\n30\nyou,easy,hard/medium\nyou,hard/easy,medium\nyou,hard,easy,medium\n\n1\nquit\n",
        ["Teams (players by name or number, / between teams) [you,medium/easy,hard]: ",
         "Error: uneven teams 'you,easy,hard/medium'",
         "Error: order 'you,hard,easy,medium' splits the team you,hard; partners sit at seats 1,3 or 2,4"],
        id="teams_by_name_and_a_wrong_answer_asked_again",
    ),
    # At the questions players and seats are typed from 1 ("1,4/2,3" partners you with the hard bot, as the flag
    # ``--teams 0,3/1,2`` does), "0" is no player, and a refusal names them as the person counts them.
    pytest.param(
        "4\n30\n0,2/1,3\n1,4/2,3\n1,2,3,4\n1,2,4,3\n1\nquit\n",
        ["Seats: 1,3 against 2,4\nPlayers: 1 you · 2 easy · 3 medium · 4 hard",
         "Error: teams names player 0; the players are 1 you · 2 easy · 3 medium · 4 hard",
         "Error: order '1,2,3,4' splits the team you,hard; partners sit at seats 1,3 or 2,4"],
        id="typed_numbers_count_from_one_and_are_refused_as_typed",
    ),
])
def test_interactive_truco_teams_asked_again_until_right(
    truco: Callable[..., Result], saves: Callable[[], list[Path]], answers: str, said: list[str]
) -> None:
    """The lobby asks for teams and seats again after a wrong answer, and the match starts as finally answered."""
    result = truco("--lobby", "--bots", "easy,medium,hard", input=answers)
    out = result.output
    assert result.exit_code == 0, out
    for line in said:
        assert line in out
    assert "Seat order, from seat 1 (partners alternate) [you,easy,hard,medium]: " in out
    assert "At the table: You · Bot 2 (easy) · Partner (hard) · Bot 4 (medium)" in out
    assert load_record(saves()[0]).players == {"0": HUMAN, "1": "easy", "2": "hard", "3": "medium"}


def test_setup_match_asks_through_click_prompts(registry: Registry) -> None:
    runner = CliRunner()
    with runner.isolation(input="4\n5\nhard\n\n3,2,1,4\n"):  # the order typed from seat 1
        setup = setup_match(ALTA, registry, LobbyFlags(), msg=MSG, interactive=True)
    assert setup.options.players == 4 and setup.options.points == 5  # type: ignore[attr-defined]
    assert setup.players == {0: "hard", 1: "hard", 2: HUMAN, 3: "hard"}


def test_games_without_teams_skip_the_teams_step(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> None:
    result = run("play", "alta", "--lobby", "--ascii", input="3\n\nhard\n2\n1\nquit\n")
    assert "Teams" not in result.output and "Seat order" not in result.output
    assert "Your seat (1, 2, 3) [1]: 2" in result.output
    assert "At the table: Bot 1 (hard) · You · Bot 3 (hard)" in result.output
    assert load_record(saves()[0]).players == {"0": "hard", "1": HUMAN, "2": "hard"}


def test_watched_bots_are_seated_by_teams(run: Callable[..., Result]) -> None:
    result = run(
        "play", "alta", "--watch", "--players", "4", "--bots", "easy,hard,random,easy", "--teams", "0,1/2,3", "--ascii"
    )
    assert result.exit_code == 0, result.output
    assert "At the table: Bot 1 (easy) · Bot 2 (random) · Bot 3 (hard) · Bot 4 (easy)" in (
        result.output
    )


def test_lobby_flag_needs_a_person_at_the_terminal(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--lobby", "--json")
    assert result.exit_code == 2
    assert "--lobby asks on stdin" in result.output
