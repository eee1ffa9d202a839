"""Julepe's bots: the levels (:mod:`.levels`), the reading of the rivals' ``juego`` and ``paso``
(:mod:`.bidding`) and of how loosely each goes in (:mod:`.rivals`), what a deal's end is worth to ``hard``
(:mod:`.valuation`), ``medium``'s knobs (:mod:`.temperament`) and the personalities made from them
(:mod:`.personalities`). The level classes are named here, so ``from cartas.games.tresillo.bots import
MediumBot`` reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot, MediumBot

__all__ = ["EasyBot", "MediumBot"]
