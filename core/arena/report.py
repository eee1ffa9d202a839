"""What an arena run found, and the files it leaves: a JSON summary, a CSV of the matches, a PNG of the ratings.

Two bots: the first bot's win rate against the second with its Wilson interval, and the Elo difference.
More than two: each bot's win rate, and openskill ratings (Plackett-Luce) over the matches in index order.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from .runner import ArenaRun, MatchResult, deal_scores
from .chart import bar_chart
from .ratings import head_to_head, openskill_ratings, wilson_interval
from ..bots.search import SearchCounts

FORMAT = "cartas-arena/1"


def summarise(run: ArenaRun) -> dict[str, Any]:
    """The run's statistics as JSON-ready data (without the match rows)."""
    results = run.results
    per_bot = []
    for bot, name in enumerate(run.bots):
        scores = [r.score_of(bot) for r in results if bot in r.lineup]
        total = sum(scores)
        low, high = wilson_interval(total, len(scores))
        per_bot.append({
            "bot": name, "matches": len(scores), "score": total,
            "win_rate": total / len(scores) if scores else None, "win_rate_low": low, "win_rate_high": high,
            "search": _search_summary(results, bot),
        })
    summary: dict[str, Any] = {
        "format": FORMAT, "game": run.game, "options": run.options, "seed": run.seed, "bots": run.bots,
        "planned": run.planned, "played": len(results), "seconds": run.seconds, "per_bot": per_bot,
    }
    if run.external_seed is not None:
        summary["external_seed"] = run.external_seed
    if run.interrupted:
        summary["interrupted"] = True  # stopped before the end: "played" counts the matches that finished
    if len(run.bots) == 2:
        duel = head_to_head([r.score_of(0) for r in results])
        sweep = None
        if duel.matches and duel.wins == duel.matches:
            sweep = "won"
        elif duel.matches and duel.losses == duel.matches:
            sweep = "lost"
        summary["head_to_head"] = {"bot": run.bots[0], "against": run.bots[1], **duel.as_dict(), "sweep": sweep}
    else:
        try:
            summary["ratings"] = [rating.as_dict() for rating in openskill_ratings(run.bots, _placings(results))]
        except ImportError:
            summary["ratings_missing"] = "openskill is not installed: pip install openskill"
    if run.sprt is not None:
        sprt = run.sprt
        low, high = sprt.bounds
        summary["sprt"] = {
            "elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha, "beta": sprt.beta,
            "llr": sprt.llr(deal_scores(results)), "lower_bound": low, "upper_bound": high,
            "decision": run.decision,
        }
    return summary


def _search_summary(results: list[MatchResult], bot: int) -> dict[str, Any] | None:
    """What ``bot`` searched over the run: its decisions, how many it searched, and the mean sampled states (or
    simulations) per searched decision; ``None`` for a bot that does not search."""
    total: SearchCounts | None = None
    for result in results:
        counts = result.search_of(bot)
        if counts is not None:
            total = total or SearchCounts()
            total.add(counts)
    if total is None:
        return None
    return {
        "decisions": total.decisions, "searched": total.searched, "samples": total.samples,
        "samples_per_decision": total.per_decision,
    }


def _placings(results: list[MatchResult]) -> list[list[tuple[int, int]]]:
    """Each match as ``(bot, rank)`` pairs: winners rank 0, the rest 1; a bot holding several sides counts once."""
    matches = []
    for result in results:
        best: dict[int, int] = {}
        for bot, share in zip(result.lineup, result.shares):
            rank = 0 if share > 0 else 1
            best[bot] = min(rank, best.get(bot, rank))
        if len(best) > 1:
            matches.append(sorted(best.items()))
    return matches


def match_rows(run: ArenaRun) -> list[dict[str, Any]]:
    """One row per match, for the CSV and the JSON: who sat on each side, who won, and each bot's score."""
    rows = []
    for result in run.results:
        row: dict[str, Any] = {"index": result.index, "deal": result.deal, "seed": result.seed}
        for side, bot in enumerate(result.lineup):
            row[f"side_{side}"] = run.bots[bot]
        row["winners"] = " ".join(map(str, result.winners))
        row["scores"] = " ".join(map(str, result.scores))
        for bot, name in enumerate(run.bots):
            row[f"score_{name}"] = result.score_of(bot) if bot in result.lineup else ""
        for bot, name in enumerate(run.bots):
            counts = result.search_of(bot)
            if counts is not None:
                row[f"searched_{name}"] = counts.searched
                row[f"samples_{name}"] = counts.samples
        row.update(hands=result.hands, decisions=result.decisions, seconds=result.seconds)
        rows.append(row)
    return rows


def write_outputs(run: ArenaRun, summary: dict[str, Any], directory: Path) -> dict[str, Path]:
    """Write ``arena.json``, ``matches.csv`` and ``ratings.png`` into ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = {"json": directory / "arena.json", "csv": directory / "matches.csv", "png": directory / "ratings.png"}
    rows = match_rows(run)
    paths["json"].write_text(json.dumps({**summary, "matches": rows}, indent=1, allow_nan=False), encoding="utf-8")
    with paths["csv"].open("w", newline="", encoding="utf-8") as handle:
        fields = list(rows[0]) if rows else ["index", "deal", "seed"]
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    write_chart(summary, paths["png"])
    return paths


def write_chart(summary: dict[str, Any], path: Path) -> None:
    """Win rates with their intervals for two bots, openskill ``mu`` with ``3 sigma`` whiskers for more."""
    title = f"{summary['game']}: {summary['played']} matches"
    if "ratings" in summary:
        ratings = summary["ratings"]
        bar_chart(
            path, [r["bot"] for r in ratings], [r["mu"] for r in ratings],
            [(r["mu"] - 3 * r["sigma"], r["mu"] + 3 * r["sigma"]) for r in ratings],
            title=title, axis="openskill rating (mu, 3 sigma)",
        )
        return
    bots = summary["per_bot"]
    bar_chart(
        path, [b["bot"] for b in bots], [b["win_rate"] or 0.0 for b in bots],
        [(b["win_rate_low"], b["win_rate_high"]) for b in bots],
        title=title, axis="win rate (95% interval)", reference=0.5,
    )
