"""The server writes a table's text (events, table lines, move labels) in the game's own language."""

from __future__ import annotations

import pytest

from cartas.core.events import Event
from cartas.games.truco.game import TrucoGame
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.online.game.views import event_frame, legal_moves, view_models


def test_event_text_is_in_the_games_language_unless_the_server_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)
    assert event_frame(TrucoGame(), Event("deal", 1), 3) == {
        "type": "event", "v": 3, "kind": "deal", "seat": 1, "detail": "", "text": "Jugador 2: reparto",
    }
    assert event_frame(PaulistaGame(), Event("deal", 1))["text"] == "Jogador 2 dá as cartas"
    monkeypatch.setenv("CARTAS_LANG", "en")
    assert event_frame(TrucoGame(), Event("deal", 1))["text"] == "Player 2: deals"


def test_move_labels_and_table_lines_speak_the_game_and_the_text_stays_canonical(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)
    game = TrucoGame()
    state = game.start({"players": 2}, seed=1, position={"dealer": 1, "hands": [["1E", "7O", "4C"], ["3B", "12O", "5E"]]})
    moves = legal_moves(state, 0)
    assert [(m["text"], m["label"]) for m in moves][:3] == [
        ("play 1E", "tiro el 1 de espadas"), ("play 7O", "tiro el 7 de oros"), ("play 4C", "tiro el 4 de copas"),
    ]
    assert ("mazo", "me voy al mazo") in [(m["text"], m["label"]) for m in moves]
    assert view_models(state, 0, {}, False)["table_view"].lines[-1] == "Tenés 7 de envido"
