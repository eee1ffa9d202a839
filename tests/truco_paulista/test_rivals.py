"""Truco paulista's reading of each rival (issue 32): what a finished mão tells the book, and the likelihood
the book gives the words of the mão in progress."""

from __future__ import annotations

import pytest
from rival_reading import assert_reads_as_shared

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.core.bots.inference import RivalBook
from cartas.core.bots.inference.rivals import PRIOR_MEAN, logistic
from cartas.core.events import Event
from cartas.games.truco_paulista.bots.bidding import CALL_BARS, SPREAD, PaulistaBidding, hand_power
from cartas.games.truco_paulista.cards import VIRA_TABLES
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.bots.rivals import PaulistaRivalReader, call_rate, hand_observations

GAME = PaulistaGame()


def _mao(*events: tuple[str, int, str]) -> list[Event]:
    return [Event(kind, seat, detail, None) for kind, seat, detail in events]


def test_a_finished_mao_tells_the_raises_and_passes_it_saw() -> None:
    """Seat 1 held 4O 5C 6E under a vira of 7 (no manilha: a weak hand) and played them all face up: it passed
    with its first card, asked for truco before its second (seat 0 accepted, so it could not raise again), then
    accepted seat 0's seis and played its last card without asking for nove."""
    events = _mao(
        ("deal", 0, ""), ("vira", -1, "7B"), ("play", 1, "4O"), ("play", 0, "3E"), ("trick", 0, "0"),
        ("play", 0, "2E"), ("truco", 1, ""), ("aceito", 0, ""), ("play", 1, "5C"), ("trick", 1, "1"),
        ("seis", 0, ""), ("aceito", 1, ""), ("play", 1, "6E"),
    )
    seen = hand_observations(events, 0, [0, 1])
    assert [(o.key, o.said_yes) for o in seen] == [
        ("truco", False), ("truco", True), ("truco answer", True), ("truco", False),
    ]
    refused = hand_observations(events[:11] + _mao(("corro", 1, ""), ("play", 1, "6E")), 0, [0, 1])
    assert [(o.key, o.said_yes) for o in refused][-1] == ("truco answer", False)
    ranks = VIRA_TABLES[7]
    power = hand_power([Card.parse("5C"), Card.parse("6E")], ranks)
    assert seen[1].honest == pytest.approx(logistic(power, CALL_BARS["truco"], SPREAD))
    assert seen[1].base_rate == pytest.approx(call_rate(7, CALL_BARS["truco"]))


def test_a_rival_who_asks_every_mao_with_weak_cards_is_read_as_such() -> None:
    book = RivalBook()
    weak = logistic(0.4, CALL_BARS["truco"], SPREAD)
    for _ in range(8):
        for observed in hand_observations(_mao(("deal", 0, ""), ("truco", 1, "")), 0, [0, 1]):
            book.record(observed._replace(honest=weak))
    assert book.modes(1, "truco").yes > 0.5
    assert book.modes(1, "truco answer") == PRIOR_MEAN


def test_a_rival_not_yet_seen_is_read_as_before() -> None:
    state = GAME.start({"players": 2}, seed=5)
    while not any(e.kind == "truco" for e in state.events):
        legal = [str(a) for a in state.legal_actions(state.to_act[0])]
        state.apply("truco" if "truco" in legal else legal[0], state.to_act[0])
    caller = next(e.seat for e in state.events if e.kind == "truco")
    view = SeatView(state, (caller + 1) % 2)
    assert_reads_as_shared(PaulistaRivalReader(), PaulistaBidding(), view, seed=3, worlds=20)
