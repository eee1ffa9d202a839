"""Trick winners (by rank with pardas, and follow-suit with trumps) and the best of three tricks."""

from __future__ import annotations

import pytest

from cartas.core import Card
from cartas.core.tricks import PARDA, UNDECIDED, best_of_three, rank_table, trick_winner_by_rank, trick_winner_follow_suit

c = Card.parse
RANKS = rank_table([[c("1E")], [c("1B")], [c("7E")], [c("3E"), c("3B"), c("3O"), c("3C")], [c("4E"), c("4O")]])
TWO_TEAMS = (0, 1, 0, 1)


def test_rank_table_gives_equal_cards_equal_strength_strongest_first() -> None:
    assert RANKS[c("1E")] == 5
    assert RANKS[c("3B")] == RANKS[c("3C")] == 2
    assert RANKS[c("4O")] == 1
    assert c("5E") not in RANKS


def test_highest_card_wins_whatever_its_suit() -> None:
    plays = [(1, c("3O")), (2, c("7E")), (3, c("4E")), (0, c("1B"))]
    assert trick_winner_by_rank(plays, RANKS, TWO_TEAMS) == (0, 0)


def test_equal_top_cards_of_opposing_teams_are_parda_led_by_the_first() -> None:
    plays = [(0, c("4E")), (1, c("3B")), (2, c("3O")), (3, c("4O"))]
    assert trick_winner_by_rank(plays, RANKS, TWO_TEAMS) == (PARDA, 1)


def test_equal_top_cards_of_one_team_win_for_it_and_the_first_leads() -> None:
    plays = [(3, c("4E")), (0, c("3B")), (1, c("4O")), (2, c("3O"))]
    assert trick_winner_by_rank(plays, RANKS, TWO_TEAMS) == (0, 0)


def test_a_lower_tie_does_not_make_a_parda() -> None:
    plays = [(0, c("4E")), (1, c("4O")), (2, c("3E"))]
    assert trick_winner_by_rank(plays, RANKS, (0, 1, 0)) == (0, 2)


def test_two_player_parda() -> None:
    assert trick_winner_by_rank([(1, c("3E")), (0, c("3C"))], RANKS, (0, 1)) == (PARDA, 1)


def test_a_face_down_card_ranks_below_every_other() -> None:
    face_down = c("5C")
    plays = [(0, face_down), (1, c("4O"))]
    assert trick_winner_by_rank(plays, RANKS, (0, 1)) == (1, 1)
    assert trick_winner_by_rank([(0, c("4O")), (1, face_down)], RANKS, (0, 1)) == (0, 0)


SUIT_RANKS = {1: 10, 3: 9, 12: 8, 11: 7, 10: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}


def test_follow_suit_best_of_the_suit_led_wins_without_trumps() -> None:
    plays = [(0, c("5O")), (1, c("1C")), (2, c("3O")), (3, c("12O"))]
    assert trick_winner_follow_suit(plays, None, SUIT_RANKS) == 2


def test_follow_suit_any_trump_beats_the_suit_led() -> None:
    plays = [(0, c("1O")), (1, c("2E")), (2, c("3O"))]
    assert trick_winner_follow_suit(plays, "E", SUIT_RANKS) == 1


def test_follow_suit_best_trump_wins() -> None:
    plays = [(2, c("1O")), (0, c("2E")), (1, c("12E")), (3, c("1C"))]
    assert trick_winner_follow_suit(plays, "E", SUIT_RANKS) == 1


def test_follow_suit_a_trump_lead_is_beaten_only_by_a_higher_trump() -> None:
    plays = [(0, c("4B")), (1, c("1O")), (2, c("5B"))]
    assert trick_winner_follow_suit(plays, "B", SUIT_RANKS) == 2
    assert trick_winner_follow_suit(plays[:2], "B", SUIT_RANKS) == 0


def test_follow_suit_off_suit_cards_never_win() -> None:
    plays = [(0, c("2C")), (1, c("1O")), (2, c("1B"))]
    assert trick_winner_follow_suit(plays, "E", SUIT_RANKS) == 0


A, B = 0, 1


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([], UNDECIDED),
        ([A], UNDECIDED),
        ([A, A], A),
        ([B, B], B),
        ([A, B], UNDECIDED),
        ([A, B, A], A),
        ([A, B, B], B),
        ([A, PARDA], A),
        ([B, PARDA], B),
        ([PARDA], UNDECIDED),
        ([PARDA, B], B),
        ([PARDA, A], A),
        ([PARDA, PARDA], UNDECIDED),
        ([PARDA, PARDA, B], B),
    ],
)
def test_best_of_three(results: list[int], expected: int) -> None:
    assert best_of_three(results, A, third_tie_to_first=True, all_tied=A) == expected
    assert best_of_three(results, B, third_tie_to_first=False, all_tied=PARDA) == expected


def test_one_trick_each_and_a_third_parda_goes_to_the_first_or_to_the_mano() -> None:
    assert best_of_three([B, A, PARDA], A, third_tie_to_first=True, all_tied=A) == B
    assert best_of_three([B, A, PARDA], A, third_tie_to_first=False, all_tied=A) == A
    assert best_of_three([A, B, PARDA], B, third_tie_to_first=False, all_tied=A) == B


def test_three_pardas_give_all_tied() -> None:
    assert best_of_three([PARDA, PARDA, PARDA], B, third_tie_to_first=True, all_tied=B) == B
    assert best_of_three([PARDA, PARDA, PARDA], A, third_tie_to_first=True, all_tied=PARDA) == PARDA
