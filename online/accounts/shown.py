"""The rating as people read it: one number on the chess scale, derived from the stored openskill values.

The store keeps openskill's ``mu`` and ``sigma`` unchanged; what the pages show is
``round(1500 + 30 * (mu - 25))``. A new account (openskill's ``mu`` of 25) starts at 1500, the number chess
and most card apps use. The factor 30 puts the model on Elo's scale: for two settled players openskill's
Plackett-Luce model gives the winning chance as a logistic of ``(mu_a - mu_b) / c`` with ``c`` about
``sqrt(2) * beta`` = 5.9, and Elo's logistic has a scale of ``400 / ln 10`` = 174 points, so one unit of ``mu``
is about 30 Elo points (400 points apart still means ten wins to one). A match then moves a new player by
50 to 90 points and a settled one by about ten (sigma shrinks with every rated match).

``sigma`` is not shown as a ``±``: while an account has fewer than :data:`PROVISIONAL_MATCHES` rated matches
at a game and format its number is marked provisional ("1580?"), as chess sites do. The leaderboard still
orders by openskill's ordinal (``mu - 3 sigma``), so a provisional player with a lucky start sits below the
settled players even when their number is higher; the mark says why.
"""

from __future__ import annotations

START_MU = 25.0
"""openskill's default ``mu``: a new account's, shown as :data:`BASE`."""
BASE = 1500
SCALE = 30.0
PROVISIONAL_MATCHES = 10


def shown_rating(mu: float) -> int:
    """The number shown for an openskill ``mu``: ``round(1500 + 30 * (mu - 25))``."""
    return round(BASE + SCALE * (mu - START_MU))


def shown_change(before_mu: float, after_mu: float) -> int:
    """How much the shown number moved (the difference of the rounded numbers, so it adds up on the page)."""
    return shown_rating(after_mu) - shown_rating(before_mu)


def is_provisional(matches: int) -> bool:
    """Whether a rating of ``matches`` rated matches is still provisional."""
    return matches < PROVISIONAL_MATCHES
