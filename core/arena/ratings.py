"""The statistics of the arena: win rates with confidence intervals, Elo differences, the SPRT, openskill ratings.

Scores are per match in ``[0, 1]`` (1 a win, 0 a loss, 0.5 a shared result), so a bot's win rate is its mean
score. Intervals are at 95%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1 and with few trials, unlike the normal one.

    ``successes`` may be fractional (a shared result counts a half). No trials gives ``(0, 1)``.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(score: float) -> float:
    """The Elo difference that predicts this expected score; infinite at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (the inverse of :func:`elo_difference`)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True)
class HeadToHead:
    """One bot against another: its score, win rate, and Elo difference, each with a 95% interval."""

    matches: int
    wins: int
    draws: int
    losses: int
    score: float
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    elo: float
    elo_low: float
    elo_high: float

    def as_dict(self) -> dict[str, Any]:
        return {key: _finite(value) for key, value in self.__dict__.items()}


def head_to_head(scores: Sequence[float]) -> HeadToHead:
    """Summarise one bot's match scores against another (1 win, 0.5 draw, 0 loss).

    The Elo interval maps the ends of the win rate's Wilson interval through :func:`elo_difference`.
    """
    n = len(scores)
    total = float(sum(scores))
    wins = sum(1 for s in scores if s == 1.0)
    losses = sum(1 for s in scores if s == 0.0)
    rate = total / n if n else 0.5
    low, high = wilson_interval(total, n)
    return HeadToHead(
        matches=n, wins=wins, draws=n - wins - losses, losses=losses, score=total, win_rate=rate,
        win_rate_low=low, win_rate_high=high,
        elo=elo_difference(rate), elo_low=elo_difference(low), elo_high=elo_difference(high),
    )


def _finite(value: Any) -> Any:
    """JSON has no infinity: an unbounded Elo is written as ``null``."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# --- the sequential probability ratio test --------------------------------------------------------


@dataclass(frozen=True)
class Sprt:
    """A sequential test of H0 "the first bot is ``elo0`` stronger" against H1 "it is ``elo1`` stronger".

    With ``alpha`` (accepting H1 wrongly) and ``beta`` (accepting H0 wrongly), Wald's bounds are
    ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``.
    """

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 against H0 for independent scores in ``[0, 1]``.

        The normal approximation of the generalised SPRT (as in chess engine testing):
        ``n (s1 - s0) (2 m - s0 - s1) / (2 v)`` with ``m`` and ``v`` the mean and variance of the scores. One
        won and one lost pseudo-observation are added first, so that a short run of identical results (whose
        variance is zero) is not taken as certainty.
        """
        values = [*scores, 0.0, 1.0]
        n = len(values)
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / n
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def decision(self, scores: Sequence[float]) -> str | None:
        """``"H1"`` or ``"H0"`` once the evidence crosses a bound, ``None`` while it does not."""
        low, high = self.bounds
        llr = self.llr(scores)
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return None


# --- several bots: openskill ---------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """A bot's openskill rating: ``mu`` its estimated skill, ``sigma`` the uncertainty, ``ordinal`` = mu - 3 sigma."""

    bot: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def openskill_ratings(bots: Sequence[str], matches: Sequence[Sequence[tuple[int, int]]]) -> list[Rating]:
    """Rate bots with openskill's Plackett-Luce model from each match's ``(bot index, rank)`` per side.

    Rank 0 is first; equal ranks are a shared place. Matches are rated in order, so the ratings repeat exactly.
    Raises ``ImportError`` when openskill is not installed.
    """
    from openskill.models import PlackettLuce  # type: ignore[import-not-found,unused-ignore]  # only for 3+ bots

    model = PlackettLuce()
    ratings = [model.rating(name=name) for name in bots]
    for sides in matches:
        teams = [[ratings[bot]] for bot, _ in sides]
        rated = model.rate(teams, ranks=[float(rank) for _, rank in sides])
        for (bot, _), (new,) in zip(sides, rated):
            ratings[bot] = new
    return [Rating(name, r.mu, r.sigma) for name, r in zip(bots, ratings)]
