"""The julepe bots: legal play at every table size, sensible decisions on clear hands, and better than chance."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cartas.core.arena.runner import Contestant, run_arena
from cartas.core.bots.base import RandomBot, SeatView
from cartas.core.cards import parse_cards
from cartas.core.match import run_match
from cartas.core.bots.inference import posterior_for
from cartas.core.bots.inference.posterior import bidding_weight
from cartas.core.bots.rollout import RolloutBot
from cartas.games.tresillo.bots.levels import EasyBot, MediumBot, expected_tricks
from cartas.games.tresillo.game import TresilloGame

GAME = TresilloGame()


@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_bots_play_whole_matches(bot: Any, players: int) -> None:
    state = GAME.start({"players": players, "deals": 8}, seed=players)
    result = run_match(state, {seat: bot(seat) for seat in range(players)})
    assert state.is_over and result.winners


@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_a_strong_hand_plays_and_a_weak_one_passes(bot: Any, stacked: Any) -> None:
    state = stacked("1O 3O 1C / 2C 4B 5E / 6B 7B 2E", "5O")
    assert bot(0).choose(SeatView(state, 0)) == "juego"
    state.apply("juego")
    assert bot(0).choose(SeatView(state, 1)) == "paso"


def test_easy_obliges_with_the_rey_of_trumps(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "12O")
    assert EasyBot(0).choose(SeatView(state, 2)) == "obligo"


def test_medium_does_not_oblige_with_a_sota_at_a_crowded_table(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O / 7O 2O 3O", "10C", dealer=4)
    assert MediumBot(0).choose(SeatView(state, 4)) == "no obligo"


@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_the_cheapest_winning_card_is_played(bot: Any, stacked: Any) -> None:
    state = stacked("5E 4C 7C / 6E 1E 12O / 4O 7B 6C", "2O")
    for action in ("juego", "juego", "juego", "play 5E"):
        state.apply(action)
    assert str(bot(0).choose(SeatView(state, 1))) == "play 6E"


def test_the_trump_ace_and_king_expect_more_than_small_cards() -> None:
    strong, _ = expected_tricks(parse_cards("1O 12O 1C"), "O", 2)
    weak, blank = expected_tricks(parse_cards("2C 4B 5E"), "O", 2)
    assert strong > 1.5 > 0.5 > weak and blank > 0.8


@pytest.mark.parametrize("bot", [EasyBot, MediumBot])
def test_bots_win_more_chips_than_random_players(bot: Any) -> None:
    mine = others = 0.0
    for seed in range(24):
        seat = seed % 4
        state = GAME.start({"players": 4}, seed=seed)
        agents = {s: bot(seed) if s == seat else RandomBot(seed * 10 + s) for s in range(4)}
        scores = run_match(state, agents).scores
        mine += scores[seat]
        others += (sum(scores) - scores[seat]) / 3
    assert mine > others


def test_medium_wins_four_arena_matches_in_five_against_random_players() -> None:
    """The arena's own schedule (two medium and two random seats, rotated), on fixed seeds: medium measured
    84% to 87% there over a thousand matches (two seeds), random play 50%, the target 80%."""
    contestants = [Contestant("medium", MediumBot), Contestant("random", RandomBot)]
    run = run_arena(GAME, GAME.Options(), contestants, games=200, seed=0, jobs=1)
    wins = sum(result.score_of(0) for result in run.results)
    assert len(run.results) == 200 and wins >= 160


def test_medium_goes_in_with_a_hand_easy_passes(stacked: Any) -> None:
    state = stacked("3O 4C 5E / 6B 7B 2E / 1C 4E 2B / 4B 5B 6C", "7O", dealer=3)
    view = SeatView(state, 0)
    assert EasyBot(0).choose(view) == "paso" and MediumBot(0).choose(view) == "juego"


def test_medium_obliges_with_a_sota_at_four_players(stacked: Any) -> None:
    """Issue 32: ``medium`` lost 46.9% of 1,200 matches to itself obliging with every figure at four players."""
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B / 4O 5O 6O", "10C", dealer=3)
    assert MediumBot(0).choose(SeatView(state, 3)) == "obligo"
    assert EasyBot(0).choose(SeatView(state, 3)) == "no obligo"


def test_medium_obliges_with_the_caballo_and_easy_does_not(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "11O")
    view = SeatView(state, 2)
    assert MediumBot(0).choose(view) == "obligo" and EasyBot(0).choose(view) == "no obligo"


def test_a_sampled_deal_must_fit_the_others_juego_and_paso(stacked: Any) -> None:
    state = stacked("1O 3O 1C / 2C 4B 5E / 6B 7B 2E", "5O")
    state.apply("juego")  # seat 0, with the aces: medium would go in
    state.apply("paso")  # seat 1, with small cards: medium would pass
    view = SeatView(state, 2)
    world = view.sample(random.Random(0))
    strong, weak = parse_cards("1O 3O 1C"), parse_cards("2C 4B 5E")
    world.hands[0], world.hands[1] = list(strong), list(weak)
    weight = bidding_weight(MediumBot.bidding)  # the hard bot finds the model on medium, its base bot
    assert weight(world, view) > 0.8
    world.hands[0], world.hands[1] = list(weak), list(strong)
    assert weight(world, view) < 0.01  # a hand that would have passed did not say juego, nor the aces pass
    world.hands[0] = list(strong)
    assert weight(world, view) < 0.05  # the aces would not have passed


def test_cards_already_played_count_towards_the_hand_that_went_in(stacked: Any) -> None:
    state = stacked("1O 3O 1C / 2C 4B 5E / 6B 7B 2E", "5O")
    for action in ("juego", "juego", "paso", "play 1O"):
        state.apply(action)
    view = SeatView(state, 1)
    world = view.sample(random.Random(0))
    world.hands[2] = parse_cards("6B 7B 2E")  # the hand that passed
    world.hands[0] = parse_cards("2B 4C")  # with the 1O already played, still a hand that goes in
    weight = bidding_weight(MediumBot.bidding)
    assert weight(world, view) > 0.8
    world.hands[0] = parse_cards("2B 4C 5C")  # the same small cards alone would have passed
    world.played = []
    world.events = [event for event in world.events if event.kind != "play"]
    assert weight(world, view) < 0.1


def test_a_juego_raises_the_rivals_expected_tricks_in_the_samples(stacked: Any) -> None:
    state = stacked("1O 3O 1C / 2C 4B 5E / 6B 7B 2E", "5O")
    state.apply("juego")
    view = SeatView(state, 1)
    posterior = posterior_for(MediumBot)
    assert posterior is not None
    rng = random.Random(3)

    def promise(world: Any) -> float:
        return MediumBot.promise(world.hands[0], world.trump, 3)

    prior = sum(promise(view.sample(rng)) for _ in range(300)) / 300
    after = sum(promise(posterior.sample(view, rng)) for _ in range(300)) / 300
    assert after > prior + 0.15, (prior, after)


def test_hard_plays_out_24_sampled_states_a_searched_decision(stacked: Any) -> None:
    state = stacked("1O 3C 5E / 6B 7B 2E / 1C 4E 2B", "5O")
    bot = RolloutBot(1, base=MediumBot)
    bot.choose(SeatView(state, 0))
    assert (bot.samples, bot.last_samples, bot.search_counts.searched) == (24, 24, 1)
