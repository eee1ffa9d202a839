"""The conformance suite itself: it passes a correct game and fails each kind of broken one.

The broken games are the example game with one rule of the contract broken, the way a plugin author might.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core import ActionParseError, EventView, Game, Observation, State
from cartas.core.state import Action
from cartas.testing import ConformanceError, check_conformance, fingerprint, perft


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), hands=st.integers(1, 3))
def test_the_example_game_conforms(example_game: Game, seed: int, players: int, hands: int) -> None:
    final = check_conformance(example_game, {"players": players, "hands": hands}, seed)
    assert final.is_over and final.hands_played == hands


def test_check_every_and_the_decision_limit(example_game: Game) -> None:
    assert check_conformance(example_game, {"players": 3}, 1, check_every=5).is_over
    with pytest.raises(ConformanceError, match="did not end within 3 decisions"):
        check_conformance(example_game, {"players": 3}, 1, max_decisions=3)


def broken(example_game: Game, **methods: Any) -> Game:
    """The example game whose states have some methods replaced."""
    base_state = type(example_game.start({"players": 2}, seed=0))
    state_class = type("BrokenState", (base_state,), {"__slots__": (), **methods})

    class BrokenGame(type(example_game)):  # type: ignore[misc]
        def _start(self, options: Any, seed: int, position: Any) -> State:
            return state_class(self, options, seed, position)  # type: ignore[no-any-return]

    return BrokenGame()


def base(state: Any) -> Any:
    """The example's own state class, whose methods the broken ones call."""
    return type(state).__mro__[1]


def leaky_observation(self: Any, seat: int) -> Observation:
    """Shows the next seat's face-down card, as a careless table layout might."""
    seen: Observation = base(self).observation(self, seat)
    neighbour = (seat + 1) % self.table.n_seats
    return seen.model_copy(update={"table": {**seen.table, "peek": str(self.hands[neighbour][0])}})


def lossy_apply(self: Any, seat: int, action: Action) -> None:
    """Burns a card from the stock on every request, without putting it anywhere."""
    if str(action) == "carta" and len(self.stock) > 1:
        self.stock.pop()
    base(self)._apply(self, seat, action)


def careless_apply(self: Any, action: Action | str, seat: int | None = None) -> None:
    """Records the move before checking it, so a refused move stays in the history."""
    self.history.append((seat, action))
    base(self).apply(self, action, seat)


def overlooking_sample(self: Any, seat: int, rng: random.Random) -> State:
    """Redeals the seat's own card too, so the sample no longer looks like the real state to it."""
    other = base(self).sample(self, seat, rng)
    hand, stock = other.hands[seat], other.stock
    hand[0], stock[0] = stock[0], hand[0]
    return other  # type: ignore[no-any-return]


def test_a_game_whose_observation_leaks_a_hidden_card_fails(example_game: Game) -> None:
    with pytest.raises(ConformanceError, match="observation shows cards hidden from it"):
        check_conformance(broken(example_game, observation=leaky_observation), {"players": 3}, 1)


def peeking_public_observation(self: Any) -> Observation:
    """Shows seat 0's face-down card to spectators."""
    seen: Observation = base(self).public_observation(self)
    return seen.model_copy(update={"table": {**seen.table, "peek": str(self.hands[0][0])}})


def counting_public_observation(self: Any) -> Observation:
    """Shows seat 0's total, face-down card included: no card, but worked out from a hand."""
    seen: Observation = base(self).public_observation(self)
    return seen.model_copy(update={"table": {**seen.table, "total_0": self.total(0)}})


def seated_public_observation(self: Any) -> Observation:
    """Gives spectators seat 0's own observation."""
    seen: Observation = self.observation(0)
    return seen


def gossiping_public_observation(self: Any) -> Observation:
    """Adds an event no one emitted publicly."""
    seen: Observation = base(self).public_observation(self)
    return seen.model_copy(update={"events": [*seen.events, EventView(kind="peek", seat=0)]})


def unserialisable_public_observation(self: Any) -> Observation:
    """Puts a set in the table, which JSON cannot write."""
    seen: Observation = base(self).public_observation(self)
    return seen.model_copy(update={"table": {**seen.table, "banker_set": {self.dealer}}})


