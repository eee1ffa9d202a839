"""Inference from the bidding: sampled worlds weighed by what the rivals' calls and answers say about their hands.

A seat's :meth:`~cartas.core.bots.base.SeatView.sample` deals the hidden cards at random, as if a rival who called
real envido, truco or juego could hold anything. A game that knows what its players' words say about their
cards supplies a :class:`BiddingModel`: the event kinds that are such words (its *decisions*) and a likelihood,
``P(decision | the rival's hand in a sampled world)``. :class:`Posterior` draws worlds from the posterior those
likelihoods give (rejection sampling with a bounded number of tries, and a fallback it counts), and the search
bots and the games' own bots sample through it. A game's bot may also offer a :class:`RivalReader`, which
learns each rival's habits as the match goes (:mod:`cartas.core.bots.inference.rivals`), so a player who calls
on every hand stops being read as one who holds the cards for it.
"""

from .bookkeeping import BookKeeping
from .model import (
    BiddingModel, Decision, RememberingReader, RivalReader, rival_decisions, soft_bar,
)
from .posterior import (
    DEFAULT_TRIES, Posterior, PosteriorCounts, bidding_weight, posterior_for, reader_for,
)
from .rivals import BookReader, Modes, Observed, RivalBook, Tendency, logistic, split_hands

__all__ = [
    "BiddingModel", "BookKeeping", "BookReader", "DEFAULT_TRIES", "Decision", "Modes", "Observed", "Posterior",
    "PosteriorCounts", "RememberingReader", "RivalBook", "RivalReader", "Tendency", "bidding_weight", "logistic",
    "posterior_for", "reader_for", "rival_decisions", "soft_bar", "split_hands",
]
