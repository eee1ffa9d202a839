"""The core's strong bots for every game: ``hard`` (rollouts of the game's own bot) and ``search`` (ISMCTS).

``hard`` is the rollout algorithm (:mod:`cartas.core.bots.rollout`) over the game's ``medium`` bot, or its ``easy``
bot when it has no ``medium``: one step of policy improvement over the game's best heuristics. A game with no
bot of its own gets ISMCTS with random rollouts instead.

Both search a fixed number of sampled states (or simulations) per decision unless given a time limit, so the
arena and the tests play the same match from a seed on any machine; ``cartas play --think SECONDS`` gives them
a time limit instead, which shortens a slow decision and no other. Each reports what it searched in its match
(``search_counts``), which the arena sums per bot.

Why rollouts and not ISMCTS for ``hard``: a search whose play-outs are random reads a betting game poorly (in
two-player truco it beats ``easy`` but loses to ``medium``), while play-outs by the game's own bot carry its
knowledge into the search, so rollouts of ``medium`` beat ``medium`` (docs/notes/2026-11-hard-level.md). ISMCTS
stays available as the level ``search``. Scores are valued in the direction
the game's ``score_sign`` gives (penalty points count against their holder).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .base import BotFactory, SeatView
from ..plugins.hookspecs import hookimpl
from .rollout import RolloutBot, base_policy, rollout_depth, score_sign
from .search import Estimate, ISMCTSBot, SearchCounts, score_gain_value
from ..state import Action

Engine = RolloutBot | ISMCTSBot


class SearchBot:
    """ISMCTS with random rollouts, built on the first decision, once the game (and its ``score_sign``) is known.

    :param budget: sampled states (``hard``) or simulations (``search``) per decision; ``None`` for the engine's
        default.
    :param time_limit: seconds per decision, for play; ``None`` (the default) for none.
    """

    def __init__(self, seed: int = 0, *, budget: int | None = None, time_limit: float | None = None) -> None:
        self.seed = seed
        self.budget = budget
        self.time_limit = time_limit
        self._engine: Engine | None = None

    def choose(self, view: SeatView) -> Action:
        return self.engine(view.game_name).choose(view)

    def estimates(self, view: SeatView) -> dict[Action, Estimate]:
        """The engine's estimate of every legal action, for ``hint``."""
        return self.engine(view.game_name).estimates(view)

    def remember(self, view: SeatView) -> None:
        """Hand an earlier match at the table to the engine, which remembers it where its base bot reads its
        rivals (:func:`cartas.core.bots.remember_matches`); ISMCTS keeps no book and forgets it."""
        remember = getattr(self.engine(view.game_name), "remember", None)
        if remember is not None:
            remember(view)

    @property
    def search_counts(self) -> SearchCounts:
        """What the bot searched in its match so far (nothing before its first decision)."""
        return SearchCounts() if self._engine is None else self._engine.search_counts

    def engine(self, game_name: str) -> Engine:
        if self._engine is None:
            self._engine = self._build(game_name)
        return self._engine

    def _build(self, game_name: str) -> Engine:
        return ISMCTSBot(
            self.seed, simulations=self.budget, time_limit=self.time_limit,
            evaluate=partial(score_gain_value, sign=score_sign(game_name)), rollout_depth=rollout_depth(game_name),
        )


class HardBot(SearchBot):
    """Rollouts of the game's own ``medium`` (else ``easy``) bot; ISMCTS for a game with no bot of its own."""

    def _build(self, game_name: str) -> Engine:
        base = base_policy(game_name)
        if base is None:
            return super()._build(game_name)
        return RolloutBot(
            self.seed, base=base, samples=self.budget, time_limit=self.time_limit,
        )


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register("*", "hard", HardBot)
    register("*", "search", SearchBot)
