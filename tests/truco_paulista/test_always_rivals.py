"""The always-X rivals of truco paulista (``habit_rivals.truco_paulista``, on :mod:`cartas.testing.rivals`): each plays whole
matches, in process and as a ``cmd:`` program, and keeps its one habit at every decision it applies to."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import habit_rivals.truco_paulista as ALWAYS

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.games.truco_paulista.bots import EasyBot, MediumBot
from cartas.games.truco_paulista.game import PaulistaGame

GAME = PaulistaGame()
PROGRAM = Path(__file__).resolve().parents[2] / "benchmarks" / "bots" / "rival_program.py"


def _decisions(habit: str | None, seed: int, players: int = 2) -> list[tuple[dict[str, Any], str]]:
    """The rival's observations (as JSON) and answers over a whole match against ``medium`` (``easy`` in four)."""
    state = GAME.start({"players": players}, seed=seed)
    rival = ALWAYS.RIVALS.bot(habit, seed)
    seen: list[tuple[dict[str, Any], str]] = []
    others = {seat: (MediumBot(seed + seat) if players == 2 else EasyBot(seed + seat)) for seat in range(players)}
    while not state.is_over:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        if seat % 2 == 0:
            action = rival.choose(view)
            seen.append((view.observation().model_dump(mode="json"), str(action)))
        else:
            action = others[seat].choose(view)
        state.apply(action, seat)
    assert not any(event.kind == "forfeit" for event in state.events), "no truco in a mão de onze"
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_always_truco_raises_at_every_turn_it_may_but_in_a_mao_de_onze(seed: int) -> None:
    raised = 0
    for observation, action in _decisions("truco", seed):
        words = [word for word in ALWAYS.RAISE_WORDS if word in observation["legal"]]
        if words and observation["table"]["mao_de_onze"] is None:
            assert action == words[0]
            raised += 1
    assert raised >= 3


def test_refuse_runs_from_every_raise_without_two_top_cards_or_a_rodada() -> None:
    answered = 0
    for observation, action in _decisions("refuse", 3) + _decisions("refuse", 4):
        table = observation["table"]
        if table["pending"] is None or "corro" not in observation["legal"]:
            continue
        ranks = ALWAYS.ranks_for(table)
        tops = sum(1 for text in observation["hand"] if ALWAYS.is_top(Card.parse(text), ranks))
        team = observation["teams"][observation["seat"]]
        if tops < 2 and team not in table["trick_winners"]:
            assert action == "corro"
            answered += 1
    assert answered >= 1


def test_bluff_asks_for_truco_on_every_mao_it_may_at_its_first_turn() -> None:
    firsts = 0
    for observation, action in _decisions("bluff", 5):
        table = observation["table"]
        mine = observation["seat"]
        played = any(play["seat"] == mine for trick in [*table["tricks"], table["current_trick"]] for play in trick)
        if (table["pending"] is None and not played and "truco" in observation["legal"]
                and table["mao_de_onze"] is None):
            assert action == "truco"
            firsts += 1
    assert firsts >= 3


def test_onze_plays_every_mao_de_onze_the_plain_player_sometimes_runs_from() -> None:
    # A stacked mão de onze: the rival (seat 0) on 11 with the weakest cards and no manilha (the vira 7O makes
    # the tens manilhas).
    position = {"hands": [["4E", "5B", "6O"], ["3E", "2B", "1C"]], "dealer": 1, "up": "7O", "scores": [11, 5]}
    state = GAME.start({"players": 2}, seed=3, position=position)
    view = SeatView(state, 0)
    assert str(ALWAYS.RIVALS.bot("onze").choose(view)) == "jogo"
    assert str(ALWAYS.RIVALS.bot(None).choose(view)) == "corro"


def test_the_plain_heuristic_plays_four_player_matches() -> None:
    assert _decisions(None, 6, players=4)


def test_an_unknown_habit_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="unknown habit 'envido'"):
        ALWAYS.RIVALS.bot("envido")


def test_the_program_answers_as_the_bot_does() -> None:
    """The ``cmd:`` program reads a decision line and answers with the in-process bot's action."""
    state = GAME.start({"players": 2}, seed=8)
    view = SeatView(state, state.to_act[0])
    observation = view.observation().model_dump(mode="json")
    message = {"type": "decision", "id": 7, "observation": observation, "legal": observation["legal"]}
    done = subprocess.run([sys.executable, str(PROGRAM), "truco_paulista", "truco"], input=json.dumps(message),
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == {"action": str(ALWAYS.RIVALS.bot("truco").choose(view)), "id": 7}
