"""A state that stops recording events plays exactly the same match, and search gives the same answer.

Turning events off (:attr:`cartas.core.state.State.record_events`) is for play-outs nobody reads: random
benchmarks and a search's random rollouts. It may only drop the events, never change an action, a deal or a
result, in any built-in game; and an ISMCTS search, which turns them off in its samples, must choose and
value exactly as it did with them on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.bench import random_playout
from cartas.core.bots.base import SeatView
from cartas.core.bots.search import ISMCTSBot
from cartas.core.game import Game
from cartas.core.plugins.manager import get_registry
from cartas.core.state import State
from cartas.testing import ConformanceError, check_conformance

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("truco", {"players": 2}),
    ("truco", {"players": 4, "flor": True}),
    ("truco_paulista", {"players": 4}),
    ("chinchon", {"players": 2}),
    ("remigio", {"players": 3}),
    ("tresillo", {"players": 4}),
]


def _played(name: str, options: dict[str, Any], seed: int, record_events: bool) -> tuple[State, int]:
    """The match played out at random, and how many events it had recorded when it started (its first deal)."""
    state = get_registry().games[name].start(options, seed=seed)
    at_start = len(state.events)
    random_playout(state, random.Random(seed), record_events=record_events)
    return state, at_start


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_a_match_without_events_is_the_same_match(table: tuple[str, dict[str, Any]], seed: int) -> None:
    name, options = table
    recorded, _ = _played(name, options, seed, record_events=True)
    silent, at_start = _played(name, options, seed, record_events=False)
    assert silent.history == recorded.history
    assert (silent.hands_played, silent.scores(), silent.result()) == (
        recorded.hands_played, recorded.scores(), recorded.result()
    )
    assert len(silent.events) == at_start < len(recorded.events)


def test_events_stop_from_the_moment_they_are_turned_off_and_clones_keep_the_setting() -> None:
    state = get_registry().games["truco"].start({"players": 2}, seed=5)
    dealt = list(state.events)
    assert dealt  # the deal was recorded before anyone turned events off
    state.record_events = False
    copy = state.clone()
    legal = copy.legal_actions()
    copy.apply(legal[0])
    assert copy.events == dealt and not copy.record_events
    state.record_events = True
    state.apply(legal[0])
    assert len(state.events) > len(dealt)


def _ismcts_choice(name: str, players: int, seed: int) -> tuple[Any, list[tuple[str, float, int]]]:
    """ISMCTS's choice at the first decision with a choice, and every root action's estimate."""
    state = get_registry().games[name].start({"players": players}, seed=seed)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    bot = ISMCTSBot(seed, simulations=60)
    view = SeatView(state, state.to_act[0])
    choice = bot.choose(view)
    estimates = ISMCTSBot(seed, simulations=60).estimates(view)
    return choice, sorted((str(a), e.value, e.visits) for a, e in estimates.items())


@pytest.mark.parametrize(("name", "players"), [("truco", 4), ("truco_paulista", 2), ("tresillo", 4)])
def test_ismcts_chooses_the_same_with_its_samples_silent(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    silent = [_ismcts_choice(name, players, seed) for seed in (1, 2, 3)]
    # The same searches with every event recorded, whatever the flag says.
    original_emit = State.emit

    def always_record(self: State, *args: Any, **kwargs: Any) -> None:
        self.record_events = True
        original_emit(self, *args, **kwargs)

    monkeypatch.setattr(State, "emit", always_record)
    assert [_ismcts_choice(name, players, seed) for seed in (1, 2, 3)] == silent


def test_conformance_refuses_a_game_whose_rules_read_its_events(example_game: Game) -> None:
    """The contract says rules never read ``state.events``; the conformance suite catches a plugin that does."""
    base_state = type(example_game.start({"players": 3}, seed=0))

    class Peeking(base_state):  # type: ignore[misc, valid-type]
        """Lets a seat stand instead of taking a card once ten events were recorded: a rule that reads events."""

        def _legal_actions(self, seat: int) -> list[Any]:
            legal = super()._legal_actions(seat)
            return legal[-1:] if len(self.events) >= 10 else legal

    class PeekingGame(type(example_game)):  # type: ignore[misc]
        name = "peeking"

        def _start(self, options: Any, seed: int, position: Any) -> Any:
            return Peeking(self, options, seed, position)

    check_conformance(example_game, {"players": 3}, seed=4)
    with pytest.raises(ConformanceError, match="without its events"):
        check_conformance(PeekingGame(), {"players": 3}, seed=4)
