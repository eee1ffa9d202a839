"""The tanto that won an envido, and a flor that scored, are shown when the hand ends: an ``envido_shown`` or
``flor_shown`` event for everyone, with the cards and the points; before it, no rival sees those cards."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.cards import parse_cards
from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import viewer_names
from cartas.games.truco.actions import CARDS
from cartas.games.truco.envido import TANTO_VALUE, tanto, tanto_cards
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()
Start = Callable[..., TrucoState]
Run = Callable[..., None]


@pytest.fixture(autouse=True)
def argentine() -> Iterator[None]:
    with speaking("es-AR"):
        yield


def shown(state: TrucoState) -> list[Event]:
    return [e for e in state.events if e.kind.endswith("_shown")]


def names_in(state: TrucoState, seat: int) -> str:
    """Everything ``seat`` is told now, as one text: its observation and its legal moves."""
    return state.observation(seat).model_dump_json() + " ".join(map(str, state.legal_actions(seat)))


@pytest.mark.parametrize(("hand", "cards"), [
    ("7E 6E 1B", "7E 6E"), ("6E 1B 7E", "7E 6E"), ("12O 10O 3C", "12O 10O"), ("5C 12O 4B", "5C"),
    ("12O 11C 10B", "12O"), ("7O 6O 5O", "7O 6O"), ("1E 1B 12E", "1E 12E"),
])
def test_the_cards_that_make_the_tanto(hand: str, cards: str) -> None:
    assert tanto_cards(parse_cards(hand)) == tuple(parse_cards(cards))


@given(st.lists(st.sampled_from(CARDS), min_size=3, max_size=3, unique=True))
def test_the_cards_shown_add_up_to_the_tanto(hand: list[object]) -> None:
    cards = tanto_cards(hand)  # type: ignore[arg-type]
    assert set(cards) <= set(hand) and len(cards) in (1, 2)
    values = sum(TANTO_VALUE[card] for card in cards)
    if len(cards) == 2:
        assert cards[0].suit == cards[1].suit
        values += 20
    assert values == tanto(hand)  # type: ignore[arg-type]


def test_the_envido_winner_shows_at_hand_end_and_only_then(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 quiero", "0 play 1B")
    assert "7E" not in names_in(state, 1) and "6E" not in names_in(state, 1)
    assert "7E" in {str(card) for card in state.hidden_from(1)} and not shown(state)
    run(state, "1 mazo")
    assert shown(state) == [Event("envido_shown", 0, "7E 6E 33")]
    ended = state.events[:state.hand_events_from]
    assert [e.kind for e in ended[-3:]] == ["mazo", "points", "envido_shown"]  # after the points, before the deal
    assert ended[-1].visible(1) and ended[-1].visible_to is None
    assert GAME.hand_summary(ended, viewer_names(2, 1, bots={0: "medium"})) == [
        "Envido: Bot 1 (medio) 33 (el 7 y el 6 de espadas), Vos: son buenas",
        "Bot 1 (medio): +2 puntos (envido)",
        "Bot 1 (medio): +1 punto (mazo)",
    ]


def test_a_refused_envido_shows_nothing(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 no quiero", "0 play 1B", "1 mazo")
    assert shown(state) == []


def test_a_match_won_by_the_envido_shows_the_cards_still_held(start: Start, run: Run) -> None:
    state = start(["5C 4C 12O", "7E 6E 1B"], scores=[10, 28])
    run(state, "0 envido", "1 quiero")
    assert state.is_over and state.scores() == (10, 30)
    assert [e.kind for e in state.events[-3:]] == ["points", "envido_shown", "match"]
    seen = state.observation(0)
    assert {"kind": "envido_shown", "seat": 1, "detail": "7E 6E 33"} in [e.model_dump() for e in seen.events]
    assert "envido_shown" in state.public_observation().model_dump_json()
    hidden = {str(card) for card in state.hidden_from(0)}
    assert "7E" not in hidden and "6E" not in hidden and "1B" in hidden  # the third card stays hidden


def test_a_flor_that_scores_is_shown(start: Start, run: Run) -> None:
    state = start(["7O 6O 5O", "4C 5B 6E"], flor=True)
    run(state, "0 flor")
    assert "7O" not in names_in(state, 1)
    run(state, "0 mazo")
    assert shown(state) == [Event("flor_shown", 0, "7O 6O 5O 38")]


def test_flor_against_flor_shows_the_best_only(start: Start, run: Run) -> None:
    state = start(["7O 6O 12O", "7C 5C 11C"], flor=True)
    run(state, "0 flor", "1 flor", "0 mazo")
    assert shown(state) == [Event("flor_shown", 0, "7O 6O 12O 33")]
    ended = state.events[:state.hand_events_from]
    assert GAME.hand_summary(ended, viewer_names(2, 0, bots={1: "easy"}))[0] == (
        "Flor: Vos 33 (el 7, el 6 y el rey de oros), Bot 2 (fácil): son buenas"
    )


def test_four_players_show_the_winning_partner(start: Start, run: Run) -> None:
    state = start(["4O 5B 6C", "7E 6E 1B", "12O 11O 3C", "5C 4C 12B"], envido_callers="all")
    run(state, "0 envido", "1 quiero")
    assert [e.detail for e in state.events if e.kind == "tanto"] == ["6", "33"]  # the mano's 6, then 33
    run(state, "0 mazo")
    assert shown(state) == [Event("envido_shown", 1, "7E 6E 33")]


def test_a_contraflor_accepted_shows_the_best_flor_said(start: Start, run: Run) -> None:
    """Seat 0 declares 30, seat 1 answers contraflor with 32, seat 0 accepts: the flores are sung from the mano
    (30, 32, then seat 2's 35, which seat 2 never declared) and seat 2's 35 wins the 9 points, so it is the one
    shown, not the 30 its partner declared."""
    state = start(["1C 2C 7C", "4O 5O 3O", "5E 6E 4E", "12B 11C 1O"], dealer=3, flor=True)
    run(state, "0 flor", "1 contraflor", "0 quiero")
    assert [(e.seat, e.detail) for e in state.events if e.kind == "flor_tanto"] == [(0, "30"), (1, "32"), (2, "35")]
    assert state.score == [9, 0]
    run(state, "0 truco", "1 no quiero")
    assert state.score == [10, 0]
    assert shown(state) == [Event("flor_shown", 2, "6E 5E 4E 35")]
    ended = state.events[:state.hand_events_from]
    assert GAME.hand_summary(ended, viewer_names(4, 0, bots={1: "easy", 3: "easy"}, teams=(0, 1, 0, 1)))[0] == (
        "Flor: Nosotros 35 (el 6, el 5 y el 4 de espadas), Ellos 32"
    )
