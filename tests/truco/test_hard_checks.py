"""Which of ``medium``'s moves the core's ``hard`` checks with play-outs in truco, by table size (issue 32).

At two players ``hard`` plays out every move but a card that wins the hand on the spot and an answer to the envido
of a rival whose book reads an envido habit; at four players, where a decision has eight sampled states, it also
plays ``medium``'s answers to an envido and to a retruco as they are. At every table it leaves the señas, the
falta envido and the mazo to ``medium``, and at two players the vale cuatro too (``medium`` weighs that raise
where the rival would accept it).
"""

from __future__ import annotations

from collections.abc import Callable

from habit_rivals.truco import RIVALS as TRUCO_RIVALS

from cartas.core.bots import Agent, Observed
from cartas.core.bots.base import SeatView
from cartas.core.bots.rollout import RolloutBot
from cartas.games.truco.bots import ENVIDO_HABIT, HEAD_TO_HEAD_PLAYOUTS, EasyBot, MediumBot
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.rivals import ENVIDO_KEY, TrucoRivalReader, envido_rate

GAME = TrucoGame()
PlayHands = Callable[[Agent, int, int], MediumBot]
"""The ``play_hands`` fixture (tests/truco/conftest.py)."""


def _said(view: SeatView, actions: list[object]) -> set[str]:
    return {str(action) for action in actions}


def test_two_players_compare_every_move_on_a_first_turn_but_the_falta_envido_and_the_mazo() -> None:
    state = GAME.start({"players": 2, "points": 30}, seed=3)
    view = SeatView(state, state.to_act[0])
    legal = _said(view, view.legal_actions())
    assert {"falta envido", "mazo", "envido", "truco"} <= legal
    assert _said(view, MediumBot.shortlist(view)) == legal - {"falta envido", "mazo"}
    assert not MediumBot.rollout_settled(view)


def test_two_players_play_out_an_envido_answer_but_a_retruco_is_never_raised_on_the_play_outs() -> None:
    state = GAME.start({"players": 2, "points": 30}, seed=3)
    state.apply("envido", state.to_act[0])
    view = SeatView(state, state.to_act[0])
    legal = _said(view, view.legal_actions())
    assert {"quiero", "no quiero", "falta envido"} <= legal
    assert not MediumBot.rollout_settled(view)
    assert _said(view, MediumBot.shortlist(view)) == legal - {"falta envido", "mazo"}

    state = GAME.start({"players": 2, "points": 30}, seed=3, position={
        "dealer": 0, "scores": [0, 6], "hands": [["10E", "2E", "1O"], ["7E", "11E", "1C"]]})
    for action in ("play 1C", "play 2E", "truco", "retruco"):
        state.apply(action, state.to_act[0])
    view = SeatView(state, 0)
    legal = _said(view, view.legal_actions())
    assert "vale cuatro" in legal
    assert _said(view, MediumBot.shortlist(view)) == legal - {"vale cuatro", "mazo"}
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


def _facing_an_envido() -> SeatView:
    """Seat 0 of a two-player match to 30 at 5-5, its rival (the mano) having opened the envido."""
    state = GAME.start({"players": 2, "points": 30}, seed=3, position={
        "dealer": 0, "scores": [5, 5], "hands": [["4E", "5O", "12C"], ["7E", "6E", "1C"]]})
    state.apply("envido", 1)
    view = SeatView(state, 0)
    assert {"quiero", "no quiero"} <= _said(view, view.legal_actions())
    return view


def _envidos(called: int, reader: TrucoRivalReader | None = None) -> TrucoRivalReader:
    """``reader`` (a new one by default) having read that seat 1 opened the envido on each of ``called`` hands,
    his tanto never shown."""
    reader = TrucoRivalReader() if reader is None else reader
    for _ in range(called):
        reader.book.record(Observed(1, ENVIDO_KEY, True, None, envido_rate(27.0)))
    return reader


def _settled_by_medium(view: SeatView, reader: TrucoRivalReader) -> list[bool]:
    out = []
    for seed in range(8):
        bot = MediumBot(seed)
        bot.use_reader(reader)
        bot.choose(view)
        out.append(bot.choice_settled)
    return out


def test_an_envido_answer_is_settled_from_the_third_envido_said_with_the_tanto_unseen() -> None:
    """The book's ``π_yes`` for the envido reads 0.18 after two such envidos and 0.25 after three
    (:data:`ENVIDO_HABIT` is 0.2): from then ``medium``'s answer is the one ``hard`` plays."""
    view = _facing_an_envido()
    assert _envidos(2).book.modes(1, ENVIDO_KEY).yes < ENVIDO_HABIT <= _envidos(3).book.modes(1, ENVIDO_KEY).yes
    assert not any(_settled_by_medium(view, TrucoRivalReader()))
    assert not any(_settled_by_medium(view, _envidos(2)))
    assert all(_settled_by_medium(view, _envidos(3)))


def test_hard_plays_out_the_answer_to_an_honest_rival_and_not_to_one_with_an_envido_habit() -> None:
    view = _facing_an_envido()
    compared = MediumBot.shortlist(view)
    fresh = RolloutBot(1, base=MediumBot)
    assert fresh.choose(view) in compared
    assert fresh.last_samples == max(MediumBot.rollout_samples, HEAD_TO_HEAD_PLAYOUTS // len(compared))
    habit = RolloutBot(1, base=MediumBot)
    habit.remember(view)  # makes its reader; the match so far has no finished hand to read
    reader = getattr(habit, "_reader")
    assert isinstance(reader, TrucoRivalReader)
    _envidos(3, reader)
    assert str(habit.choose(view)) in ("quiero", "no quiero", "real envido", "falta envido")
    assert habit.last_samples == 0


def test_an_honest_rival_is_not_read_as_an_envido_habit_and_an_always_envido_one_is(play_hands: PlayHands) -> None:
    """Ten hands against ``easy`` (envido from a tanto of 28, no bluffs) leave ``π_yes`` under the bar; ten
    against the always-envido rival (``habit_rivals.truco``) take it over."""
    for seed in (21, 22):
        honest = play_hands(EasyBot(seed + 7), 10, seed)
        assert honest._reader is not None
        assert honest._reader.book.modes(1, ENVIDO_KEY).yes < ENVIDO_HABIT
        bully = play_hands(TRUCO_RIVALS.bot("envido", seed + 7), 10, seed)
        assert bully._reader is not None
        assert bully._reader.book.modes(1, ENVIDO_KEY).yes >= ENVIDO_HABIT
