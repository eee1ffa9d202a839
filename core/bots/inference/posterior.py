"""Worlds drawn from the posterior: sampled states, kept with the probability the rivals' decisions give them.

Rejection sampling: a world is drawn by :meth:`~cartas.core.bots.base.SeatView.sample` and kept with probability
the product of the likelihoods of every rival decision of the hand (each in ``[0, 1]``), which draws kept
worlds exactly from the posterior. A run of unlikely decisions could make that slow, so at most ``tries``
worlds are drawn for one sample; when none is kept, the likeliest of them is returned and the fallback is
counted (:class:`PosteriorCounts`), so a report can say how often the posterior was only approached.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..base import SeatView
from .model import BiddingModel, RivalReader, rival_decisions
from ...state import State

DEFAULT_TRIES = 24
"""Worlds drawn at most for one sample before the likeliest of them is taken instead."""

Weight = Callable[[State, SeatView], float]
"""A sampled world's weight in ``[0, 1]`` for the seat of the view: the likelihood of what the rivals did."""


@dataclass
class PosteriorCounts:
    """What sampling from the posterior cost, and how often it fell back on the likeliest world drawn."""

    samples: int = 0
    """Worlds returned."""
    draws: int = 0
    """Worlds drawn in all (``draws / samples`` is the cost of the inference in sampled states)."""
    fallbacks: int = 0
    """Samples where no world was kept within the tries: the likeliest world drawn was returned instead."""


class Posterior:
    """Draws worlds for a seat's view from the posterior a weight gives (see the module's docstring).

    :param weight: a world's weight in ``[0, 1]``; :func:`posterior_for` builds it from a game's
        :class:`~cartas.core.bots.inference.model.BiddingModel` (or a yes-or-no rule, as chinchón's ``plausible``).
    :param tries: worlds drawn at most for one sample (at least 1).
    """

    def __init__(self, weight: Weight, *, tries: int = DEFAULT_TRIES) -> None:
        if tries < 1:
            raise ValueError("a posterior needs at least one try per sample")
        self.weight = weight
        self.tries = tries
        self.counts = PosteriorCounts()

    def sample(self, view: SeatView, rng: random.Random) -> State:
        """One world for ``view``'s seat, drawn from the posterior (or the likeliest of ``tries`` worlds)."""
        counts = self.counts
        counts.samples += 1
        best, best_weight = None, -1.0
        for _ in range(self.tries):
            world = view.sample(rng)
            counts.draws += 1
            weight = self.weight(world, view)
            if weight >= 1.0 or rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        counts.fallbacks += 1
        assert best is not None
        return best


def bidding_weight(model: BiddingModel) -> Weight:
    """The weight of a world under a game's bidding model: the product of its rivals' decisions' likelihoods."""
    kinds = model.kinds
    likelihood = model.likelihood

    def weight(world: State, view: SeatView) -> float:
        value = 1.0
        for decision in rival_decisions(world, view.seat, kinds):
            value *= likelihood(world, decision)
            if value <= 0.0:
                return 0.0
        return min(value, 1.0)

    return weight


def rule_weight(plausible: Callable[[State, SeatView], bool]) -> Weight:
    """A yes-or-no rule (``plausible(world, view)``) as a weight: 1 for a world it accepts, 0 otherwise."""

    def weight(world: State, view: SeatView) -> float:
        return 1.0 if plausible(world, view) else 0.0

    return weight


def posterior_for(bot: object, *, tries: int = DEFAULT_TRIES) -> Posterior | None:
    """The posterior a bot (or bot factory) asks for: its ``bidding`` model, else its ``plausible`` rule;
    ``None`` when it has neither, and plain sampling is the right thing."""
    model = getattr(bot, "bidding", None)
    if model is not None:
        return Posterior(bidding_weight(model), tries=tries)
    plausible = getattr(bot, "plausible", None)
    if plausible is not None:
        return Posterior(rule_weight(plausible), tries=tries)
    return None


def reader_for(bot: object) -> RivalReader | None:
    """A fresh reader of the rivals for one bot's match, when the bot (or bot factory) offers one through a
    ``rival_reader()`` attribute; ``None`` otherwise (then :func:`posterior_for` reads everyone alike)."""
    make = getattr(bot, "rival_reader", None)
    if make is None:
        return None
    reader = make()
    assert isinstance(reader, RivalReader)
    return reader
