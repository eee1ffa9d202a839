"""Each personality of a game against ``medium`` on duplicate deals, in process; the lobby's figures.

Plays the schedule of ``benchmarks/bots/habits_arena.py`` (each deal ``seed + i`` once with each bot at seat 0,
the bots seeded as the arena seeds them), taking the personalities in turn deal by deal so a run cut short
leaves them all with about as many matches. Each match is appended to ``OUT`` as one JSON line as it ends (a
run started again skips what the file holds); ``--write`` then counts whole deals only and writes the game's
``bots/personalities.json`` (atomically), which the lobby and the terminal read to show "El Mentiroso · 46% vs
medio"::

    nice -n 10 python tools/personalities.py truco --deals 100 --out runs/personalities_truco.jsonl
    python tools/personalities.py truco --out runs/personalities_truco.jsonl --write

A game of more than two sides (julepe's four seats) is seated as ``cartas arena`` and
``benchmarks/bots/habits_arena.py`` seat two bots: the personality and ``medium`` in alternate seats, each deal
once per distinct lineup of the rotation (julepe: the personality in seats 0 and 2, then in 1 and 3), the
personality's score its seats' share of the win, so an even match is 50% as in truco. ``bot_seat`` is then the
lineup's turn, and a whole deal is as many matches as there are lineups.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks" / "bots"))
from duplicate_deals import DuplicateDeals, whole_deals  # noqa: E402  (shared with benchmarks/bots/habits_arena.py)

from cartas.core.arena.ratings import wilson_interval  # noqa: E402
from cartas.core.bots.personality import Personality  # noqa: E402
from cartas.core.plugins.manager import get_registry  # noqa: E402

RIVAL = "medium"


def personality_levels(game: str) -> list[str]:
    """The game's levels whose factories are personalities, in the registry's order."""
    registry = get_registry()
    return [level for level in registry.bot_levels(game) if isinstance(registry.bot(game, level), Personality)]


def play(game: str, deals: int, points: int, seed: int, out: Path) -> None:
    registry = get_registry()
    chosen = registry.game(game)
    has_points = "points" in type(chosen.options({})).model_fields
    options = chosen.options({"points": points} if points and has_points else {})
    duplicate = DuplicateDeals(chosen, options)
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()] if out.exists() else []
    done = {(row["bot"], row["deal"], row["bot_seat"]) for row in rows}
    levels = personality_levels(game)
    for deal in range(deals):
        for level in levels:
            for turn, lineup in enumerate(duplicate.lineups):
                if (level, deal, turn) in done:
                    continue
                score, result = duplicate.play(registry.bot(game, level), registry.bot(game, RIVAL), seed, deal,
                                               duplicate.index(deal, turn), lineup)
                line = {"game": game, "bot": level, "rival": RIVAL, "deal": deal, "bot_seat": turn,
                        "points": points if has_points else None, "seed": seed, "score": score,
                        "scores": list(result.scores), **duplicate.line_extra()}
                with out.open("a") as handle:
                    handle.write(json.dumps(line) + "\n")


def tally(out: Path) -> dict[str, dict[str, float]]:
    """Each personality's points and matches over the deals it played in every lineup."""
    rows = whole_deals([json.loads(line) for line in out.read_text().splitlines() if line.strip()], key="bot")
    totals: dict[str, dict[str, float]] = {}
    for row in rows:
        entry = totals.setdefault(row["bot"], {"won": 0.0, "matches": 0})
        entry["won"] += row["score"]
        entry["matches"] += 1
    return totals


def write(game: str, out: Path) -> Path:
    """Write the game's ``bots/personalities.json`` in its plugin's folder, atomically, and return its path."""
    totals = tally(out)
    first = json.loads(out.read_text().splitlines()[0])
    package = ".".join(type(get_registry().game(game)).__module__.split(".")[:3])  # cartas.games.<plugin>
    target = Path(importlib.import_module(package).__file__ or "").parent / "bots" / "personalities.json"
    points = first["points"] or getattr(get_registry().game(game).options({}), "points", None)
    data = {
        "rival": RIVAL, "points": points, "seed": first["seed"],
        "note": "whole duplicate deals only, each played in every lineup (from both seats in a two-player game); "
                "written by tools/personalities.py",
        "levels": {level: {"won": round(entry["won"], 2), "matches": int(entry["matches"]),
                           "rate": round(entry["won"] / entry["matches"], 3),
                           "interval": [round(bound, 3)
                                        for bound in wilson_interval(entry["won"], int(entry["matches"]))]}
                   for level, entry in sorted(totals.items())},
    }
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    with os.fdopen(handle, "w") as stream:
        stream.write(json.dumps(data, indent=2) + "\n")
    os.replace(temporary, target)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=50,
                        help="deals per personality (two matches each: one a lineup of the rotation)")
    parser.add_argument("--points", type=int, default=0, help="the match's target (0: the game's default)")
    parser.add_argument("--seed", type=int, default=4100)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--write", action="store_true", help="write personalities.json from OUT instead of playing")
    args = parser.parse_args()
    if args.write:
        target = write(args.game, args.out)
        print(target.read_text())
        return
    play(args.game, args.deals, args.points, args.seed, args.out)


if __name__ == "__main__":
    main()
