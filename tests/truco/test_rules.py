"""Every rule of truco as played, with exact hands and exact points (the scenarios are in test_scenarios)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cartas.core import IllegalActionError, OptionsError, PositionError
from cartas.core.cards import parse_cards
from cartas.games.truco.actions import ENVIDO, FALTA_ENVIDO, REAL_ENVIDO
from cartas.games.truco.envido import accepted_value, falta_value, flor, may_call, refused_value, tanto
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import RANK, TrucoState

GAME = TrucoGame()
Start = Callable[..., TrucoState]
Run = Callable[..., None]
Legal = Callable[[TrucoState, int], list[str]]
E, R, F = ENVIDO, REAL_ENVIDO, FALTA_ENVIDO


# --- cards and tricks ---------------------------------------------------------------------------------


def test_ranking_follows_the_seeds() -> None:
    order = "1E 1B 7E 7O 3C 2C 1C 12C 11C 10C 7C 6C 5C 4C".split()
    strengths = [RANK[c] for c in parse_cards(" ".join(order))]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert RANK[parse_cards("1C")[0]] == RANK[parse_cards("1O")[0]]
    assert RANK[parse_cards("7C")[0]] == RANK[parse_cards("7B")[0]]
    assert len(GAME.deck(GAME.options({}))) == 40


def test_two_tricks_win_and_the_hand_stops(start: Start, run: Run) -> None:
    state = start(["1E 1B 4C", "5C 6C 7C"])
    run(state, "0 play 1E", "1 play 5C", "0 play 1B", "1 play 6C")
    assert state.scores() == (1, 0)
    assert state.hands_played == 1 and state.dealer == 0


def test_first_trick_won_then_parda_goes_to_the_first_winner(start: Start, run: Run) -> None:
    state = start(["4C 3O 5O", "1E 3C 6B"])
    run(state, "0 play 4C", "1 play 1E", "1 play 3C", "0 play 3O")
    assert state.scores() == (0, 1)


def test_first_parda_then_the_next_trick_decides_and_mano_leads_after_parda(start: Start, run: Run) -> None:
    state = start(["3O 4C 5C", "3C 1E 6B"])
    run(state, "0 play 3O", "1 play 3C")
    assert state.to_act == (0,)
    run(state, "0 play 4C", "1 play 1E")
    assert state.scores() == (0, 1)


def test_three_pardas_go_to_the_mano(start: Start, run: Run) -> None:
    state = start(["3O 2O 12O", "3C 2C 12C"], dealer=0)
    assert state.to_act == (1,)
    run(state, "1 play 3C", "0 play 3O", "1 play 2C", "0 play 2O", "1 play 12C", "0 play 12O")
    assert state.scores() == (0, 1)


def test_equal_top_cards_of_one_team_win_for_it(start: Start, run: Run) -> None:
    state = start(["3O 4C 4O", "5C 4B 5O", "3C 6C 6O", "6B 7C 10E"])
    run(state, "0 play 3O", "1 play 5C", "2 play 3C", "3 play 6B")
    assert state.to_act == (0,)
    assert [e.kind for e in state.events][-1] == "trick"


# --- truco --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("moves", "scores"), [
    (["0 truco", "1 no quiero"], (1, 0)),
    (["0 truco", "1 retruco", "0 no quiero"], (0, 2)),
    (["0 truco", "1 retruco", "0 vale cuatro", "1 no quiero"], (3, 0)),
    (["0 truco", "1 retruco", "0 vale cuatro", "1 quiero", "0 play 1E", "1 play 4C", "0 play 1B", "1 play 5C"], (4, 0)),
    (["0 truco", "1 quiero", "0 play 1E", "1 play 4C", "0 play 1B", "1 play 5C"], (2, 0)),
])
def test_truco_values(moves: list[str], scores: tuple[int, int], start: Start, run: Run) -> None:
    state = start(["1E 1B 7E", "4C 5C 6C"])
    run(state, *moves)
    assert state.scores() == scores


def test_no_raise_beyond_vale_cuatro_and_no_call_while_pending(start: Start, run: Run, legal: Legal) -> None:
    state = start(["1E 1B 7E", "4C 5C 6C"])
    run(state, "0 truco", "1 retruco", "0 vale cuatro", "1 quiero")
    assert not {"truco", "retruco", "vale cuatro"} & set(legal(state, 0))
    state = start(["1E 1B 7E", "4C 5C 6C"])
    run(state, "0 truco")
    assert state.to_act == (1,)
    assert not [a for a in legal(state, 1) if a.startswith("play")]


def test_any_partner_answers_a_truco(start: Start, run: Run, legal: Legal) -> None:
    state = start(["4C 5C 6C", "4O 5O 6O", "4E 5E 6E", "4B 5B 6B"])
    run(state, "0 truco")
    assert state.to_act == (1, 3)
    run(state, "3 quiero")
    assert state.to_act == (0,)
    assert "retruco" not in legal(state, 0)
    run(state, "0 play 4C", "1 retruco")
    assert state.to_act == (0, 2)


# --- envido -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "value"), [
    ("7E 4E 3C", 31), ("7E 6E 1B", 33), ("12E 11E 4O", 20), ("12E 11B 10C", 0), ("5C 4O 7B", 7),
    ("7O 6O 5O", 33), ("1E 12E 3C", 21),
])
def test_tanto(hand: str, value: int) -> None:
    assert tanto(parse_cards(hand)) == value


def test_flor_value() -> None:
    assert flor(parse_cards("7O 6O 5O")) == 38
    assert flor(parse_cards("12O 11O 10O")) == 20
    assert flor(parse_cards("7O 6O 5C")) == 0


@pytest.mark.parametrize(("chain", "accepted", "refused"), [
    ([E], 2, 1), ([E, E], 4, 2), ([R], 3, 1), ([E, R], 5, 2), ([E, E, R], 7, 4),
    ([F], 99, 1), ([E, F], 99, 2), ([E, E, F], 99, 4), ([R, F], 99, 3), ([E, R, F], 99, 5), ([E, E, R, F], 99, 7),
])
def test_envido_table(chain: list[int], accepted: int, refused: int) -> None:
    assert accepted_value(chain, 99) == accepted
    assert refused_value(chain) == refused


def test_envido_grammar() -> None:
    assert may_call([], E) and may_call([E], E) and not may_call([E, E], E)
    assert not may_call([R], E) and not may_call([E, R], R) and may_call([E, E], R)
    assert not may_call([F], R) and not may_call([F], F)


@pytest.mark.parametrize(("scores", "target", "to_game", "value"), [
    ((3, 7), 15, False, 8), ((8, 12), 30, False, 3), ((14, 2), 30, False, 1), ((15, 2), 30, False, 15),
    ((20, 25), 30, False, 5), ((8, 12), 30, True, 18),
])
def test_falta_value(scores: tuple[int, int], target: int, to_game: bool, value: int) -> None:
    assert falta_value(scores, target, to_game) == value


def test_envido_chain_in_play_accepted(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 envido", "0 real envido", "1 quiero")
    assert state.scores() == (7, 0)


def test_falta_envido_to_game_option(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"], scores=[8, 12], falta_mode="to_game")
    run(state, "0 falta envido", "1 quiero")
    assert state.scores() == (26, 12)


def test_real_envido_is_not_answered_with_envido(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 real envido")
    assert legal(state, 1) == ["quiero", "no quiero", "falta envido", "mazo"]


def test_envido_only_before_the_first_card_and_in_the_first_trick(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 play 1B")
    assert "envido" not in legal(state, 0) and "envido" in legal(state, 1)
    run(state, "1 play 12O")
    assert "envido" not in legal(state, 0)


def test_pie_answers_the_envido_after_his_partner_played(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 play 1B", "1 envido")
    assert "envido" in legal(state, 0)
    run(state, "0 envido", "1 quiero")
    assert state.scores() == (4, 0)


def test_no_envido_after_an_accepted_truco(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 truco", "1 quiero")
    assert "envido" not in legal(state, 0)


def test_el_envido_esta_primero(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 truco")
    assert "envido" in legal(state, 1)
    run(state, "1 envido", "0 quiero")
    assert state.scores() == (2, 0)
    assert state.to_act == (1,)
    assert legal(state, 1)[:3] == ["quiero", "no quiero", "retruco"]
    run(state, "1 no quiero")
    assert state.scores() == (3, 0)


def test_no_envido_against_a_retruco(start: Start, run: Run, legal: Legal) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 truco", "1 retruco")
    assert "envido" not in legal(state, 0)


def test_envido_tie_goes_to_the_side_nearer_the_mano(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "7C 6C 12O"], dealer=0)
    run(state, "1 envido", "0 quiero")
    assert state.scores() == (0, 2)


def test_envido_callers_all_option(start: Start, legal: Legal) -> None:
    state = start(["12E 11E 4O", "5O 3O 12C", "7C 4C 11O", "6B 5B 10O"], dealer=0, envido_callers="all")
    assert "envido" in legal(state, 1)


def test_only_a_pie_raises_the_envido(start: Start, run: Run, legal: Legal) -> None:
    state = start(["12E 11E 4O", "5O 3O 12C", "7C 4C 11O", "6B 5B 10O"], dealer=0)
    run(state, "1 play 5O", "2 play 4C", "3 envido")
    assert "envido" in legal(state, 0) and "envido" not in legal(state, 2)


# --- mazo ---------------------------------------------------------------------------------------------


def test_mazo_with_an_envido_pending_refuses_it(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 mazo")
    assert state.scores() == (2, 0)


def test_mazo_by_the_pie_after_the_mano_played_costs_one(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 play 1B", "1 mazo")
    assert state.scores() == (1, 0)


def test_mazo_ends_the_hand_for_the_whole_team(start: Start, run: Run) -> None:
    state = start(["4C 5C 6C", "4O 5O 6O", "4E 5E 6E", "4B 5B 6B"])
    run(state, "0 mazo")
    assert state.scores() == (0, 2)
    assert state.hands_played == 1


def test_mazo_while_a_truco_is_pending(start: Start, run: Run) -> None:
    # The pie called truco before his first card, so he could still have called envido: 1 + 1.
    state = start(["4C 6B 7C", "5O 6O 4E"])
    run(state, "0 play 4C", "1 truco", "0 mazo")
    assert state.scores() == (0, 2)
    state = start(["4C 6B 7C", "5O 6O 4E"])
    run(state, "0 play 4C", "1 play 5O", "1 truco", "0 mazo")
    assert state.scores() == (0, 1)


# --- score and end ------------------------------------------------------------------------------------


def test_match_ends_the_moment_the_envido_reaches_the_target(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"], scores=[28, 0])
    run(state, "0 envido", "1 quiero")
    assert state.is_over and state.scores() == (30, 0)
    assert state.result().winners == (0,)
    assert state.legal_actions(0) == [] and state.to_act == ()
    with pytest.raises(IllegalActionError):
        state.apply("play 1B", 0)


def test_team_result_names_every_partner(start: Start, run: Run) -> None:
    state = start(["4C 5C 6C", "4O 5O 6O", "4E 5E 6E", "4B 5B 6B"], scores=[0, 29])
    run(state, "0 mazo")
    assert state.result().winners == (1, 3)


def test_impossible_positions_are_refused() -> None:
    with pytest.raises(PositionError):
        GAME.start({"players": 2}, position={"hands": [["1E", "1B"], ["4C", "5C"]]})
    with pytest.raises(PositionError):
        GAME.start({"players": 2}, position={"scores": [3, 30]})
    with pytest.raises(PositionError):
        GAME.start({"players": 2}, position={"hands": [["1E", "1B", "7E"], ["1E", "5C", "4C"]]})
    with pytest.raises(PositionError):
        GAME.start({"players": 2}, position={"up": "1E"})


def test_stacked_deal_dealer_and_scores(start: Start) -> None:
    state = start(["1E 1B 7E", "4C 5C 6C"], dealer=0, scores=[4, 9])
    assert state.hand_of(0) == parse_cards("1E 1B 7E") and state.dealer == 0 and state.to_act == (1,)
    assert state.scores() == (4, 9)


# --- more players and options -------------------------------------------------------------------------


def test_six_players_pies_are_the_dealer_and_his_left(start: Start, run: Run, legal: Legal) -> None:
    hands = ["4C 5C 6C", "4O 5O 6O", "4E 5E 6E", "4B 5B 6B", "7C 10C 11C", "7B 10B 11B"]
    state = start(hands)
    for seat in range(4):
        assert "envido" not in legal(state, seat)
        run(state, f"{seat} play {hands[seat].split()[0]}")
    assert "envido" in legal(state, 4)
    run(state, "4 play 7C")
    assert "envido" in legal(state, 5)


def test_after_a_parda_the_mano_leads_with_four(start: Start, run: Run) -> None:
    state = start(["4C 5C 6C", "3O 5O 6O", "3E 5E 6E", "4B 5B 6B"])
    run(state, "0 play 4C", "1 play 3O", "2 play 3E", "3 play 4B")
    assert state.results == (-1,)
    assert state.to_act == (0,)


def test_contraflor_al_resto_in_the_buenas(start: Start, run: Run) -> None:
    state = start(["7O 6O 5O", "4C 5C 6C"], scores=[16, 20], flor=True)
    run(state, "0 flor", "1 contraflor al resto", "0 quiero")
    assert state.scores() == (26, 20)


def test_every_rival_flor_may_answer(start: Start, run: Run) -> None:
    state = start(["7O 6O 5O", "4C 5C 6C", "10E 11B 12B", "4E 5E 6E"], flor=True)
    run(state, "0 flor")
    assert state.to_act == (1, 3)
    run(state, "3 con flor me achico")
    assert state.scores() == (3, 0)


def test_a_flor_holder_must_declare_before_answering_a_truco(start: Start, run: Run, legal: Legal) -> None:
    state = start(["4C 5B 6E", "7O 6O 5O", "10E 11B 12B", "4O 5E 6B"], flor=True)
    run(state, "0 truco")
    assert legal(state, 1)[:2] == ["flor", "mazo"]
    assert "quiero" in legal(state, 3)


def test_third_tie_first_with_four_players(start: Start, run: Run) -> None:
    hands = ["4C 3O 7C", "5C 2E 7B", "4O 5B 6C", "4E 6E 5E"]
    state = start(hands, third_tie="first")
    run(state, "0 play 4C", "1 play 5C", "2 play 4O", "3 play 4E")
    run(state, "1 play 2E", "2 play 5B", "3 play 6E", "0 play 3O")
    run(state, "0 play 7C", "1 play 7B", "2 play 6C", "3 play 5E")
    assert state.scores() == (0, 1)


def test_unknown_or_out_of_range_options_are_refused() -> None:
    for bad in ({"points": 20}, {"players": 3}, {"senas_caught": 2}, {"colour": "red"}, {"third_tie": "last"}):
        with pytest.raises(OptionsError):
            GAME.options(bad)
    assert GAME.options({}).model_dump() == {
        "players": 2, "points": 30, "third_tie": "mano", "falta_mode": "malas_buenas", "envido_callers": "pies",
        "flor": False, "pica_pica": True, "senas_caught": 0.0,
    }
