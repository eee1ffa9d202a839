"""The scenarios PA-xx of the resolved rules, each with exact hands and exact points.

In the two-player scenarios A is the mão (seat 0) and B the dealer (seat 1).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cartas.core.cards import Card
from cartas.core.errors import IllegalActionError
from cartas.core.tricks import PARDA
from cartas.games.truco_paulista.state import PaulistaState

A, B = 0, 1
Start = Callable[..., PaulistaState]
Play = Callable[..., None]


def test_pa_01_vira_7o_makes_the_10s_manilhas(start: Start, play: Play) -> None:
    state = start(["10O 4E 5E", "3B 4C 5C"], "7O")
    order = ["10B", "10C", "10E", "10O", "3E", "2E", "1E", "12E", "11E", "7E", "6E", "5E", "4E"]
    strengths = [state.ranks[Card.parse(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    play(state, "0 play 10O", "1 play 3B")
    assert state.results == [A]
    assert state.to_act == (A,)


def test_pa_05_tied_first_trick_then_the_second_decides(start: Start, play: Play) -> None:
    state = start(["3E 2B 4E", "3C 1O 4C"], "5O")
    play(state, "0 play 3E", "1 play 3C")
    assert state.results == [PARDA]
    assert state.to_act == (A,), "the player who played the first of the tied cards leads"
    play(state, "0 play 2B", "1 play 1O")
    assert state.scores() == (1, 0)
    assert state.hands_played == 1


def test_pa_09_seis_refused_gives_the_caller_three(start: Start, play: Play) -> None:
    state = start(["3E 2B 4E", "3C 1O 4C"], "5O")
    play(state, "0 truco", "1 aceito")
    assert state.ladder.worth == 3
    play(state, "0 play 4E")
    assert "seis" in [str(a) for a in state.legal_actions(B)]
    play(state, "1 seis", "0 corro")
    assert state.scores() == (0, 3)


def test_pa_12_face_down_card_loses_the_trick_and_is_refused_in_the_first(start: Start, play: Play) -> None:
    state = start(["3E 5B 4E", "12C 1C 4C"], "6O")
    play(state, "0 play 3E")
    with pytest.raises(IllegalActionError):
        state.apply("hide 12C", B)
    play(state, "1 play 12C")
    assert state.results == [A]
    play(state, "0 play 5B", "1 hide 1C")
    assert state.scores() == (1, 0)


def test_pa_13_running_from_the_mao_de_onze_gives_one_and_the_next_hand_is_again_onze(start: Start, play: Play) -> None:
    state = start(["3E 5B 4E", "12C 1C 4C"], "6O", scores=[11, 7])
    assert state.to_act == (A,)
    assert [str(a) for a in state.legal_actions(A)] == ["jogo", "corro"]
    play(state, "0 corro")
    assert state.scores() == (11, 8)
    assert state.observation(A).table["mao_de_onze"] == A
    assert state.to_act == (A,)
    assert [str(a) for a in state.legal_actions(A)] == ["jogo", "corro"]


def test_pa_16_mao_de_ferro_no_truco_no_running_winner_takes_the_match(start: Start, play: Play) -> None:
    state = start(["3E 2E 4E", "12C 1C 4C"], "6O", scores=[11, 11])
    legal = [str(a) for a in state.legal_actions(A)]
    assert legal == ["play 3E", "play 2E", "play 4E"]
    play(state, "0 play 3E", "1 play 12C")
    assert not any(str(a) in ("truco", "corro") for a in state.legal_actions(A))
    play(state, "0 play 2E", "1 play 1C")
    assert state.is_over
    assert state.scores() == (12, 11)
    assert state.result().winners == (A,)


def test_pa_16_three_ties_in_ferro_redeal_and_stay_ferro(start: Start, play: Play) -> None:
    state = start(["3E 2E 12E", "3C 2C 12C"], "4O", scores=[11, 11])
    play(state, "0 play 3E", "1 play 3C", "0 play 2E", "1 play 2C", "0 play 12E", "1 play 12C")
    assert not state.is_over
    assert state.scores() == (11, 11)
    assert state.dealer == B, "the same dealer deals again"
    assert state.observation(A).table["mao_de_ferro"]
    assert state.ladder.worth == 1


def test_pa_17_four_players_tie_within_one_team_is_a_win(start: Start, play: Play) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0)
    assert state.to_act == (1,)
    play(state, "1 play 3E", "2 play 2B", "3 play 3C", "0 play 1O")
    assert state.results == [1], "3E and 3C are both team X's (seats 1 and 3)"
    assert state.to_act == (1,)


def test_pa_17_four_players_tie_across_teams_is_a_parda(start: Start, play: Play) -> None:
    hands = ["1O 4B 5B", "3E 4E 5E", "3B 4C 5C", "3C 4O 6B"]
    state = start(hands, "5O", dealer=0)
    play(state, "1 play 3E", "2 play 3B", "3 play 3C", "0 play 1O")
    assert state.results == [PARDA]
    assert state.to_act == (1,), "seat 1 played the first of the tied cards"
