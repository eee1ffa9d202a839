"""A finished match move by move, as one viewer saw it, for the match page (``GET /api/tables/CODE/steps``).

Each step is what the live table sent that viewer after the move: the VIEW built by the same code
(:func:`cartas.online.game.views.build_view`) and the events the viewer may see, written as the live event frames are.
The record is walked by :class:`cartas.core.replay_view.ReplayView` for the viewer's audience without ``reveal``:
a seat sees its own cards and what was shown at the table, a spectator what was public, so no card is shown to a
viewer that was hidden from it while the match was played (docs/hidden-information.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cartas.core.audience import PUBLIC, Audience
from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.naming import TableNames
from cartas.core.record import MatchRecord
from cartas.core.replay_view import ReplayView
from ..game.views import build_view, event_frame, writing


def match_steps(
    game: Game, record: MatchRecord, seat: int | None, names: Mapping[str, str], said: TableNames | None
) -> list[dict[str, Any]]:
    """Every step of ``record`` (the first deal, then each move) as ``seat`` (None: a spectator) saw it:
    ``{number, seat, action, said, events, view}``; ``action`` (and ``said``, the move in the game's words) is
    None where the move was hidden from the viewer."""
    audience = PUBLIC if seat is None else Audience(seat)
    deck = game.deck_art(game.options(record.options))
    steps = []
    for step in ReplayView(game, record, audience).steps():
        view = build_view(step.state, seat, names, step.hand_ended, said)
        view["legal"] = []  # a replay is not played: no move to make
        steps.append({
            "number": step.number,
            "seat": step.seat,
            "action": step.action,
            "said": None if step.action is None else move_words(game, step.action, deck),
            "events": [event_frame(game, event, names=said) for event in step.events],
            "view": view,
        })
    return steps


def move_words(game: Game, action: str, deck: str | None) -> str:
    """A move in the game's words in the table's language (``tiro el 12 de copas``), as the step line shows it;
    its canonical text if the game cannot read it back."""
    with writing(game, None, deck):
        try:
            return game.action_text(game.parse_action(action))
        except (CartasError, ValueError):
            return action
