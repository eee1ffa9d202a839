"""Truco paulista's bots: the levels (:mod:`.levels`), the reading of the rivals' words (:mod:`.bidding`) and
habits (:mod:`.rivals`), the match odds ``hard`` values its play-outs by (:mod:`.match_odds`), ``medium``'s knobs
(:mod:`.temperament`) and the personalities made from them (:mod:`.personalities`). The level classes are named
here, so ``from cartas.games.truco_paulista.bots import MediumBot`` reads as the level it is."""

from __future__ import annotations

from .levels import EasyBot, MediumBot, QuickMediumBot

__all__ = ["EasyBot", "MediumBot", "QuickMediumBot"]
