"""What the chinchón bots offer the core's ``hard`` bot (a shortlist, a plausibility check), and where ``medium``
guards the cards others collect."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots.levels import MediumBot, plausible, shortlist
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


def test_a_sampled_hand_must_fit_its_holders_last_discard() -> None:
    game = GAMES["chinchon"]
    state = game.start({"players": 2}, seed=7, position={
        "hands": [["1O", "2O", "3O", "4O", "7C", "7E", "7B"], ["6B", "6C", "6E", "10C", "11C", "12C", "5O"]],
        "up": "11E", "stock": ["9E", "9C", "8B"], "dealer": 1})
    state.apply("draw stock")  # seat 0 draws the 9E
    state.apply("discard 9E")
    state.apply("draw stock")  # seat 1 draws the 9C
    state.apply("discard 9C")
    view = SeatView(state, 0)
    world = view.sample(random.Random(1))
    world.hands[1] = [Card.parse(c) for c in "1C 4B 5B 6O 12B 12E 2E".split()]  # the 9C joins nothing here
    assert plausible(world, view)
    world.hands[1] = [Card.parse(c) for c in "9O 9B 5B 6O 12B 12E 2E".split()]  # a set of nines he broke up
    assert not plausible(world, view)
    assert MediumBot.plausible is plausible  # type: ignore[attr-defined]


def test_the_plausibility_check_does_not_depend_on_the_hash_seed() -> None:
    """Ties in the ranking of discards must not be broken by set order, or seeded search would differ by process."""
    script = (
        "import random\n"
        "from cartas.core.bots.base import SeatView\n"
        "from cartas.games.chinchon.bots.levels import EasyBot, plausible\n"
        "from cartas.games.chinchon.game import ChinchonGame\n"
        "game = ChinchonGame(); verdicts = []\n"
        "for seed in range(4):\n"
        "    state = game.start({'players': 2, 'max_turns': 30}, seed=seed); rng = random.Random(seed)\n"
        "    while not state.is_over:\n"
        "        seat = state.to_act[0]; view = SeatView(state, seat)\n"
        "        verdicts.append(plausible(view.sample(rng), view))\n"
        "        state.apply(EasyBot(seed).choose(view), seat)\n"
        "print(verdicts)\n"
    )
    runs = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": str(hash_seed)}).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(runs) == 1 and "False" in runs.pop()


class _Careless(MediumBot):
    """``medium`` without its guard on the cards other players collect."""

    DEFENCE = {"chinchon": 0.0, "remigio": 0.0}


@pytest.mark.parametrize(("name", "guards"), [("chinchon", True), ("remigio", False)])
def test_medium_guards_what_others_collect_in_chinchon_only(name: str, guards: bool) -> None:
    """In chinchón ``medium`` sometimes keeps a card that fits one another player took from the discard pile;
    in remigio, where that guard lost matches, it discards exactly as if it had none."""
    differ = decisions = 0
    for seed in range(10):
        state = GAMES[name].start({"players": 2}, seed=seed)
        hands = state.hands_played
        while not state.is_over and state.hands_played == hands:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            choice = MediumBot(seed).choose(view)
            if isinstance(choice, Discard):
                decisions += 1
                differ += choice != _Careless(seed).choose(view)
            state.apply(choice, seat)
    assert decisions >= 30
    assert (differ > 0) == guards
