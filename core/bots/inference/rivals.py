"""Rivals read as the match goes: what each one called, refused and showed moves the bidding likelihoods from
the game's prior rule toward that rival's own habits.

A game's :class:`~cartas.core.bots.inference.model.BiddingModel` says how likely a call is given the caller's cards,
the same for everyone: a rule (call envido from 27) softened by a floor of bluffs. A player who calls envido on
every hand breaks it: each of his calls is read as a tanto of 27 or more, and a bot that believes it folds. So
each rival's decisions of one kind (a *key*: ``"envido"``, ``"truco answer"``) are taken as a mixture of three
habits, in proportions the bot does not know:

- *yes whatever the cards* (``π_yes``: the always-envido player, the bluffer),
- *no whatever the cards* (``π_no``: the player who folds everything),
- *by the cards*, as the game's rule says (``π_cards``): yes with probability ``honest(x)`` for the strength ``x``.

A Dirichlet prior on ``(π_yes, π_no, π_cards)`` (mean :data:`PRIOR_MEAN`, the floor of bluffs the games' rules
already assume, so a rival not yet seen is read as today) is updated by every opportunity the seat saw the rival
take or pass: ``P(yes) = π_yes + π_cards · h`` and ``P(no) = π_no + π_cards · (1 - h)``, where ``h`` is
``honest(x)`` when the rival's cards came to light by the hand's end (a tanto sung or shown, all his cards
played) and otherwise the rule's rate over a random hand (``base_rate``). The mixture is not conjugate, so the
posterior is kept on a grid over the simplex (:data:`GRID` steps a side), exactly, in log weights.

The posterior's means give the likelihood of the next decision (:meth:`RivalBook.likelihood`), linear in the
proportions, so it is the posterior predictive: after ten hands of an always-envido rival nearly all the mass is
on ``π_yes`` and his envido no longer says much about his tanto; an honest rival's calls and passes keep it where
the prior was.

Only what the seat saw is read (the game's extractor is given the finished hands' events visible to it); the
arithmetic is plain floats in a fixed order, so a bot's choices stay a function of its seed and its view.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..base import SeatView
    from ...events import Event

PRIOR_MEAN = (0.08, 0.08, 0.84)
"""The prior mean of ``(π_yes, π_no, π_cards)``: a call or a refusal against the cards one time in twelve."""

PRIOR_WEIGHT = 5.0
"""The Dirichlet's concentration: how many opportunities the prior counts for (``α = PRIOR_MEAN × PRIOR_WEIGHT``).
Five: ten envidos of an always-envido rival take the mean tanto his next one speaks for from 25.3 to about 18.7
(17.4 for a random hand); at 12.5 it stayed above 20."""

SHORTFALL_PRIOR = 0.5
"""Yeses the rule expected that the tally of a rival's shortfall counts before any is seen (the Gamma prior's
weight, mean 1: at first he says yes as the rule does). A match shows only 1.5 to 4 expected yeses, so the
prior is light: seventeen first-trick trucos refused where the rule expected about five yeses read as a
shortfall of 0.84 at :data:`SHORTFALL_Z` (a weight of 2 at a one-sided 95% bound read 0.38)."""

SHORTFALL_Z = 0.5
"""Standard errors the tally's ratio of yeses to the rule's is taken above its mean: a shortfall is read only
where the rival's refusals are past what most of an honest rival's luck with his cards explains, so against an
honest rival it mostly stays 0 and the bot plays as it did (a 95% bound, 1.64 errors, read nothing until a
match was nearly over)."""

GRID = 40
"""Steps a side of the grid the posterior is kept on: 820 points (a few thousand flops per observation)."""


class Observed(NamedTuple):
    """One opportunity a rival took or passed, as the seat saw it by the hand's end."""

    seat: int
    key: str
    """The kind of decision (the game's name: ``"envido"``, ``"truco"``, ``"truco answer"``)."""
    said_yes: bool
    honest: float | None
    """``P(yes)`` under the game's rule for the cards the rival held then, when they came to light; else ``None``."""
    base_rate: float
    """``P(yes)`` under the game's rule for a random hand: what an unseen hand says."""
    expected: float | None = None
    """``P(yes)`` under the game's rule averaged over the rival's hands still possible given all that came to
    light (the cards he played and showed, the tricks): what the rule expected of him there, for the book's
    tally of his yeses against the rule's (:meth:`Tendency.shortfall`). ``None``: ``honest`` when known, else
    ``base_rate``."""


