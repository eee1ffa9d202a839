"""The reading bot (:mod:`cartas.games.chinchon.bots.reading_bot`, remigio's ``hard`` until it was measured losing to
``medium``): ``medium`` charged for feeding the next player; and remigio's ``hard`` as it is now."""

from __future__ import annotations

from cartas.core.bots.base import SeatView
from cartas.core.cards import Card
from cartas.core.plugins.manager import get_registry
from cartas.games.chinchon.bots import RemigioMediumBot
from cartas.games.chinchon.game import RemigioGame
from cartas.games.chinchon.bots.reading_bot import ReadingBot
from cartas.games.chinchon.state import RummyState


def test_remigios_hard_is_the_cores_and_plays_mediums_moves_without_a_search() -> None:
    """The reading bot lost to ``medium`` (38 of 98 matches to 300, docs/bots.md), so remigio's ``hard`` is the
    core's again, which plays ``medium``'s move there: a round of it against ``medium`` searches nothing."""
    hard_factory = get_registry().bot("remigio", "hard")
    assert hard_factory is not ReadingBot
    state = RemigioGame().start({"players": 2}, seed=6)
    hard, rival = hard_factory(1), RemigioMediumBot(2)
    decisions = 0
    while not state.is_over and state.hands_played == 0:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        if seat == 0:
            decisions += 1
            action = hard.choose(view)
            assert action in state.legal_actions(seat)
        else:
            action = rival.choose(view)
        state.apply(action, seat)
    counts = hard.search_counts
    assert counts.decisions == decisions > 3
    assert counts.searched == 0 and counts.samples == 0


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


def test_a_clear_discard_draws_no_worlds_and_close_ones_are_weighed() -> None:
    """Issue 32's latency: a card more than FEED_COST worse than the best can never be chosen, so it is not
    weighed, and with one card left in contention no world is drawn at all."""
    state = RemigioGame().start({"players": 2}, seed=4)
    assert isinstance(state, RummyState)
    seat = state.to_act[0]
    state.apply("draw stock", seat)
    view = SeatView(state, seat)
    cards = list(dict.fromkeys(state.hands[seat]))[:3]
    bot = ReadingBot(3)
    clear = bot.feed_costs(view, state.rules, cards, state.events, [0.0, ReadingBot.FEED_COST + 1, 20.0])
    assert clear == dict.fromkeys(cards, 0.0) and bot._worlds == 0
    close = bot.feed_costs(view, state.rules, cards, state.events, [0.0, ReadingBot.FEED_COST, 20.0])
    assert bot._worlds == ReadingBot.WORLDS and close[cards[2]] == 0.0
    assert all(0.0 <= cost <= ReadingBot.FEED_COST for cost in close.values())


def test_the_reading_bot_is_deterministic_for_a_seed() -> None:
    state = RemigioGame().start({"players": 2}, seed=8)
    for _ in range(24):
        seat = state.to_act[0]
        view = SeatView(state, seat)
        first, second = ReadingBot(5).choose(view), ReadingBot(5).choose(view)
        assert first == second
        state.apply(first, seat)
