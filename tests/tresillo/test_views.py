"""Julepe's table view: the turned-up trump card in the middle, each seat's cards played this deal, the trick,
and the hand by suit then rank; a spectator sees the same table and no hand."""

from __future__ import annotations

from typing import Any


def test_the_view_after_a_trick_and_a_lead(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O")
    for action in ("juego", "juego", "juego", "play 1O", "play 3O", "play 7O", "play 3C"):
        state.apply(action)
    view = state.game.table_view(state.observation(1))
    assert view.played == [["1O", "3C"], ["3O"], ["7O"]]
    assert view.trick == [(0, "3C")]
    assert view.centre == [("trump", "5O")]
    assert view.hand == ["12C", "2B"]
    assert view.counts == [1, 2, 2]
    assert view.lines[-1] == "Trick: Player 1: 3C"
    public = state.game.table_view(state.public_observation())
    assert public.model_copy(update={"hand": ["12C", "2B"]}) == view


def test_the_hand_sorts_by_suit_then_rank(stacked: Any) -> None:
    state = stacked("4E 1O 3C / 3O 12C 2B / 7O 1C 6E", "5O")
    assert state.game.table_view(state.observation(0)).hand == ["1O", "3C", "4E"]
    assert state.game.table_view(state.observation(0)).played == [[], [], []]
