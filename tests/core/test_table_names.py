"""The table's lines name the players as the viewer's names do, in every game, as the events do.

The terminal and the server draw the table through the game's presentation (``game.presentation()``); before it, the terminal's truco and
paulista tables said "Player 2 deals" beside events that said "Bot 1 (medium)".
"""

from __future__ import annotations

import pytest

from cartas.core.naming import viewer_names
from cartas.core.plugins.manager import get_registry

GAMES = ["truco", "truco_paulista", "chinchon", "remigio", "tresillo", "escoba"]


@pytest.mark.parametrize("name", GAMES)
def test_table_lines_use_the_viewers_names(name: str) -> None:
    game = get_registry().games[name]
    state = game.start(seed=11)
    players = state.table.players if hasattr(state.table, "players") else len(state.scores())
    teams = list(state.table.teams) if getattr(state.table, "teams", None) else None
    names = viewer_names(players, 0, bots={seat: "medium" for seat in range(1, players)}, teams=teams)
    view = game.presentation().table_view(state.observation(0), names)
    text = "\n".join(view.lines)
    generic = game.presentation().table_view(state.observation(0), None)
    # Whatever seat a line names, it names it as the viewer's screen does, never "Player N".
    assert "Player " not in text, text
    if any("Player " in line for line in generic.lines):
        assert any(names.seat(seat) in text for seat in range(players)), text


def test_truco_dealer_line_names_the_bot() -> None:
    game = get_registry().games["truco"]
    state = game.start({"players": 2}, seed=3)
    names = viewer_names(2, 0, bots={1: "medium"}, teams=[0, 1])
    lines = game.presentation().table_view(state.observation(0), names).lines
    dealer, mano = names.seat(state.dealer), names.seat(1 - state.dealer)
    assert f"Dealer: {dealer} · mano: {mano}" in lines
