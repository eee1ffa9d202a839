"""A replayed move as lines of text: the move once, numbered, in the game's language, then what it caused.

A move and the event it makes say the same thing (``play 12C`` is ``tiro 12C``), so a replay prints the move's
own event, as the match printed it when it was played, with the move's number in front (and the mover's name,
for a game whose event does not say it); the events the move
caused (a trick won, points scored) follow, indented. A move with no event of its own the audience saw is said
with :meth:`~cartas.core.game.Game.action_text` (the game's words, not the protocol's), and one hidden from the
audience as "(a move not seen)".
"""

from __future__ import annotations

from cartas.core.errors import CartasError
from cartas.core.events import Event
from cartas.core.game import Game
from cartas.core.naming import TableNames
from cartas.core.replay_view import Step

INDENT = "    "


def own_event(step: Step) -> Event | None:
    """The event the move itself made, as the audience saw it: the first event of the step the audience saw, when
    the mover made it and nothing the audience saw came before it (a card discarded face down is a hidden event
    then a public "discards a card face down": the second is the move, as the others saw it)."""
    events = step.state.events
    if not step.number or not step.events:
        return None
    first = step.events[0]
    if first.seat != step.seat:
        return None
    for event in events[step.start:]:
        if event is first:
            return first
        if event.seat != step.seat:
            return None
    return None


def said(game: Game, action: str) -> str:
    """A move in the game's words (``tiro el 12 de copas``); its canonical text if the game cannot read it."""
    try:
        return game.action_text(game.parse_action(action))
    except (CartasError, ValueError):
        return action


def move_lines(game: Game, step: Step, names: TableNames, unseen: str) -> list[str]:
    """The lines of one step of a replay: ``N. <the move>`` once, then the other events it caused, indented (the
    first deal, step 0, is its events only)."""
    describe = game.presentation().describe
    own = own_event(step)
    lines: list[str] = []
    if step.number:
        name = names.seat(step.seat)
        if own is not None:
            text = describe(own, names)
            lines.append(f"{step.number}. {text if text.startswith(name) else f'{name}: {text}'}")
        else:
            text = unseen if step.action is None else said(game, step.action)
            lines.append(f"{step.number}. {name}: {text}")
    lines.extend(f"{INDENT}{describe(event, names)}" for event in step.events if event is not own)
    return lines
