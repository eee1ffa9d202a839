"""The shared conformance suite under hypothesis, the same checks from stacked mão de onze and mão de ferro
positions (random play seldom reaches them), scoring invariants and perft counts."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.bench import random_playout
from cartas.core.record import record_of, replay
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.state import FERRO, NORMAL, ONZE, STAKES, PaulistaState
from cartas.testing import CARD_TOKEN, check_conformance, fingerprint, perft

GAME = PaulistaGame()
PERFT_FILE = Path(__file__).with_name("perft.json")

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 4},
    {"players": 2, "manilhas": "fixas"},
    {"players": 4, "manilhas": "fixas"},
    {"players": 2, "mao_de_ferro_blind": True, "no_useless_raise": True},
    {"players": 4, "mao_de_ferro_blind": True},
]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_conformance(options: dict[str, Any], seed: int) -> None:
    check_conformance(GAME, options, seed)


def _check_seat_views(state: PaulistaState, rng: random.Random) -> None:
    """No observation shows a card hidden from its seat, and a sample looks the same to that seat."""
    deck = Counter(GAME.deck(state.options))
    assert Counter(state.all_cards()) == deck
    for seat in range(state.n):
        observation = state.observation(seat)
        hidden = {str(c) for c, n in Counter(state.hidden_from(seat)).items() if n >= deck[c]}
        shown = {m.group(0) for m in CARD_TOKEN.finditer(observation.model_dump_json())}
        assert not shown & hidden, f"seat {seat} sees {shown & hidden}"
        if not state.is_over:
            sample = state.sample(seat, random.Random(rng.random()))
            assert sample.observation(seat) == observation
            assert Counter(sample.all_cards()) == deck


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 4]),
    scores=st.sampled_from([[11, 11], [11, 0], [6, 11], [11, 10]]),
    blind=st.booleans(),
    manilhas=st.sampled_from(["vira", "fixas"]),
)
def test_onze_and_ferro_positions_keep_the_contract(
    seed: int, players: int, scores: list[int], blind: bool, manilhas: str
) -> None:
    options = {"players": players, "mao_de_ferro_blind": blind, "manilhas": manilhas}
    state = GAME.start(options, seed=seed, position={"scores": scores, "dealer": seed % players})
    assert isinstance(state, PaulistaState)
    assert state.kind == (FERRO if scores == [11, 11] else ONZE)
    rng = random.Random(seed)
    while not state.is_over:
        _check_seat_views(state, rng)
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        before = fingerprint(state)
        copy = state.clone()
        copy.apply(action, seat)
        assert fingerprint(state) == before
        state.apply(action, seat)
    _check_seat_views(state, rng)
    assert fingerprint(replay(record_of(state), GAME)) == fingerprint(state)


class ScoreWatcher:
    """Checks every change of score against what the hand could pay."""

    def __init__(self, state: PaulistaState) -> None:
        self.state = state
        self.score = list(state.score)
        self.kind = state.kind
        self.hands = state.hands_played

    def check(self) -> None:
        state = self.state
        gains = [new - old for new, old in zip(state.score, self.score)]
        assert all(g >= 0 for g in gains)
        scored = [g for g in gains if g]
        assert len(scored) <= 1, "only one side scores a hand"
        if state.hands_played == self.hands:
            assert not scored
        else:
            assert state.hands_played == self.hands + 1
            allowed = {NORMAL: set(STAKES), ONZE: {1, 3}, FERRO: {1}}[self.kind]
            assert not scored or scored[0] in allowed, f"{scored} in a hand of kind {self.kind}"
        self.score, self.kind, self.hands = list(state.score), state.kind, state.hands_played


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_scores_rise_only_by_legal_amounts_and_every_match_ends(options: dict[str, Any]) -> None:
    for seed in range(60):
        state = GAME.start(options, seed=seed)
        assert isinstance(state, PaulistaState)
        rng = random.Random(seed)
        watcher = ScoreWatcher(state)
        for _ in range(5_000):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            watcher.check()
        assert state.is_over
        winners = state.result().winners
        assert winners == state.table.members(state.winner_team)
        forfeit = any(e.kind == "forfeit" for e in state.events)
        assert forfeit or max(state.score) >= 12


def test_random_playouts_finish() -> None:
    for seed in range(200):
        state = GAME.start({"players": 2 + 2 * (seed % 2)}, seed=seed)
        assert random_playout(state, random.Random(seed), max_decisions=5_000) > 0


def test_perft_counts_match_the_data_file() -> None:
    entries = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
    assert len(entries) >= 6
    for entry in entries:
        state = GAME.start(entry["options"], seed=entry["seed"], position=entry.get("position"))
        assert perft(state, entry["depth"]) == entry["count"], entry


PUBLIC_FIELDS = [
    "vira", "manilha", "manilhas", "stake", "pending", "caller", "raise_holder", "turn", "tricks", "trick_winners",
    "current_trick", "hand_sizes", "mao_de_onze", "deciding", "mao_de_ferro", "blind",
]
"""A spectator's table (and ``winner_team`` once the match is over): no partner's hand, no encoberta."""


def _face_down_unnamed(trick: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**play, "card": None} if play["face_down"] else play for play in trick]


@pytest.mark.parametrize("scores", [None, [11, 3]])
def test_the_public_table_is_every_seats_table_without_what_only_it_sees(scores: list[int] | None) -> None:
    hidden_plays = partner_hands = 0
    for seed in range(6):
        position = {"scores": scores} if scores else None
        state = GAME.start({"players": 4}, seed=seed, position=position)
        rng = random.Random(seed)
        while True:
            public = state.public_observation()
            assert list(public.table) == PUBLIC_FIELDS + (["winner_team"] if state.is_over else [])
            for seat in range(state.table.n_seats):
                seen = state.observation(seat).table
                partner_hands += "partner_hand" in seen
                assert {key: seen[key] for key in public.table if "trick" not in key} == {
                    key: value for key, value in public.table.items() if "trick" not in key}
                assert [_face_down_unnamed(t) for t in seen["tricks"]] == public.table["tricks"]
                assert _face_down_unnamed(seen["current_trick"]) == public.table["current_trick"]
            hidden_plays += sum(p["face_down"] for t in public.table["tricks"] for p in t)
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert partner_hands if scores else hidden_plays


def test_a_spectator_sees_an_encoberta_face_down() -> None:
    state = GAME.start({"players": 2}, seed=1, position={"dealer": 1, "up": "4O", "hands": [["3E", "2B", "7O"], ["1O", "3C", "4B"]]})
    state.apply("play 3E", 0)
    state.apply("play 4B", 1)
    state.apply("hide 2B", 0)
    public = state.public_observation()
    assert public.table["current_trick"] == [{"seat": 0, "card": None, "face_down": True}]
    assert state.observation(0).table["current_trick"] == [{"seat": 0, "card": "2B", "face_down": True}]
    assert "2B" not in public.model_dump_json()
