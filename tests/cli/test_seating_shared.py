"""The terminal lobby refuses a setup with exactly the message of the shared core rules (cartas.core.seating).

Each case is one refused setup, given once as ``cartas play`` flags and once as the core calls the web lobby would
make with the same players; the terminal's error line must be the core's message, word for word.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import Result

from cartas.core import seating
from cartas.core.seating import HUMAN, Participant
from cartas_tiny import GAME as ALTA

LEVELS = ("easy", "hard", "search", "random")
FOUR = (0, 1, 0, 1)
BOTS = ("--bots", "easy,hard,random")


def players(seats: tuple[int, ...] = (), bots: str = "easy,hard,random") -> list[Participant]:
    """The participants the terminal makes for alta with four players and these flags."""
    return seating.make_participants(4, HUMAN, seats, bots, "easy", LEVELS, seat_flag="--seat", bots_flag="--bots")


def teams(spec: str, seats: tuple[int, ...] = (), bots: str = "easy,hard,random") -> None:
    people = players(seats, bots)
    seating.seat_groups(seating.parse_teams(spec, people, ALTA, FOUR, flag="--teams"), people, FOUR)


def order(spec: str, groups: str | None = None, seats: tuple[int, ...] = ()) -> None:
    people = players(seats)
    chosen = seating.parse_teams(groups, people, ALTA, FOUR, flag="--teams") if groups else None
    seating.check_order(seating.parse_order(spec, people, flag="--order"), spec, people, chosen, FOUR, flag="--order")


CASES: list[tuple[tuple[str, ...], Callable[[], object]]] = [
    (("--players", "5"), lambda: seating.check_players(ALTA, 5)),
    (
        ("--players", "3", "--teams", "0,1/2"),
        lambda: seating.require_teams(ALTA, 3, ALTA.teams(ALTA.options({"players": 3}))),
    ),
    (("--players", "4", "--bot", "genius"), lambda: seating.check_level("genius", LEVELS)),
    (("--players", "4", "--seat", "7"), lambda: players((7,))),
    (("--players", "4", "--bots", "easy,2=hard"), lambda: players(bots="easy,2=hard")),
    (("--players", "4", "--bots", "easy,hard,random,easy"), lambda: players(bots="easy,hard,random,easy")),
    (("--players", "4", "--bots", "1=easy,9=hard"), lambda: players(bots="1=easy,9=hard")),
    (("--players", "4", *BOTS, "--teams", "you,easy,hard/random"), lambda: teams("you,easy,hard/random")),
    (("--players", "4", *BOTS, "--teams", "you/easy/hard/random"), lambda: teams("you/easy/hard/random")),
    (("--players", "4", *BOTS, "--teams", "you,genius/hard,random"), lambda: teams("you,genius/hard,random")),
    (("--players", "4", *BOTS, "--teams", "you,easy/hard"), lambda: teams("you,easy/hard")),
    (("--players", "4", *BOTS, "--teams", "you,you/hard,random"), lambda: teams("you,you/hard,random")),
    (("--players", "4", *BOTS, "--teams", "0,1/2,7"), lambda: teams("0,1/2,7")),
    (
        ("--players", "4", "--bots", "1=easy,3=hard", "--teams", "you,easy/hard,random"),
        lambda: teams("you,easy/hard,random", bots="1=easy,3=hard"),
    ),
    (("--players", "4", *BOTS, "--order", "you,easy"), lambda: order("you,easy")),
    (("--players", "4", *BOTS, "--order", "0,0,1,2"), lambda: order("0,0,1,2")),
    (
        ("--players", "4", *BOTS, "--teams", "you,easy/hard,random", "--order", "you,easy,hard,random"),
        lambda: order("you,easy,hard,random", "you,easy/hard,random"),
    ),
    (("--players", "4", "--seat", "1", *BOTS, "--order", "you,easy,hard,random"),
     lambda: order("you,easy,hard,random", seats=(1,))),
]


@pytest.mark.parametrize(("flags", "core"), CASES, ids=[" ".join(flags) for flags, _ in CASES])
def test_the_terminal_and_the_core_refuse_with_the_same_message(
    run: Callable[..., Result], flags: tuple[str, ...], core: Callable[[], object]
) -> None:
    with pytest.raises(seating.SeatingError) as refused:
        core()
    result = run("play", "alta", "--ascii", "--no-lobby", *flags, input="quit\n")
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert errors == [f"Error: {refused.value}"]
