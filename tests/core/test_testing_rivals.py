"""cartas.testing.rivals builds a habit on any base without knowing the game: the habit where it names a legal
action, the base elsewhere; an unknown habit is refused by name."""

from __future__ import annotations

import random

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.testing.rivals import HabitBot, Rivals, always, level_bot, observation_json


def test_always_plays_its_word_where_both_answers_are_legal_and_the_base_elsewhere() -> None:
    game = get_registry().game("tresillo")
    state = game.start({"players": 4, "deals": 2}, seed=3)
    rng = random.Random(3)
    kept = 0
    while not state.is_over:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        legal = [str(action) for action in view.legal_actions()]
        chosen = str(HabitBot(always("juego", where_also="paso"), level_bot("tresillo", "medium", seat)).choose(view))
        if "juego" in legal and "paso" in legal:
            assert chosen == "juego"
            kept += 1
        else:
            assert chosen == str(level_bot("tresillo", "medium", seat).choose(view))
        state.apply(view.legal_actions()[rng.randrange(len(legal))], seat)
    assert kept >= 1


def test_a_habit_naming_an_illegal_action_defers_to_the_base() -> None:
    state = get_registry().game("truco").start({"players": 2}, seed=1)
    view = SeatView(state, state.to_act[0])
    assert "vale cuatro" not in observation_json(view)["legal"]
    bot = HabitBot(lambda observation: "vale cuatro", level_bot("truco", "easy", 4))
    assert str(bot.choose(view)) == str(level_bot("truco", "easy", 4).choose(view))


def test_an_unknown_habit_is_refused_naming_those_there_are() -> None:
    rivals = Rivals("truco", lambda seed: level_bot("truco", "easy", seed), {"truco": always("truco")})
    with pytest.raises(ValueError, match="unknown habit 'envido': expected one of truco"):
        rivals.bot("envido")
    assert rivals.names == ("truco",)
