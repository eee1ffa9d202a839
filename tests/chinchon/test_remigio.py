"""Remigio as played: stacked deals with exact hands and exact points."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core.errors import IllegalActionError
from cartas.core.state import State
from cartas.games.chinchon.game import RemigioGame

GAME = RemigioGame()
SECOND = "1O 2O 3O 4O 5O 6C 6E 6B 5E 12O"
THIRD = "8C 9C 10C 11C 3E 3B 3O 4O 2E 1B"


def start(hands: list[str], stock: str, **options: Any) -> State:
    """Seat 0 is mano; the upcard is 9O and the stock is drawn in the order given."""
    return GAME.start(
        {"players": len(hands), **options},
        seed=3,
        position={"hands": [h.split() for h in hands], "up": "9O", "stock": stock.split(), "dealer": len(hands) - 1},
    )


def first_round(state: State) -> None:
    for _ in range(state.table.n_seats):
        state.apply("draw stock")
        state.apply(f"discard {state.hand_of(state.to_act[0])[-1]}")


def close_with(hands: list[str], card: str, **options: Any) -> State:
    state = start(hands, f"9E 9B 9C {card}", **options)
    first_round(state)
    state.apply("draw stock")
    state.apply(f"close {card}")
    return state


def test_re_01_closed_with_a_comodin_multiplies_by_one() -> None:
    state = close_with(["1C 2C 3C 7O 7E JK 10B 11B 12B 1B", SECOND, THIRD], "8O")
    assert state.scores() == (22, 0, 0)
    arranged = {seat: detail for seat, detail in [(e.seat, e.detail) for e in state.events if e.kind == "arrange"]}
    assert arranged[1] == "1O 2O 3O 4O 5O | 6C 6E 6B | loose 12O 5E = 15"
    assert arranged[2] == "3O 3E 3B | 8C 9C 10C 11C | loose 4O 2E 1B = 7"
    assert [(e.seat, e.detail) for e in state.events if e.kind == "reveal"] == [(0, "8O")]


def test_closed_without_comodines_doubles() -> None:
    state = close_with(["1C 2C 3C 7O 7E 7C 10B 11B 12B 1B", SECOND, THIRD], "8O")
    assert state.scores() == (44, 0, 0)


def test_re_03_color() -> None:
    second, third = "1E 2E 3E 4E 5C 6C 6E 6B 5E 12C", "8C 9C 10C 11C 3E 3B 3C 4C 2E 1B"
    state = close_with(["1O 3O 4O 5O 6O 8O 9O 10O 12O 12O", second, third], "7C")
    assert state.scores() == (88, 0, 0)
    state = close_with(["1O 3O 4O JK 6O 8O 9O 10O 12O 12O", second, third], "7C")
    assert state.scores() == (66, 0, 0)


def test_no_close_before_everyone_has_played() -> None:
    state = start(["1C 2C 3C 7O 7E JK 10B 11B 12B 1B", SECOND, THIRD], "8O 9B 9C")
    state.apply("draw stock")
    assert not any(a.close for a in state.legal_actions())  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        state.apply("close 8O")


def test_a_hand_with_a_loose_card_cannot_close() -> None:
    state = start(["1C 2C 3C 7O 7E JK 10B 11B 5B 1B", SECOND, THIRD], "9E 9B 9C 8O")
    first_round(state)
    state.apply("draw stock")
    assert not any(a.close for a in state.legal_actions())  # type: ignore[attr-defined]


def test_target_wins_the_match() -> None:
    state = GAME.start({"players": 3}, seed=3, position={
        "hands": [h.split() for h in ("1C 2C 3C 7O 7E 7C 10B 11B 12B 1B", SECOND, THIRD)],
        "up": "9O", "stock": "9E 9B 9C 8O".split(), "dealer": 2, "scores": [260, 0, 0]})
    first_round(state)
    state.apply("draw stock")
    state.apply("close 8O")
    assert state.is_over and state.result() == ((0,), (304, 0, 0))


def test_the_stock_is_reshuffled_when_it_runs_out() -> None:
    state = GAME.start({"players": 2, "max_turns": 1000}, seed=5)
    stock = len(state.stock)  # type: ignore[attr-defined]
    for _ in range(stock):
        state.apply("draw stock")
        state.apply(f"discard {state.hand_of(state.to_act[0])[-1]}")
    assert [e.kind for e in state.events].count("reshuffle") == 1
    assert len(state.pile) == 1 and len(state.stock) == stock  # type: ignore[attr-defined]
    assert state.hands_played == 0


def test_turn_limit_gives_the_lowest_hand_the_others_points() -> None:
    state = start(["1C 2C 3C 7O 7E JK 10B 11B 12B 5B", SECOND, THIRD], "9E 9B 9C", max_turns=1)
    first_round(state)
    assert state.scores() == (15 + 7, 0, 0)


def test_shoe_sizes() -> None:
    assert len(GAME.deck(GAME.options({"players": 6}))) == 100
    assert len(GAME.deck(GAME.options({"players": 7}))) == 150
