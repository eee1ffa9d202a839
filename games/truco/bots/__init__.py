"""Truco's bots: the levels (:mod:`.levels`), the reading of the rivals' calls (:mod:`.bidding`) and habits
(:mod:`.rivals`), ``medium``'s knobs (:mod:`.temperament`) and the personalities made from them
(:mod:`.personalities`). The level classes are named here, so ``from cartas.games.truco.bots import MediumBot``
reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot, MediumBot, QuickMediumBot

__all__ = ["EasyBot", "MediumBot", "QuickMediumBot"]
