"""The public contract every game's state shares: validation in ``apply``, legal actions, events, views."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from cartas.core import (
    ActionParseError, Agent, Card, Game, IllegalActionError, Position, PositionError, RandomBot, SeatView, State,
)
from cartas.core.match import run_match, seat_to_ask
from cartas.core.state import SAMPLED_SEED, missing_methods
from cartas.core.position import parse_deal
from cartas.testing import fingerprint

STACKED = {"dealer": 0, "hands": [["5E"], ["3O"], ["7C"]], "stock": ["2B", "2O"]}


@pytest.fixture
def state(example_game: Game) -> State:
    return example_game.start({"players": 3}, seed=7, position=STACKED)


def test_apply_takes_an_action_or_its_text(state: State, example_game: Game) -> None:
    state.apply("  CARTA ")
    state.apply(example_game.parse_action("me planto"), 1)
    assert [(seat, str(action)) for seat, action in state.history] == [(1, "carta"), (1, "me planto")]
    assert state.to_act == (2,)


def test_an_unreadable_action_is_a_parse_error_and_changes_nothing(state: State) -> None:
    before = fingerprint(state)
    with pytest.raises(ActionParseError):
        state.apply("envido")
    assert fingerprint(state) == before


def test_a_seat_that_does_not_act_now_is_refused_with_who_does(state: State) -> None:
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="seat 2 does not act now \\(waiting for seat 1\\)"):
        state.apply("carta", 2)
    assert fingerprint(state) == before
    assert state.legal_actions(2) == []
    assert [str(a) for a in state.legal_actions()] == ["carta", "me planto"]


def test_nothing_is_legal_once_the_match_is_over(example_game: Game) -> None:
    state = example_game.start({"players": 2, "hands": 1}, seed=1, position={"dealer": 0, "hands": [["4E"], ["6O"]],
                                                                              "stock": ["5C"]})
    state.apply("carta")
    assert state.is_over
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the match is over"):
        state.apply("me planto", 0)


def test_returns_give_one_to_each_winner(example_game: Game) -> None:
    state = example_game.start({"players": 2, "hands": 1}, seed=1, position={"dealer": 0, "hands": [["4E"], ["6O"]],
                                                                              "stock": ["5C"]})
    state.apply("carta")
    assert state.result().winners == (0,)
    assert state.returns() == (1.0, 0.0)


def test_events_visible_to_some_seats_only_reach_them(state: State) -> None:
    state.emit("seña", 1, "1E", visible_to=(1, 3))
    assert ("seña", 1, "1E") in [(e.kind, e.seat, e.detail) for e in state.visible_events(1)]
    assert "seña" not in [e.kind for e in state.visible_events(0)]


def test_observations_show_only_this_hands_events(state: State) -> None:
    assert [e.kind for e in state.observation(0).events] == ["reparte"]
    state.start_hand_events()
    assert state.observation(0).events == []


def test_make_observation_fills_the_common_fields_from_the_state(example_game: Game) -> None:
    state = example_game.start({"players": 2, "hands": 2}, seed=1,
                               position={"dealer": 0, "hands": [["4E"], ["6O"]], "stock": ["5C"], "scores": [3, 4]})
    state.apply("carta")
    state.emit("seña", 0, "guiño", visible_to=(0,))
    seen = state.make_observation(0, hand=[Card.parse("7O"), Card.parse("12B")], table={"pot": 5}, mano=0)
    assert seen.model_dump() == {
        "game": "siete_y_medio", "seat": 0, "players": 2, "teams": [0, 1], "dealer": 1, "mano": 0,
        "hand_number": 1, "to_act": [0], "hand": ["7O", "12B"], "scores": [4, 3], "over": False,
        "legal": ["carta", "me planto"], "table": {"pot": 5},
        "events": [{"kind": "reparte", "seat": 1, "detail": ""}, {"kind": "seña", "seat": 0, "detail": "guiño"}],
    }
    other = state.make_observation(1, hand=[], table={})
    assert (other.mano, other.legal, [e.kind for e in other.events]) == (None, [], ["reparte"])


def test_a_seat_view_shows_one_seat(state: State) -> None:
    view = SeatView(state, 2)
    assert view.game_name == "siete_y_medio"
    assert [str(c) for c in view.hand()] == ["7C"]
    assert view.legal_actions() == []
    assert view.observation() == state.observation(2)
    assert view.scores() == (0, 0, 0)
    assert view.hands_played == 0
    sampled = view.sample(random.Random(1))
    assert sampled is not state
    assert sampled.observation(2) == state.observation(2)


def test_a_sampled_state_does_not_carry_the_match_seed(state: State) -> None:
    """A bot searching sampled states must not read the seed off them: it rebuilds every deal of the match."""
    sampled = SeatView(state, 2).sample(random.Random(1))
    assert state.seed != SAMPLED_SEED
    assert (sampled.seed, sampled.position, sampled.history) == (SAMPLED_SEED, None, [])


def test_seat_to_ask_prefers_a_person_among_the_seats_that_may_act(state: State) -> None:
    state.to_act = (1, 3)
    assert seat_to_ask(state) == 1
    assert seat_to_ask(state, prefer={3}) == 3


def test_run_match_asks_each_seat_and_reports_every_step(example_game: Game) -> None:
    state = example_game.start({"players": 3, "hands": 2}, seed=3)
    steps: list[tuple[int, str]] = []
    agents: Mapping[int, Agent] = {seat: RandomBot(seat) for seat in range(3)}
    result = run_match(state, agents, on_step=lambda s, seat, action: steps.append((seat, str(action))))
    assert steps == [(seat, str(action)) for seat, action in state.history]
    assert result == state.result()
    assert isinstance(RandomBot(0), Agent)


def test_random_bot_is_reproducible(example_game: Game) -> None:
    def play(seed: int) -> list[str]:
        state = example_game.start({"players": 2, "hands": 2}, seed=1)
        run_match(state, {0: RandomBot(seed), 1: RandomBot(seed + 1)})
        return [str(action) for _, action in state.history]

    assert play(4) == play(4)


@pytest.mark.parametrize(
    ("position", "message"),
    [({"dealer": 3}, "dealer 3 is not a seat; seats are 0 to 2"), ({"hands": [["1E"], ["2E"]]}, "2 hands for 3 players")],
)
def test_positions_that_do_not_fit_the_table_are_refused(
    example_game: Game, position: dict[str, Any], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        example_game.start({"players": 3}, position=position)


def test_positions_read_cards_in_any_case() -> None:
    position = Position.model_validate({"hands": [["1e", " 12c"]], "up": "jk", "stock": ["7o"]})
    assert position.hands == [["1E", "12C"]]
    assert position.up == "JK"
    assert [str(c) for c in position.then_cards()] == ["JK", "7O"]
    with pytest.raises(ValueError, match="13E"):
        Position.model_validate({"hands": [["13E"]]})
    with pytest.raises(ValueError, match="extra"):
        Position.model_validate({"hand": [["1E"]]})


def test_parse_deal_reads_hands_separated_by_slashes_or_bars() -> None:
    assert parse_deal("1e 7O 3C / 4B,5C 2E | 12O") == [["1E", "7O", "3C"], ["4B", "5C", "2E"], ["12O"]]


def test_a_match_without_a_seed_gets_one_and_keeps_it(example_game: Game) -> None:
    state = example_game.start({"players": 2})
    again = example_game.start({"players": 2}, seed=state.seed)
    assert fingerprint(again) == fingerprint(state)


def test_game_facts(example_game: Game) -> None:
    assert example_game.player_counts() == (2, 3, 4, 5, 6)
    assert example_game.teams(example_game.options()) is None
    assert repr(example_game) == "<SieteYMedio 'siete_y_medio'>"
    assert example_game.rules_text().startswith("# Siete y medio")


def test_a_sampled_view_keeps_nothing_the_seat_may_not_know(example_game: Game) -> None:
    state = example_game.start({"players": 3}, seed=5, position={"dealer": 0})
    state.emit("secret", 2, "1E", visible_to=(2,))
    view = SeatView(state, 1)
    sampled = view.sample(random.Random(3))
    assert sampled.position is None
    assert sampled.history == []
    assert all(e.visible_to is None or 1 in e.visible_to for e in sampled.events)
    assert ("secret", 2, "1E", (2,)) in state.events
    assert sampled.rng.getstate() != state.rng.getstate()
    assert sampled.observation(1) == state.observation(1)


def test_a_sampled_copy_draws_from_a_generator_seeded_when_first_used() -> None:
    """forget_hidden promises ``random.Random(rng.getrandbits(64))``; seeding it late must not change a draw,
    and its clones each draw what the copy would have."""
    from cartas.core.plugins.manager import get_registry

    state = get_registry().games["truco"].start({"players": 2}, seed=4)
    picker, expected = random.Random(9), random.Random()
    sampled = state.sample(0, picker)
    expected.setstate(picker.getstate())
    sampled.forget_hidden(0, picker)
    twin = sampled.clone()
    reference = random.Random(expected.getrandbits(64))
    draws = [reference.random() for _ in range(3)]
    assert [sampled.rng.random() for _ in range(3)] == draws
    assert [twin.rng.random() for _ in range(3)] == draws
    assert picker.getstate() == expected.getstate()


def test_a_state_missing_an_abstract_method_is_refused_at_start_on_either_build(example_game: Game) -> None:
    """Python's ABC refuses it on the pure build; the compiled State keeps no ``__abstractmethods__``, and
    ``Game.start`` refuses it by name there (``cartas.core.state.STATE_METHODS``)."""
    made = type(example_game.start({"players": 3}, seed=1))
    dropped = {"scores", "__dict__", "__weakref__", *getattr(made, "__slots__", ())}  # slots: made anew
    kept = {name: value for name, value in vars(made).items() if name not in dropped}
    lacking = type("NoScores", (State,), kept)
    game = type(example_game)()
    game._start = lambda options, seed, position: lacking(game, options, seed, position)  # type: ignore[method-assign]
    with pytest.raises(TypeError, match=r"abstract class NoScores with abstract method.* scores"):
        game.start({"players": 3}, seed=1)
    assert missing_methods(lacking) == ["scores"] and missing_methods(made) == []
