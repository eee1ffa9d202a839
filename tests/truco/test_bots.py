"""The truco bots: legal, registered, better than chance, honest with señas, and careful at the end."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.match import run_match
from cartas.core.plugins.manager import get_registry
from cartas.games.truco.bots import EasyBot, MediumBot
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()


def test_bots_are_registered() -> None:
    registry = get_registry()
    assert registry.bots["truco"]["easy"] is EasyBot
    assert registry.bots["truco"]["medium"] is MediumBot
    assert registry.games["truco"].title == "Argentine truco"


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 2, "flor": True, "points": 15}, {"players": 4, "flor": True}, {"players": 6},
])
def test_bots_play_whole_matches(options: dict[str, Any]) -> None:
    for seed in range(3):
        state = GAME.start(options, seed=seed)
        bots = [EasyBot, MediumBot]
        agents = {seat: bots[(seat + seed) % 2](seed * 7 + seat) for seat in range(options["players"])}
        result = run_match(state, agents)
        assert state.is_over and result.winners


def _win_rate(bot: type[EasyBot], players: int, matches: int) -> float:
    wins = 0
    for seed in range(matches):
        state = GAME.start({"players": players}, seed=seed)
        agents = {s: bot(s) if (s + seed) % 2 == 0 else RandomBot(s) for s in range(players)}
        result = run_match(state, agents)
        wins += any((w + seed) % 2 == 0 for w in result.winners)
    return wins / matches


@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_bots_beat_random_play(bot: type[EasyBot]) -> None:
    assert _win_rate(bot, 2, 30) >= 0.75


def test_medium_beats_easy() -> None:
    wins = 0
    for seed in range(40):
        state = GAME.start({"players": 2}, seed=seed)
        agents = {seed % 2: MediumBot(seed), 1 - seed % 2: EasyBot(seed)}
        result = run_match(state, agents)
        wins += result.winners == (seed % 2,)
    assert wins > 22


def test_bots_show_true_senas_to_partners() -> None:
    state = GAME.start({"players": 4}, seed=3, position={"dealer": 3, "hands": [
        ["1E", "3O", "4C"], ["5O", "5C", "12C"], ["7C", "4O", "11O"], ["6B", "5B", "10O"]]})
    assert str(EasyBot(0).choose(SeatView(state, 0))) == "seña ancho_espada"


def test_a_partners_sena_makes_the_bot_accept() -> None:
    hands = [["4C", "5B", "6E"], ["5O", "6O", "12C"], ["1E", "1B", "11O"], ["6B", "5E", "10O"]]
    for partner_signals, answer in ((False, "no quiero"), (True, "quiero")):
        state = GAME.start({"players": 4}, seed=3, position={"dealer": 3, "hands": hands})
        state.apply("seña nada", 0)
        state.apply("play 4C", 0)
        state.apply("play 5O", 1)
        if partner_signals:
            state.apply("seña ancho_espada", 2)
        state.apply("play 11O", 2)
        state.apply("truco", 3)
        assert str(EasyBot(0).choose(SeatView(state, 0))) == answer


def test_medium_does_not_raise_when_the_hand_already_wins_the_match() -> None:
    state = GAME.start({"players": 2}, seed=1, position={"dealer": 1, "scores": [29, 10], "hands": [
        ["1E", "1B", "7E"], ["4C", "5C", "6C"]]})
    assert isinstance(state, TrucoState)
    for seed in range(20):
        action = str(MediumBot(seed).choose(SeatView(state, 0)))
        # An envido is scored apart from the hand and, refused, wins the match: it stays (test_envido_endgame.py).
        assert action not in ("truco", "retruco", "vale cuatro"), action


def test_a_caught_rival_sena_makes_the_bot_careful() -> None:
    hands = [["7O", "3O", "4C"], ["1E", "5O", "12C"], ["4O", "5B", "6E"], ["6B", "5E", "10O"]]
    for caught, answer in ((0.0, "quiero"), (1.0, "no quiero")):
        state = GAME.start({"players": 4, "senas_caught": caught}, seed=3, position={"dealer": 3, "hands": hands})
        for seat, action in ((0, "seña siete_oro"), (0, "play 4C"), (1, "seña ancho_espada"), (1, "play 5O"),
                             (2, "play 4O"), (3, "truco")):
            state.apply(action, seat)
        assert str(EasyBot(0).choose(SeatView(state, 0))) == answer


@pytest.mark.parametrize(("hands", "answer"), [
    ([["1E", "1B", "7E"], ["4C", "5C", "6O"]], "no quiero"),
    ([["4C", "5C", "6O"], ["1E", "1B", "7E"]], "retruco"),
])
def test_medium_judges_a_truco_by_its_chances(hands: list[list[str]], answer: str) -> None:
    state = GAME.start({"players": 2}, seed=1, position={"dealer": 0, "hands": hands})
    state.apply("play " + hands[1][2], 1)
    state.apply("truco", 0)
    assert str(MediumBot(4).choose(SeatView(state, 1))) == answer


def test_medium_accepts_without_raising_when_the_truco_wins_the_match() -> None:
    hands = [["4C", "5C", "6O"], ["1E", "1B", "7E"]]
    state = GAME.start({"players": 2}, seed=1, position={"dealer": 0, "scores": [10, 28], "hands": hands})
    state.apply("play 7E", 1)
    state.apply("truco", 0)
    assert str(MediumBot(4).choose(SeatView(state, 1))) == "quiero"
