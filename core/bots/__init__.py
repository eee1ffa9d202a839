"""Bots: the seat's view every bot decides from, the built-in random, rollout and search bots, the inference
that reads rivals' calls, and bots that are external programs.

This module is the public surface for bot authors (docs/api.md): the seat's view (:class:`SeatView`), the
:class:`Agent` protocol and the :data:`BotFactory` a plugin registers, the random bot, and what a game's own
bots build on (the search's :data:`Evaluator` and :class:`SearchCounts`, the bidding inference). The names
load on first use (:mod:`cartas.core.exports`), so importing one submodule does not import them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..exports import LazyExports

if TYPE_CHECKING:
    from .base import REMEMBERED, Agent, BotFactory, RandomBot, Remembers, SeatView, SeededBot, remember_matches
    from .inference import (
        BiddingModel, BookKeeping, BookReader, Decision, Modes, Observed, Posterior, RememberingReader, RivalBook,
        RivalReader, Tendency, bidding_weight, logistic, posterior_for, reader_for, soft_bar,
    )
    from .personality import (
        Character, Personality, PersonalityMixin, Strength, cached_strengths, level_label, personality_levels,
        read_strengths,
    )
    from .inference.rivals import PRIOR_MEAN
    from .rollout import RolloutBot
    from .search import Evaluator, ISMCTSBot, SearchCounts
    from .search_bot import Engine, HardBot, SearchBot

_EXPORTS = LazyExports(__name__, {
    "cartas.core.bots.base": (
        "REMEMBERED", "Agent", "BotFactory", "RandomBot", "Remembers", "SeatView", "SeededBot", "remember_matches",
    ),
    "cartas.core.bots.inference": (
        "BiddingModel", "BookKeeping", "BookReader", "Decision", "Modes", "Observed", "Posterior", "RememberingReader",
        "RivalBook", "RivalReader", "Tendency", "bidding_weight", "logistic", "posterior_for", "reader_for", "soft_bar",
    ),
    "cartas.core.bots.personality": (
        "Character", "Personality", "PersonalityMixin", "Strength", "cached_strengths", "level_label",
        "personality_levels", "read_strengths",
    ),
    "cartas.core.bots.inference.rivals": ("PRIOR_MEAN",),
    "cartas.core.bots.rollout": ("RolloutBot",),
    "cartas.core.bots.search": ("Evaluator", "ISMCTSBot", "SearchCounts"),
    "cartas.core.bots.search_bot": ("Engine", "HardBot", "SearchBot"),
})

__all__ = [
    "PRIOR_MEAN", "REMEMBERED", "Agent", "BiddingModel", "BookKeeping", "BookReader", "BotFactory", "Character",
    "Decision", "Engine", "Evaluator", "HardBot", "ISMCTSBot", "Modes", "Observed", "Personality", "PersonalityMixin",
    "Posterior", "RandomBot", "RememberingReader", "Remembers", "RivalBook", "RivalReader", "RolloutBot",
    "SearchBot", "SearchCounts", "SeatView", "SeededBot", "Strength", "Tendency", "bidding_weight", "cached_strengths",
    "level_label", "logistic", "personality_levels", "posterior_for", "reader_for", "read_strengths", "remember_matches", "soft_bar",
]


def __getattr__(name: str) -> Any:
    """Import a re-exported name's module the first time the name is asked for."""
    return _EXPORTS.attribute(name, globals())


def __dir__() -> list[str]:
    return _EXPORTS.names(globals())
