"""The rummy games' reading of a rival's hand (:mod:`cartas.games.chinchon.bots.reading`): the posterior moves the
right way, and each draw or discard is weighed by whether it fits the rival's cards."""

from __future__ import annotations

import random

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import Decision, Posterior, posterior_for
from cartas.core.bots.inference.posterior import rule_weight
from cartas.core.cards import Card
from cartas.games.chinchon.bots.levels import MediumBot, RemigioMediumBot, plausible, weighed_discard
from cartas.games.chinchon.game import ChinchonGame, RemigioGame
from cartas.games.chinchon.bots.reading import REFUSED_FIT, THREW_FIT, TOOK_LOOSE, RummyReading, melds_with
from cartas.games.chinchon.state import RummyState
from cartas.testing import sampled_mean

NEAR_THE_SEVEN = {Card.parse(c) for c in "5O 6O 8O 9O 7E 7B".split()}
"""The cards that meld with the 7 de oros in chinchón, seat 0's own 7C left out."""


def _took_the_seven() -> RummyState:
    """Seat 0 throws the 7 de oros, seat 1 takes it and throws the as de espadas."""
    state = ChinchonGame().start({"players": 2}, seed=7, position={
        "hands": [["1O", "2O", "3O", "4O", "7C", "12E", "7O"], ["6B", "6C", "1E", "10C", "11C", "12C", "5B"]],
        "up": "11E", "stock": ["9E", "9C", "8B"], "dealer": 1})
    state.apply("draw stock", 0)
    state.apply("discard 7O", 0)
    state.apply("draw discard", 1)
    state.apply("discard 1E", 1)
    assert isinstance(state, RummyState)
    return state


def _near_the_seven(posterior: Posterior | None, n: int = 1500) -> float:
    """The mean number of seat 1's cards that meld with the 7 de oros (or a comodín), in seat 0's samples."""
    def near(world: RummyState) -> int:
        return sum(1 for card in world.hands[1] if card in NEAR_THE_SEVEN or card.is_joker)

    return sampled_mean(SeatView(_took_the_seven(), 0), near, posterior, n=n, seed=3, kind=RummyState)


def test_a_rival_who_took_the_seven_holds_more_cards_near_it_than_the_prior_and_the_plausible_rule_say() -> None:
    prior = _near_the_seven(None)
    rule_only = _near_the_seven(Posterior(rule_weight(plausible), tries=30))
    read = _near_the_seven(posterior_for(MediumBot, tries=30))
    assert read > prior + 0.8
    assert read > rule_only + 0.1


def test_medium_offers_the_reading_to_the_hard_bot_in_both_games() -> None:
    assert isinstance(MediumBot.bidding, RummyReading)  # type: ignore[attr-defined]
    assert RemigioMediumBot.bidding is MediumBot.bidding  # type: ignore[attr-defined]


def _decision(world: RummyState, kind: str, seat: int) -> Decision:
    at = max(i for i, e in enumerate(world.events) if e.kind == kind and e.seat == seat)
    event = world.events[at]
    return Decision(seat, kind, event.detail, at)


def _with_hand(state: RummyState, seat: int, cards: str) -> RummyState:
    world = state.clone()
    world.hands[seat] = [Card.parse(c) for c in cards.split()]
    return world


def test_taking_the_upcard_is_likely_only_where_it_melds() -> None:
    state = _took_the_seven()
    reading = RummyReading(weighed_discard)
    melding = _with_hand(state, 1, "7O 8O 9O 2C 3E 11B 12B")
    loose = _with_hand(state, 1, "7O 2C 3E 11B 12B 5C 10E")
    assert reading.likelihood(melding, _decision(melding, "draw", 1)) == 1.0
    assert reading.likelihood(loose, _decision(loose, "draw", 1)) == TOOK_LOOSE


def test_drawing_blind_over_an_upcard_that_melds_is_unlikely() -> None:
    state = _took_the_seven()
    state.apply("draw stock", 0)
    state.apply("discard 12E", 0)
    state.apply("draw stock", 1)  # refusing the 12E
    state.apply(f"discard {state.hands[1][-1]}", 1)
    reading = RummyReading(weighed_discard)
    fits = _with_hand(state, 1, "7O 12C 12B 2C 3E 5B 6C")
    misses = _with_hand(state, 1, "7O 1C 2B 4C 3E 5B 6C")
    assert reading.likelihood(fits, _decision(fits, "draw", 1)) == REFUSED_FIT
    assert reading.likelihood(misses, _decision(misses, "draw", 1)) == 1.0


def test_an_older_discard_that_melds_with_what_he_keeps_is_unlikely_and_the_last_one_is_plausibles() -> None:
    state = _took_the_seven()
    state.apply("draw stock", 0)
    state.apply("discard 12E", 0)
    state.apply("draw stock", 1)
    state.apply(f"discard {state.hands[1][-1]}", 1)
    reading = RummyReading(weighed_discard)
    older = Decision(1, "discard", "1E", next(i for i, e in enumerate(state.events) if e.detail == "1E"))
    keeps_aces = _with_hand(state, 1, "7O 1O 1B 2C 3E 11B 12B")
    no_aces = _with_hand(state, 1, "7O 4B 5E 2C 3E 11B 12B")
    assert reading.likelihood(keeps_aces, older) == THREW_FIT
    assert reading.likelihood(no_aces, older) == 1.0
    assert state.events[-1].detail == "8B"  # his last discard, the card he drew
    eights = _with_hand(state, 1, "7O 8O 8E 1C 2C 3C 2E")  # a set of eights he broke up: plausible refuses it
    assert reading.likelihood(eights, _decision(eights, "discard", 1)) == 0.0
    loose = _with_hand(state, 1, "7O 6O 5O 1C 2C 3C 2E")  # the 8B fits nothing there
    assert reading.likelihood(loose, _decision(loose, "discard", 1)) == 1.0


@pytest.mark.parametrize(("cards", "card", "fits"), [
    ("8O 9O 2C", "7O", True), ("7E 7B 2C", "7O", True), ("8O 2C 3E", "7O", False), ("5O 9O 2C", "7O", False),
])
def test_a_card_melds_with_a_hand_when_it_lowers_its_loose_points(cards: str, card: str, fits: bool) -> None:
    rules = ChinchonGame().start({"players": 2}, seed=1).rules  # type: ignore[attr-defined]
    assert melds_with(rules, Card.parse(card), [Card.parse(c) for c in cards.split()]) is fits


def test_remigio_reads_too() -> None:
    state = RemigioGame().start({"players": 2}, seed=3)
    view = SeatView(state, 0)
    posterior = posterior_for(RemigioMediumBot)
    assert posterior is not None
    assert isinstance(posterior.sample(view, random.Random(1)), RummyState)
