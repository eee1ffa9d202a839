"""Safety at the table: the moves that lose the match on the spot, and the pace of a watched match."""

from __future__ import annotations

from collections.abc import Callable

import click
import pytest
from click.testing import Result

from cartas.cli.play import WATCH_PACE, watch_delay
from cartas.core.bots.base import SeatView
from cartas.core.game import Game
from cartas.core.plugins.manager import build_registry, make_plugin_manager


def test_delay_without_watch_is_a_one_line_usage_error(run: Callable[..., Result]) -> None:
    result = run("play", "alta", "--delay", "1", "--no-lobby")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: --delay paces a watched match; use it with --watch"


@pytest.mark.parametrize(
    ("watch", "delay", "terminal", "pause"),
    [(True, None, True, WATCH_PACE), (True, None, False, 0.0), (True, 0.25, True, 0.25), (True, 0.0, True, 0.0),
     (False, None, True, 0.0)],
)
def test_a_watched_match_paces_itself_only_at_a_terminal(
    watch: bool, delay: float | None, terminal: bool, pause: float
) -> None:
    assert watch_delay(watch, delay, terminal) == pause


def test_watch_delay_refuses_a_delay_without_watch() -> None:
    with pytest.raises(click.UsageError):
        watch_delay(False, 0.0, True)


def paulista() -> Game:
    pm, _ = make_plugin_manager()
    registry = build_registry(pm, [])
    if "truco_paulista" not in registry.games:
        pytest.skip("truco_paulista is not installed")
    return registry.games["truco_paulista"]


def test_truco_in_a_mao_de_onze_loses_the_match_and_nothing_else_does() -> None:
    game = paulista()
    state = game.start({"players": 2}, seed=3, position={"scores": [11, 0], "dealer": 1})
    state.apply("jogo", 0)
    view = SeatView(state, 0)
    losing = [str(a) for a in view.legal_actions() if game.loses_match_now(view.observation(), a)]
    assert losing == ["truco"]
    normal = game.start({"players": 2}, seed=3, position={"dealer": 1})
    view = SeatView(normal, 0)
    assert "truco" in [str(a) for a in view.legal_actions()]
    assert not any(game.loses_match_now(view.observation(), a) for a in view.legal_actions())


def test_the_default_game_knows_no_losing_move() -> None:
    from cartas_tiny import Alta

    state = Alta().start({"players": 2}, seed=1)
    view = SeatView(state, state.to_act[0])
    assert not any(Alta().loses_match_now(view.observation(), a) for a in view.legal_actions())
