"""The rummy games' bots: the levels (:mod:`.levels`), the search levels cut to answer in time (:mod:`.search`),
and the reading of a rival's hand from his draws and discards (:mod:`.reading`). The level classes are named here, so ``from
cartas.games.chinchon.bots import MediumBot`` reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot, MediumBot, RemigioMediumBot

__all__ = ["EasyBot", "MediumBot", "RemigioMediumBot"]
