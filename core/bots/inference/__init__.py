"""Inference from the bidding: sampled worlds weighed by what the rivals' calls and answers say about their hands.

A seat's :meth:`~cartas.core.bots.base.SeatView.sample` deals the hidden cards at random, as if a rival who called
real envido, truco or juego could hold anything. A game that knows what its players' words say about their
cards supplies a :class:`BiddingModel`: the event kinds that are such words (its *decisions*) and a likelihood,
``P(decision | the rival's hand in a sampled world)``. :class:`Posterior` draws worlds from the posterior those
likelihoods give (rejection sampling with a bounded number of tries, and a fallback it counts), and the search
bots and the games' own bots sample through it.
"""

from cartas.core.bots.inference.model import BiddingModel, Decision, rival_decisions, soft_bar
from cartas.core.bots.inference.posterior import DEFAULT_TRIES, Posterior, PosteriorCounts, posterior_for

__all__ = [
    "BiddingModel", "DEFAULT_TRIES", "Decision", "Posterior", "PosteriorCounts", "posterior_for", "rival_decisions",
    "soft_bar",
]
