"""Mus's bots: the levels (:mod:`.levels`). The level classes are named here, so
``from cartas.games.mus.bots import MediumBot`` reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot, MediumBot

__all__ = ["EasyBot", "MediumBot"]
