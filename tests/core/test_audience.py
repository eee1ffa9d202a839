"""Audiences: which events and which moves' text a seat, the public and everyone may be shown."""

from __future__ import annotations

from cartas.core.audience import EVERYONE, PUBLIC, Audience
from cartas.core.events import Event

HIDE = [Event("hide", 1, "", (0, 2, 3)), Event("hide", 1, "11B", (1,))]
SIGN = [Event("seña", 1, "ancho_espada", (1, 3))]
LAST_PLAY = [Event("play", 1, "5B"), Event("deal", 2), Event("cards", 1, "1C 10E", (1,))]


def test_who_sees_an_event() -> None:
    private = Event("cards", 1, "1C 10E", (1, 3))
    assert [Audience(seat).sees(private) for seat in range(4)] == [False, True, False, True]
    assert not PUBLIC.sees(private) and EVERYONE.sees(private)
    assert PUBLIC.sees(Event("play", 0, "1E")) and Audience(2).sees(Event("play", 0, "1E"))


def test_a_move_whose_text_repeats_what_its_events_hide_is_not_shown() -> None:
    assert [Audience(seat).action_text(1, "hide 11B", HIDE) for seat in range(4)] == [None, "hide 11B", None, None]
    assert PUBLIC.action_text(1, "hide 11B", HIDE) is None
    assert EVERYONE.action_text(1, "hide 11B", HIDE) == "hide 11B"
    texts = [Audience(seat).action_text(1, "seña ancho_espada", SIGN) for seat in range(4)]
    assert texts == [None, "seña ancho_espada", None, "seña ancho_espada"]  # the partner sees the sign


def test_a_public_move_stays_shown_when_a_private_deal_follows_it() -> None:
    assert PUBLIC.action_text(1, "5B", LAST_PLAY) == "5B"
    assert Audience(0).action_text(1, "5B", LAST_PLAY) == "5B"
    assert PUBLIC.action_text(1, "1C", LAST_PLAY) is None  # the safe side: the text repeats a hidden card
