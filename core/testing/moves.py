"""Moves written as text for rules tests: a scenario reads as the table talk it describes.

``apply_moves(state, "0 envido", "1 quiero")`` applies each action as the seat named before it, so a test
states who acts as well as what; ``legal_texts(state, seat)`` gives that seat's legal actions in canonical
text, to compare with a literal list.
"""

from __future__ import annotations

from cartas.core.state import State


def apply_moves(state: State, *moves: str) -> None:
    """Apply ``"SEAT ACTION"`` moves in order, each by the seat it names (the action as the game reads text)."""
    for move in moves:
        seat, _, action = move.partition(" ")
        state.apply(action, int(seat))


def legal_texts(state: State, seat: int) -> list[str]:
    """The seat's legal actions in canonical text."""
    return [str(action) for action in state.legal_actions(seat)]
