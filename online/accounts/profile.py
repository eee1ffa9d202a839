"""A person's public profile (``/u/USERNAME``): a record per game and format, and their last matches.

What it shows is what anyone at those tables saw: the display name, the avatar, when the account was made, and
per game and format the matches finished, won and lost, how many of them were rated, and the rating with its
uncertainty (mu ± sigma) and the number shown for it (cartas.online.accounts.shown). The last matches are
the same lines as the owner's own history (partner, rivals, score, rating change), each with its match page
(``/t/CODE/match``, the public replay: no hidden card). A disabled account has no profile.
"""

from __future__ import annotations

from typing import Any

from ..store.db import Runner
from .ratings import matches_of, ordinal
from .shown import is_provisional, shown_rating

LAST_MATCHES = 20


async def records_of(db: Runner, account: str) -> list[dict[str, Any]]:
    """Per game and format: matches, wins, losses, rated matches, and the rating (None when never rated)."""
    counted = await db.rows(
        "SELECT game, format, COUNT(*), SUM(won), SUM(rated) FROM rated_players WHERE account = ?"
        " GROUP BY game, format ORDER BY game, format",
        (account,),
    )
    ratings = {
        (r[0], r[1]): (float(r[2]), float(r[3]), int(r[4]))
        for r in await db.rows("SELECT game, format, mu, sigma, matches FROM ratings WHERE account = ?", (account,))
    }
    records = []
    for game, fmt, matches, wins, rated in counted:
        rating = ratings.get((game, fmt))
        rank = None
        if rating is not None:
            # The leaderboard's order (ordinal, then username): those ahead of this account, plus one.
            ahead = await db.rows(
                "SELECT COUNT(*) FROM ratings r JOIN accounts a ON a.id = r.account WHERE r.game = ? AND r.format = ?"
                " AND a.disabled = 0 AND r.mu - 3 * r.sigma > ?",
                (game, fmt, ordinal(rating[0], rating[1])),
            )
            rank = int(ahead[0][0]) + 1
        records.append({
            "game": game, "format": fmt, "matches": int(matches), "wins": int(wins or 0),
            "losses": int(matches) - int(wins or 0), "rated": int(rated or 0),
            "mu": None if rating is None else round(rating[0], 2),
            "sigma": None if rating is None else round(rating[1], 2),
            "ordinal": None if rating is None else round(ordinal(rating[0], rating[1]), 2),
            "rating": None if rating is None else shown_rating(rating[0]),
            "provisional": None if rating is None else is_provisional(rating[2]), "rank": rank,
        })
    return records


async def profile_of(db: Runner, username: str) -> dict[str, Any] | None:
    """The public profile of ``username``, or None for no such (or a disabled) account."""
    rows = await db.rows(
        "SELECT id, username, display, avatar, created FROM accounts WHERE username = ? AND disabled = 0",
        (username.strip().lower()[:64],),
    )
    if not rows:
        return None
    account, name, display, avatar, created = rows[0]
    last = await matches_of(db, account, LAST_MATCHES)
    for match in last:
        match.pop("seat", None)
    return {
        "username": name, "display": display, "avatar": avatar, "created": created,
        "records": await records_of(db, account), "matches": last,
    }
