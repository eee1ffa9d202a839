"""Hints that mean something (cli/hints.py): the measure named, a 95% interval per move from its play-outs, the
recommendation at the top of the list, "too close to call" when the top two are not apart on the same deals."""

from __future__ import annotations

import pytest
from cartas_tiny import Alta

from cartas.cli.hints import MIN_SAMPLES, estimate, hint_lines, summarise
from cartas.core import RandomBot, SeatView


def test_a_clear_lead_is_recommended_at_the_top_of_the_list() -> None:
    rows = [[0.0, 1.0 + (i % 2)] for i in range(MIN_SAMPLES)]  # "b" beats "a" by 1 or 2 on every deal
    hint = summarise(["a", "b"], rows)
    assert [move.action for move in hint.moves] == ["b", "a"]
    assert hint.moves[0].mean == pytest.approx(1.5) and hint.moves[1].margin == 0
    assert hint.clear
    lines = hint_lines(Alta(), hint, "medium")
    assert lines[0] == f"Points of this hand, yours less theirs, over {MIN_SAMPLES} play-outs a move by the medium bot (95% interval):"
    assert lines[1] == "  1. b  +1.50 ± 0.22"
    assert lines[2] == "  2. a  +0.00 ± 0.00"
    assert lines[3] == "Recommended: b, ahead of a by 1.50 ± 0.22 on the same deals"


def test_moves_whose_difference_is_noise_are_too_close_to_call() -> None:
    rows = [[float(i % 3), float((i + 1) % 3)] for i in range(30)]
    hint = summarise(["a", "b"], rows)
    assert not hint.clear
    assert hint_lines(Alta(), hint, "easy")[-1].startswith("Too close to call: ")


def test_too_few_play_outs_show_nothing_but_that() -> None:
    hint = summarise(["a", "b"], [[0.0, 1.0]] * (MIN_SAMPLES - 1))
    assert hint_lines(Alta(), hint, "easy") == [
        f"Too few play-outs ({MIN_SAMPLES - 1}) in the time allowed for a hint worth showing."
    ]


def test_estimates_play_every_legal_move_out_on_the_same_deals() -> None:
    game = Alta()
    state = game.start({"players": 2}, seed=3)
    view = SeatView(state, state.to_act[0])
    hint = estimate(view, RandomBot, seed=1, samples=25, time_budget=None)
    assert sorted(str(move.action) for move in hint.moves) == sorted(map(str, view.legal_actions()))
    assert all(move.samples == 25 for move in hint.moves)
    assert [move.mean for move in hint.moves] == sorted((move.mean for move in hint.moves), reverse=True)
    assert state.history == []  # the view's own state is untouched
