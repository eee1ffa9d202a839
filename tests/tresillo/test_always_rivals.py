"""The always-X rivals of julepe (``habit_rivals.tresillo``, on :mod:`cartas.testing.rivals`): ``medium`` with one habit,
which it keeps wherever it applies, and ``medium`` itself everywhere else, in process and as a ``cmd:`` program."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from habit_rivals.tresillo import RIVALS

from cartas.core.bots.base import SeatView
from cartas.games.tresillo.bots import MediumBot
from cartas.games.tresillo.game import TresilloGame

GAME = TresilloGame()
PROGRAM = Path(__file__).resolve().parents[2] / "benchmarks" / "bots" / "rival_program.py"
PAIRS = {"juego": ("juego", "paso"), "viuda": ("tomo viuda", "dejo viuda"), "obligo": ("obligo", "no obligo"),
         "ciega": ("apuesta ciega", "apuesta normal")}


@pytest.mark.parametrize("habit", ["juego", "viuda", "obligo", "ciega"])
def test_each_rival_keeps_its_habit_and_plays_medium_elsewhere(habit: str) -> None:
    word, other = PAIRS[habit]
    kept = same = 0
    for seed in range(4):
        state = GAME.start({"players": 4, "deals": 20}, seed=seed)
        rng = random.Random(seed)
        rivals = {seat: RIVALS.bot(habit, seat) for seat in range(4)}
        while not state.is_over:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            legal = [str(action) for action in view.legal_actions()]
            chosen = str(rivals[seat].choose(view))
            if word in legal and other in legal:
                assert chosen == word
                kept += 1
            else:
                assert chosen == str(MediumBot(seat).choose(view))
                same += 1
            # the deal goes on at random, so every question is asked of the rival, whatever its habit
            state.apply(view.legal_actions()[rng.randrange(len(legal))], seat)
    assert kept >= 3 and same >= 100


def test_through_json_the_rival_chooses_as_in_process() -> None:
    """The program reads the observation JSON (:class:`cartas.testing.rivals.JsonView`): the same choices as the view itself gives."""
    for seed in range(4):
        state = GAME.start({"players": 4, "deals": 4}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            observation = view.observation().model_dump(mode="json")
            assert RIVALS.decide("juego", observation) == str(RIVALS.bot("juego").choose(view))
            legal = view.legal_actions()
            state.apply(legal[rng.randrange(len(legal))], seat)


def test_the_program_answers_a_decision_line() -> None:
    state = GAME.start({"players": 4}, seed=2)
    while "juego" not in [str(a) for a in state.legal_actions()]:
        state.apply(state.legal_actions()[0])
    view = SeatView(state, state.to_act[0])
    observation = view.observation().model_dump(mode="json")
    message = {"type": "decision", "id": 3, "observation": observation, "legal": observation["legal"]}
    done = subprocess.run([sys.executable, str(PROGRAM), "tresillo", "juego"], input=json.dumps(message),
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == {"action": "juego", "id": 3}


def test_an_unknown_habit_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="unknown habit 'bluff'"):
        RIVALS.bot("bluff")