class Modes(NamedTuple):
    """The posterior means of a rival's three habits for one key (see the module's docstring)."""

    yes: float
    no: float
    cards: float

    def likelihood(self, said_yes: bool, honest: float) -> float:
        """``P(the decision | cards whose rule gives honest)``: the posterior predictive."""
        return self.yes + self.cards * honest if said_yes else self.no + self.cards * (1.0 - honest)


def _grid() -> tuple[list[tuple[float, float, float]], list[float]]:
    """The grid's points (cell centres of the simplex, none on its edges) and the prior's log weights there."""
    points: list[tuple[float, float, float]] = []
    logs: list[float] = []
    alphas = [mean * PRIOR_WEIGHT for mean in PRIOR_MEAN]
    for i in range(GRID):
        for j in range(GRID - i):
            yes = (i + 1.0 / 3.0) / GRID
            no = (j + 1.0 / 3.0) / GRID
            cards = 1.0 - yes - no  # at least 1 / (3 GRID)
            point = (yes, no, cards)
            points.append(point)
            logs.append(sum((alpha - 1.0) * math.log(p) for alpha, p in zip(alphas, point)))
    return points, logs


GRID_POINTS, PRIOR_LOGS = _grid()


def _means(logs: list[float], shift: tuple[float, float] = (0.0, 0.0)) -> Modes:
    """The means of the grid's weights, moved by ``shift`` (in ``π_yes``, ``π_no``) and kept in the simplex."""
    top = max(logs)
    total = yes = no = 0.0
    for (p_yes, p_no, _), log in zip(GRID_POINTS, logs):
        weight = math.exp(log - top)
        total += weight
        yes += weight * p_yes
        no += weight * p_no
    yes = min(max(yes / total + shift[0], 0.0), 1.0)
    no = min(max(no / total + shift[1], 0.0), 1.0 - yes)
    return Modes(yes, no, 1.0 - yes - no)


_GRID_PRIOR = _means(PRIOR_LOGS)
ROUNDING = (PRIOR_MEAN[0] - _GRID_PRIOR.yes, PRIOR_MEAN[1] - _GRID_PRIOR.no)
"""What the grid's cell centres miss of the prior's mean (the density is steep by the edges); added back to every
posterior mean, so a rival not yet seen is read exactly as the game's rule with its floor of bluffs."""

PRIOR_MODES = Modes(*PRIOR_MEAN)
"""A rival not yet seen."""


@dataclass
class Tendency:
    """One rival's habits for one key: the grid posterior and how many opportunities it has read."""

    logs: list[float] = field(default_factory=lambda: list(PRIOR_LOGS))
    seen: int = 0
    said_yes: int = 0
    expected_yes: float = 0.0
    """The yeses the game's rule expected over the opportunities read (each one's :attr:`Observed.expected`)."""
    _modes: Modes | None = None

    def record(self, said_yes: bool, honest: float | None, base_rate: float, expected: float | None = None) -> None:
        """Update the posterior with one opportunity (see :class:`Observed`)."""
        h = base_rate if honest is None else honest
        self.expected_yes += h if expected is None else expected
        logs = self.logs
        for index, (p_yes, p_no, p_cards) in enumerate(GRID_POINTS):
            chance = p_yes + p_cards * h if said_yes else p_no + p_cards * (1.0 - h)
            logs[index] += math.log(chance) if chance > 1e-300 else -690.0
        self.seen += 1
        self.said_yes += said_yes
        self._modes = None

    def shortfall(self) -> float:
        """The share of the yeses the game's rule expects that this rival withholds, read cautiously: 0 for a
        rival who says yes as often as the rule, near 1 for one who refuses everything.

        His yeses are taken as a Poisson count at a rate ``λ`` times the rule's, ``λ`` with a Gamma prior of mean 1
        and weight :data:`SHORTFALL_PRIOR` (Bayesian counts: the posterior is Gamma with shape ``prior + yes`` and
        rate ``prior + expected``); the shortfall is ``1 - λ`` at the posterior's upper bound, its mean plus
        :data:`SHORTFALL_Z` standard errors, and never below 0. Unlike the mixture's ``π_no``, it counts a
        refusal where the rule expected one at its expected weight, so a rival whose refusals look "by the
        cards" one by one (he holds no great hand when he folds, as most hands are not) but who folds far more
        often than the rule expects is read as the folder he is."""
        shape = SHORTFALL_PRIOR + self.said_yes
        upper = (shape + SHORTFALL_Z * math.sqrt(shape)) / (SHORTFALL_PRIOR + self.expected_yes)
        return max(0.0, 1.0 - upper)

    def modes(self) -> Modes:
        """The posterior means (cached until the next record)."""
        if self._modes is None:
            self._modes = _means(self.logs, ROUNDING)
        return self._modes


