"""What a game tells the core about its bidding: which events are a rival's decisions, and how likely each is.

A decision is an event of the hand in progress, made by a rival of the seat that samples: a call, an answer,
a bid (``envido``, ``truco``, ``quiero``, ``juego``). The world it is weighed in is a sampled state, so the
game's likelihood may read the rival's cards there (its hand now and the cards it has played since) and the
hand's events up to the decision (``world.events[:decision.at]``: what was pending, the tricks won).
"""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol, runtime_checkable

from ..base import SeatView
from ...state import State


class Decision(NamedTuple):
    """A rival's public word this hand, as its event says: who, what, its detail and where it stands."""

    seat: int
    kind: str
    detail: str
    at: int
    """The event's index in the world's events of the hand (``world.events[at]`` is the decision itself)."""


class BiddingModel(Protocol):
    """A game's model of how its players bid, used to weigh sampled worlds (see :mod:`cartas.core.bots.inference`)."""

    kinds: frozenset[str]
    """The event kinds that are decisions worth weighing; other events are never passed to :meth:`likelihood`."""

    def likelihood(self, world: State, decision: Decision) -> float:
        """``P(decision | the rival's cards in world)``, in ``[0, 1]``: only ratios between worlds matter, but a
        value of 1 is accepted outright, so the largest likelihood should be near 1 for sampling to be quick."""
        ...


@runtime_checkable
class RivalReader(BiddingModel, Protocol):
    """A bidding model that learns each rival's habits from the hands it has seen end (see
    :mod:`cartas.core.bots.inference.rivals`): one per bot and match, made by the base factory's
    ``rival_reader()``."""

    def observe(self, view: SeatView) -> None:
        """Read the hands finished since the last call (:meth:`SeatView.finished_events`); cheap when none."""
        ...


@runtime_checkable
class RememberingReader(RivalReader, Protocol):
    """A :class:`RivalReader` that can also read a whole earlier match at the table before this one begins (a
    rematch's: :func:`cartas.core.bots.remember_matches`). :class:`~cartas.core.bots.inference.BookReader` gives
    every game's reader this; a bot that keeps a book (:class:`~cartas.core.bots.inference.BookKeeping`) needs it."""

    def remember(self, view: SeatView) -> None:
        """Read the earlier match ``view`` shows, as its seat saw it, into the book."""
        ...


def rival_decisions(world: State, seat: int, kinds: frozenset[str]) -> list[Decision]:
    """The decisions of the hand in progress made by ``seat``'s rivals (seats of another team), in order.

    ``world`` is a sampled state: its events are the hand's events ``seat`` may see (see
    :meth:`cartas.core.state.State.forget_hidden`), the same in every world drawn for that seat.
    """
    team_of = world.table.team_of
    team = team_of(seat)
    return [
        Decision(event.seat, event.kind, event.detail, at)
        for at, event in enumerate(world.events)
        if event.kind in kinds and event.seat >= 0 and team_of(event.seat) != team
    ]


def soft_bar(value: float, bar: float, spread: float, floor: float = 0.05) -> float:
    """How likely a player is to take a step a rule takes from ``bar`` on: about 1/2 at the bar, near 1 well
    above it and ``floor`` well below (a bluff, a misjudgment): a threshold rule, softened, so one player's
    odd call lowers a world's weight without ruling it out.

    ``spread`` is how far from the bar the probability moves most of the way (a logistic of
    ``(value - bar) / spread``). The refusal of such a step is ``1 - soft_bar(...)``.
    """
    z = (value - bar) / spread
    logistic = 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0
    return min(floor + (1.0 - 2.0 * floor) * logistic, 1.0 - floor)  # the min: rounding could pass 1 - floor
