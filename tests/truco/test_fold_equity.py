"""Issue 32: ``medium`` calls truco more against a rival its book reads as a folder, and as before against one who
answers by his cards (fold equity: a rival who refuses gives the hand's point away without a trick played)."""

from __future__ import annotations

import random

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import Observed
from cartas.core.bots.inference.rivals import logistic
from cartas.games.truco.bidding import STRENGTH_SPREAD, TRUCO_ACCEPT_BAR
from cartas.games.truco.bots import TRUCO_CALL_BAR, MediumBot, Reading
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.rivals import TrucoRivalReader, truco_rate

GAME = TrucoGame()
BASE_RATE = truco_rate(TRUCO_ACCEPT_BAR)
SEEDS = range(60)


def first_turn(mine: list[str]) -> SeatView:
    """Seat 0, mano at 4-4 to 30, to play first with ``mine`` (a tanto too low to open the envido)."""
    state = GAME.start({"players": 2, "points": 30}, seed=5, position={
        "dealer": 1, "scores": [4, 4], "hands": [mine, ["4C", "5C", "6B"]],
    })
    view = SeatView(state, 0)
    assert "truco" in {str(a) for a in view.legal_actions()}
    return view


def folder(refusals: int) -> TrucoRivalReader:
    """A book of a rival who refused every one of ``refusals`` trucos, his cards never shown."""
    reader = TrucoRivalReader()
    for _ in range(refusals):
        reader.book.record(Observed(1, "truco answer", False, None, BASE_RATE))
    return reader


def honest(answers: int, seed: int = 1) -> TrucoRivalReader:
    """A book of a rival who accepted exactly when his cards (shown at the hand's end) made the rule's bar."""
    reader, rng = TrucoRivalReader(), random.Random(seed)
    for _ in range(answers):
        strength = rng.uniform(0.0, 2.5)
        said = strength >= TRUCO_ACCEPT_BAR
        reader.book.record(Observed(1, "truco answer", said, logistic(strength, TRUCO_ACCEPT_BAR, STRENGTH_SPREAD),
                                    BASE_RATE))
    return reader


def calls(view: SeatView, reader: TrucoRivalReader) -> list[bool]:
    out = []
    for seed in SEEDS:
        bot = MediumBot(seed)
        bot.use_reader(reader)
        out.append(str(bot.choose(view)) == "truco")
    return out


@pytest.mark.parametrize("mine", [["3E", "12B", "5O"], ["2B", "12E", "6C"]])
def test_the_call_rate_rises_against_a_rival_who_refused_every_truco(mine: list[str]) -> None:
    view = first_turn(mine)
    plain, against = calls(view, TrucoRivalReader()), calls(view, folder(12))
    assert all(b for a, b in zip(plain, against) if a), "a seed that called against a fresh book stopped calling"
    assert sum(against) >= sum(plain) + 0.1 * len(SEEDS), (sum(plain), sum(against))


def test_the_bar_falls_with_the_refusals_and_stays_for_an_honest_rival() -> None:
    reading = Reading.of(first_turn(["3E", "12B", "5O"]))
    bars = []
    for refusals in (0, 4, 8, 12):
        bot = MediumBot(0)
        bot.use_reader(folder(refusals))
        bars.append(bot._truco_call_bar(reading))
    assert bars[0] == TRUCO_CALL_BAR
    assert bars == sorted(bars, reverse=True) and bars[-1] < TRUCO_CALL_BAR - 0.04
    bot = MediumBot(0)
    bot.use_reader(honest(12))
    assert bot._truco_call_bar(reading) == TRUCO_CALL_BAR


def test_against_an_honest_rival_the_calls_are_as_before() -> None:
    view = first_turn(["3E", "12B", "5O"])
    assert calls(view, honest(12)) == calls(view, TrucoRivalReader())
