"""Siete y medio's bots: the levels (:mod:`.levels`). The level classes are named here, so ``from
cartas_siete_y_medio.bots import EasyBot`` reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot

__all__ = ["EasyBot"]
