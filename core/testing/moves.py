"""Moves written as text for rules tests: a scenario reads as the table talk it describes.

``stacked_start(game, "1O 3C / 7E 2B", dealer=1, options={}, stock=[...])`` starts a match whose first deal is
written as text; ``random_decisions(state, rng, 60)`` plays a match at random and hands the test each decision on the way;
``apply_moves(state, "0 envido", "1 quiero")`` applies each action as the seat named before it, so a test
states who acts as well as what; ``legal_texts(state, seat)`` gives that seat's legal actions in canonical
text, to compare with a literal list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cartas.core.game import Game
from cartas.core.state import Action, State


def stacked_start(game: Game, hands: str, *, dealer: int, options: dict[str, Any], seed: int = 1,
                  scores: list[int] | None = None, **position: Any) -> State:
    """A match of ``game`` whose first deal is ``hands`` (each seat's cards as text, seats split by ``/``), dealt
    by ``dealer``, with the rest of the stacked ``position`` (the stock, a card turned up ...) as the game reads it.

    ``options`` gets ``players`` as many as the seats written, unless it names them; ``scores`` starts the match
    from those scores. Every game's rules tests stack deals the same way, so they write it once here.
    """
    seats = [part.split() for part in hands.split("/")]
    options.setdefault("players", len(seats))
    stacked: dict[str, Any] = {"dealer": dealer, "hands": seats, **position}
    if scores is not None:
        stacked["scores"] = scores
    return game.start(options, seed=seed, position=stacked)


def apply_moves(state: State, *moves: str) -> None:
    """Apply ``"SEAT ACTION"`` moves in order, each by the seat it names (the action as the game reads text)."""
    for move in moves:
        seat, _, action = move.partition(" ")
        state.apply(action, int(seat))


def legal_texts(state: State, seat: int) -> list[str]:
    """The seat's legal actions in canonical text."""
    return [str(action) for action in state.legal_actions(seat)]


def random_decisions(state: State, rng: random.Random, limit: int) -> Iterator[tuple[int, list[Action]]]:
    """Play ``state`` at random, the first seat to act choosing each time, for at most ``limit`` decisions or
    until the match ends: each decision's seat and legal actions are yielded before one of them, drawn with
    ``rng.choice``, is applied, so a property test checks every decision of a seeded match as it goes."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        yield seat, legal
        state.apply(rng.choice(legal), seat)
