"""What the chinchón bots offer the core's ``hard`` bot: a shortlist of the moves worth playing out."""

from __future__ import annotations

import random

import pytest

from cartas.core.bots import SeatView
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots import MediumBot, shortlist
from cartas.games.chinchon.game import ChinchonGame, RemigioGame

GAMES = {"chinchon": ChinchonGame(), "remigio": RemigioGame()}


def test_medium_offers_its_shortlist_to_the_hard_bot() -> None:
    assert MediumBot.shortlist is shortlist  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_shortlist_keeps_both_draws_and_mediums_discard(name: str) -> None:
    state = GAMES[name].start({"players": 2}, seed=9)
    rng = random.Random(9)
    discards_seen = 0
    while not state.is_over and discards_seen < 30:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        legal = view.legal_actions()
        listed = shortlist(view)
        assert listed and all(action in legal for action in listed)
        if isinstance(legal[0], Discard):
            discards_seen += 1
            assert len(listed) <= MediumBot.CANDIDATES + 1
            choice = MediumBot(seat).choose(view)
            if not getattr(choice, "close", False):
                assert choice in listed  # medium weighs only discards the shortlist names
        else:
            assert listed == legal
        state.apply(rng.choice(legal), seat)
    assert discards_seen >= 10
