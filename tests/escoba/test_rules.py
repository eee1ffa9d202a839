"""Exact rules tests: the captures, the escobas, the last take and every line of the count, from stacked deals."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core import Card, IllegalActionError
from cartas.games.escoba.actions import Play, parse_action, play
from cartas.games.escoba.captures import capture_sets
from cartas.games.escoba.count import Point, count, primera, totals

HANDS = "7O 1C 4E / 3O 12C 2B"


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


def kinds(state: Any) -> list[str]:
    return [event.kind for event in state.events]


# --- captures ---------------------------------------------------------------------------------------------


def test_the_figures_count_eight_nine_and_ten() -> None:
    assert capture_sets(Card(12, "O"), cards("5E 4C 1B")) == [(Card(5, "E"),), (Card(4, "C"), Card(1, "B"))]
    assert capture_sets(Card(10, "O"), cards("7E 7C")) == [(Card(7, "E"),), (Card(7, "C"),)]
    assert capture_sets(Card(11, "O"), cards("6E 12C 3B 3C")) == [(Card(6, "E"),), (Card(3, "B"), Card(3, "C"))]
    assert capture_sets(Card(7, "O"), cards("12C 11B")) == []


def test_every_set_is_a_choice_and_the_card_may_stay(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B")
    legal = [str(action) for action in state.legal_actions(0)]
    # 7 + 5 + 3; 1 + 6 + 5 + 3; 4 + 6 + 5: each card's captures, then the card left on the table.
    assert legal == ["7O+5E+3C", "7O", "1C+6B+5E+3C", "1C", "4E+6B+5E", "4E"]


def test_must_capture_leaves_only_the_captures(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B", must_capture=True)
    assert all(action.taken for action in state.legal_actions(0))


def test_the_canonical_text_reads_back_in_any_order() -> None:
    assert parse_action("7o + 3c+5e") == play(Card(7, "O"), cards("5E 3C"))
    assert str(parse_action("7O+3C+5E")) == "7O+5E+3C"
    assert parse_action("7O") == Play(Card(7, "O"))


def test_a_capture_not_on_the_table_is_refused(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B")
    with pytest.raises(IllegalActionError):
        state.apply("7O+6E+2C", 0)


# --- escobas ----------------------------------------------------------------------------------------------


def test_taking_every_card_is_an_escoba(stacked: Any) -> None:
    state = stacked(HANDS, "2E 3C 1O 2C")  # 8: the sota... the table adds up to 8, a 7 sweeps it
    state.apply("7O+3C+2E+2C+1O", 0)
    assert state.board == [] and state.escobas[0] == [Card(7, "O")]
    assert kinds(state)[-2:] == ["capture", "escoba"]


def test_the_dealers_four_cards_making_fifteen_are_his_escoba(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 4O 3B", dealer=1)
    assert state.board == [] and len(state.escobas[1]) == 1 and len(state.piles[1]) == 4
    assert [e for e in state.events if e.kind == "dealer_escoba"][0].detail == "1"


def test_the_dealers_four_cards_making_thirty_are_two_escobas(stacked: Any) -> None:
    state = stacked(HANDS, "12E 12B 11O 1B", dealer=1)  # 10 + 10 + 9 + 1
    assert len(state.escobas[1]) == 2 and state.last_taker == 1


def test_the_last_take_is_not_an_escoba(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B")
    state.piles[1].extend(state.stock)  # a deal with no more draws: the stock set aside
    state.stock = []
    state.apply("7O+5E+3C", 0)   # table 12O 6B
    state.apply("3O", 1)         # table 12O 6B 3O
    state.apply("1C", 0)         # 12O 6B 3O 1C
    state.apply("2B", 1)         # + 2B
    state.apply("4E", 0)         # + 4E
    state.apply("12C", 1)        # the last play: 12C leaves the table; seat 0 took last
    assert state.deals_done == 1
    last = [e for e in state.events if e.kind == "last_take"]
    assert last and last[0].seat == 0
    assert state.last_count[0] != Point("escobas", 0, 1)
    assert not any(line.kind == "escobas" for line in state.last_count)


def test_an_escoba_with_the_last_card_counts(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B")
    state.piles[0].extend(state.stock)
    state.stock = []
    state.apply("7O+5E+3C", 0)   # 12O 6B
    state.apply("3O", 1)         # 12O 6B 3O
    state.apply("1C", 0)         # 12O 6B 3O 1C
    state.apply("2B", 1)         # 12O 6B 3O 1C 2B: 22
    state.apply("4E", 0)         # 26
    assert Play(Card(12, "C")) in state.legal_actions(1)


# --- the count --------------------------------------------------------------------------------------------


def test_each_line_of_the_count() -> None:
    side0 = cards("7O 7C 7E 1O 2O 3O 4O 5O 6O 1C 2C 3C 4C 5C 6C 1E 2E 3E 4E 5E 6E")  # 21 cards
    side1 = [card for card in map(Card.parse, (f"{r}{s}" for s in "OCEB" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)))
             if card not in side0]
    lines = count([side0, side1], [2, 1])
    assert lines == [
        Point("escobas", 0, 2), Point("escobas", 1, 1), Point("cards", 0, 1), Point("oros", 0, 1),
        Point("velo", 0, 1), Point("sietes", 0, 1),
    ]
    assert totals(lines, 2) == [6, 1]


def test_ties_score_nobody() -> None:
    side0 = cards("7O 7C 1O 2O 3O 1C 2C 3C 4C 5C")
    side1 = cards("7E 7B 6O 10O 11O 12O 12B 1E 2E 3E")
    lines = count([side0, side1], [0, 0])
    assert lines == [Point("velo", 0, 1)]  # ten cards, four oros and two sietes each


def test_three_sides_most_is_strict() -> None:
    assert count([cards("1O 2O"), cards("3O 4O"), cards("5C")], [0, 0, 0]) == []
    assert count([cards("1O 2O 3C"), cards("3O 4O"), cards("5C")], [0, 0, 0]) == [Point("cards", 0, 1)]


def test_the_primera_instead_of_the_sietes() -> None:
    assert primera(cards("7O 6O 1C 12E")) == 21 + 16 + 10
    assert primera(cards("6O 6C 6E 6B")) == 72
    side0 = cards("7O 7C 7E 1B")      # 21 * 3 + 16 = 79, three sietes
    side1 = cards("6O 6C 6E 6B 7B")   # 18 * 3 + 21 = 75
    lines = count([side0, side1], [0, 0], sietes="primera")
    assert Point("primera", 0, 1) in lines and not any(line.kind == "sietes" for line in lines)
    assert count([cards("6O 6C 6E 6B"), cards("6O 6C 6E 6B")], [0, 0], sietes="primera") == []


def test_all_four_sietes_and_all_ten_oros_are_options() -> None:
    every_oro = cards("1O 2O 3O 4O 5O 6O 7O 10O 11O 12O")
    sietes = cards("7C 7E 7B")
    side0, side1 = every_oro + sietes, cards("1C")
    plain = count([side0, side1], [0, 0])
    assert not any(line.kind in ("all_sietes", "all_oros") for line in plain)
    extra = count([side0, side1], [0, 0], all_sietes=True, all_oros=True)
    assert Point("all_sietes", 0, 1) in extra and Point("all_oros", 0, 1) in extra
    assert totals(extra, 2) == [1 + 1 + 1 + 1 + 1 + 1, 0]  # cards, oros, velo, sietes, all sietes, all oros


# --- the match --------------------------------------------------------------------------------------------


def _finish_deal(state: Any) -> None:
    """Play the deal out leaving every card where captures are not forced: the first legal move each turn."""
    deals = state.deals_done
    while state.deals_done == deals and not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0], seat)


def test_the_target_reached_alone_wins(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B", scores=[20, 0], points=21)
    _finish_deal(state)
    gained = totals(state.last_count, 2)
    if state.scores()[0] >= 21 and state.scores()[0] > state.scores()[1]:
        assert state.is_over and state.result().winners == (0,)
    assert list(state.scores()) == [20 + gained[0], gained[1]]


def test_a_tie_at_the_target_plays_another_deal(stacked: Any) -> None:
    state = stacked(HANDS, "5E 3C 12O 6B", scores=[30, 30], points=21)
    state.points = [30, 30]
    state._settle_match()
    assert not state.is_over and state.events[-1].kind == "tie"
    state.points = [31, 30]
    assert state._settle_match() and state.is_over and state.result().winners == (0,)


def test_four_players_play_in_pairs(stacked: Any) -> None:
    state = stacked("7O 1C 4E / 3O 12C 2B / 1O 2O 3E / 4O 5O 6O", "5E 3C 12O 6B", dealer=3)
    assert state.sides == 2 and state.table.teams == (0, 1, 0, 1)
    state.apply("7O+5E+3C", 0)
    assert len(state.piles[0]) == 3 and state.to_act == (1,)