class RivalBook:
    """What one bot has read of each rival this match: a :class:`Tendency` per rival seat and key."""

    def __init__(self) -> None:
        self.tendencies: dict[tuple[int, str], Tendency] = {}

    def record(self, observed: Observed) -> None:
        key = (observed.seat, observed.key)
        tendency = self.tendencies.get(key)
        if tendency is None:
            tendency = self.tendencies[key] = Tendency()
        tendency.record(observed.said_yes, observed.honest, observed.base_rate, observed.expected)

    def modes(self, seat: int, key: str) -> Modes:
        """The rival's habits for ``key``: the posterior means, or the prior's for a rival not yet seen."""
        tendency = self.tendencies.get((seat, key))
        return PRIOR_MODES if tendency is None else tendency.modes()

    def shortfall(self, seat: int, key: str) -> float:
        """The share of the rule's yeses the rival withholds for ``key`` (:meth:`Tendency.shortfall`); 0 unseen."""
        tendency = self.tendencies.get((seat, key))
        return 0.0 if tendency is None else tendency.shortfall()

    def likelihood(self, seat: int, key: str, said_yes: bool, honest: float) -> float:
        """``P(the rival's decision | cards for which the game's rule says yes with probability honest)``."""
        return self.modes(seat, key).likelihood(said_yes, honest)


def split_hands(events: Sequence[Event]) -> list[list[Event]]:
    """The events of finished hands cut at each ``deal`` (what comes before the first belongs to a hand whose
    start the reader had already passed, and is read as its own hand)."""
    hands: list[list[Event]] = []
    current: list[Event] = []
    for event in events:
        if event.kind == "deal" and current:
            hands.append(current)
            current = []
        current.append(event)
    if current:
        hands.append(current)
    return hands


class BookReader:
    """What every game's :class:`~cartas.core.bots.inference.RivalReader` does alike: keep a :class:`RivalBook`
    and read into it, hand by hand, the hands the seat has seen end since the last look. A game's reader adds
    :meth:`hand_observations` (what one finished hand shows of each rival) and its bidding likelihood."""

    def __init__(self) -> None:
        self.book = RivalBook()
        self._since = 0
        self._teams: list[int] | None = None

    def observe(self, view: SeatView) -> None:
        """Read the hands finished since the last call (:meth:`SeatView.finished_events`); cheap when none."""
        events, self._since = view.finished_events(self._since)
        if not events:
            return
        if self._teams is None:
            self._teams = list(view.observation().teams)
        for hand in split_hands(events):
            for observed in self.hand_observations(hand, view.seat, self._teams):
                self.book.record(observed)

    def remember(self, view: SeatView) -> None:
        """Read a whole earlier match at the table, as ``view``'s seat saw it, into the book, before this
        match begins: the rematch's people sit where they sat, so each seat's habits carry over as they are
        (:func:`cartas.core.bots.remember_matches`). Where this match has got to is left alone."""
        events, _ = view.finished_events(0)
        teams = list(view.observation().teams)
        for hand in split_hands(events):
            for observed in self.hand_observations(hand, view.seat, teams):
                self.book.record(observed)

    def hand_observations(self, hand: Sequence[Event], seat: int, teams: Sequence[int]) -> Iterable[Observed]:
        """Every opportunity a rival of ``seat`` took or passed in one finished hand, as ``seat`` saw it."""
        raise NotImplementedError


def logistic(value: float, bar: float, spread: float) -> float:
    """A threshold rule softened, without a floor: 1/2 at ``bar``, near 1 well above, near 0 well below; the
    floor of bluffs is the book's ``π_yes`` and ``π_no`` (compare :func:`~cartas.core.bots.inference.soft_bar`)."""
    z = (value - bar) / spread
    return 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0
