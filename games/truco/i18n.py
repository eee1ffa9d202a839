"""The game's own gettext domain, ``cartas_truco``: its events, table, moves and rules words in every language it
speaks. Import it as ``from cartas.games.truco.i18n import _`` and write messages in English."""

from __future__ import annotations

from pathlib import Path

from cartas.core.i18n import Catalog

_ = Catalog("cartas_truco", Path(__file__).parent / "locale")
