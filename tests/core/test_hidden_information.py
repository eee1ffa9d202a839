"""The hidden-information conformance check, run for every installed game and the example plugin.

It plays random matches and reads what each seat would be told over the JSON protocol and what a replay prints
for the public and for each seat; the last tests break one piece at a time to show that it notices.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core import Game
from cartas.core.audience import Audience
from cartas.core.events import Event
from cartas.core.plugins.manager import get_registry
from cartas.testing import HiddenInformationError, check_hidden_information

BOUNDED = {"chinchon": {"max_turns": 6, "points": 60}, "remigio": {"max_turns": 4, "points": 80}}
"""Options that keep the rummy games' random matches short (random play rarely closes a round)."""
GAMES = sorted(get_registry().games)


def options_for(game: Game, players: int) -> dict[str, Any]:
    return {**BOUNDED.get(game.name, {}), "players": players}


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(10**6, 2**40), data=st.data())
def test_no_installed_game_shows_a_seat_or_a_replay_a_hidden_card(name: str, seed: int, data: st.DataObject) -> None:
    game = get_registry().game(name)
    players = data.draw(st.sampled_from(game.player_counts()), label="players")
    assert check_hidden_information(game, options_for(game, players), seed).is_over


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(10**6, 2**40), players=st.integers(2, 6), hands=st.integers(1, 3))
def test_the_example_plugin_shows_no_hidden_card(example_game: Game, seed: int, players: int, hands: int) -> None:
    assert check_hidden_information(example_game, {"players": players, "hands": hands}, seed).is_over


def test_the_builtin_games_are_all_checked() -> None:
    assert {"truco", "truco_paulista", "chinchon", "remigio", "tresillo"} <= set(GAMES)


# --- the check notices each kind of leak ---------------------------------------------------------

PAULISTA = "truco_paulista"
HIDES = 5550001  # a seed whose random match has encobertas in the middle of a hand


def test_it_notices_a_replay_that_prints_a_card_played_face_down(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_registry().game(PAULISTA)
    check_hidden_information(game, {}, HIDES)
    monkeypatch.setattr(Audience, "action_text", lambda self, seat, action, events: str(action))
    with pytest.raises(HiddenInformationError, match=r"the replay for (the public|seat \d) prints hidden cards"):
        check_hidden_information(game, {}, HIDES)


def test_it_notices_a_private_event_sent_to_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Event, "visible", lambda self, seat: True)
    with pytest.raises(HiddenInformationError, match="the event message shows hidden cards"):
        check_hidden_information(get_registry().game(PAULISTA), {}, HIDES)


def test_it_notices_a_seed_or_a_path_in_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import cartas.testing.hidden as hidden

    real = hidden.hello_message
    game = get_registry().game("truco")
    monkeypatch.setattr(hidden, "hello_message", lambda *a, **k: {**real(*a, **k), "seed": 0})
    with pytest.raises(HiddenInformationError, match="hello message gives away the seed"):
        check_hidden_information(game, {}, 1234567)
    monkeypatch.setattr(hidden, "hello_message", lambda *a, **k: {**real(*a, **k), "save": "/home/ana/x.json"})
    with pytest.raises(HiddenInformationError, match="hello message names a path"):
        check_hidden_information(game, {}, 1234567)
