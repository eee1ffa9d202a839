"""The shared conformance suite and the chip invariant, on seeded random matches under hypothesis."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.games.tresillo.game import TresilloGame
from cartas.games.tresillo.state import TresilloState
from cartas.testing import check_conformance

GAME = TresilloGame()

options_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(3, 8),
        "ciega": st.sampled_from(["never", "choice", "always"]),
        "rebuy": st.booleans(),
        "stake": st.integers(1, 6),
        "chips": st.integers(4, 60),
        "deals": st.integers(1, 5),
    }
)


@settings(max_examples=40, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_conformance(options: dict[str, Any], seed: int) -> None:
    check_conformance(GAME, options, seed)


@settings(max_examples=60, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_chips_are_never_made_or_lost(options: dict[str, Any], seed: int) -> None:
    """Bankrolls plus the pot stay constant; without rebuy nobody owes chips; players out get no cards."""
    options = {**options, "deals": options["deals"] * 6}
    state = GAME.start(options, seed=seed)
    assert isinstance(state, TresilloState)
    total = options["players"] * options["chips"]
    rng = random.Random(seed)
    while True:
        assert sum(state.scores()) + state.pot == total
        assert state.pot >= 0
        if not options["rebuy"]:
            assert min(state.scores()) >= 0
        for seat in range(state.n):
            if not state.active[seat]:
                assert state.cards_held(seat) == [] and seat not in state.to_act
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert state.deals_done == options["deals"] or sum(state.active) < 2
    winners = state.result().winners
    assert all(state.scores()[w] == max(state.scores()) for w in winners)


PUBLIC_FIELDS = [
    "phase", "mode", "deal", "deals", "stake", "pot", "trick_pays", "trump", "up", "up_taken", "active", "declared",
    "obliged", "lone", "viuda_taker", "por_el_pozo", "players", "trick", "leader", "tricks_won", "cards_in_hand",
    "played", "fell_last_deal",
]
"""A spectator's table: every seat's table but the seat's own face-down discards (``my_discards``)."""


def test_the_public_table_is_every_seats_table_without_its_discards() -> None:
    discards_seen = 0
    for seed in range(4):
        state = GAME.start({"players": 4, "deals": 2}, seed=seed)
        rng = random.Random(seed)
        while True:
            public = state.public_observation()
            assert list(public.table) == PUBLIC_FIELDS
            assert (public.seat, public.hand, public.legal) == (-1, [], [])
            for seat in range(state.table.n_seats):
                seen = dict(state.observation(seat).table)
                discards_seen += bool(seen.pop("my_discards"))
                assert seen == public.table
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert discards_seen
