"""The chinchón candidates screened against ``medium`` for issue 32 item 4 (``benchmarks/rummy_hard_screen.py`` and
its neighbours): none was shipped, but the scripts must run and a candidate must do what docs/bots.md says it does."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from benchmark_scripts import BENCHMARKS, load_script
from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.games.chinchon.actions import Discard
from cartas.games.chinchon.bots import MediumBot
from cartas.games.chinchon.game import ChinchonGame

screen = load_script("rummy_hard_screen.py")
reading = load_script("rummy_medium_reading.py")
close_feed = load_script("rummy_close_feed.py")


@pytest.mark.parametrize("script", ["rummy_hard_screen.py", "rummy_medium_reading.py", "rummy_close_feed.py"])
def test_the_scripts_answer_help(script: str) -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), "--help"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def _able_to_close_for_four(scores: list[int]) -> SeatView:
    """Seat 0 holds 1-2-3 of oros, three fives and the 4 of copas, draws the rey of bastos and may cortar leaving
    the 4 loose."""
    state = ChinchonGame().start({"players": 2}, seed=3, position={
        "hands": [["1O", "2O", "3O", "5C", "5E", "5B", "4C"], ["6B", "7C", "10E", "11O", "2E", "3B", "9B"]],
        "up": "8E", "stock": ["12E", "11C", "12B"], "dealer": 1, "scores": scores})
    for move in ("draw stock", "discard 12E", "draw stock", "discard 11C", "draw stock"):
        state.apply(move)
    return SeatView(state, 0)


def test_limit_does_not_cortar_itself_out_of_the_match() -> None:
    """At 97 a close leaving 4 loose puts the closer at 101, out: ``medium`` closes, ``limit`` throws the rey and
    plays on; at 50 both close."""
    near = _able_to_close_for_four([97, 40])
    assert MediumBot(1).choose(near) == Discard(Card.parse("12B"), close=True)
    assert screen.LimitBot(1).choose(near) == Discard(Card.parse("12B"), close=False)
    far = _able_to_close_for_four([50, 40])
    assert screen.LimitBot(1).choose(far) == Discard(Card.parse("12B"), close=True)


def test_a_world_is_likely_when_the_rivals_last_discard_is_mediums() -> None:
    state = ChinchonGame().start({"players": 2}, seed=7, position={
        "hands": [["1O", "2O", "3O", "4O", "7C", "7E", "7B"], ["6B", "6C", "6E", "10C", "11C", "12C", "5O"]],
        "up": "11E", "stock": ["9E", "9C", "8B"], "dealer": 1})
    for move in ("draw stock", "discard 9E", "draw stock", "discard 9C"):
        state.apply(move)
    world = SeatView(state, 0).sample(random.Random(1))
    world.hands[1] = [Card.parse(c) for c in "1C 2C 3C 1B 1E 2B 3E".split()]  # the 9C was his dearest loose card
    assert reading.last_discard_weight(world, 0) == 1.0
    world.hands[1] = [Card.parse(c) for c in "1C 2C 3C 12B 5E 2B 3E".split()]  # medium would have thrown the lone rey
    assert reading.last_discard_weight(world, 0) == reading.MISS


def test_the_close_feed_weights_load_and_name_their_features() -> None:
    """The shipped weights fit the features the script computes; a comodín, which melds with nearly anything, is
    likelier to let the rival cortar than the same situation with a plain rey."""
    import json

    data = json.loads((BENCHMARKS / "rummy_close_feed_weights.json").read_text())
    assert tuple(data["features"]) == close_feed.NAMES
    weights = data["weights"]
    plain = [1.0, 1.2, 0.0, 0.33, 0.25, 0.8, 1.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.8 * 0.33, 0.8 * 0.25, 0.7, 0.0, 0.0,
             0.0, 0.0]
    joker = list(plain)
    joker[1], joker[2], joker[18] = 0.0, 1.0, 1.0
    assert len(plain) == len(close_feed.NAMES)
    assert 0.0 < close_feed.predict(weights, plain) < close_feed.predict(weights, joker) < 1.0


def test_upany_takes_a_low_upcard_that_melds_with_nothing() -> None:
    """Seat 0 holds 1-2-3 of oros, three fives and the rey of copas; the upcard 1B melds with nothing but would
    replace the rey's 10 loose points with 1. ``medium`` takes only an upcard that melds and draws blind;
    ``upany`` takes it, and ``upnever`` never takes even one that melds (the 4 of oros)."""
    def first_draw(up: str) -> SeatView:
        state = ChinchonGame().start({"players": 2}, seed=3, position={
            "hands": [["1O", "2O", "3O", "5C", "5E", "5B", "12C"], ["6B", "7C", "10E", "11O", "2E", "3B", "9B"]],
            "up": up, "stock": ["12E", "11C", "12B"], "dealer": 1})
        return SeatView(state, 0)

    low = first_draw("1B")
    assert str(MediumBot(1).choose(low)) == "draw stock"
    assert str(screen.UpcardAnyBot(1).choose(low)) == "draw discard"
    melds = first_draw("4O")
    assert str(MediumBot(1).choose(melds)) == "draw discard"
    assert str(screen.NeverUpcardBot(1).choose(melds)) == "draw stock"
