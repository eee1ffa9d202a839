"""The scenarios of the rules file, played exactly: 3 players, dealer seat 2 (P3), stake 3, pot 9."""

from __future__ import annotations

from typing import Any


def legal(state: Any, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def play_forced(state: Any, *cards: str) -> None:
    """Plays each card in turn, checking first that it is the only legal play (the must-follow, must-beat rules
    leave no choice)."""
    for card in cards:
        assert legal(state) == [f"play {card}"]
        state.apply(f"play {card}")


def test_tr_01_ace_of_trumps_leads_must_beat_and_a_fall(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O")
    assert state.pot == 9 and state.scores() == (97, 97, 97)
    for action in ("juego", "juego", "juego"):
        state.apply(action)
    assert state.to_act == (0,)
    play_forced(state, "1O", "3O", "7O")
    assert state.to_act == (0,) and state.scores() == (100, 97, 97)
    assert legal(state) == ["play 3C", "play 4E"]
    state.apply("play 3C")
    play_forced(state, "12C", "1C")
    assert state.to_act == (2,) and state.scores() == (100, 97, 100)
    state.apply("play 6E")
    play_forced(state, "4E", "2B")
    assert state.scores() == (100, 88, 103)
    assert [c - 100 for c in state.scores()] == [0, -12, 3]
    assert state.pot == 9
    assert state.hands_played == 1 and state.dealer == 0
    assert state.observation(0).table["fell_last_deal"] == [1]
    assert not any(e.kind == "antes" for e in state.events[state.hand_events_from:])
    assert sum(state.scores()) + state.pot == 300


def test_tr_04_everyone_passes_and_the_dealer_deals_again(stacked: Any) -> None:
    state = stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O")
    for action in ("paso", "paso", "paso"):
        state.apply(action)
    assert state.dealer == 2
    assert state.pot == 9 and state.scores() == (97, 97, 97)
    assert state.hands_played == 1
    kinds = [e.kind for e in state.events[state.hand_events_from:]]
    assert "antes" not in kinds and "deal" in kinds
    assert state.to_act == (0,) and legal(state) in (["juego", "paso"], ["obligo", "no obligo"])


def _tr_06(stacked: Any, p2: str, p3: str) -> Any:
    state = stacked(f"5E 4C 7C / {p2} / {p3}", "2O")
    for action in ("juego", "juego", "juego", "play 5E"):
        state.apply(action)
    return state


def test_tr_06_void_must_trump(stacked: Any) -> None:
    state = _tr_06(stacked, "12O 3B 5C", "4O 7B 6C")
    assert legal(state) == ["play 12O"]


def test_tr_06_cannot_beat_the_trump_so_any_card(stacked: Any) -> None:
    state = _tr_06(stacked, "12O 3B 5C", "4O 7B 6C")
    state.apply("play 12O")
    assert legal(state) == ["play 4O", "play 7B", "play 6C"]


def test_tr_06_must_overtrump_with_the_ace(stacked: Any) -> None:
    state = _tr_06(stacked, "12O 3B 5C", "1O 7B 6C")
    state.apply("play 12O")
    assert legal(state) == ["play 1O"]


def test_tr_06_must_beat_in_the_suit_led(stacked: Any) -> None:
    state = _tr_06(stacked, "6E 2E 12O", "4O 7B 6C")
    assert legal(state) == ["play 6E"]
