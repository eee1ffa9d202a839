"""Both games under the shared conformance suite, card conservation, perft counts and the bots."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.match import run_match
from cartas.games.chinchon.bots import EasyBot, MediumBot
from cartas.games.chinchon.game import ChinchonGame, RemigioGame
from cartas.testing import check_conformance, perft

GAMES = {"chinchon": ChinchonGame(), "remigio": RemigioGame()}
PERFT = json.loads((Path(__file__).parent / "perft.json").read_text())


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    deck=st.sampled_from([40, 48, 50]),
    reenganche=st.booleans(),
)
def test_chinchon_conforms(seed: int, players: int, deck: int, reenganche: bool) -> None:
    options = {"players": players, "deck": deck, "reenganche": reenganche, "max_turns": 6, "points": 60}
    check_conformance(GAMES["chinchon"], options, seed, check_every=3)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_remigio_conforms(seed: int, players: int) -> None:
    check_conformance(GAMES["remigio"], {"players": players, "max_turns": 4, "points": 80}, seed, check_every=3)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_card_is_kept_through_random_matches(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(11)
    for seed in range(3):
        state = game.start({"players": 3, "max_turns": 30}, seed=seed)
        full = Counter(game.deck(state.options))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            assert Counter(state.all_cards()) == full


@pytest.mark.parametrize("entry", PERFT, ids=lambda e: f"{e['game']}-{e['seed']}-{e['depth']}")
def test_perft(entry: dict[str, Any]) -> None:
    state = GAMES[entry["game"]].start(entry["options"], seed=entry["seed"], position=entry.get("position"))
    assert perft(state, entry["depth"]) == entry["count"]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_bots_play_legal_moves_to_the_end(name: str, bot: type) -> None:
    game = GAMES[name]
    state = game.start({"players": 3, "max_turns": 20}, seed=4)
    result = run_match(state, {0: bot(1), 1: bot(2), 2: RandomBot(3)})
    assert state.is_over and result.winners


def test_medium_beats_random_at_chinchon() -> None:
    game = GAMES["chinchon"]
    wins = 0
    for seed in range(10):
        state = game.start({"players": 2}, seed=seed)
        medium = seed % 2
        result = run_match(state, {medium: MediumBot(seed), 1 - medium: RandomBot(seed)})
        wins += medium in result.winners
    assert wins >= 8


def test_bots_see_only_their_view() -> None:
    state = GAMES["chinchon"].start({"players": 2}, seed=8)
    view = SeatView(state, state.to_act[0])
    assert MediumBot(0).choose(view) in view.legal_actions()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_and_table_reads_as_text(name: str) -> None:
    game = GAMES[name]
    state = game.start({"players": 3, "max_turns": 10, "points": 40 if name == "chinchon" else 60}, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    lines = [game.describe(event) for event in state.events]
    assert all(line and "  " not in line for line in lines)
    assert any(line.startswith("The match goes to Player ") or line.endswith("share the win") for line in lines)
    assert len(game.table_lines(state.observation(0))) >= 3


PUBLIC_FIELDS = {
    "chinchon": ["phase", "upcard", "discard_pile", "stock", "hand_sizes", "turn", "close_from_turn", "turn_limit",
                 "active", "limit", "reentered", "deck", "figures_ten", "max_cut"],
    "remigio": ["phase", "upcard", "discard_pile", "stock", "hand_sizes", "turn", "close_from_turn", "turn_limit",
                "active", "limit"],
}
"""A spectator's table: the same as every seat's but for ``drawn``, the card the seat to discard has just drawn
(its own card, which no other seat sees in a table)."""


@pytest.mark.parametrize("name", ["chinchon", "remigio"])
def test_the_public_table_is_every_seats_table(name: str) -> None:
    game = GAMES[name]
    state = game.start({"players": 3}, seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if state.is_over:
            break
        public = state.public_observation()
        assert set(public.table) - set(PUBLIC_FIELDS[name]) <= {"reentry_score"}
        assert set(PUBLIC_FIELDS[name]) <= set(public.table)
        for seat in range(3):
            table = dict(state.observation(seat).table)
            drawn = table.pop("drawn", None)
            assert table == public.table
            if drawn is not None:
                assert seat in state.to_act and public.table["phase"] == "discard"
                assert drawn == str(state.hand_of(seat)[-1])
        assert (public.seat, public.hand, public.legal) == (-1, [], [])
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_a_spectator_sees_a_card_taken_from_the_pile_but_no_other() -> None:
    state = GAMES["chinchon"].start({"players": 2}, seed=1, position={
        "dealer": 1, "hands": ["1O 2O 3O 4O 5O 6O 7O".split(), "1C 2C 3C 4C 5C 6C 7C".split()], "up": "1E"})
    state.apply("draw discard", 0)
    text = state.public_observation().model_dump_json()
    assert state.public_observation().events[-1].detail == "discard 1E"
    assert not any(card in text for card in ["2O", "7O", "1C", "7C"])
