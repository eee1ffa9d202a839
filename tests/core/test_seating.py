"""The seating rules both lobbies share: exact seatings and refusals, and invariants of the table changes."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core import CartasError, SeatingError
from cartas.core.seating import (
    HUMAN,
    Participant,
    check_order,
    check_players,
    check_seating,
    describe_teams,
    format_groups,
    make_participants,
    move,
    parse_order,
    parse_teams,
    require_teams,
    roster,
    rotate_partners,
    seat_groups,
    swap_opponents,
    team_seats,
)
from cartas.games.truco.game import TrucoGame

TRUCO = TrucoGame()
LEVELS = ("easy", "medium", "hard")
FOUR = (0, 1, 0, 1)
SIX = (0, 1, 0, 1, 0, 1)


def refusal(call: object, *args: object, **kwargs: object) -> str:
    """The message of the :class:`SeatingError` that ``call`` raises."""
    assert callable(call)
    with pytest.raises(SeatingError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def partners_of_seat_0(order: Sequence[int], teams: Sequence[int]) -> set[int]:
    return {order[seat] for seat in range(1, len(order)) if teams[seat] == teams[0]}


# --- players, teams and order lines ------------------------------------------------------------------------------


def test_seating_error_is_an_input_error() -> None:
    assert issubclass(SeatingError, CartasError) and issubclass(SeatingError, ValueError)


def test_player_counts() -> None:
    check_players(TRUCO, 4)
    assert refusal(check_players, TRUCO, 3) == "truco cannot be played by 3; it allows 2, 4, 6 players"
    assert refusal(require_teams, TRUCO, 3, None) == "truco with 3 players has no teams: every player for himself"
    assert require_teams(TRUCO, 4, FOUR) == FOUR


def test_participants_speak_the_callers_language_and_name_its_inputs() -> None:
    players = make_participants(4, HUMAN, [], "easy,medium,hard", "medium", LEVELS, you="vos")
    assert roster(players) == "0 vos · 1 easy · 2 medium · 3 hard"
    assert {"vos", "you"} <= players[0].aliases
    assert refusal(make_participants, 4, HUMAN, [7], None, "easy", LEVELS) == "seat 7 is not a seat; seats are 0 to 3"
    assert refusal(make_participants, 4, HUMAN, [], "easy,1=hard", "easy", LEVELS, bots_flag="--bots") == (
        "--bots 'easy,1=hard' mixes seat=level and plain levels; use one form"
    )
    assert refusal(make_participants, 4, HUMAN, [], "genius", "easy", LEVELS) == (
        "no bot level 'genius'; levels: easy, medium, hard"
    )


def test_web_participants_by_name_seat_the_host_at_seat_0() -> None:
    players = [Participant.named(HUMAN, "Ana", wish=0), Participant.named(HUMAN, "Beto"),
               Participant.named(HUMAN, "Caro"), Participant.named("medium", "medium")]
    groups = parse_teams("caro,ana/ Beto , MEDIUM", players, TRUCO, FOUR)
    assert groups == [[2, 0], [1, 3]]
    assert seat_groups(groups, players, FOUR) == [0, 1, 2, 3]
    assert seat_groups(parse_teams("beto,medium/ana,caro", players, TRUCO, FOUR), players, FOUR) == [0, 1, 2, 3]
    assert seat_groups(parse_teams("ana,beto/caro,medium", players, TRUCO, FOUR), players, FOUR) == [0, 2, 1, 3]
    assert parse_order("ana,medium,caro,beto", players) == [0, 3, 2, 1]
    bots = [Participant.named(HUMAN, "Ana", wish=0), Participant.named("hard", "Bot 1 (hard)"),
            Participant.named("easy", "Bot 2 (easy)"), Participant.named(HUMAN, "easy")]
    assert parse_order("ana,bot1(hard),easy,easy", bots) == [0, 1, 2, 3]  # the bot first, then the person
    assert refusal(parse_order, "ana,hard,hard,easy", bots) == (
        "order names hard more often than there are such players; the players are "
        "0 Ana · 1 Bot 1 (hard) · 2 Bot 2 (easy) · 3 easy"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("Ana,Beto,Caro/medium", "uneven teams 'Ana,Beto,Caro/medium'; truco seats 0,2 against 1,3 (2 teams of 2), "
                                 "such as teams Ana,Caro/Beto,medium"),
        ("Ana/Beto/Caro/medium", "teams 'Ana/Beto/Caro/medium' makes 4 teams; with 4 players truco seats 0,2 "
                                 "against 1,3 (2 teams of 2), such as teams Ana,Caro/Beto,medium"),
        ("Ana,Beto/Caro", "teams 'Ana,Beto/Caro' leaves out medium; every player joins one team: truco seats 0,2 "
                          "against 1,3 (2 teams of 2), such as teams Ana,Caro/Beto,medium"),
        ("Ana,Dora/Caro,medium", "teams names 'Dora', who is not playing; the players are 0 Ana · 1 Beto · 2 Caro · "
                                 "3 medium"),
        ("0,1/2,2", "teams names player 2 (Caro) twice"),
    ],
)
def test_teams_refusals_name_the_web_input_as_teams(spec: str, message: str) -> None:
    players = [Participant.named(HUMAN, name) for name in ("Ana", "Beto", "Caro")]
    players.append(Participant.named("medium", "medium"))
    assert refusal(parse_teams, spec, players, TRUCO, FOUR) == message


def test_order_refusals() -> None:
    players = make_participants(4, HUMAN, [1], "easy,medium,hard", "medium", LEVELS)
    assert refusal(parse_order, "you,easy", players) == (
        "order 'you,easy' must name each of the 4 players once: 0 easy · 1 you · 2 medium · 3 hard"
    )
    groups = [[1, 0], [2, 3]]
    assert refusal(check_order, [1, 0, 2, 3], "x", players, groups, FOUR) == (
        "order 'x' puts you at seat 0, but seat 1 was asked for"
    )
    assert refusal(check_order, [0, 1, 2, 3], "y", players, groups, FOUR) == (
        "order 'y' splits the team you,easy; partners sit at seats 0,2 or 1,3"
    )
    check_order([2, 1, 3, 0], "z", players, groups, FOUR)
    assert refusal(check_order, [1, 0, 2, 3], "x", players, None, None, flag="--order") == (
        "--order 'x' puts you at seat 0, but seat 1 was asked for"
    )


def test_counting_from_one_shifts_what_is_read_and_typed_not_the_seats() -> None:
    """``first=1`` (the terminal's questions): numbers are shown and read from 1, and refused as typed; what
    comes back is the same seating the 0-based line gives."""
    players = make_participants(4, HUMAN, [], "medium,medium,medium", "medium", LEVELS)
    assert roster(players, first=1) == "1 you · 2 medium · 3 medium · 4 medium"
    assert describe_teams(FOUR, first=1) == "1,3 against 2,4"
    assert format_groups(team_seats(FOUR), players, first=1) == "1,3/2,4"
    assert parse_teams("1,4/2,3", players, TRUCO, FOUR, first=1) == parse_teams("0,3/1,2", players, TRUCO, FOUR)
    assert parse_order("2,1,4,3", players, first=1) == [1, 0, 3, 2] == parse_order("1,0,3,2", players)
    assert refusal(parse_teams, "0,2/1,3", players, TRUCO, FOUR, first=1) == (
        "teams names player 0; the players are 1 you · 2 medium · 3 medium · 4 medium"
    )
    assert refusal(parse_order, "1,2,3,1", players, first=1) == "order names player 1 (you) twice"
    assert refusal(parse_teams, "1,2,3/4", players, TRUCO, FOUR, first=1) == (
        "uneven teams '1,2,3/4'; truco seats 1,3 against 2,4 (2 teams of 2), such as teams 1,3/2,4"
    )
    assert refusal(check_order, [0, 1, 2, 3], "1,2,3,4", players, [[0, 1], [2, 3]], FOUR, first=1) == (
        "order '1,2,3,4' splits the team 1,2; partners sit at seats 1,3 or 2,4"
    )
    wished = make_participants(4, HUMAN, [0, 1], None, "medium", LEVELS)
    assert refusal(seat_groups, [[0, 1], [2, 3]], wished, FOUR, first=1) == (
        "the seats asked for (you 1 at 1, you 2 at 2) do not fit the teams 1,2/3,4: partners sit at seats 1,3 or 2,4"
    )


def test_describe_teams() -> None:
    assert team_seats(SIX) == [(0, 2, 4), (1, 3, 5)]
    assert describe_teams(SIX) == "0,2,4 against 1,3,5"
    assert describe_teams(None) == "every player for himself"


# --- rotating partners, swapping opponents, moving seats ---------------------------------------------------------


def test_rotating_partners_of_four_gives_seat_0_each_partner_in_turn() -> None:
    start = [0, 1, 2, 3]
    once = rotate_partners(start, FOUR)
    twice = rotate_partners(once, FOUR)
    assert (once, twice) == ([0, 3, 1, 2], [0, 2, 3, 1])
    assert rotate_partners(twice, FOUR) == start
    assert [partners_of_seat_0(o, FOUR) for o in (start, once, twice)] == [{2}, {1}, {3}]
    assert start == [0, 1, 2, 3]  # the argument is left as it was


def test_rotating_partners_of_six_gives_two_new_partners_each_time() -> None:
    orders = [list(range(6))]
    for _ in range(5):
        orders.append(rotate_partners(orders[-1], SIX))
    assert orders[1] == [0, 5, 1, 2, 3, 4]
    assert orders[5] == orders[0]
    partners = [partners_of_seat_0(order, SIX) for order in orders[:5]]
    assert partners == [{2, 4}, {1, 3}, {2, 5}, {1, 4}, {3, 5}]
    assert all(not before & after for before, after in zip(partners, partners[1:]))
    assert Counter(p for group in partners for p in group) == {p: 2 for p in range(1, 6)}


def test_rotating_works_on_any_entries() -> None:
    assert rotate_partners(["Ana", None, "medium", "Beto"], FOUR) == ["Ana", "Beto", None, "medium"]


def test_swapping_opponents() -> None:
    assert swap_opponents([0, 1, 2, 3], FOUR) == [0, 3, 2, 1]
    assert swap_opponents([0, 3, 2, 1], FOUR) == [0, 1, 2, 3]
    six = [swap_opponents(list(range(6)), SIX)]
    six.append(swap_opponents(six[-1], SIX))
    six.append(swap_opponents(six[-1], SIX))
    assert six == [[0, 5, 2, 1, 4, 3], [0, 3, 2, 5, 4, 1], [0, 1, 2, 3, 4, 5]]


def test_moving_two_seats() -> None:
    start = [0, 1, 2, 3]
    assert move(start, 1, 2) == [0, 2, 1, 3]
    assert move(start, 3, 3) == start
    assert refusal(move, start, 1, 4) == "4 is not a seat; seats are 0 to 3"
    assert refusal(move, start, -1, 2) == "-1 is not a seat; seats are 0 to 3"
    assert start == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("call", "teams", "message"),
    [
        (rotate_partners, None, "every player plays for himself, so there are no partners to rotate"),
        (rotate_partners, (0, 1), "seat 0 plays without partners, so there are no partners to rotate"),
        (rotate_partners, (0, 0), "every player is seat 0's partner, so there are no partners to rotate"),
        (rotate_partners, (), "a table without seats has no partners to rotate"),
        (rotate_partners, (0, 1, 0), "the seating has 2 seats, but the teams name 3"),
        (swap_opponents, None, "every player plays for himself, so there are no opponents to swap"),
        (swap_opponents, (0, 1),
         "each opponent of seat 0 plays without partners, so there are no opponents to swap"),
    ],
)
def test_changes_that_mean_nothing_are_refused(call: object, teams: tuple[int, ...] | None, message: str) -> None:
    assert refusal(call, [0, 1], teams) == message


# --- whether a table can start -----------------------------------------------------------------------------------


def test_check_seating() -> None:
    four = TRUCO.options({"players": 4})
    assert check_seating(TRUCO, four, ["Ana", "easy", "Beto", "hard"]) is None
    assert check_seating(TRUCO, four, ["Ana", "easy", None, "hard"]) == (
        "seat 3 is empty; seat a person or a bot there before the start"
    )
    assert check_seating(TRUCO, four, ["Ana", None, None, "hard"]) == (
        "seats 2, 3 are empty; seat a person or a bot in each before the start"
    )
    assert check_seating(TRUCO, four, ["Ana", "easy"]) == "the table has 2 seats, but truco with these options seats 4"
    full = ["Ana", "easy", "Beto", "hard"]
    assert check_seating(TRUCO, four, full, teams=FOUR) is None
    assert check_seating(TRUCO, four, full, teams=(1, 0, 1, 0)) is None
    assert check_seating(TRUCO, four, full, teams=(0, 0, 0, 1)) == (
        "the teams have 3 and 1 players; truco with 4 players seats 0,2 against 1,3 (2 teams of 2)"
    )
    assert check_seating(TRUCO, four, full, teams=(0, 0, 1, 1)) == (
        "the teams sit at 0,1 against 2,3; truco with 4 players seats 0,2 against 1,3"
    )


# --- invariants --------------------------------------------------------------------------------------------------


@st.composite
def seatings(draw: st.DrawFn) -> tuple[list[int], tuple[int, ...]]:
    """A shuffled table of 2 to 8 seats with any teams (team numbers 0..k-1, every team seated)."""
    n = draw(st.integers(2, 8))
    k = draw(st.integers(1, n))
    teams = list(range(k)) + draw(st.lists(st.integers(0, k - 1), min_size=n - k, max_size=n - k))
    teams = draw(st.permutations(teams))
    order = draw(st.permutations(list(range(n))))
    return list(order), tuple(teams)


def groups_of(order: Sequence[int], teams: Sequence[int]) -> list[frozenset[int]]:
    return sorted((frozenset(order[s] for s in seats) for seats in team_seats(teams)), key=sorted)


@given(seatings())
def test_rotation_keeps_everyone_once_seat_0_still_and_team_sizes(seating: tuple[list[int], tuple[int, ...]]) -> None:
    order, teams = seating
    if not 2 <= teams.count(teams[0]) < len(teams):
        with pytest.raises(SeatingError):
            rotate_partners(order, teams)
        return
    before = list(order)
    rotated = rotate_partners(order, teams)
    assert order == before
    assert sorted(rotated) == sorted(order) and rotated[0] == order[0]
    assert sorted(map(len, groups_of(rotated, teams))) == sorted(map(len, groups_of(order, teams)))
    assert partners_of_seat_0(rotated, teams) != partners_of_seat_0(order, teams)
    back = rotated
    for _ in range(len(order) - 2):
        back = rotate_partners(back, teams)
    assert back == order


@given(seatings())
def test_swapping_opponents_keeps_every_team_together(seating: tuple[list[int], tuple[int, ...]]) -> None:
    order, teams = seating
    opposing = [seats for seats in team_seats(teams) if 0 not in seats and len(seats) > 1]
    if not opposing:
        with pytest.raises(SeatingError):
            swap_opponents(order, teams)
        return
    swapped = swap_opponents(order, teams)
    assert sorted(swapped) == sorted(order) and swapped[0] == order[0]
    assert groups_of(swapped, teams) == groups_of(order, teams)
    assert swapped != order
    assert all(swapped[s] == order[s] for s in range(len(order)) if teams[s] == teams[0])


@given(seatings(), st.data())
def test_moving_twice_is_no_move(seating: tuple[list[int], tuple[int, ...]], data: st.DataObject) -> None:
    order, _ = seating
    seat, to = data.draw(st.integers(0, len(order) - 1)), data.draw(st.integers(0, len(order) - 1))
    moved = move(order, seat, to)
    assert sorted(moved) == sorted(order) and (moved[seat], moved[to]) == (order[to], order[seat])
    assert move(moved, seat, to) == order


def test_the_rotation_tables_in_the_docs_are_what_the_code_does() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "seating.md").read_text(encoding="utf-8")
    tables = re.findall(r"\| step \| seats [\d ]+\|[^\n]*\n\|[-|]+\n((?:\|[^\n]*\n)+)", text)
    assert len(tables) == 2
    for table in tables:
        rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()]
        seatings = [row[1].split() for row in rows]
        teams = SIX if len(seatings[0]) == 6 else FOUR
        for before, after in zip(seatings, seatings[1:]):
            assert rotate_partners(before, teams) == after
        for row, seated in zip(rows, seatings):
            partners = sorted(seated[s] for s in range(1, len(seated)) if teams[s] == teams[0])
            assert sorted(row[2].split(", ")) == partners
