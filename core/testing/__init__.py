"""The conformance suite: checks that any game, built-in or third-party, keeps the game contract.

Plugin authors call :func:`check_conformance` from their own tests, for instance under hypothesis::

    from hypothesis import given, strategies as st
    from . import check_conformance

    @given(seed=st.integers(0, 2**32))
    def test_my_game_conforms(seed):
        check_conformance(MyGame(), {"players": 3}, seed)

Each seeded random playout checks, at every decision: legal actions exist until the end and round-trip
through their text; an illegal action or unreadable text is refused with the right error and no change;
every card is accounted for; no observation shows a card hidden from its seat; the public (spectator's)
observation has no seat, no hand, only public events and no card any seat cannot see, and goes through
``json.dumps``; the game's table view of each of these observations shows the same hand and no hidden card;
a sampled state looks the same to its seat and to a spectator; clones are independent; and
at the end, the match ended and its record replays exactly.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from cartas.core.bench import random_playout
from cartas.core.errors import ActionParseError, IllegalActionError
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.record import record_of, replay
from cartas.core.state import PUBLIC_SEAT, Action, State
from .catalogs import CatalogError, check_catalogs
from .hidden import CARD_TOKEN, HiddenInformationError, check_hidden_information
from .inference import sampled_mean
from .moves import apply_moves, legal_texts, random_decisions, stacked_start

__all__ = [
    "CatalogError", "ConformanceError", "HiddenInformationError", "apply_moves", "check_catalogs", "check_conformance",
    "check_hidden_information",
    "fingerprint", "legal_texts", "perft", "random_decisions", "random_playout", "sampled_mean", "stacked_start",
]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which rule, at which decision of which seed."""


def fingerprint(state: State) -> tuple[Any, ...]:
    """Everything observable about a state, to tell whether an action changed it."""
    seats = range(state.table.n_seats)
    return (
        state.is_over,
        state.to_act,
        len(state.history),
        state.scores(),
        tuple(state.observation(seat).model_dump_json() for seat in seats),
        tuple(sorted(map(str, state.all_cards()))),
        tuple(tuple(map(str, state.hand_of(seat))) for seat in seats),
    )


def check_conformance(
    game: Game,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    max_decisions: int = 100_000,
    check_every: int = 1,
) -> State:
    """Play one seeded random match of ``game`` checking the contract; returns the final state."""
    rng = random.Random(seed)
    state = game.start(options, seed=seed)
    full_deck = Counter(game.deck(state.options))
    seen: list[Action] = []
    decisions = 0
    while True:
        where = f"{game.name} seed {seed} decision {decisions}"
        if decisions % check_every == 0 or state.is_over:
            _check_cards(state, full_deck, where)
            _check_observations(state, full_deck, rng, where)
        if state.is_over:
            break
        if decisions >= max_decisions:
            raise ConformanceError(f"{where}: the match did not end within {max_decisions} decisions")
        _check_turn(state, game, where)
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        if decisions % check_every == 0:
            _check_refusals(state, seat, legal, seen, where)
            _check_clone(state, seat, legal, rng, where)
        action = rng.choice(legal)
        seen.append(action)
        if len(seen) > 200:
            del seen[: len(seen) - 200]
        state.apply(action, seat)
        decisions += 1
    _check_end(state, game, where)
    _check_silent_play(game, options, seed, max_decisions)
    return state


def _check_silent_play(game: Game, options: Mapping[str, Any] | None, seed: int, max_decisions: int) -> None:
    """A match that records no events (:attr:`State.record_events`, off in benchmarks and random search
    rollouts) must be the same match: a rule that read its own events would play differently there."""
    played = []
    for record_events in (True, False):
        state = game.start(options, seed=seed)
        random_playout(state, random.Random(seed), max_decisions, record_events=record_events)
        played.append((state.history, state.hands_played, state.scores(), state.result()))
    if played[0] != played[1]:
        raise ConformanceError(
            f"{game.name} seed {seed}: the match played differently without its events "
            "(rules must not read state.events)"
        )


def _fail(where: str, message: str) -> ConformanceError:
    return ConformanceError(f"{where}: {message}")


def _check_turn(state: State, game: Game, where: str) -> None:
    if not state.to_act:
        raise _fail(where, "the match is not over but no seat is to act")
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(where, f"seat {seat} is to act but has no legal action")
        if len(set(legal)) != len(legal):
            raise _fail(where, f"seat {seat} has a legal action listed twice: {[str(a) for a in legal]}")
        for action in legal:
            text = str(action)
            try:
                parsed = game.parse_action(text)
            except ActionParseError as error:
                raise _fail(where, f"the canonical text {text!r} does not parse: {error}") from None
            if parsed != action:
                raise _fail(where, f"{text!r} parses to {parsed!r}, not to {action!r}")


def _check_refusals(state: State, seat: int, legal: list[Action], seen: list[Action], where: str) -> None:
    before = fingerprint(state)
    try:
        state.game.parse_action("¿¿ not an action ??")
        raise _fail(where, "nonsense text parsed as an action")
    except ActionParseError:
        pass
    illegal = [a for a in seen if a not in legal][-3:]
    others = [s for s in range(state.table.n_seats) if s not in state.to_act]
    attempts = [(a, seat) for a in illegal] + [(legal[0], s) for s in others[:1]]
    for action, who in attempts:
        try:
            state.apply(action, who)
        except IllegalActionError:
            pass
        else:
            raise _fail(where, f"illegal action {action} by seat {who} was accepted")
        if fingerprint(state) != before:
            raise _fail(where, f"refusing {action} by seat {who} changed the state")


