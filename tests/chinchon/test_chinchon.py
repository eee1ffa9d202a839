"""Chinchón as played: stacked deals with exact hands and exact points."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cartas.core.errors import IllegalActionError, PositionError
from cartas.core.state import State
from cartas.games.chinchon.game import ChinchonGame

GAME = ChinchonGame()


def start(hands: list[str], stock: str, scores: list[int] | None = None, **options: Any) -> State:
    """Two players, seat 0 is mano (seat 1 deals); the upcard is 11E and the stock is drawn in order."""
    return GAME.start(
        {"players": len(hands), **options},
        seed=7,
        position={"hands": [h.split() for h in hands], "up": "11E", "stock": stock.split(),
                  "dealer": len(hands) - 1, "scores": scores},
    )


def first_round(state: State, players: int = 2) -> None:
    """Every seat draws from the stock and throws the card it drew: nobody may close yet."""
    for _ in range(players):
        state.apply("draw stock")
        drawn = state.hand_of(state.to_act[0])[-1]
        state.apply(f"discard {drawn}")


def close_in_the_second_round(state: State, card: str, players: int = 2) -> None:
    """After :func:`first_round`, seat 0 draws from the stock and closes throwing ``card``."""
    first_round(state, players)
    state.apply("draw stock")
    state.apply(f"close {card}")


def seat_1_goes_over() -> State:
    """Three players with the reenganche on; seat 0 closes at once and seat 1 goes over 100, so it is asked."""
    hands = ["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O", "1E 2E 3E 5B 5C 5E 9B"]
    state = start(hands, "9O 9C 8C 8B", scores=[20, 96, 40], reenganche=True)
    close_in_the_second_round(state, "8B", 3)
    return state


def kinds(state: State, kind: str) -> list[tuple[int, str]]:
    return [(e.seat, e.detail) for e in state.events if e.kind == kind]


def test_ch_01_minus_ten_and_no_lay_off_after_it() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B", scores=[20, 30])
    close_in_the_second_round(state, "8B")
    assert state.scores() == (10, 35)
    assert kinds(state, "score") == [(0, "-10 = 10"), (1, "+5 = 35")]
    assert kinds(state, "arrange") == [(0, "1O 2O 3O 4O | 7C 7E 7B = -10"), (1, "6C 6E 6B | 10C 11C 12C | loose 5O = 5")]
    assert state.hands_played == 1 and not state.is_over
    kinds_in_order = [e.kind for e in state.events]
    close_at = kinds_in_order.index("close")
    assert state.events[close_at].detail == ""
    assert kinds_in_order.index("reveal") > kinds_in_order.index("arrange") > close_at
    assert [e.detail for e in state.events if e.kind == "reveal"] == ["8B"]


def test_lay_off_after_an_ordinary_cut() -> None:
    state = start(["1O 2O 3O 7C 7E 7B 2B", "6B 6C 6E 10C 11C 12C 4O"], "9E 9C 9B", scores=[20, 30])
    close_in_the_second_round(state, "9B")
    assert state.scores() == (22, 30)
    assert (1, "6C 6E 6B | 10C 11C 12C | +1: 4O = 0") in kinds(state, "arrange")


def test_ch_04_cut_needs_at_most_five_loose_points() -> None:
    state = start(["1O 2O 3O 4O 5O 2B 4C", "6B 6C 6E 10C 11C 12C 9O"], "9E 9C 12E")
    first_round(state)
    state.apply("draw stock")
    assert [str(a) for a in state.legal_actions() if "close" in str(a)] == []
    with pytest.raises(IllegalActionError):
        state.apply("close 12E")

    state = start(["1O 2O 3O 4O 5O 2B 3C", "6B 6C 6E 10C 11C 12C 9O"], "9E 9C 12E", scores=[0, 0])
    first_round(state)
    state.apply("draw stock")
    assert [str(a) for a in state.legal_actions() if "close" in str(a)] == ["close 12E"]
    state.apply("close 12E")
    assert state.scores() == (5, 9)


def test_ch_04_a_loose_comodin_stops_the_cut() -> None:
    state = start(["7O 7C 7E 7B 1B 10E JK", "6B 6C 6E 10C 11C 12C 9O"], "9E 9C 3C")
    first_round(state)
    state.apply("draw stock")
    assert not any("close" in str(a) for a in state.legal_actions())


def test_max_cut_option_widens_the_cut() -> None:
    state = start(["1O 2O 3O 4O 5O 2B 4C", "6B 6C 6E 10C 11C 12C 9O"], "9E 9C 12E", max_cut=6)
    first_round(state)
    state.apply("draw stock")
    assert "close 12E" in [str(a) for a in state.legal_actions()]


def test_no_cut_in_the_first_round() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B")
    state.apply("draw stock")
    assert [str(a) for a in state.legal_actions()] == [f"discard {c}" for c in "1O 2O 3O 4O 7C 7E 7B 9E".split()]


def test_ch_07_chinchon_wins_the_match() -> None:
    state = GAME.start({"players": 2, "deck": 40}, seed=1, position={
        "hands": [["4E", "5E", "6E", "7E", "10E", "11E", "12E"], ["6B", "6C", "6O", "10C", "11C", "12C", "5O"]],
        "up": "1B", "stock": ["2C", "2O", "3B"], "dealer": 1, "scores": [90, 0]})
    close_in_the_second_round(state, "3B")
    assert state.is_over
    assert state.result().winners == (0,)
    assert kinds(state, "chinchon") == [(0, "4E 5E 6E 7E 10E 11E 12E")]


def test_elimination_over_the_limit() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B", scores=[20, 96])
    close_in_the_second_round(state, "8B")
    assert state.is_over and state.result() == ((0,), (10, 101))


def test_reaching_the_limit_only_counts_with_the_option() -> None:
    for at_limit, over in ((False, False), (True, True)):
        state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B", scores=[20, 95],
                      eliminate_at_limit=at_limit)
        close_in_the_second_round(state, "8B")
        assert state.scores() == (10, 100)
        assert state.is_over is over


def test_reenganche_brings_a_player_back_once() -> None:
    state = seat_1_goes_over()
    assert state.scores() == (10, 101, 49)
    assert state.to_act == (1,) and [str(a) for a in state.legal_actions()] == ["reenganche", "retire"]
    assert state.observation(2).table["phase"] == "reenganche"
    assert state.hands_played == 0
    state.apply("me reengancho")
    assert state.scores() == (10, 49, 49)
    assert [(e.seat, e.detail) for e in state.events if e.kind == "reenganche"] == [(1, "49")]
    assert state.hands_played == 1 and not state.is_over and all(state.active)  # type: ignore[attr-defined]
    assert state.reentered == [False, True, False]  # type: ignore[attr-defined]


def test_declining_the_reenganche_puts_the_player_out() -> None:
    state = seat_1_goes_over()
    state.apply("retire")
    assert state.scores() == (10, 101, 49)
    assert state.active == [True, False, True]  # type: ignore[attr-defined]
    assert state.hand_of(1) == [] and state.hands_played == 1


def test_no_reenganche_with_one_player_left_in() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B", scores=[20, 96],
                  reenganche=True)
    close_in_the_second_round(state, "8B")
    assert state.is_over and state.result().winners == (0,)


def test_last_player_in_wins_and_everyone_over_the_limit_lowest_wins() -> None:
    closer, third = "1O 2O 3O 7C 7E 7B 2B", "1E 2E 3E 5B 5C 12B 9B"
    state = start([closer, "6B 6C 6E 10C 11C 12C 4O", third], "9O 9C 8C 10B", scores=[99, 96, 80])
    close_in_the_second_round(state, "10B", 3)
    assert state.scores() == (101, 96, 111)
    assert state.is_over and state.result().winners == (1,)
    state = start([closer, "6B 6C 6E 10C 11C 12C 9O", third], "4O 9C 8C 10B", scores=[99, 96, 80])
    close_in_the_second_round(state, "10B", 3)
    assert state.scores() == (101, 105, 111)
    assert state.is_over and state.result().winners == (0,)


def test_turn_limit_scores_everyone_as_they_stand() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 2B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C", max_turns=1)
    first_round(state)
    assert state.scores() == (16, 5)
    assert kinds(state, "turn_limit") == [(-1, "2")]
    assert state.hands_played == 1


def test_positions_are_checked() -> None:
    with pytest.raises(PositionError):
        start(["1O 2O 3O", "6B 6C 6E"], "9E")
    with pytest.raises(PositionError):
        start(["1O 2O 3O 4O 7C 7E 7B", "1O 6C 6E 10C 11C 12C 5O"], "9E")


def test_two_decks_from_five_players() -> None:
    assert len(GAME.deck(GAME.options({"players": 4}))) == 50
    assert len(GAME.deck(GAME.options({"players": 5}))) == 100
    assert len(GAME.deck(GAME.options({"players": 5, "deck": 40}))) == 80


def test_a_card_taken_from_the_discard_pile_stays_public() -> None:
    state = start(["1O 2O 3O 4O 7C 7E 7B", "6B 6C 6E 10C 11C 12C 5O"], "9E 9C 8B")
    state.apply("draw stock")
    state.apply("discard 9E")
    state.apply("draw discard")
    assert "9E" not in [str(c) for c in state.hidden_from(0)]
    assert "5O" in [str(c) for c in state.hidden_from(0)]
    sampled = state.sample(0, random.Random(3))
    assert "9E" in [str(c) for c in sampled.hand_of(1)]
    assert sampled.observation(0) == state.observation(0)
    text = state.observation(0).model_dump_json()
    assert all(card not in text for card in ("6B", "10C", "12C", "9C", "8B"))


def test_parse_aliases() -> None:
    assert str(GAME.parse_action("Robar Mazo")) == "draw stock"
    assert str(GAME.parse_action("pozo")) == "draw discard"
    assert str(GAME.parse_action("5o")) == "discard 5O"
    assert str(GAME.parse_action("CORTO jk")) == "close JK"
    assert str(GAME.parse_action("cortá 5O")) == "close 5O"


def test_a_world_sampled_in_the_reenganche_keeps_no_stock_order() -> None:
    """The hands are shown while the players put out decide, but the stock stays face down: a bot's sampled
    world must not carry its real order (it once did, being a plain copy of the state)."""
    state = seat_1_goes_over()
    assert state.observation(1).table["phase"] == "reenganche"
    real = list(state.stock)  # type: ignore[attr-defined]
    assert len(real) == 24
    orders = [list(state.sample(1, random.Random(seed)).stock) for seed in range(20)]  # type: ignore[attr-defined]
    assert all(sorted(map(str, order)) == sorted(map(str, real)) for order in orders)
    assert sum(order == real for order in orders) == 0
    assert len({tuple(map(str, order)) for order in orders}) == 20
    assert len({str(order[-1]) for order in orders}) > 5  # the next card drawn is not fixed either
