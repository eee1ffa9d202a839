"""Truco paulista's table view: the vira in the middle, an encoberta as a card back for everyone, the hand by
suit then rank."""

from __future__ import annotations

from typing import Any

from cartas.core.i18n import speaking
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.testing import apply_moves

GAME = PaulistaGame()


def stacked(**options: Any) -> Any:
    return GAME.start({"players": 2, **options}, seed=1, position={
        "dealer": 1, "up": "4O", "hands": [["3E", "2B", "7O"], ["1O", "3C", "4B"]]})


def test_the_vira_is_in_the_middle_and_the_hand_sorted() -> None:
    view = GAME.table_view(stacked().observation(1))
    assert view.centre == [("vira", "4O")]
    assert view.hand == ["1O", "3C", "4B"]
    assert view.played == [[], []] and view.trick == [] and view.counts == [3, 3]


def test_an_encoberta_shows_as_a_back_to_the_table_and_to_the_seat_that_hid_it() -> None:
    state = stacked()
    apply_moves(state, "0 play 3E", "1 play 4B", "0 hide 2B")
    for observation in (state.observation(0), state.observation(1), state.public_observation()):
        view = GAME.table_view(observation)
        assert view.played == [["3E", "back"], ["4B"]]
        assert view.trick == [(0, "back")]
        assert view.counts == [1, 2]
    assert GAME.table_view(state.observation(0)).hand == ["7O"]
    with speaking("pt-BR"):
        assert GAME.table_view(state.public_observation()).lines[-1] == "Na mesa: encoberta (Jogador 1)"
        assert GAME.table_view(state.observation(0)).lines[-1] == "Na mesa: 2B encoberta (Jogador 1)"


def test_fixed_manilhas_put_nothing_in_the_middle() -> None:
    state = GAME.start({"players": 2, "manilhas": "fixas"}, seed=1, position={
        "dealer": 1, "hands": [["3E", "2B", "7O"], ["1O", "3C", "4B"]]})
    assert GAME.table_view(state.public_observation()).centre == []