def _check_cards(state: State, full_deck: Counter[Any], where: str) -> None:
    cards = Counter(state.all_cards())
    if cards != full_deck:
        lost = cards - full_deck
        made = full_deck - cards
        raise _fail(where, f"cards not accounted for: extra {sorted(map(str, lost.elements()))}, "
                           f"missing {sorted(map(str, made.elements()))}")


def _check_observations(state: State, full_deck: Counter[Any], rng: random.Random, where: str) -> None:
    seats = range(state.table.n_seats)
    public = _check_public_observation(state, set().union(*(_forbidden(state, s, full_deck) for s in seats)), where)
    for seat in seats:
        observation = state.observation(seat)
        if observation.hand != [str(c) for c in state.hand_of(seat)]:
            raise _fail(where, f"seat {seat}'s observation shows hand {observation.hand}, it holds {state.hand_of(seat)}")
        hidden = Counter(state.hidden_from(seat))
        if any(card in hidden for card in state.hand_of(seat)) and all(
            hidden[c] >= full_deck[c] for c in state.hand_of(seat)
        ):
            raise _fail(where, f"seat {seat}'s own cards are counted as hidden from it")
        forbidden = {str(card) for card, n in hidden.items() if n >= full_deck[card]}
        text = observation.model_dump_json()
        shown = {m.group(0) for m in CARD_TOKEN.finditer(text)}
        leaked = shown & forbidden
        if leaked:
            raise _fail(where, f"seat {seat}'s observation shows cards hidden from it: {sorted(leaked)}")
        _check_table_view(state, observation, forbidden, f"seat {seat}'s", where)
        if state.is_over:
            continue
        sample = state.sample(seat, random.Random(rng.random()))
        if sample.observation(seat) != observation:
            raise _fail(where, f"a state sampled for seat {seat} does not look the same to it")
        if sample.public_observation() != public:
            raise _fail(where, f"a state sampled for seat {seat} does not look the same to a spectator")
        if Counter(sample.all_cards()) != full_deck:
            raise _fail(where, f"a state sampled for seat {seat} does not hold the game's cards")


def _forbidden(state: State, seat: int, full_deck: Counter[Any]) -> set[str]:
    """The cards ``seat`` cannot name: every copy of them is hidden from it."""
    hidden = Counter(state.hidden_from(seat))
    return {str(card) for card, n in hidden.items() if n >= full_deck[card]}


def _check_public_observation(state: State, forbidden: set[str], where: str) -> Observation:
    """The spectator's observation: no seat, no hand, no legal actions, public events only, no hidden card.

    ``forbidden`` holds every card some seat cannot know (every card in a hand but those shown to all, the
    stock, the face-down cards): none may show. The whole observation must go through ``json.dumps``.
    """
    public = state.public_observation()
    if public.seat != PUBLIC_SEAT or public.hand or public.legal:
        raise _fail(where, f"the public observation has seat {public.seat}, hand {public.hand}, legal {public.legal}; "
                           f"it should have seat {PUBLIC_SEAT} and neither")
    events = [(e.kind, e.seat, e.detail) for e in state.events[state.hand_events_from:] if e.visible_to is None]
    if [(e.kind, e.seat, e.detail) for e in public.events] != events:
        raise _fail(where, "the public observation's events are not exactly this hand's public events")
    try:
        text = json.dumps(public.model_dump())
    except (TypeError, ValueError) as error:
        raise _fail(where, f"the public observation is not JSON-serialisable: {error}") from None
    leaked = {m.group(0) for m in CARD_TOKEN.finditer(text)} & forbidden
    if leaked:
        raise _fail(where, f"the public observation shows cards some seat cannot see: {sorted(leaked)}")
    _check_table_view(state, public, forbidden, "the public", where)
    return public


def _check_table_view(state: State, observation: Observation, forbidden: set[str], whose: str, where: str) -> None:
    """The game's table view of an observation: built without error, one list per seat, no hidden card."""
    view = state.game.presentation().table_view(observation)
    if len(view.played) != observation.players or (view.counts and len(view.counts) != observation.players):
        raise _fail(where, f"{whose} table view has {len(view.played)} played lists and {len(view.counts)} counts "
                           f"for {observation.players} seats")
    if sorted(view.hand) != sorted(observation.hand):
        raise _fail(where, f"{whose} table view shows hand {view.hand}, the observation {observation.hand}")
    leaked = {m.group(0) for m in CARD_TOKEN.finditer(view.model_dump_json())} & forbidden
    if leaked:
        raise _fail(where, f"{whose} table view shows hidden cards: {sorted(leaked)}")


def _check_clone(state: State, seat: int, legal: list[Action], rng: random.Random, where: str) -> None:
    before = fingerprint(state)
    copy = state.clone()
    if fingerprint(copy) != before:
        raise _fail(where, "a clone differs from its original")
    copy.apply(rng.choice(legal), seat)
    if fingerprint(state) != before:
        raise _fail(where, "applying an action to a clone changed the original")


def _check_end(state: State, game: Game, where: str) -> None:
    if state.to_act or state.legal_actions():
        raise _fail(where, "the match is over but a seat still has actions")
    result = state.result()
    if not result.winners:
        raise _fail(where, "the match is over but has no winner")
    again = replay(record_of(state), game)
    if fingerprint(again) != fingerprint(state):
        raise _fail(where, "the match's record does not replay to the same state")


def perft(state: State, depth: int) -> int:
    """The number of distinct action sequences of ``depth`` decisions from ``state`` (python-chess's perft).

    Where several seats may act, each seat's actions count as different sequences. A sequence that ends the
    match early counts once. Kept in data files per game, these counts catch rule changes no test names.
    """
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for seat in state.to_act:
        for action in state.legal_actions(seat):
            child = state.clone()
            child.apply(action, seat)
            total += perft(child, depth - 1)
    return total
