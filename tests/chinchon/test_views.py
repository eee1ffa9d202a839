"""The rummy table view: the upcard and the stock in the middle, the hand laid out melds first with its loose
points, under each game's meld rules (chinchón's deck size and figure values, remigio's ace high)."""

from __future__ import annotations

from typing import Any

from cartas.games.chinchon.game import ChinchonGame, RemigioGame
from cartas.testing import apply_moves

CHINCHON, REMIGIO = ChinchonGame(), RemigioGame()


def chinchon(hand: str, other: str = "1C 2C 3C 4C 5C 6C 11B", up: str = "1E", **options: Any) -> Any:
    return CHINCHON.start({"players": 2, **options}, seed=1, position={
        "dealer": 1, "hands": [hand.split(), other.split()], "up": up})


def test_a_chinchon_hand_shows_its_melds_first_and_its_loose_points() -> None:
    view = CHINCHON.table_view(chinchon("12E 3O 7B 1O 7C 2O 7E").observation(0))
    assert view.melds == [["1O", "2O", "3O"], ["7C", "7E", "7B"]]
    assert view.loose == ["12E"]
    assert view.loose_points == 12
    assert view.hand == ["1O", "2O", "3O", "7C", "7E", "7B", "12E"]
    assert view.centre == [("discard", "1E"), ("stock", "back")]
    assert view.counts == [7, 7] and view.played == [[], []] and view.trick == []


def test_figures_count_ten_when_the_option_says_so() -> None:
    view = CHINCHON.table_view(chinchon("12E 3O 7B 1O 7C 2O 11C", figures_ten=True).observation(0))
    assert view.melds == [["1O", "2O", "3O"]]
    assert view.loose == ["7C", "11C", "12E", "7B"]
    assert view.loose_points == 7 + 10 + 10 + 7


def test_with_forty_cards_the_seven_and_the_sota_make_a_run() -> None:
    hand, other = "6O 7O 10O 2E 5C 12C 4B", "1C 2C 3C 4C 5E 6C 11B"
    assert CHINCHON.table_view(chinchon(hand, other, deck=48).observation(0)).melds == []
    view = CHINCHON.table_view(chinchon(hand, other, deck=40).observation(0))
    assert view.melds == [["6O", "7O", "10O"]]
    assert view.loose_points == 2 + 5 + 12 + 4


def test_after_a_draw_the_eight_cards_are_laid_out_and_a_spectator_sees_no_hand() -> None:
    state = chinchon("12E 3O 7B 1O 7C 2O 7E", up="4O")
    apply_moves(state, "0 draw discard")
    view = CHINCHON.table_view(state.observation(0))
    assert view.melds == [["1O", "2O", "3O", "4O"], ["7C", "7E", "7B"]]
    assert view.loose == ["12E"] and view.loose_points == 12
    assert view.counts == [8, 7] and view.centre == [("stock", "back")]
    public = CHINCHON.table_view(state.public_observation())
    assert (public.hand, public.melds, public.loose, public.loose_points) == ([], [], [], None)
    assert public.counts == [8, 7]


def test_remigio_lays_out_ten_cards_with_the_ace_above_the_rey() -> None:
    state = REMIGIO.start({"players": 2}, seed=1, position={"dealer": 1, "up": "4C", "hands": [
        "1O 12O 11O JK 5E 5C 5B 3B 9C 2E".split(), "1C 2C 3C 4E 5O 6C 7C 10B 11B 12B".split()]})
    view = REMIGIO.table_view(state.observation(0))
    assert view.melds == [["1O", "11O", "12O"], ["5C", "5E", "5B", "JK"]]
    assert view.loose == ["9C", "2E", "3B"]
    assert view.loose_points == 14
    assert len(view.hand) == 10 and view.hand[:7] == ["1O", "11O", "12O", "5C", "5E", "5B", "JK"]


def test_the_table_says_why_the_viewer_may_not_close_and_which_card_was_drawn() -> None:
    state = CHINCHON.start({"players": 2}, seed=1, position={
        "dealer": 1, "hands": ["12E 3O 7B 1O 9C 2O 7E".split(), "1C 2C 3C 4C 5C 6C 11B".split()], "up": "4O"})
    view = CHINCHON.table_view(state.observation(0))
    assert (view.may_close, view.close_reason) == (False, "nobody may close before everyone has played a turn")
    assert (view.discard_top, view.target, view.drawn) == ("4O", 100, None)
    apply_moves(state, "0 draw discard", "0 discard 12E", "1 draw stock", "1 discard 11B", "0 draw discard")
    view = CHINCHON.table_view(state.observation(0))
    assert view.drawn == "11B"
    assert (view.may_close, view.close_reason) == (False, "23 loose points; you close with 5 or fewer")
    assert CHINCHON.table_view(state.public_observation()).drawn is None


def test_a_hand_that_may_close_says_so_and_the_highest_total_is_closest_to_the_limit() -> None:
    state = CHINCHON.start({"players": 2}, seed=1, position={
        "dealer": 1, "hands": ["1O 2O 3O 7B 7C 7E 2E".split(), "1C 2C 3C 4C 5C 6C 11B".split()], "up": "4O",
        "scores": [12, 30]})
    apply_moves(state, "0 draw discard", "0 discard 2E", "1 draw stock", "1 discard 11B", "0 draw stock")
    view = CHINCHON.table_view(state.observation(0))
    assert (view.may_close, view.close_reason) == (True, "")
    assert view.closest == [1]
