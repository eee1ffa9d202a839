"""Which of ``medium``'s moves the core's ``hard`` checks with play-outs in truco, by table size (issue 32).

At two players ``hard`` plays out every move but a card that wins the hand on the spot, and compares every legal
move but a vale cuatro in answer to a retruco (``medium``'s raise there is weighed where the rival would accept
it); at four players, where a decision has eight sampled states, it also plays ``medium``'s answers to an envido
and to a retruco as they are, and leaves the señas, the falta envido and the mazo to ``medium``.
"""

from __future__ import annotations

from cartas.core.bots.base import SeatView
from cartas.games.truco.bots import MediumBot
from cartas.games.truco.game import TrucoGame

GAME = TrucoGame()


def _said(view: SeatView, actions: list[object]) -> set[str]:
    return {str(action) for action in actions}


def test_two_players_compare_every_move_on_a_first_turn() -> None:
    state = GAME.start({"players": 2, "points": 30}, seed=3)
    view = SeatView(state, state.to_act[0])
    shortlist = _said(view, MediumBot.shortlist(view))
    assert shortlist == _said(view, view.legal_actions())
    assert {"falta envido", "mazo", "envido", "truco"} <= shortlist
    assert not MediumBot.rollout_settled(view)


def test_two_players_play_out_an_envido_answer_but_a_retruco_is_never_raised_on_the_play_outs() -> None:
    state = GAME.start({"players": 2, "points": 30}, seed=3)
    state.apply("envido", state.to_act[0])
    view = SeatView(state, state.to_act[0])
    assert {"quiero", "no quiero"} <= _said(view, view.legal_actions())
    assert not MediumBot.rollout_settled(view)
    assert _said(view, MediumBot.shortlist(view)) == _said(view, view.legal_actions())

    state = GAME.start({"players": 2, "points": 30}, seed=3, position={
        "dealer": 0, "scores": [0, 6], "hands": [["10E", "2E", "1O"], ["7E", "11E", "1C"]]})
    for action in ("play 1C", "play 2E", "truco", "retruco"):
        state.apply(action, state.to_act[0])
    view = SeatView(state, 0)
    legal = _said(view, view.legal_actions())
    assert "vale cuatro" in legal
    assert _said(view, MediumBot.shortlist(view)) == legal - {"vale cuatro"}
    assert not MediumBot.rollout_settled(view)


def test_four_players_settle_the_answers_and_leave_the_rare_moves_to_medium() -> None:
    state = GAME.start({"players": 4, "points": 30}, seed=3)
    view = SeatView(state, state.to_act[0])
    legal = _said(view, view.legal_actions())
    shortlist = _said(view, MediumBot.shortlist(view))
    assert "mazo" in legal and any(move.startswith("seña") for move in legal)
    assert shortlist == {move for move in legal if not move.startswith("seña") and move != "mazo"}
    assert not MediumBot.rollout_settled(view)
    while "envido" not in _said(view, view.legal_actions()):  # the cards down to the first who may call it
        card = next(a for a in view.legal_actions() if str(a).startswith("play"))
        state.apply(card, view.seat)
        view = SeatView(state, state.to_act[0])
    assert "falta envido" not in _said(view, MediumBot.shortlist(view))
    state.apply("envido", view.seat)
    view = SeatView(state, state.to_act[0])
    assert {"quiero", "no quiero"} <= _said(view, view.legal_actions())
    assert MediumBot.rollout_settled(view)
