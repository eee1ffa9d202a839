"""What each legal move of one decision is worth, measured as the ``hard`` bot measures it, with its uncertainty.

Every legal move is played out to the end of the hand (or of the match) on the same sampled deals, every seat
played by the game's own heuristic bot (its ``for_rollouts`` variant), as :class:`cartas.core.bots.rollout.RolloutBot`
does. The deals are drawn from what the seat knew at that moment: its :class:`~cartas.core.bots.base.SeatView`
sampled through the posterior the bot reads the bidding with (:func:`cartas.core.bots.inference.posterior_for`),
never from the record's hidden cards. Each move gets two values per deal: the points of the hand (the seat's
side less the others, :func:`cartas.core.bots.search.relative_gains`) and the chance of winning the match from
the score reached (:func:`cartas.core.analysis.odds.win_chance`). Differences between moves are paired on the
same deals, so their intervals are narrower than the moves' own.

A move that loses the match on the spot (:meth:`cartas.core.game.Game.loses_match_now`, a truco in paulista's mão
de onze) is worth a lost match whatever its play-outs say, and is never the best move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .odds import win_chance
from ..bots.base import BotFactory, RandomBot, SeatView
from ..bots.inference import posterior_for
from ..bots.rollout import MAX_DRAWS, base_policy, play_out_hand
from ..bots.search import relative_gains
from ..game import Game
from ..state import Action

Z95 = 1.96
"""Half-width of a 95% normal interval, in standard errors."""


@dataclass(frozen=True)
class Interval:
    """A mean and the half-width of its 95% interval (infinite with fewer than two values)."""

    mean: float
    margin: float

    @property
    def real(self) -> bool:
        """Whether the interval stays above zero: a positive difference the play-outs do not explain by luck."""
        return self.mean - self.margin > 0


def interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return Interval(0.0, math.inf)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, math.inf)
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return Interval(mean, Z95 * math.sqrt(variance / n))


@dataclass(frozen=True)
class MoveValue:
    """One legal move: its points of the hand and its chance of winning the match (``None`` without a model)."""

    action: Action
    points: Interval
    chance: Interval | None
    loses_match: bool = False
    """The move loses the match on the spot (the game says so from the seat's observation)."""


@dataclass
class DecisionValues:
    """Every legal move of one decision measured on the same deals: per move, per deal, points and chance."""

    legal: list[Action]
    points: list[list[float]] = field(default_factory=list)
    """One row per sampled deal, one column per legal move."""
    chances: list[list[float]] | None = None
    losing: frozenset[Action] = frozenset()
    at_stake: bool = False
    """Whether the match could end in this hand (some play-out ended it, or a move loses it on the spot): the
    moves are then ranked by the chance of winning the match rather than by the points of the hand."""

    @property
    def samples(self) -> int:
        return len(self.points)

    def moves(self) -> list[MoveValue]:
        """Each legal move's values, in legal order."""
        out = []
        for index, action in enumerate(self.legal):
            chance = None if self.chances is None else interval([row[index] for row in self.chances])
            out.append(MoveValue(action, interval([row[index] for row in self.points]), chance,
                                 action in self.losing))
        return out

    def by_match(self) -> bool:
        """Whether moves are ranked by the chance of winning the match (it is at stake and there is a model)."""
        return self.at_stake and self.chances is not None

    def match_decides(self) -> bool:
        """Whether valuing by the match changes the answer: a move loses it on the spot, or the best move by the
        chance of winning it is not the best by the points of the hand (the screen then says so)."""
        if self.losing:
            return True
        if not self.by_match() or not self.points:
            return False
        means = [sum(row[i] for row in self.points) / len(self.points) for i in range(len(self.legal))]
        by_points = max(range(len(self.legal)), key=lambda i: means[i])
        return self.ranking()[0] != by_points and means[self.ranking()[0]] < means[by_points]

    def ranking(self) -> list[int]:
        """The legal moves' indices, best first; a move that loses the match on the spot always last."""
        rows = self.chances if self.by_match() and self.chances is not None else self.points
        means = [sum(row[i] for row in rows) / max(len(rows), 1) for i in range(len(self.legal))]
        return sorted(range(len(self.legal)), key=lambda i: (self.legal[i] in self.losing, -means[i]))

    def difference(self, better: int, worse: int, *, by_chance: bool) -> Interval:
        """What move ``better`` is worth over move ``worse``, paired on the same deals."""
        rows = self.chances if by_chance and self.chances is not None else self.points
        return interval([row[better] - row[worse] for row in rows])


def play_out_policy(game: Game) -> BotFactory:
    """The bot every seat plays in the play-outs: the game's own heuristic bot's play-out variant (what the
    ``hard`` bot plays out with), else random play."""
    base = base_policy(game.name) or RandomBot
    policy: BotFactory = getattr(base, "for_rollouts", base)
    return policy


def value_moves(
    game: Game, view: SeatView, *, samples: int, seed: int, policy: BotFactory | None = None
) -> DecisionValues:
    """Play every legal move of ``view`` out on ``samples`` deals sampled from what its seat knows."""
    legal = view.legal_actions()
    base = base_policy(game.name)
    player = policy or play_out_policy(game)
    posterior = None if base is None else posterior_for(base, tries=MAX_DRAWS)
    observation = view.observation()
    losing = frozenset(action for action in legal if game.loses_match_now(observation, action))
    rng = random.Random(seed)
    seat = view.seat
    root_scores = view.scores()
    sign = game.score_sign
    values = DecisionValues(legal, losing=losing, at_stake=bool(losing))
    chances: list[list[float]] | None = []
    for _ in range(samples):
        world = view.sample(rng) if posterior is None else posterior.sample(view, rng)
        hand = world.hands_played
        play_seed = rng.getrandbits(63)
        points_row: list[float] = []
        chance_row: list[float] = []
        for index, action in enumerate(legal):
            state = world.clone() if index < len(legal) - 1 else world
            state.apply(action, seat)
            play_out_hand(state, hand, player, play_seed)
            if state.is_over:
                values.at_stake = True
            points_row.append(relative_gains(state, root_scores, sign)[seat])
            chance = 0.0 if action in losing else win_chance(state, seat)
            if chance is None:
                chances = None
            else:
                chance_row.append(chance)
        values.points.append(points_row)
        if chances is not None:
            chances.append(chance_row)
    values.chances = chances
    return values
