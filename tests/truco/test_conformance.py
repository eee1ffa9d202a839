"""Random playouts under hypothesis: the core contract, legal score steps, hidden señas, perft counts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.games.truco.envido import falta_value
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState
from cartas.testing import check_conformance, perft

GAME = TrucoGame()
PERFT = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))
SEEDS = st.integers(0, 2**32)


@pytest.mark.parametrize(("players", "examples"), [(2, 40), (4, 15), (6, 10)])
@pytest.mark.parametrize("flor", [False, True])
def test_conformance(players: int, examples: int, flor: bool) -> None:
    @settings(max_examples=examples, deadline=None)
    @given(seed=SEEDS, caught=st.sampled_from([0.0, 0.5]))
    def check(seed: int, caught: float) -> None:
        check_conformance(GAME, {"players": players, "flor": flor, "senas_caught": caught}, seed)

    check()


HAND_STEPS = {"hand": {1, 2, 3, 4}, "truco": {1, 2, 3}, "mazo": {1, 2, 3, 4}}
ENVIDO_STEPS = {1, 2, 3, 4, 5, 7}
FLOR_STEPS = {3, 6, 9}


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([2, 4, 6]), flor=st.booleans(), points=st.sampled_from([15, 30]))
def test_scores_rise_by_legal_steps_and_every_match_ends(seed: int, players: int, flor: bool, points: int) -> None:
    rng = random.Random(seed)
    state = GAME.start({"players": players, "flor": flor, "points": points}, seed=seed)
    assert isinstance(state, TrucoState)
    for _ in range(20_000):
        if state.is_over:
            break
        before = state.scores()
        falta = falta_value(before, points, False)
        seen = len(state.events)
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        steps = [e.detail.split() for e in state.events[seen:] if e.kind == "points"]
        gained = sum(int(points_text) for points_text, _ in steps)
        assert sum(state.scores()) - sum(before) == gained
        assert all(a >= b for a, b in zip(state.scores(), before, strict=True))
        for points_text, why in steps:
            step = int(points_text)
            allowed = HAND_STEPS.get(why) or (ENVIDO_STEPS if why == "envido" else FLOR_STEPS) | {falta}
            assert step in allowed, (why, step)
    assert state.is_over
    assert max(state.scores()) >= points


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([4, 6]))
def test_opponents_never_see_a_sena_unless_caught(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.start({"players": players}, seed=seed)
    assert isinstance(state, TrucoState)
    shown = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        senas = [a for a in legal if str(a).startswith("seña")]
        state.apply(rng.choice(senas or legal), seat)
        for viewer in range(players):
            for event in state.observation(viewer).events:
                assert event.kind != "seña_vista"
                if event.kind == "seña":
                    shown += 1
                    assert state.team_of[event.seat] == state.team_of[viewer]
    assert shown > 0


@pytest.mark.parametrize("entry", PERFT, ids=lambda e: f"{e['options']}-seed{e['seed']}-d{e['depth']}")
def test_perft(entry: dict[str, object]) -> None:
    state = GAME.start(entry["options"], seed=entry["seed"])  # type: ignore[arg-type]
    assert perft(state, entry["depth"]) == entry["count"]  # type: ignore[arg-type]


PUBLIC_FIELDS = [
    "points", "turn", "playing", "pica_pica", "tricks", "trick", "played", "results", "truco", "hand_worth",
    "el_quiero", "pending", "envido", "envido_called",
]
"""A spectator's table: every seat's table but the seat's own envido (tanto), flor and señas left."""


@pytest.mark.parametrize("options", [{"players": 2, "flor": True}, {"players": 6, "flor": True}])
def test_the_public_table_is_every_seats_table_without_its_own_fields(options: dict[str, object]) -> None:
    for seed in range(3):
        state = GAME.start(options, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            public = state.public_observation()
            assert list(public.table) == PUBLIC_FIELDS
            for seat in range(state.table.n_seats):
                seen = state.observation(seat).table
                assert set(seen) - set(PUBLIC_FIELDS) == {"tanto", "flor", "senas_left"}
                assert {key: seen[key] for key in PUBLIC_FIELDS} == public.table
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_the_public_observation_after_two_plays() -> None:
    state = GAME.start({"players": 2}, seed=1, position={"dealer": 1, "hands": [["1E", "7O", "4C"], ["3B", "12O", "5E"]]})
    state.apply("play 4C", 0)
    state.apply("play 3B", 1)
    public = state.public_observation()
    assert (public.seat, public.hand, public.legal, public.mano) == (-1, [], [], 0)
    assert public.table["played"] == [["4C"], ["3B"]]
    assert public.table["tricks"] == [[[0, "4C"], [1, "3B"]]]
    assert public.table["results"] == [1]
    assert "tanto" not in public.table and "1E" not in public.model_dump_json()
