"""Ratings of people at the online server: openskill's Plackett-Luce model, per game and format.

A format is ``1v1`` (two players) or ``2v2`` (four players in two teams of two); other seatings are not
rated. A finished match is rated when the table was created as rated, every seat held a person logged in
with a different account. Leaving does not unrate it: a person who was away past the grace when the match ended (a bot
finished the seat) or whose seat a bot played for most of their decisions has lost the match,
whoever finishes it and however it ends, and the other side has won (:func:`counted_winners`); only when every
side left is the match unrated. Otherwise a losing player could make a rated match unrated by closing the page. A
rating is shown as ``mu`` with its
uncertainty ``sigma`` (the leaderboard orders by openskill's ordinal, ``mu - 3 sigma``, so a newcomer with a
lucky first win is not at the top). Every finished match of an account, rated or casual, is kept in
``rated_players`` for the history, with the rating before and after when it was rated.

Rating a match is one read of the players' ratings, openskill's update (microseconds) and one transaction;
benchmarks/ratings.py measures it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from ..store.db import Runner
from .shown import is_provisional, shown_change, shown_rating

MODEL = PlackettLuce()
BOT_SHARE = 0.5
"""A person's seat played by a bot for more than this share of its decisions has left the match (and lost it)."""


def format_of(players: int, teams: Sequence[int] | None) -> str | None:
    """``1v1``, ``2v2`` or None (not rated) for a table of ``players`` seats with these ``teams``."""
    if players == 2:
        return "1v1"
    if players == 4 and teams is not None and sorted(teams).count(teams[0]) == 2 and len(set(teams)) == 2:
        return "2v2"
    return None


@dataclass(frozen=True)
class Finished:
    """What the table knows of a finished match, all ratings need."""

    code: str
    game: str
    players: int
    teams: tuple[int, ...] | None
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    accounts: dict[int, str]
    """The account of each seat taken while logged in."""
    kinds: dict[int, str]
    """``human`` or ``bot`` at each seat."""
    bot_share: dict[int, float]
    """The share of each person's decisions a bot took (after a disconnect)."""
    rated_table: bool
    left: frozenset[int] = frozenset()
    """The seats a bot was playing at the end because their person stayed away past the grace."""


def why_unrated(match: Finished) -> str | None:
    """Why this match moves no rating, or None when it is rated."""
    if not match.rated_table:
        return "a casual table"
    if format_of(match.players, match.teams) is None:
        return "not a one-against-one or two-against-two match"
    if any(kind != "human" for kind in match.kinds.values()):
        return "a bot sat at the table"
    if len(match.accounts) != match.players or len(set(match.accounts.values())) != match.players:
        return "not every seat was a different logged-in person"
    if not counted_winners(match):
        return "every side left the match"
    return None


def leavers(match: Finished) -> set[int]:
    """The seats that left: finished by a bot past the grace, or played by a bot for most of their decisions."""
    return set(match.left) | {seat for seat, share in match.bot_share.items() if share > BOT_SHARE}


def counted_winners(match: Finished) -> tuple[int, ...]:
    """The seats the match counts as winning: the game's winners when nobody left; else every seat of the sides
    without a leaver (a side with one has lost, whatever the cards said)."""
    gone = leavers(match)
    if not gone:
        return match.winners
    beaten = {side_of(match, seat) for seat in gone}
    return tuple(seat for seat in range(match.players) if side_of(match, seat) not in beaten)


def side_of(match: Finished, seat: int) -> int:
    return match.teams[seat] if match.teams is not None else seat


def score_of(match: Finished, seat: int) -> int:
    side = side_of(match, seat)
    return match.scores[side] if side < len(match.scores) else 0


