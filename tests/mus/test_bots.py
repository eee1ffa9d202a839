"""Mus's bots: whole matches of legal moves, and the choices their rules spell out."""

from __future__ import annotations

from cartas.core import parse_cards
from cartas.core.bots import SeatView
from cartas.games.mus.bots import EasyBot, MediumBot
from cartas.games.mus.bots.levels import discard_of, keeps, strong
from cartas.games.mus.game import MusGame

GAME = MusGame()


def test_easy_and_medium_play_whole_matches() -> None:
    state = GAME.start({"points": 30}, seed=4)
    bots = [MediumBot(0), EasyBot(1), MediumBot(2), EasyBot(3)]
    moves = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].choose(SeatView(state, seat)), seat)
        moves += 1
        assert moves < 5000
    assert state.result().winners in ((0, 2), (1, 3))


def test_the_mus_and_the_discards() -> None:
    assert strong(parse_cards("7O 7C 6E 6B"), 8)  # duples cut the mus
    assert not strong(parse_cards("1O 4C 6E 7B"), 8)
    assert sorted(map(str, keeps(parse_cards("3O 12C 6E 7B"), 8))) == ["12C", "3O"]  # eight kings: the 3 is a king
    state = GAME.start({}, seed=1, position={"dealer": 3, "hands": [["3O", "12C", "6E", "7B"], ["1O", "4O", "5O", "6O"],
                                                                   ["7E", "7C", "10E", "10B"], ["4E", "5E", "6C", "1E"]]})
    for seat in range(4):
        state.apply("mus", seat)
    assert str(discard_of(state.hands[0], 8, state.legal_actions(0))) == "descarte 6E 7B"


def test_medium_shows_its_best_sena_once() -> None:
    state = GAME.start({"senas_caught": 0.0}, seed=1, position={
        "dealer": 3, "hands": [["7O", "7C", "6E", "6B"], ["1O", "4O", "5O", "6O"], ["7E", "7B", "10E", "10C"],
                               ["4E", "5E", "6C", "1E"]]})
    state.apply("no hay mus", 0)
    bot = MediumBot(0)
    assert str(bot.choose(SeatView(state, 0))) == "seña duples"
    state.apply("seña duples", 0)
    assert not str(bot.choose(SeatView(state, 0))).startswith("seña")
