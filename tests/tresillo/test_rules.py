"""One test per rule of julepe de tres cartas, each on an exact stacked deal (dealer seat 2 unless said)."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core.cards import Card, parse_cards
from cartas.core.errors import IllegalActionError


def legal(state: Any, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def run(state: Any, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def kinds(state: Any) -> list[str]:
    return [e.kind for e in state.events[state.hand_events_from:]]


# --- the first dealer, antes and the deal ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_first_dealer_is_the_seat_dealt_the_first_oro(game: Any, seed: int) -> None:
    state = game.start({"players": 5}, seed=seed)
    draws = [e for e in state.events if e.kind == "draw"]
    found = [e for e in state.events if e.kind == "first_dealer"]
    assert [e.seat for e in draws] == [i % 5 for i in range(len(draws))]
    assert all(Card.parse(e.detail).suit != "O" for e in draws[:-1])
    assert Card.parse(draws[-1].detail).suit == "O"
    assert found[0].seat == draws[-1].seat == state.dealer


def test_everyone_antes_the_stake_at_the_first_deal(game: Any) -> None:
    state = game.start({"players": 6, "stake": 5, "chips": 50, "ciega": "never"}, seed=3)
    assert state.pot == 30 and state.scores() == (45,) * 6


def test_three_cards_each_from_the_dealers_right_then_trump_and_viuda(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", stock="1B 3B 12B 4C")
    assert [state.cards_held(s) for s in range(3)] == [parse_cards(h) for h in ("1O 3C 4E", "3O 12C 2B", "7O 1C 6E")]
    assert state.up == Card(5, "O") and state.trump == "O"
    assert state.viuda == parse_cards("1B 3B 12B")
    assert state.stock[-1] == Card(4, "C")
    assert state.mano() == 0 and state.to_act == (0,)


def test_declaring_goes_from_the_dealers_right_and_the_dealer_speaks_last(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", dealer=0)
    assert state.to_act == (1,)
    state.apply("juego")
    assert state.to_act == (2,)
    state.apply("paso")
    assert state.to_act == (0,)
    state.apply("juego")
    assert state.players == (1, 0) and state.to_act == (1,)


# --- the tricks --------------------------------------------------------------------------------------------


def test_a_trump_lead_must_be_overtrumped_when_possible(stacked: Any) -> None:
    state = stacked("3C 7O 4C / 12O 2O 5B / 6B 7B 2E", "5O")
    run(state, "juego", "juego", "juego", "play 7O")
    assert legal(state) == ["play 12O"]


def test_after_a_cut_the_suit_led_is_followed_with_any_card_of_it(stacked: Any) -> None:
    state = stacked("5E 4C 7C / 2O 3B 5C / 1E 2E 6C", "4O")
    run(state, "juego", "juego", "juego", "play 5E", "play 2O")
    assert legal(state) == ["play 1E", "play 2E"]


def test_void_without_trumps_plays_anything(stacked: Any) -> None:
    state = stacked("5E 4C 7C / 2C 3B 5C / 4B 7B 6C", "4O")
    run(state, "juego", "juego", "juego", "play 5E")
    assert legal(state) == ["play 2C", "play 3B", "play 5C"]


def test_the_ace_of_trumps_is_forced_only_on_the_first_lead(stacked: Any) -> None:
    state = stacked("3C 4C 5C / 1O 1C 6E / 2B 7B 6B", "5O")
    run(state, "juego", "juego", "juego")
    assert legal(state) == ["play 3C", "play 4C", "play 5C"]
    run(state, "play 3C")
    assert legal(state) == ["play 1C"]
    run(state, "play 1C", "play 2B")
    assert state.to_act == (1,) and legal(state) == ["play 1O", "play 6E"]


def test_a_renuncio_is_refused(stacked: Any) -> None:
    state = stacked("5E 4C 7C / 12O 3B 5C / 4O 7B 6C", "2O")
    run(state, "juego", "juego", "juego", "play 5E")
    before = state.scores(), state.cards_held(1)
    with pytest.raises(IllegalActionError):
        state.apply("play 3B")
    assert (state.scores(), state.cards_held(1)) == before


def test_a_player_who_passed_takes_no_part_in_the_tricks(stacked: Any) -> None:
    state = stacked("1O 3O 1C / 2C 4C 5C / 6B 7B 2E", "5O")
    run(state, "juego", "paso", "juego", "play 1O")
    assert state.to_act == (2,)


# --- payouts -------------------------------------------------------------------------------------------------


def test_each_trick_pays_a_third_of_the_pot_and_the_remainder_stays(stacked: Any) -> None:
    state = stacked("1O 3O 1C / 12O 3C 4E / 2B 4B 5B / 6B 7B 2E", "5O", dealer=3, stake=4, deals=1)
    assert state.pot == 16
    run(state, "juego", "juego", "paso", "paso")
    run(state, "play 1O", "play 12O")
    assert state.scores()[0] == 96 + 5
    run(state, "play 3O", "play 3C", "play 1C", "play 4E")
    assert state.tricks_won[:2] == [3, 0]
    assert state.scores() == (111, 80, 96, 96)
    assert state.pot == 1 + 16
    assert [e.seat for e in state.events if e.kind == "cae"] == [1]


def test_nobody_fell_so_everyone_antes_again_onto_the_remainder(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", stake=4, players=3)
    run(state, "juego", "paso", "juego", "play 1O", "play 7O", "play 3C", "play 1C", "play 6E", "play 4E")
    assert state.scores() == (96 + 4 - 4, 96 - 4, 96 + 8 - 4)
    assert state.pot == 12
    assert state.dealer == 0 and "antes" in kinds(state)


def test_every_player_who_fell_pays_the_whole_pot(stacked: Any) -> None:
    state = stacked("1O 3O 12O / 2C 4C 5C / 6B 7B 2E", "5O")
    run(state, "juego", "juego", "juego")
    run(state, "play 1O", "play 2C", "play 6B", "play 3O", "play 4C", "play 7B", "play 12O", "play 5C", "play 2E")
    assert state.scores() == (97 + 9, 97 - 9, 97 - 9)
    assert state.pot == 18
    assert [e.seat for e in state.events if e.kind == "cae"] == [1, 2]


# --- obligo ---------------------------------------------------------------------------------------------------


def test_a_turned_figure_lets_the_dealer_oblige_before_seeing_his_cards(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O")
    assert state.to_act == (2,) and legal(state) == ["obligo", "no obligo"]
    assert state.hand_of(2) == [] and state.observation(2).hand == []
    assert set(parse_cards("1C 4E 2B")) <= set(state.hidden_from(2))
    state.apply("obligo")
    assert state.hand_of(2) == parse_cards("1C 4E 2B 11O")
    assert legal(state) == ["discard 1C", "discard 4E", "discard 2B"]


def test_no_obligo_goes_on_to_declaring_with_the_dealer_in_it(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O")
    run(state, "no obligo")
    assert state.hand_of(2) == parse_cards("1C 4E 2B") and state.to_act == (0,)
    run(state, "paso", "paso")
    assert legal(state) == ["juego", "paso"]


def test_an_obliged_dealer_is_in_and_falls_with_fewer_than_two_tricks(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O", deals=1)
    run(state, "obligo", "discard 2B")
    assert state.to_act == (0,)
    run(state, "juego", "paso")
    assert state.players == (0, 2)
    assert legal(state) == ["play 1O"]
    run(state, "play 1O")
    assert legal(state) == ["play 11O"]
    run(state, "play 11O", "play 3C")
    assert legal(state) == ["play 1C"]
    run(state, "play 1C", "play 4E")
    assert legal(state) == ["play 5E"]
    run(state, "play 5E")
    assert state.fallen == (2,)
    assert state.scores() == (97 + 6, 97, 97 + 3 - 9)
    assert state.pot == 9


def test_the_obligo_discard_stays_face_down(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O")
    run(state, "obligo", "discard 2B")
    assert Card(2, "B") in state.hidden_from(0) and Card(2, "B") not in state.hidden_from(2)
    assert "2B" not in state.observation(0).model_dump_json()
    assert state.observation(2).table["my_discards"] == "2B"
    assert Card(11, "O") not in state.hidden_from(0)


# --- the viuda ------------------------------------------------------------------------------------------------


def test_the_viuda_is_offered_from_the_dealers_right_and_the_taker_plays_it(stacked: Any) -> None:
    state = stacked("1O 3O 12O / 2C 4C 5C / 6C 7C 2E", "5B", stock="3B 1B 12B")
    run(state, "juego", "paso", "paso")
    assert state.to_act == (1,) and legal(state) == ["tomo viuda", "dejo viuda"]
    run(state, "tomo viuda")
    assert state.hand_of(1) == parse_cards("3B 1B 12B")
    assert state.discards[1] == parse_cards("2C 4C 5C")
    assert state.players == (0, 1) and state.to_act == (0,)
    run(state, "play 1O")
    assert legal(state) == ["play 3B", "play 1B", "play 12B"]
    for card in parse_cards("3B 1B 12B 2C 4C 5C"):
        assert str(card) not in state.observation(0).model_dump_json()
        assert card in state.hidden_from(2)


def test_nobody_takes_the_viuda_so_the_dealer_defends_por_el_pozo(stacked: Any) -> None:
    state = stacked("4B 4O 7B / 1O 2C 4C / 3C 5E 6E", "5O")
    run(state, "paso", "juego", "paso")
    assert state.to_act == (0,)
    run(state, "dejo viuda")
    assert state.to_act == (2,)
    run(state, "dejo viuda")
    assert state.pozo and state.players == (1, 2)
    run(state, "play 1O", "play 5E", "play 2C")
    assert legal(state) == ["play 3C"]
    run(state, "play 3C", "play 6E", "play 4C")
    assert [e.detail for e in state.events if e.kind == "trick"] == ["3", "0", "0"]
    assert state.scores() == (97 - 3, 97 + 3 - 3, 97 - 3)
    assert state.pot == 6 + 9


def test_the_dealer_defending_por_el_pozo_cannot_fall(stacked: Any) -> None:
    state = stacked("4B 4O 7B / 1O 3O 12O / 3C 5E 6E", "5O")
    run(state, "paso", "juego", "paso", "dejo viuda", "dejo viuda")
    run(state, "play 1O", "play 3C", "play 3O", "play 5E", "play 12O", "play 6E")
    assert "cae" not in [e.kind for e in state.events]
    assert state.scores() == (97 - 3, 97 + 9 - 3, 97 - 3)
    assert state.pot == 9


def test_a_lone_dealer_nobody_challenges_takes_the_pot_unplayed(stacked: Any) -> None:
    state = stacked("4B 4O 7B / 2C 4C 5C / 1O 3O 12O", "5O")
    run(state, "paso", "paso", "juego", "dejo viuda", "dejo viuda")
    assert state.scores() == (97 - 3, 97 - 3, 106 - 3) and state.pot == 9
    assert state.hands_played == 1 and state.dealer == 0


# --- ciega ----------------------------------------------------------------------------------------------------


def test_ciega_everyone_plays_the_cards_in_the_order_dealt(stacked: Any) -> None:
    state = stacked("3C 1O 4E / 3O 12C 2B / 7O 1C 6E", "5O", ciega="always", deals=1)
    assert state.players == (0, 1, 2)
    assert all(state.hand_of(s) == [] and state.observation(s).hand == [] for s in range(3))
    assert legal(state) == ["destapo"]
    run(state, "destapo", "destapo", "destapo")
    assert [str(c) for c in state.played] == ["3C", "3O", "7O"]
    assert state.to_act == (1,)
    run(state, *["destapo"] * 6)
    assert state.tricks_won == [1, 1, 1]
    assert state.scores() == (100, 100, 100)


def test_ciega_players_without_a_trick_fall(stacked: Any) -> None:
    state = stacked("1O 3O 12O / 2C 4C 5C / 6B 7B 2E", "5O", ciega="always", deals=1)
    run(state, *["destapo"] * 9)
    assert state.fallen == (1, 2)
    assert state.scores() == (106, 88, 88)


def test_ciega_hides_each_players_own_cards(stacked: Any) -> None:
    state = stacked("3C 1O 4E / 3O 12C 2B / 7O 1C 6E", "5O", ciega="always")
    assert set(state.cards_held(0)) <= set(state.hidden_from(0))
    assert "3C" not in state.observation(0).model_dump_json()


def test_the_dealer_chooses_normal_or_ciega_before_dealing(game: Any) -> None:
    state = game.start({"players": 3}, seed=4)
    assert state.to_act == (state.dealer,) and legal(state) == ["apuesta normal", "apuesta ciega"]
    assert all(state.hand_of(s) == [] for s in range(3)) and len(state.stock) == 40
    state.apply("apuesta ciega")
    assert state.ciega and legal(state) == ["destapo"]


def test_ciega_never_deals_normal_at_once(game: Any) -> None:
    state = game.start({"players": 3, "ciega": "never"}, seed=4)
    assert not state.ciega and all(len(state.hand_of(s)) == 3 for s in range(3))


def test_a_stacked_deal_waits_for_the_dealers_choice(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", ciega="choice")
    assert state.to_act == (2,) and state.cards_held(0) == []
    state.apply("apuesta normal")
    assert state.hand_of(0) == parse_cards("1O 3C 4E") and state.up == Card(5, "O")