def new_ratings(
    match: Finished, before: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """Each account's (mu, sigma) after the match, from ``before`` (a missing account starts at the model's
    default): one openskill team per side, the winners' side ranked first."""
    sides: dict[int, list[int]] = {}
    for seat in sorted(match.accounts):
        sides.setdefault(side_of(match, seat), []).append(seat)
    order = sorted(sides)
    teams = [
        [MODEL.rating(*before.get(match.accounts[seat], (MODEL.mu, MODEL.sigma))) for seat in sides[side]]
        for side in order
    ]
    winners = counted_winners(match)
    ranks = [1.0 if any(seat in winners for seat in sides[side]) else 2.0 for side in order]
    rated = MODEL.rate(teams, ranks=ranks)
    after: dict[str, tuple[float, float]] = {}
    for side, team in zip(order, rated, strict=True):
        for seat, rating in zip(sides[side], team, strict=True):
            after[match.accounts[seat]] = (float(rating.mu), float(rating.sigma))
    return after


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


async def record_match(db: Runner, match: Finished) -> dict[str, tuple[float, float]]:
    """Keep the match in every account's history and, when rated, update the ratings in one transaction;
    the new ratings by account (empty when unrated)."""
    if not match.accounts:
        return {}
    rated = why_unrated(match) is None
    fmt = format_of(match.players, match.teams) or f"{match.players}p"
    before: dict[str, tuple[float, float]] = {}
    counts: dict[str, int] = {}
    ids = sorted(set(match.accounts.values()))
    if rated:
        marks = ", ".join("?" for _ in ids)
        for account, mu, sigma, matches in await db.rows(
            f"SELECT account, mu, sigma, matches FROM ratings WHERE game = ? AND format = ? AND account IN ({marks})",
            (match.game, fmt, *ids),
        ):
            before[account] = (float(mu), float(sigma))
            counts[account] = int(matches)
    after = new_ratings(match, before) if rated else {}
    winners = counted_winners(match) if rated else match.winners
    at = now_iso()
    statements: list[tuple[str, Sequence[Any]]] = []
    for account, (mu, sigma) in after.items():
        statements.append(
            ("DELETE FROM ratings WHERE account = ? AND game = ? AND format = ?", (account, match.game, fmt))
        )
        statements.append((
            "INSERT INTO ratings (account, game, format, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?)",
            (account, match.game, fmt, mu, sigma, counts.get(account, 0) + 1),
        ))
    for seat, account in sorted(match.accounts.items()):
        old = before.get(account, (MODEL.mu, MODEL.sigma)) if rated else (None, None)
        new = after.get(account, (None, None))
        statements.append((
            "INSERT INTO rated_players (code, account, game, format, seat, team, score, won, rated, before_mu,"
            " before_sigma, after_mu, after_sigma, at, scores) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (code, account) DO NOTHING",
            (
                match.code, account, match.game, fmt, seat, side_of(match, seat), score_of(match, seat),
                int(seat in winners), int(rated), old[0], old[1], new[0], new[1], at, json.dumps(match.scores),
            ),
        ))
    await db.run_all(statements)
    return after


async def leaderboard(db: Runner, game: str, fmt: str, limit: int = 50) -> list[dict[str, Any]]:
    """The best rated accounts at ``game`` in format ``fmt``, by ordinal (mu - 3 sigma)."""
    rows = await db.rows(
        "SELECT a.username, a.display, a.avatar, r.mu, r.sigma, r.matches FROM ratings r"
        " JOIN accounts a ON a.id = r.account WHERE r.game = ? AND r.format = ? AND a.disabled = 0"
        " ORDER BY r.mu - 3 * r.sigma DESC, a.username LIMIT ?",
        (game, fmt, limit),
    )
    return [
        {
            "rank": n, "username": r[0], "display": r[1], "avatar": r[2], "mu": round(float(r[3]), 2),
            "sigma": round(float(r[4]), 2), "ordinal": round(ordinal(float(r[3]), float(r[4])), 2),
            "matches": int(r[5]), "rating": shown_rating(float(r[3])), "provisional": is_provisional(int(r[5])),
        }
        for n, r in enumerate(rows, 1)
    ]


async def ratings_of(db: Runner, account: str) -> list[dict[str, Any]]:
    rows = await db.rows(
        "SELECT game, format, mu, sigma, matches FROM ratings WHERE account = ? ORDER BY game, format", (account,)
    )
    return [
        {
            "game": r[0], "format": r[1], "mu": round(float(r[2]), 2), "sigma": round(float(r[3]), 2),
            "matches": int(r[4]), "rating": shown_rating(float(r[2])), "provisional": is_provisional(int(r[4])),
        }
        for r in rows
    ]


def rival_score(scores: str | None, side: int) -> int | None:
    """The best score among the other sides of a match, from its history line's ``scores`` (None when the
    line predates them)."""
    if not scores:
        return None
    others = [int(score) for n, score in enumerate(json.loads(scores)) if n != side]
    return max(others) if others else None


async def matches_of(db: Runner, account: str, limit: int = 100) -> list[dict[str, Any]]:
    """The account's finished matches, newest first: game, format, seat, side, score, won, rating change, and
    the other players (partner and rivals) by display name."""
    rows = await db.rows(
        "SELECT code, game, format, seat, team, score, won, rated, before_mu, after_mu, at, scores FROM rated_players"
        " WHERE account = ? ORDER BY at DESC, code LIMIT ?",
        (account, limit),
    )
    codes = sorted({r[0] for r in rows})
    others: dict[str, list[tuple[int, int, str]]] = {}
    if codes:
        marks = ", ".join("?" for _ in codes)
        for code, seat, team, display, other in await db.rows(
            "SELECT p.code, p.seat, p.team, a.display, p.account FROM rated_players p"
            f" JOIN accounts a ON a.id = p.account WHERE p.code IN ({marks})",
            codes,
        ):
            if other != account:
                others.setdefault(code, []).append((int(seat), int(team), str(display)))
    listed = []
    for code, game, fmt, seat, team, score, won, rated, before_mu, after_mu, at, scores in rows:
        people = others.get(code, [])
        moved = rated and after_mu is not None and before_mu is not None
        listed.append({
            "code": code, "game": game, "format": fmt, "seat": int(seat), "score": int(score), "won": bool(won),
            "rated": bool(rated), "at": at, "table": f"/t/{code}", "match": f"/t/{code}/match",
            "partner": [name for _, t, name in people if t == team],
            "rivals": [name for _, t, name in people if t != team],
            "change": round(float(after_mu) - float(before_mu), 2) if moved else None,
            "rating_change": shown_change(float(before_mu), float(after_mu)) if moved else None,
            "rating_after": shown_rating(float(after_mu)) if moved else None,
            "rival_score": rival_score(scores, int(team)),
        })
    return listed
