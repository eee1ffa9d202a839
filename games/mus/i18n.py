"""The game's own gettext domain, ``cartas_mus``: its events, table, moves and rules words in every language it
speaks. Import it as ``from cartas.games.mus.i18n import _`` and write messages in English."""

from __future__ import annotations

from pathlib import Path

from cartas.core.i18n import Catalog

_ = Catalog("cartas_mus", Path(__file__).parent / "locale")
