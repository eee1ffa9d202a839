"""The history of finished matches moved to :mod:`cartas.core.history` (the server writes it too, and must not
import the terminal's package); its names stay importable from here."""

from __future__ import annotations

from cartas.core.history import SCHEMA as SCHEMA, SCHEMA_VERSION as SCHEMA_VERSION, GameStats as GameStats
from cartas.core.history import History as History, history_path as history_path
