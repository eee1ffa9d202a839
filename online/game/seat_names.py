"""The names each viewer of an online table gives the players, as the terminal does (:mod:`cartas.core.naming`).

A seated person reads "Vos" for themself, "Compañero" for a partner and the others' display names, and the
sides as "Nosotros" / "Ellos"; a spectator reads everyone's display name and numbered teams. The server writes
each frame's text once per viewer from these names (see :func:`cartas.online.game.views.event_versioned`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cartas.core.game import Game
from cartas.core.i18n import speaking
from cartas.core.i18n.language import ENGLISH
from cartas.core.naming import TableNames, viewer_names
from .lobby import display_name
from ..store.tables import SeatRow
from .views import table_language

ViewerNames = dict[int | None, TableNames]
"""The names of each viewer: every seat, and ``None`` for the spectators."""


def display_names(game: Game | None, seats: Sequence[SeatRow], language: str | None = None) -> list[str | None]:
    """Each seat's display name (None: empty), a bot's level as ``language`` (None: the table's) says it
    (``Bot 2 (medio)``); in English for a table whose game is no longer installed."""
    with speaking(language or (table_language(game) if game is not None else ENGLISH)):
        return [display_name(row) for row in seats]


def names_by_viewer(
    game: Game, seats: Sequence[SeatRow], teams: Sequence[int] | None, language: str | None = None
) -> ViewerNames:
    """The table's names as each seat and the spectators see them, in ``language`` (None: the table's)."""
    people = {row.seat: name or "" for row, name in zip(seats, display_names(game, seats, language), strict=True)}
    with speaking(language or table_language(game)):
        return {
            viewer: viewer_names(len(seats), viewer, people=people, teams=teams)
            for viewer in (None, *range(len(seats)))
        }
