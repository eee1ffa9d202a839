"""Match analysis: stacked positions whose best move is known are marked when the other move is played, the
analysis of a seat does not depend on cards it never saw, and no such card reaches its output."""

from __future__ import annotations

import json
from typing import Any

from cartas.core.analysis import BEST, MARKS, analyse, chart_svg, to_json
from cartas.core.analysis.report import decision_lines, summary_lines
from cartas.core.analysis.valuation import value_moves
from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.core.record import MatchRecord

REGISTRY = get_registry()


def _record(game: str, options: dict[str, Any], position: dict[str, Any], actions: list[tuple[int, str]]) -> MatchRecord:
    return MatchRecord(game=game, options=options, seed=5, position=position, actions=actions)


def _only(record: MatchRecord, seat: int, samples: int = 12) -> Any:
    game = REGISTRY.game(record.game)
    analysis = analyse(game, record, seat, samples=samples, seed=1)
    assert analysis.decisions, "the record holds no decision of that seat"
    return analysis.decisions[-1]


def test_refusing_an_envido_holding_33_is_marked() -> None:
    position = {"dealer": 1, "hands": [["4C", "1O", "12B"], ["7E", "6E", "5B"]]}
    refused = _record("truco", {"players": 2, "points": 30}, position, [(0, "envido"), (1, "no quiero")])
    decision = _only(refused, 1)
    assert str(decision.best) in {"quiero", "real envido", "falta envido"}  # 33 wins the envido: accept or raise
    assert decision.mark in MARKS
    assert decision.loss_points is not None and decision.loss_points.mean >= 2.0
    ranked = [str(move.action) for move in decision.moves]
    assert ranked.index("quiero") < ranked.index("no quiero")


def test_the_card_that_loses_the_hand_is_marked_against_the_one_that_wins_it() -> None:
    # The first trick is parda (two fours), so the second decides the hand: against seat 0's 6 of cups, the 7
    # of coins wins it at once, the 5 of coins loses it at once.
    position = {"dealer": 1, "hands": [["4C", "6C", "3O"], ["4O", "7O", "5O"]]}
    moves = [(0, "play 4C"), (1, "play 4O"), (0, "play 6C")]
    losing = _record("truco", {"players": 2, "points": 30}, position, moves + [(1, "play 5O")])
    decision = _only(losing, 1)
    assert decision.mark in MARKS
    ranked = [str(move.action) for move in decision.moves]
    assert ranked.index("play 7O") < ranked.index("play 5O")
    assert decision.loss_points is not None and decision.loss_points.mean >= 2.0
    winning = _record("truco", {"players": 2, "points": 30}, position, moves + [(1, "play 7O")])
    better = _only(winning, 1)
    assert better.mark not in MARKS or (  # a truco first may do better still, never by as much
        better.loss_points is not None and decision.loss_points is not None
        and better.loss_points.mean < decision.loss_points.mean)


CHINCHON_POSITION = {"dealer": 1, "hands": [["1O", "2O", "3O", "4O", "5O", "6O", "8C"],
                                            ["1C", "3C", "5C", "7C", "9E", "11B", "12B"]],
                     "up": "12E", "stock": ["9B", "7O"]}
CHINCHON_MOVES = [(0, "draw discard"), (0, "discard 12E"), (1, "draw stock"), (1, "discard 9B"), (0, "draw stock")]


def test_breaking_a_chinchon_that_closes_the_match_is_a_grave_error() -> None:
    missed = _record("chinchon", {"players": 2}, CHINCHON_POSITION, CHINCHON_MOVES + [(0, "discard 4O")])
    decision = _only(missed, 0, samples=6)
    assert str(decision.best) in {"close 8C", "discard 8C"}  # close now, or keep the chinchón and close next turn
    assert decision.by_chance
    assert decision.mark == "blunder"
    closed = _record("chinchon", {"players": 2}, CHINCHON_POSITION, CHINCHON_MOVES + [(0, "close 8C")])
    assert _only(closed, 0, samples=6).mark not in MARKS


FOUR = {"players": 4, "points": 30}
FOUR_MOVES = [(0, "play 4C"), (1, "play 5C"), (2, "play 6C"), (3, "play 7C")]


def _four(seat1: list[str], seat3: list[str]) -> MatchRecord:
    hands = [["4C", "1O", "12B"], seat1, ["6C", "2B", "3B"], seat3]
    return _record("truco", FOUR, {"dealer": 3, "hands": hands}, FOUR_MOVES)


def test_the_analysis_is_the_same_whatever_the_cards_seat_0_never_saw() -> None:
    game = REGISTRY.game("truco")
    one = _four(["5C", "1E", "11O"], ["7C", "10E", "3O"])
    other = _four(["5C", "10E", "3O"], ["7C", "1E", "11O"])  # seats 1 and 3 swap the cards they never showed
    first = to_json(game, analyse(game, one, 0, samples=6, seed=3))
    second = to_json(game, analyse(game, other, 0, samples=6, seed=3))
    assert first["decisions"], "seat 0 had a decision to analyse"
    assert first == second


def test_no_card_hidden_from_the_seat_appears_in_its_analysis() -> None:
    game = REGISTRY.game("truco")
    record = _four(["5C", "1E", "11O"], ["7C", "10E", "3O"])
    analysis = analyse(game, record, 0, samples=6, seed=3)
    text = json.dumps(to_json(game, analysis), ensure_ascii=False)
    text += "\n".join(line for decision in analysis.decisions for line in decision_lines(game, decision))
    text += "\n".join(summary_lines(game, analysis)) + chart_svg(analysis)
    for card in ["1E", "11O", "10E", "3O", "2B", "3B"]:  # in seats 1, 2, 3's hands, never played
        assert f"play {card}" not in text
        assert game.action_text(game.parse_action(f"play {card}")) not in text


def _mao_de_onze() -> tuple[Any, SeatView]:
    """Paulista at 11 to 5 (the issue's case): seat 0 plays the mão de onze and reaches a turn where truco is legal."""
    game = REGISTRY.game("truco_paulista")
    state = game.start({"players": 2}, seed=4, position={"scores": [11, 5]})
    state.apply("jogo", 0)
    while True:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if seat == 0 and any(game.loses_match_now(state.observation(0), action) for action in legal):
            return game, SeatView(state, 0)
        state.apply(next(action for action in legal if str(action).startswith("play")), seat)


def test_the_analysis_never_ranks_first_a_truco_that_loses_the_mao_de_onze() -> None:
    game, view = _mao_de_onze()
    values = value_moves(game, view, samples=6, seed=0)
    ranked = [values.legal[index] for index in values.ranking()]
    assert game.loses_match_now(view.observation(), ranked[-1])
    assert not game.loses_match_now(view.observation(), ranked[0])
    assert values.by_match()


def test_the_hint_never_recommends_a_truco_that_loses_the_mao_de_onze() -> None:
    from cartas.cli.hints import estimate, hint_lines

    game, view = _mao_de_onze()
    observation = view.observation()
    losing = frozenset(a for a in view.legal_actions() if game.loses_match_now(observation, a))
    policy = REGISTRY.bots["truco_paulista"]["medium"]
    hint = estimate(view, policy, samples=20, time_budget=None, losing=losing)
    assert hint.moves[-1].action in losing and hint.moves[0].action not in losing
    lines = hint_lines(game, hint, "medium")
    truco = game.action_text(next(iter(losing)))
    assert any(truco in line and "loses the match" in line for line in lines)
    assert not any(line.startswith("Recommended: " + truco) for line in lines)
