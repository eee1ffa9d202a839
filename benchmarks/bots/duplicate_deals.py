"""Two bots on duplicate deals in process, as ``cartas arena`` seats them: what ``tools/personalities.py`` and
``benchmarks/bots/habits_arena.py`` share.

Each deal is played once per distinct lineup of the arena's rotation of two bots over the game's sides (truco's
two seats: the first bot at seat 0, then at seat 1; julepe's four seats: the first bot in seats 0 and 2, then in
1 and 3), each match by the core's own :func:`cartas.core.arena.runner.play_match`, so the seating, the bots'
seeds and the shares of a win are the arena's. The first bot's score is its sides' share of the win (a match no
side won counts half), and a run's file holds one JSON line a match, so a run cut short keeps every match it
finished and only whole deals are counted (:func:`whole_deals`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cartas.core import Game, GameOptions
from cartas.core.arena.runner import MatchJob, MatchPlan, MatchResult, play_match, schedule, sides_of
from cartas.core.bots.base import BotFactory


class DuplicateDeals:
    """The sides of ``game`` under ``options`` and the distinct lineups of two bots over them (side -> 0 for the
    first bot, 1 for the second)."""

    def __init__(self, game: Game, options: GameOptions) -> None:
        self.game, self.options = game, options
        self.sides = tuple(tuple(seats) for seats in sides_of(game, options))
        self.lineups = list(dict.fromkeys(plan.lineup for plan in schedule(2, len(self.sides), len(self.sides), 0)))

    def index(self, deal: int, turn: int) -> int:
        """The match's number from 1 in the run (deal by deal, each in rotation order): it seeds the bots."""
        return len(self.lineups) * deal + turn + 1

    def play(self, first: BotFactory, second: BotFactory, seed: int, deal: int, index: int,
             lineup: tuple[int, ...]) -> tuple[float, MatchResult]:
        """Play deal ``seed + deal`` with ``lineup``: the first bot's score and the arena's result."""
        job = MatchJob(game=self.game, options=self.options, factories=(first, second), sides=self.sides,
                       arena_seed=seed, plan=MatchPlan(index, deal, seed + deal, lineup))
        result = play_match(job)
        return (result.score_of(0) if result.winners else 0.5), result

    def line_extra(self) -> dict[str, Any]:
        """What a run's line adds when a deal is not two matches (``per_deal``), for :func:`whole_deals`."""
        return {} if len(self.lineups) == 2 else {"per_deal": len(self.lineups)}


def whole_deals(rows: Sequence[dict[str, Any]], key: str | None = None) -> list[dict[str, Any]]:
    """The rows of the deals played in every lineup (``per_deal`` matches, two when a row does not say), per
    ``row[key]`` as well when ``key`` is given (the personality a row is about)."""
    played: dict[tuple[Any, int], int] = {}
    for row in rows:
        deal = (row.get(key) if key else None, row["deal"])
        played[deal] = played.get(deal, 0) + 1
    return [row for row in rows if played[(row.get(key) if key else None, row["deal"])] == row.get("per_deal", 2)]
