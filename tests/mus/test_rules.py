"""Exact rules of mus from stacked deals: every lance, its ties, its values, the envites and the count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cartas.core import Card, parse_cards
from cartas.games.mus.game import MusGame
from cartas.games.mus.lances import (
    chica_key, grande_key, juego_key, juego_value, pares_of, pares_value, points, punto_key,
)
from cartas.games.mus.state import CHICA, GRANDE, JUEGO, PARES, PUNTO, MusState

GAME = MusGame()

HANDS = [
    ["1O", "4O", "5O", "6O"],      # seat 0, the mano: no pares, 16 points, the best chica (tied, by mano)
    ["12O", "12C", "11O", "11C"],  # seat 1: duples of kings and caballos, 40 of juego, the best grande
    ["7E", "7B", "7C", "10E"],     # seat 2: medias of sietes, 31 (la real)
    ["4E", "5E", "6E", "1E"],      # seat 3: the same chica as the mano's, 16 points
]


def start(hands: list[list[str]] = HANDS, scores: list[int] | None = None, **options: Any) -> MusState:
    position: dict[str, Any] = {"dealer": 3, "hands": hands}
    if scores is not None:
        position["scores"] = scores
    state = GAME.start({"senas": False, **options}, seed=1, position=position)
    assert isinstance(state, MusState)
    return state


def play(state: MusState, *words: str) -> None:
    for word in words:
        state.apply(word, state.to_act[0])


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def test_the_mano_is_the_dealers_right_and_speaks_first() -> None:
    state = start()
    assert state.mano == 0 and state.to_act == (0,)
    assert [str(a) for a in state.legal_actions(0)] == ["mus", "no hay mus"]


def test_grande_compares_from_the_highest_card_and_eight_kings_make_treses_kings() -> None:
    assert grande_key(cards("3O 4C 5E 6B"), 8) > grande_key(cards("11O 11C 7E 7B"), 8)
    assert grande_key(cards("3O 4C 5E 6B"), 4) < grande_key(cards("11O 11C 7E 7B"), 4)
    assert grande_key(cards("12O 11C 5E 4B"), 8) > grande_key(cards("12C 10C 7E 7B"), 8)


def test_chica_compares_from_the_lowest_card_and_doses_are_aces() -> None:
    assert chica_key(cards("2O 4C 12E 12B"), 8) > chica_key(cards("4O 4E 5E 6B"), 8)
    assert chica_key(cards("1O 4C 12E 12B"), 8) == chica_key(cards("2C 4B 3E 12O"), 8)


def test_ties_go_to_the_seat_nearest_the_mano() -> None:
    state = start()
    assert state.winner_of(CHICA) == 0  # seats 0 and 3 hold the same chica
    tied = start([HANDS[3], HANDS[1], HANDS[2], HANDS[0]])
    assert tied.winner_of(CHICA) == 0
    later = GAME.start({"senas": False}, seed=1, position={"dealer": 0, "hands": HANDS})
    assert isinstance(later, MusState) and later.mano == 1
    assert later.winner_of(CHICA) == 3  # from seat 1 the order is 1, 2, 3, 0: seat 3 speaks before seat 0


def test_pares_kinds_values_and_order() -> None:
    assert pares_of(cards("12O 3C 5E 6B"), 8) == (1, 12) and pares_value(cards("12O 3C 5E 6B"), 8) == 1
    assert pares_of(cards("12O 3C 5E 6B"), 4) == ()
    assert pares_value(cards("7O 7C 7E 6B"), 8) == 2
    assert pares_value(cards("7O 7C 6E 6B"), 8) == 3
    assert pares_of(cards("7O 7C 7E 7B"), 8) == (3, 7, 7)  # four equal cards are duples
    assert pares_of(cards("4O 4C 5E 5B"), 8) > pares_of(cards("12O 12C 12E 1B"), 8)  # duples beat medias
    assert pares_of(cards("12O 12C 4E 4B"), 8) > pares_of(cards("11O 11C 10E 10B"), 8)
    assert pares_of(cards("12O 12C 1E 2B"), 8) < pares_of(cards("12E 12B 4E 4C"), 8)  # the lower pair decides


def test_juego_order_31_32_40_then_37_down_to_33() -> None:
    def key(text: str) -> int:
        return juego_key(cards(text), 8, False)

    order = ["1O 10O 10C 10E", "6O 6C 10E 10B", "10O 10C 10E 10B", "7O 10C 10E 10B", "6O 10C 10E 10B",
             "5O 10C 10E 10B", "4O 10C 10E 10B", "7O 6C 10E 10B"]
    keys = [key(text) for text in order]
    assert [points(cards(text), 8) for text in order] == [31, 32, 40, 37, 36, 35, 34, 33]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 8
    assert points(cards("3O 2C 1E 10B"), 8) == 22 and points(cards("3O 2C 1E 10B"), 4) == 16
    assert juego_key(cards("1O 1C 1E 10B"), 8, False) == 0  # 13 points: no juego
    assert juego_value(cards("1O 10O 10C 10E"), 8) == 3 and juego_value(cards("6O 6C 10E 10B"), 8) == 2
    assert juego_value(cards("4O 10C 10E 10B"), 8) == 2 and juego_value(cards("1O 1C 1E 10B"), 8) == 0


def test_la_real_beats_other_31s_only_with_the_option() -> None:
    real, plain = cards("7E 7B 7C 10E"), cards("1O 10O 10C 10E")
    assert juego_key(real, 8, True) > juego_key(plain, 8, True)
    assert juego_key(real, 8, False) == juego_key(plain, 8, False)


def test_punto_is_the_closest_to_30() -> None:
    assert punto_key(cards("10O 10C 7E 2B"), 8) == 28
    assert punto_key(cards("10O 10C 7E 2B"), 8) > punto_key(cards("10O 10C 5E 2B"), 8)
    assert punto_key(cards("10O 10C 7E 2B"), 4) == 29


def test_every_lance_en_paso_pays_one_for_grande_and_chica_and_the_values_for_pares_and_juego() -> None:
    state = start()
    play(state, "no hay mus", *["paso"] * 8)
    assert state.parts == (1, 2) and state.to_act == (1,)  # only the seats with pares speak in pares
    play(state, "paso", "paso", "paso", "paso")
    # grande 1 to seat 1's side; chica 1 to the mano's; pares duples 3 to seat 1's; juego 31 (3) to seat 2's
    assert state.scores() == (4, 4)
    points = [e.detail for e in state.events if e.kind == "points"]
    assert points == ["1 grande paso", "1 chica paso", "3 pares paso", "3 juego paso"]


def test_accepted_bets_are_paid_at_the_count_with_the_pares_and_juego_values() -> None:
    state = start()
    play(state, "no hay mus", "envido", "quiero")  # grande: 2 to seat 1's side
    play(state, "paso", "paso", "paso", "paso")
    play(state, "envido", "envido 5", "quiero")  # pares 7 to seat 1's side with its duples
    play(state, "paso", "envido", "quiero")  # juego 2 to seat 2's side with its 31
    details = [e.detail for e in state.events if e.kind == "points"]
    assert details == ["2 grande querido", "1 chica paso", "10 pares querido", "5 juego querido"]
    assert state.scores() == (6, 12)


def test_a_first_envite_refused_pays_one_and_a_refused_raise_what_stood_before() -> None:
    state = start()
    play(state, "no hay mus", "envido", "no quiero")
    assert state.scores() == (1, 0) and state.lance == CHICA
    play(state, "envido", "envido 5", "no quiero")  # the mano's 2 stood before the raise of 5
    assert state.scores() == (1, 2) and state.lance == PARES


def test_a_refused_pares_bet_pays_at_once_and_the_bettors_collect_their_own_pares() -> None:
    state = start()
    play(state, "no hay mus", *["paso"] * 8)
    play(state, "paso", "envido", "no quiero")  # seat 2 (medias) bets, seat 1 (duples) refuses
    assert state.scores() == (1, 0)
    play(state, "paso", "paso")
    details = [e.detail for e in state.events if e.kind == "points"]
    assert details == ["1 pares no_quiero", "1 grande paso", "1 chica paso", "2 pares no_quiero", "3 juego paso"]


def test_an_accepted_ordago_is_settled_at_once_by_the_lance() -> None:
    state = start()
    play(state, "no hay mus", "órdago")
    assert [str(a) for a in state.legal_actions(1)] == ["quiero", "no quiero"]
    play(state, "quiero")
    assert state.is_over and state.result().winners == (1, 3) and state.scores() == (0, 40)
    assert {e.seat for e in state.events if e.kind == "shown"} == {0, 1, 2, 3}


def test_a_refused_ordago_pays_like_a_refused_bet() -> None:
    state = start()
    play(state, "no hay mus", "envido", "órdago", "no quiero")
    assert not state.is_over and state.scores() == (0, 2) and state.lance == CHICA


def test_the_first_side_to_the_target_during_the_count_wins() -> None:
    state = start(scores=[39, 39])
    play(state, "no hay mus", *["paso"] * 12)
    # grande en paso is paid first, to seat 1's side, before the mano's chica and seat 2's juego
    assert state.is_over and state.result().winners == (1, 3) and state.scores() == (39, 40)


def test_only_one_side_with_pares_collects_without_betting() -> None:
    hands = [["1O", "4O", "5O", "6O"], ["12O", "12C", "11O", "7C"], ["7E", "6B", "5C", "10E"], ["4E", "5E", "6E", "1E"]]
    state = start(hands)
    play(state, "no hay mus", *["paso"] * 8)  # only seat 1 has pares (two kings) and juego (37): the count
    assert [e.detail for e in state.events if e.kind == "lance_solo"] == ["pares", "juego"]
    details = [e.detail for e in state.events if e.kind == "points"]
    assert details == ["1 grande paso", "1 chica paso", "1 pares solo", "2 juego solo"]
    assert state.scores() == (1, 4) and state.hands_played == 1


def test_without_juego_the_fourth_lance_is_punto_for_all_four() -> None:
    hands = [["1O", "4O", "5O", "6O"], ["12O", "12C", "1O", "7C"], ["7E", "6B", "5C", "10E"], ["4E", "5E", "6E", "1E"]]
    hands[1][2] = "2O"
    state = start(hands)
    play(state, "no hay mus", *["paso"] * 8)
    assert state.lance == PUNTO and state.parts == (0, 1, 2, 3)
    assert state.winner_of(PUNTO) == 1  # seats 1 and 2 both have 28: seat 1 speaks first
    play(state, "envido", "quiero")
    details = [e.detail for e in state.events if e.kind == "points"]
    assert details[-1] == "3 punto querido"


def test_all_mus_means_discards_and_the_mus_is_asked_again() -> None:
    state = GAME.start({"senas": False}, seed=1, position={"dealer": 3, "hands": HANDS,
                                                          "stock": ["3O", "3C", "3E", "3B"]})
    assert isinstance(state, MusState)
    play(state, "mus", "mus", "mus", "mus")
    assert len(state.legal_actions(0)) == 15
    play(state, "descarte 1O 4O")
    assert set(state.hands[0]) == set(cards("5O 6O 3O 3C"))
    play(state, "descarte 12O", "descarte 7E", "descarte 1E")
    assert state.to_act == (0,) and str(state.legal_actions(0)[0]) == "mus"


def test_the_stock_is_refilled_from_the_discards() -> None:
    state = start()
    rng = random.Random(3)
    for _round in range(3):
        play(state, "mus", "mus", "mus", "mus")
        for seat in range(4):
            legal = state.legal_actions(seat)
            state.apply(legal[-1], seat)  # the four cards
    assert any(e.kind == "refill" for e in state.events)
    assert sorted(state.all_cards()) == sorted(GAME.deck(state.options))
    assert rng is not None


def test_senas_go_to_the_partner_and_samples_agree_with_them() -> None:
    state = GAME.start({"senas_caught": 0.0}, seed=1, position={"dealer": 3, "hands": HANDS})
    assert isinstance(state, MusState)
    play(state, "no hay mus", "paso")
    assert "seña duples" in [str(a) for a in state.legal_actions(1)]
    state.apply("seña duples", 1)
    assert state.to_act == (1,)
    seen = [e for e in state.events if e.kind == "seña"]
    assert seen[0].visible_to == (1, 3)
    for seed in range(20):
        world = state.sample(3, random.Random(seed))
        assert isinstance(world, MusState) and pares_value(world.hands[1], 8) == 3
    assert "seña" not in " ".join(state.observation(0).legal)


def test_reyes_4_and_points_30_options() -> None:
    state = start(reyes=4, points=30)
    assert state.target == 30 and state.reyes == 4
    with pytest.raises(Exception):
        GAME.start({"players": 2})
