"""The game's own gettext domain, ``cartas_escoba``: its events, table, moves and rules words in every language it
speaks. Import it as ``from cartas.games.escoba.i18n import _`` and write messages in English."""

from __future__ import annotations

from pathlib import Path

from cartas.core.i18n import Catalog

_ = Catalog("cartas_escoba", Path(__file__).parent / "locale")
