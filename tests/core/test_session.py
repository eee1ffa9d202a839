"""The table session: what it applies, what each viewer may see of it, and when it tells the plugins."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.core import Game, RandomBot, Result, State, hookimpl
from cartas.core.audience import PUBLIC, Audience
from cartas.core.errors import IllegalActionError
from cartas.core.plugins.manager import get_registry, make_plugin_manager
from cartas.core.record import MatchRecord
from cartas.core.session import TableSession, event_wire, visible_events


class Recorder:
    """Every lifecycle hook call: its name, the hands played and the moves made when it fired."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    @hookimpl
    def match_started(self, state: State) -> None:
        self.calls.append(("match_started", state.hands_played, len(state.history)))

    @hookimpl
    def hand_finished(self, state: State) -> None:
        self.calls.append(("hand_finished", state.hands_played, len(state.history)))

    @hookimpl
    def match_finished(self, state: State, result: Result) -> None:
        self.calls.append(("match_finished", state.hands_played, len(state.history)))


@pytest.fixture(scope="module")
def truco() -> Game:
    return get_registry().game("truco")


def hooks() -> tuple[Recorder, Any]:
    recorder = Recorder()
    pm, _ = make_plugin_manager([], extra=[("recorder", recorder)])
    return recorder, pm.hook


def played(truco: Game, seed: int = 7) -> tuple[Recorder, TableSession]:
    recorder, hook = hooks()
    session = TableSession.new(truco, {"players": 2, "points": 15}, seed, hooks=hook)
    session.play({0: RandomBot(1), 1: RandomBot(2)})
    return recorder, session


def test_each_move_says_where_its_events_are_and_whether_a_hand_or_the_match_ended(truco: Game) -> None:
    session = TableSession.new(truco, {"players": 2, "points": 15}, 3)
    bots = {0: RandomBot(4), 1: RandomBot(5)}
    hands = 0
    while not session.over:
        seat = session.state.to_act[0]
        before = len(session.state.events)
        move = session.apply(_choose(bots[seat], session, seat), seat)
        assert (move.start, move.end) == (before, len(session.state.events))
        assert move.hand_ended == (session.state.hands_played == hands + 1)
        hands = session.state.hands_played
        assert move.over == session.state.is_over
    assert move.over and move.hand_ended


def test_on_move_hands_each_move_with_its_hand_before_the_hooks_fire() -> None:
    """A front end shows a move from the ``Move`` alone: its events, the hand it was played in (a reshuffle of
    chinchón's stock inside a round does not move that start) and where the next hand is dealt."""
    chinchon = get_registry().game("chinchon")
    recorder, hook = hooks()
    session = TableSession.new(chinchon, {"players": 2, "points": 30, "max_turns": 200}, 1, hooks=hook)
    moves: list[tuple[Any, int]] = []
    hand_start = session.state.hand_events_from

    def on_move(state: State, move: Any) -> None:
        moves.append((move, len(recorder.calls)))
        assert (move.seat, move.action) == state.history[-1] and move.end == len(state.events)

    session.play({0: RandomBot(1), 1: RandomBot(2)}, on_move=on_move)
    assert moves and len(moves) == len(session.state.history)
    for number, (move, calls) in enumerate(moves, 1):
        assert move.hand_start == hand_start
        assert recorder.calls[calls - 1][2] < number  # the hooks so far fired for earlier moves, not this one
        assert move.next_hand_dealt == (move.hand_ended and not move.over)
        if move.next_hand_dealt:
            assert move.start <= move.next_hand_start <= move.end
            hand_start = move.next_hand_start
        else:
            assert move.next_hand_start == move.hand_start
    assert session.hand_start == hand_start
    events = session.state.events
    assert any(event.kind == "reshuffle" for move, _ in moves for event in events[move.start:move.end])


def _choose(bot: RandomBot, session: TableSession, seat: int) -> Any:
    from cartas.core.bots.base import SeatView

    return bot.choose(SeatView(session.state, seat))


def test_the_hooks_fire_once_each_in_order(truco: Game) -> None:
    recorder, session = played(truco)
    kinds = [call[0] for call in recorder.calls]
    assert recorder.calls[0] == ("match_started", 0, 0)
    assert kinds.count("hand_finished") == session.state.hands_played >= 2
    assert recorder.calls[-1] == ("match_finished", session.state.hands_played, len(session.state.history))
    assert kinds.count("match_started") == kinds.count("match_finished") == 1


def test_an_illegal_action_raises_changes_nothing_and_fires_nothing(truco: Game) -> None:
    recorder, hook = hooks()
    session = TableSession.new(truco, {"players": 2}, 3, hooks=hook)
    waiting = 1 - session.state.to_act[0]
    events = list(session.state.events)
    with pytest.raises(IllegalActionError):
        session.apply("mazo", waiting)
    assert session.state.events == events and session.state.history == []
    assert recorder.calls == [("match_started", 0, 0)]


def test_announce_false_keeps_the_hooks_until_announce(truco: Game) -> None:
    recorder, whole = played(truco)
    ending = next(i for i, call in enumerate(recorder.calls) if call[0] == "hand_finished")
    moves = recorder.calls[ending][2]
    quiet, hook = hooks()
    session = TableSession.new(truco, {"players": 2, "points": 15}, 7, hooks=hook)
    for seat, action in whole.state.history[:moves]:
        move = session.apply(action, seat, announce=False)
    assert move.hand_ended
    assert quiet.calls == [("match_started", 0, 0)]
    session.announce(move)
    assert quiet.calls == [("match_started", 0, 0), ("hand_finished", 1, moves)]


def test_a_replayed_match_fires_nothing_for_its_moves_and_the_rest_as_played(truco: Game) -> None:
    recorder, whole = played(truco)
    history = whole.state.history
    half = len(history) // 2
    record = MatchRecord(
        game="truco", options=whole.state.options.model_dump(), seed=7,
        actions=[(seat, str(action)) for seat, action in history[:half]],
    )
    again, hook = hooks()
    session = TableSession.replayed(record, truco, hooks=hook)
    assert again.calls == []
    session.begin()
    assert again.calls == []  # it started in its first life
    for seat, action in history[half:]:
        session.apply(action, seat)
    assert again.calls == [call for call in recorder.calls if call[2] > half]


def test_viewers_see_what_their_audience_may() -> None:
    session = TableSession.new(get_registry().game("truco_paulista"), {"players": 2}, 3)
    session.play({0: RandomBot(1), 1: RandomBot(2)})
    events = session.state.events
    assert any(event.visible_to is not None for event in events)  # cards played face down
    for seat in (0, 1):
        assert session.visible(Audience(seat)) == [event for event in events if event.visible(seat)]
    assert session.visible(PUBLIC) == [event for event in events if event.visible_to is None]
    both = Audience(seats=(0, 1))
    assert session.visible(both) == [event for event in events if event.visible(0) or event.visible(1)]
    start = session.state.hand_events_from
    assert session.hand_events(Audience(0)) == visible_events(events, Audience(0), start)


def test_an_event_on_the_wire_has_its_kind_seat_detail_and_text(truco: Game) -> None:
    _, session = played(truco)
    event = session.state.events[-1]
    wire = event_wire(truco, event)
    assert wire == {"kind": event.kind, "seat": event.seat, "detail": event.detail, "text": truco.describe(event)}
    assert session.wire(event) == wire