@pytest.mark.parametrize(("method", "message"), [
    (peeking_public_observation, "public observation shows cards some seat cannot see"),
    (counting_public_observation, "does not look the same to a spectator"),
    (seated_public_observation, "the public observation has seat 0"),
    (gossiping_public_observation, "not exactly this hand's public events"),
    (unserialisable_public_observation, "not JSON-serialisable"),
])
def test_a_game_whose_public_observation_tells_too_much_fails(
    example_game: Game, method: Callable[[Any], Observation], message: str
) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_conformance(broken(example_game, public_observation=method), {"players": 3}, 1)


def test_the_example_public_observation_shows_only_turned_up_cards(example_game: Game) -> None:
    state = example_game.start({"players": 3, "hands": 1}, seed=1, position={
        "dealer": 0, "hands": [["4E"], ["6O"], ["7C"]], "stock": ["1C", "10B", "5C"]})
    state.apply("carta", 1)    # 6O + 1C, face up
    public = state.public_observation()
    assert (public.seat, public.hand, public.legal) == (-1, [], [])
    assert public.table["cards"] == [["??"], ["??", "1C"], ["??"]]
    assert public.table["showing"] == ["0", "1", "0"]
    assert state.observation(1).table["cards"] == [["??"], ["6O", "1C"], ["??"]]
    state.apply("carta", 1)    # 10B: 6 + 1 + ½ = 7½, still in
    state.apply("carta", 1)    # 5C: over, the face-down card is turned up
    public = state.public_observation()
    assert public.table["cards"][1] == ["6O", "1C", "10B", "5C"]
    assert public.table["showing"][1] == "12½"


def test_a_game_that_loses_a_card_fails(example_game: Game) -> None:
    with pytest.raises(ConformanceError, match="cards not accounted for: extra \\[\\], missing \\['"):
        check_conformance(broken(example_game, _apply=lossy_apply), {"players": 3}, 1)


def test_a_game_whose_refused_action_changes_the_state_fails(example_game: Game) -> None:
    with pytest.raises(ConformanceError, match="changed the state"):
        check_conformance(broken(example_game, apply=careless_apply), {"players": 3}, 1)


def test_a_game_whose_sample_differs_for_its_seat_fails(example_game: Game) -> None:
    with pytest.raises(ConformanceError, match="sampled for seat 0 does not look the same to it"):
        check_conformance(broken(example_game, sample=overlooking_sample), {"players": 3}, 1)


def test_a_game_whose_actions_do_not_round_trip_fails(example_game: Game) -> None:
    class Mumbling(type(example_game)):  # type: ignore[misc]
        def parse_action(self, text: str) -> Action:
            if text == "me planto":
                raise ActionParseError("mumbled")
            action: Action = super().parse_action(text)
            return action

    with pytest.raises(ConformanceError, match="the canonical text 'me planto' does not parse"):
        check_conformance(Mumbling(), {"players": 3}, 1)


def test_a_game_whose_clone_shares_its_lists_fails(example_game: Game) -> None:
    def shallow_clone(self: Any) -> State:
        other = base(self).clone(self)
        other.stock = self.stock
        other.hands = self.hands
        return other  # type: ignore[no-any-return]

    with pytest.raises(ConformanceError, match="applying an action to a clone changed the original"):
        check_conformance(broken(example_game, clone=shallow_clone), {"players": 3}, 1)


def test_fingerprint_sees_a_change(example_game: Game) -> None:
    state = example_game.start({"players": 2}, seed=3)
    before = fingerprint(state)
    assert fingerprint(state.clone()) == before
    state.apply("me planto")
    assert fingerprint(state) != before


def test_perft_counts_sequences(example_game: Game) -> None:
    state = example_game.start({"players": 2, "hands": 1}, seed=1, position={
        "dealer": 0, "hands": [["4E"], ["6O"]], "stock": ["5C", "1C"]})
    assert perft(state, 0) == 1
    assert perft(state, 1) == 2
    # Seat 1 either asks (6 + 5 goes over and ends the one-hand match) or stands; then the bank asks (4 + 5 goes
    # over) or stands, and either ends the match: three sequences in all, however deep.
    assert perft(state, 2) == 1 + 2
    assert perft(state, 3) == perft(state, 10) == 3
