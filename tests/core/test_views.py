"""The table view shared by the terminal and the browser: its model, the default every game gets, the card
order players hold, and each built-in game's language tag."""

from __future__ import annotations

import pydantic
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core import FACE_DOWN, Game, Presentation, TableView
from cartas.core.cards import JOKER, RANKS, SUITS, Card
from cartas.core.plugins.manager import get_registry
from cartas.core.views import by_suit_then_rank


def test_cards_sort_by_suit_then_rank_with_the_rest_last_in_their_order() -> None:
    assert by_suit_then_rank(["12E", "JK", "1B", "back", "3O", "10O", "7C"]) == [
        "3O", "10O", "7C", "12E", "1B", "JK", "back"]


@given(st.lists(st.sampled_from([Card(r, s) for s in SUITS for r in RANKS] + [JOKER]), max_size=12))
def test_sorting_keeps_every_card(cards: list[Card]) -> None:
    texts = [str(c) for c in cards]
    ordered = by_suit_then_rank(texts)
    assert sorted(ordered) == sorted(texts)
    assert by_suit_then_rank(ordered) == ordered


def test_a_table_view_is_frozen_and_dumps_to_json() -> None:
    view = TableView(trick=[(0, "1E"), (1, FACE_DOWN)], centre=[("vira", "4O")], hand=["3E"])
    with pytest.raises(pydantic.ValidationError):
        view.hand = []  # type: ignore[misc]
    assert view.model_dump(mode="json")["trick"] == [[0, "1E"], [1, "back"]]
    assert view.loose_points is None and view.melds == [] and view.counts == []


def test_the_default_view_has_the_hand_as_given_and_the_games_lines(example_game: Game) -> None:
    state = example_game.start({"players": 3, "hands": 1}, seed=1, position={
        "dealer": 0, "hands": [["4E"], ["6O"], ["7C"]], "stock": ["1C"]})
    state.apply("carta", 1)
    presentation = example_game.presentation()
    view = Presentation.table_view(presentation, state.observation(1))
    assert view.hand == ["6O", "1C"]
    assert view.played == [[], [], []] and view.trick == [] and view.centre == [] and view.counts == []
    assert view.lines == example_game.table_lines(state.observation(1))
    assert view.lines[1] == "Player 2 (punter): 6O 1C  [7] playing <"
    assert Presentation.table_view(presentation, state.public_observation()).lines[1] == "Player 2 (punter): ?? 1C  [1] playing <"


def test_the_example_lays_every_seats_cards_out_first_card_face_down(example_game: Game) -> None:
    state = example_game.start({"players": 3, "hands": 1}, seed=1, position={
        "dealer": 0, "hands": [["4E"], ["6O"], ["7C"]], "stock": ["1C"]})
    state.apply("carta", 1)
    assert example_game.table_view(state.observation(1)).played == [["back"], ["6O", "1C"], ["back"]]
    public = example_game.table_view(state.public_observation())
    assert public.played == [["back"], ["back", "1C"], ["back"]]
    assert public.counts == [1, 2, 1] and public.hand == []


def test_each_built_in_game_names_its_language(example_game: Game) -> None:
    languages = {name: game.language for name, game in get_registry().games.items()}
    assert {name: languages[name] for name in ("truco", "truco_paulista", "chinchon", "remigio", "tresillo")} == {
        "truco": "es-AR", "truco_paulista": "pt-BR", "chinchon": "es", "remigio": "es", "tresillo": "es"}
    assert example_game.language == "en"
