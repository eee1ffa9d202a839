"""Who shuffles and who cuts (seed 000): the dealer shuffles; the rival cuts with two players, the player on the
shuffler's left with four and six. Seats go round to the right (the mano, ``dealer + 1``, is the dealer's right),
so the left is ``dealer - 1``. Every game's table view names both seats; naming them draws nothing from the
match's generator, so no seeded deal changes (the same-matches guard holds the deals themselves)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core import Event, Table, TableNames, cutter_seat
from cartas.core.plugins.manager import get_registry

SEED = 7


@pytest.mark.parametrize(("players", "dealer", "cutter"), [
    (2, 1, 0), (2, 0, 1),  # the rival
    (4, 3, 2), (4, 0, 3),  # the dealer's left, a rival: partners alternate
    (6, 5, 4), (6, 2, 1),
    (3, 0, 2), (5, 1, 0),
])
def test_the_cutter_is_the_seat_on_the_dealers_left(players: int, dealer: int, cutter: int) -> None:
    assert cutter_seat(players, dealer) == cutter
    assert Table(players).cutter(dealer) == cutter
    assert Table(players).mano(dealer) != cutter or players == 2  # the mano is on the other side


def test_a_seat_that_left_the_table_does_not_cut() -> None:
    assert cutter_seat(4, 0, in_play=[0, 1, 2]) == 2  # seat 3 is out: the next one to the left cuts
    assert cutter_seat(4, 1, in_play=[1, 3]) == 3
    assert cutter_seat(1, 0) == 0
    with pytest.raises(ValueError, match="dealer 4"):
        cutter_seat(4, 4)


@given(st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))))
def test_the_cutter_is_never_the_dealer_and_sits_to_the_left(case: tuple[int, int]) -> None:
    players, dealer = case
    cutter = cutter_seat(players, dealer)
    assert cutter != dealer
    assert (cutter + 1) % players == dealer
    if players % 2 == 0:  # partners alternate: the cutter is always a rival
        assert Table.partnership(players).team_of(cutter) != Table.partnership(players).team_of(dealer)


# Each game's table view, seed 7: (game, options) -> (dealer, cutter, mano).
SEEDED: list[tuple[str, dict[str, Any], int, int, int | None]] = [
    ("truco", {"players": 2}, 1, 0, 0),
    ("truco", {"players": 4}, 3, 2, 0),
    ("truco", {"players": 6}, 5, 4, 0),
    ("truco_paulista", {"players": 2}, 1, 0, 0),
    ("truco_paulista", {"players": 4}, 2, 1, 3),
    ("chinchon", {"players": 2}, 0, 1, 1),
    ("chinchon", {"players": 3}, 0, 2, 1),
    ("remigio", {"players": 4}, 0, 3, 1),
    ("tresillo", {"players": 4}, 3, 2, None),
    ("tresillo", {"players": 5}, 2, 1, None),
]


@pytest.mark.parametrize(("name", "options", "dealer", "cutter", "mano"), SEEDED)
def test_every_games_view_names_the_dealer_and_the_cutter(
    name: str, options: dict[str, Any], dealer: int, cutter: int, mano: int | None
) -> None:
    game = get_registry().games[name]
    state = game.start(options, seed=SEED)
    hands = [[str(card) for card in state.hand_of(seat)] for seat in range(options["players"])]
    drawn = state.rng.getstate()
    views = [game.presentation().table_view(state.public_observation())]
    views += [game.presentation().table_view(state.observation(seat)) for seat in range(options["players"])]
    for view in views:
        assert (view.dealer, view.cutter, view.mano) == (dealer, cutter, mano)
    assert state.rng.getstate() == drawn, "naming the cutter drew from the match's generator"
    again = game.start(options, seed=SEED)
    assert [[str(card) for card in again.hand_of(seat)] for seat in range(options["players"])] == hands


def test_chinchon_counts_only_the_players_still_in() -> None:
    game = get_registry().games["chinchon"]
    observation = game.start({"players": 4}, seed=SEED).public_observation()
    assert game.presentation().table_view(observation).cutter == 3
    out = observation.model_copy(update={"table": {**observation.table, "active": [True, True, True, False]}})
    assert game.presentation().table_view(out).cutter == 2


def test_julepe_counts_only_the_players_still_in() -> None:
    game = get_registry().games["tresillo"]
    observation = game.start({"players": 5}, seed=SEED).public_observation()
    assert game.presentation().table_view(observation).cutter == 1
    out = observation.model_copy(update={"table": {**observation.table, "active": [0, 2, 3, 4]}})
    assert game.presentation().table_view(out).cutter == 0
    out = observation.model_copy(update={"table": {**observation.table, "active": [2, 3, 4]}})
    assert game.presentation().table_view(out).cutter == 4


@pytest.mark.parametrize(("name", "players", "dealer", "detail", "line"), [
    ("truco", 4, 3, "", "D: shuffles and deals · cut: C"),
    ("truco", 2, 1, "", "B: shuffles and deals · cut: A"),
    ("truco_paulista", 4, 0, "", "A: shuffles and deals · cut: D"),
    ("chinchon", 3, 0, "upcard 5O", "A: shuffles and deals · cut: C; face up, the 5 of coins"),
    ("tresillo", 4, 2, "normal", "C: shuffles and deals (normal) · cut: B"),
])
def test_the_deal_line_says_who_deals_and_who_cuts(
    name: str, players: int, dealer: int, detail: str, line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARTAS_LANG", "en")
    names = TableNames(tuple("ABCDEF"[:players]), tuple("ABCDEF"[:players]))
    presentation = get_registry().games[name].presentation()
    assert presentation.describe(Event("deal", dealer, detail), names) == line
