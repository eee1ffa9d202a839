"""The hidden-information check: what a seat is told, and what a replay prints, holds no card hidden from it.

:func:`check_hidden_information` plays a seeded random match and checks, for every seat as if a program played
it over the JSON protocol, every message it would receive (``hello``, each ``decision``, each ``event`` it may
see, ``result``), and then, for the public and for each seat, every line a replay prints of the match. A card
counts as hidden from an audience when every copy of it is hidden from it at that moment, both before and after
the move that printed it (a card revealed by the move is fair to name; see :func:`_hidden_across`). Events
before the first hand starts (drawing cards face up to choose the dealer, then shuffled back) are not held to
the first deal. No message may name the seed or a path.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from cartas.core.audience import PUBLIC, Audience
from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.record import record_of
from cartas.core.replay_view import ReplayView
from cartas.core.seat_messages import Message, decision_message, event_message, hello_message, result_message
from cartas.core.state import State

MATCH = "conformance-match"
"""The match id the checked messages carry."""

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(1[0-2]|[1-9])([OCEB])(?![0-9A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])")
"""A card in its notation inside any text."""
PATH_LIKE = re.compile(r"(^|[\s\"'])(/|~/|[A-Za-z]:\\)")


class HiddenInformationError(AssertionError):
    """A message or a replay line shows what its audience may not know; the message says which and where."""


def check_hidden_information(
    game: Game, options: Mapping[str, Any] | None = None, seed: int = 0, *, max_decisions: int = 20_000
) -> State:
    """Play one seeded random match of ``game`` and check what every seat and every replay audience is shown."""
    rng = random.Random(seed)
    state = game.start(options, seed=seed)
    deck = Counter(game.deck(state.options))
    seats = range(state.table.n_seats)
    players = {seat: "program" for seat in seats}
    secret = str(seed) if seed >= 10**5 else None  # a short seed could appear by chance in scores or counts
    for seat in seats:
        _check_message(hello_message(state, [seat], players, MATCH, resumed=False), set(), secret, f"seat {seat}")
        for index, event in enumerate(state.events):
            if event.visible(seat):
                forbidden = _hidden(state, seat, deck) if index >= state.hand_events_from else set()
                _check_message(event_message(game, event, [seat]), forbidden, secret, f"seat {seat}, first deal")
    decisions = 0
    while not state.is_over:
        if decisions >= max_decisions:
            raise HiddenInformationError(f"{game.name} seed {seed}: no end within {max_decisions} decisions")
        where = f"{game.name} seed {seed} decision {decisions}"
        for seat in state.to_act:
            decision = decision_message(state.observation(seat), state.legal_actions(seat))
            _check_message(decision, _hidden(state, seat, deck), secret, f"{where} seat {seat}")
        before = [_hidden(state, seat, deck) for seat in seats]
        seen, hands = len(state.events), state.hands_played
        actor = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(actor)), actor)
        decisions += 1
        for seat in seats:
            after = _hidden(state, seat, deck)
            for index, event in enumerate(state.events[seen:], seen):
                if event.visible(seat):
                    forbidden = _hidden_across(state, hands, index, before[seat], after, public=event.visible_to is None)
                    _check_message(event_message(game, event, [seat]), forbidden, secret, f"{where} seat {seat}")
    result = result_message(state.result(), MATCH)
    for seat in seats:
        _check_message(result, _hidden(state, seat, deck), secret, f"{game.name} seed {seed} result, seat {seat}")
    for audience in [PUBLIC, *(Audience(seat) for seat in seats)]:
        _check_replay(game, state, audience, deck, secret, f"{game.name} seed {seed}")
    return state


def _hidden(state: State, seat: int, deck: Counter[Card]) -> set[str]:
    """The cards every copy of which is hidden from ``seat`` now."""
    hidden = Counter(state.hidden_from(seat))
    return {str(card) for card, count in hidden.items() if count >= deck[card]}


def _hidden_from_audience(state: State, audience: Audience, deck: Counter[Card]) -> set[str]:
    """Hidden from a seat, or, for the public, hidden from any seat (the public knows no seat's cards)."""
    if audience.seat is not None:
        return _hidden(state, audience.seat, deck)
    return set().union(*(_hidden(state, seat, deck) for seat in range(state.table.n_seats)))


def _hidden_across(
    state: State, hands_before: int, index: int, before: set[str], after: set[str], *, public: bool
) -> set[str]:
    """The cards a line printed for event ``index`` of the last move (or for the move itself) must not name.

    Hidden before the move and still hidden after it: a card the move revealed may be named. A move that ends
    a hand also deals the next one, so cards shown as the hand ended (its last card, the hands laid down, a
    card turned from the stock) may be hidden again afterwards, dealt anew: there, what the whole table is
    shown cannot be told from a leak by these two states, and only what is shown to some seats is checked.
    """
    if state.hands_played != hands_before and index < state.hand_events_from and public:
        return set()
    return before & after


def _check_message(message: Message, forbidden: set[str], secret: str | None, where: str) -> None:
    text = json.dumps(message, ensure_ascii=False)
    leaked = {match.group(0) for match in CARD_TOKEN.finditer(text)} & forbidden
    if leaked:
        raise HiddenInformationError(f"{where}: the {message['type']} message shows hidden cards {sorted(leaked)}: {text}")
    if "seed" in message or (secret is not None and secret in text):
        raise HiddenInformationError(f"{where}: the {message['type']} message gives away the seed: {text}")
    if any(isinstance(value, str) and PATH_LIKE.search(value) for value in _strings(message)):
        raise HiddenInformationError(f"{where}: the {message['type']} message names a path: {text}")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _check_replay(game: Game, final: State, audience: Audience, deck: Counter[Card], secret: str | None,
                  where: str) -> None:
    """Every line a replay prints for ``audience`` (moves and events) names no card hidden from it then."""
    record = record_of(final)
    label = "the public" if audience.seat is None else f"seat {audience.seat}"
    before: set[str] = set()
    hands = 0
    for step in ReplayView(game, record, audience).steps():
        state = step.state
        after = _hidden_from_audience(state, audience, deck)
        lines: list[tuple[int, str, bool]] = []
        if step.action is not None:
            lines.append((step.start, step.action, True))
        lines.extend(
            (_index_of(state, event, step.start), game.presentation().describe(event), event.visible_to is None)
            for event in step.events
        )
        for index, line, public in lines:
            if step.number == 0:
                forbidden = after if index >= state.hand_events_from else set()
            else:
                forbidden = _hidden_across(state, hands, index, before, after, public=public)
            leaked = {m.group(0) for m in CARD_TOKEN.finditer(line)} & forbidden
            if leaked:
                raise HiddenInformationError(
                    f"{where}: the replay for {label} prints hidden cards {sorted(leaked)} at move {step.number}: "
                    f"{line!r}"
                )
            if secret is not None and secret in line:
                raise HiddenInformationError(f"{where}: the replay for {label} prints the seed: {line!r}")
        before = after
        hands = state.hands_played


def _index_of(state: State, event: Event, start: int) -> int:
    """Where ``event`` (one of the step's) is in the state's events."""
    for index in range(start, len(state.events)):
        if state.events[index] is event:
            return index
    return start
