"""The escoba's words: every event and table said in each language it speaks, moves as players say them, and
players' words read back into legal moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cartas.core import Card, PUBLIC_SEAT
from cartas.core.i18n import speaking
from cartas.games.escoba.actions import Play, play
from cartas.games.escoba.game import EscobaGame

HANDS = "7O 1C 4E / 3O 12C 2B"


@pytest.mark.parametrize("language", ["en", "es", "es-AR"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_and_table_is_said(language: str, players: int) -> None:
    game = EscobaGame()
    state = game.start({"players": players, "points": 15}, seed=players)
    presentation = game.presentation()
    rng = random.Random(players)
    with speaking(language):
        while not state.is_over:
            seat = state.to_act[0]
            for viewer in (seat, PUBLIC_SEAT):
                observation = state.observation(seat) if viewer == seat else state.public_observation()
                view = presentation.table_view(observation)
                assert view.hand == sorted(view.hand, key=lambda c: ("OCEB".index(c[-1]), int(c[:-1])))
                assert [card for label, card in view.centre if label == "table"] == observation.table["board"]
            for action in state.legal_actions(seat):
                assert game.action_text(action)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        lines = [presentation.describe(event) for event in state.events]
    assert all(lines)
    kinds = {event.kind for event in state.events}
    assert {"deal", "table", "tally", "point", "deal_points", "over"} <= kinds


def test_moves_as_said() -> None:
    with speaking("es"):
        assert EscobaGame().action_text(play(Card(7, "O"), [Card(5, "E"), Card(3, "C")])) == (
            "el 7 de oros: me llevo el 5 de espadas y el 3 de copas")
        assert EscobaGame().action_text(Play(Card(7, "O"))) == "dejo el 7 de oros en la mesa"
    with speaking("es-AR"):
        assert "levanto" in EscobaGame().action_text(play(Card(7, "O"), [Card(5, "E"), Card(3, "C")]))


@pytest.mark.parametrize(("said", "meant"), [
    ("7O+5E+3C", "7O+5E+3C"), ("7o+3c+5e", "7O+5E+3C"), ("7O", "7O"),
    ("el 7 de oros con el 5 de espadas y el 3 de copas", "7O+5E+3C"),
    ("siete de oros, cinco de espadas, tres de copas", "7O+5E+3C"),
    ("dejo el 7 de oros", "7O"), ("leave the 7 of coins", "7O"), ("7 de oros", "7O"),
    ("me llevo con el 4 de espadas", "4E+6B+5E"), ("escoba con el as de copas", "1C+6B+5E+3C"),
    ("take with the ace of cups", "1C+6B+5E+3C"), ("7O+6B", None), ("tiro el rey de copas", None),
])
def test_understand(stacked: Any, said: str, meant: str | None) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B")
    understood = EscobaGame().understand(said, state.legal_actions(0))
    assert (str(understood) if understood is not None else None) == meant


def test_escoba_names_the_sweep(stacked: Any) -> None:
    state = stacked(HANDS, "2E 3C 1O 2C")
    assert str(EscobaGame().understand("escoba con el 7 de oros", state.legal_actions(0))) == "7O+3C+2C+2E+1O"
