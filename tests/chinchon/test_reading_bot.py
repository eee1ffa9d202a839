"""Remigio's ``hard`` (:mod:`cartas.games.chinchon.reading_bot`): ``medium`` charged for feeding the next player."""

from __future__ import annotations

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.core.plugins.manager import get_registry
from cartas.games.chinchon.bots import RemigioMediumBot
from cartas.games.chinchon.game import RemigioGame
from cartas.games.chinchon.reading_bot import ReadingBot
from cartas.games.chinchon.state import RummyState


def test_remigio_registers_the_reading_bot_as_hard() -> None:
    assert get_registry().bot("remigio", "hard") is ReadingBot
    assert get_registry().bot("chinchon", "hard") is not ReadingBot


def test_a_card_near_one_the_next_player_took_costs_more_than_a_far_one() -> None:
    state = RemigioGame().start({"players": 2}, seed=4)
    assert isinstance(state, RummyState)
    seat = state.to_act[0]
    rival = 1 - seat
    state.apply("draw stock", seat)
    state.apply(f"discard {state.hands[seat][-1]}", seat)
    taken = state.pile[-1]
    state.apply("draw discard", rival)
    state.apply(f"discard {state.hands[rival][0]}", rival)
    view = SeatView(state, seat)
    rules = state.rules
    same_rank = [Card(taken.rank, suit) for suit in "OCEB" if suit != taken.suit]
    far = Card(((taken.rank + 5) % 12) + 1, taken.suit)
    bot = ReadingBot(3)
    costs = bot.feed_costs(view, rules, [*same_rank, far], state.events)
    assert max(costs[c] for c in same_rank) > costs[far]


def test_the_reading_bot_plays_whole_rounds_and_counts_its_sampled_worlds() -> None:
    state = RemigioGame().start({"players": 2}, seed=6)
    bots = [ReadingBot(1), RemigioMediumBot(2)]
    while not state.is_over and state.hands_played == 0:
        seat = state.to_act[0]
        action = bots[seat].choose(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
    counts = bots[0].search_counts
    assert counts.decisions > counts.searched > 0
    assert counts.samples == ReadingBot.WORLDS * counts.searched
