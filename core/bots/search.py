"""Information-set Monte Carlo tree search: a strong bot for any game that keeps the core contract.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). The bot never sees hidden cards: each
iteration starts from a complete state *sampled* to fit its own observation (``view.sample``), walks one tree
shared by all those samples, and only considers, at each node, the actions legal in the current sample
(UCB with availability counts). Rollouts play at random, or with a game's own heuristic bot when given one.

To stay fast, a simulation stops at a horizon: the end of the current hand (``state.hands_played`` changes)
or the end of the match, whichever comes first. It is then valued for every seat by an evaluator:

- the match is over: ``state.returns()`` (1 for a winner, 0 otherwise);
- otherwise (the default, :func:`score_gain_value`): the change of the seat's side's score since the search
  began, minus the average change of the other sides, squashed into ``[0, 1]`` around 0.5 by
  ``d / (|d| + scale)``, so that winning more points is better but a hand can never outweigh a won match.

``scores()`` is read as "higher is better" unless told otherwise: for penalty points pass
``evaluate=partial(score_gain_value, sign=-1)`` (the registered ``hard`` bot does so from ``Game.score_sign``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .base import Agent, BotFactory, SeatView
from ..state import Action, State

Evaluator = Callable[[State, Sequence[int]], Sequence[float]]
"""Values each seat's outcome at a simulation's horizon: ``evaluate(state, scores_at_root) -> value per seat``."""

DEFAULT_SIMULATIONS = 300
"""Simulations per decision when no budget is given."""

LINEAR_SCALE = 10.0
"""Points of advantage that :func:`linear_gain_value` values like a won match: a third of a truco match."""

DEFAULT_SCALE = 3.0
"""Score difference valued 0.75 (and its opposite 0.25): about one hand's worth of points in the trick games."""


def score_gain_value(
    state: State, root_scores: Sequence[int], *, scale: float = DEFAULT_SCALE, sign: int = 1
) -> list[float]:
    """Each seat's value in ``[0, 1]``: its win when the match is over, else its side's score gain against the others.

    ``sign=-1`` is for games whose scores are penalties. Sides are teams when ``scores()`` has one entry per team,
    seats otherwise. The value is S-shaped in the gain, so a few points matter more than many.
    """
    if state.is_over:
        return list(state.returns())
    diffs, sides = _side_gains(state, root_scores, sign)
    # Squashed once per side (a team), then handed to its seats: the same numbers as squashing every seat's.
    squashed = [0.5 + 0.5 * diff / (abs(diff) + scale) for diff in diffs]
    return [squashed[side] for side in sides]


def linear_gain_value(
    state: State, root_scores: Sequence[int], *, scale: float = LINEAR_SCALE, sign: int = 1
) -> list[float]:
    """Like :func:`score_gain_value`, but linear in the score difference, clipped to ``[0, 1]``.

    ``scale`` points of advantage over the others is worth a won match. Linear values make the mean of many
    play-outs the expected gain in points, so a choice is not pushed towards risk (or away from it) by the
    shape of the valuation, as an S-shaped one does; the rollout bot uses it.
    """
    if state.is_over:
        return list(state.returns())
    return [min(1.0, max(0.0, 0.5 + 0.5 * diff / scale)) for diff in relative_gains(state, root_scores, sign)]


def relative_gains(state: State, root_scores: Sequence[int], sign: int = 1) -> list[float]:
    """Each seat's side's score gain since ``root_scores``, less the average gain of the other sides."""
    diffs, sides = _side_gains(state, root_scores, sign)
    return [diffs[side] for side in sides]


def _side_gains(state: State, root_scores: Sequence[int], sign: int) -> tuple[list[float], Sequence[int]]:
    """Each side's gain less the others' average, and each seat's side: sides are teams when ``scores()`` has
    one entry per team, seats otherwise."""
    table = state.table
    scores = state.scores()
    by_team = len(scores) == table.n_teams and len(scores) != table.n_seats
    gains = [sign * (now - before) for now, before in zip(scores, root_scores)]
    total = sum(gains)
    others = max(len(gains) - 1, 1)
    sides: Sequence[int] = table.teams if by_team else range(table.n_seats)
    return [gain - (total - gain) / others for gain in gains], sides


def decision_budget(
    unit: str, count: int | None, time_limit: float | None, default: int
) -> tuple[int | None, float | None]:
    """A search bot's budget per decision: ``count`` of ``unit`` (simulations, sampled states), a time limit, or
    both (whichever ends first); ``default`` of ``unit`` when neither is given. A count below 1 or a time limit
    that is not positive is refused.

    Counts are the default because they make a seed play the same match on any machine, busy or idle; a time
    limit is for play, where a person waits for the move.
    """
    if count is not None and count < 1:
        raise ValueError(f"{unit} must be at least 1")
    if time_limit is not None and not time_limit > 0:
        raise ValueError("a time limit must be a positive number of seconds")
    if count is None and time_limit is None:
        return default, None
    return count, time_limit


@dataclass
class SearchCounts:
    """How much a search bot searched over one match (a bot is made per match), so a report can say so.

    A bot that searched little (a time limit too short for its machine) or not at all (a base bot that asks for
    no search) plays on, and nothing in its moves shows it; these counts do, per match and in the arena's report.
    """

    decisions: int = 0
    """Choices the bot was asked for."""
    searched: int = 0
    """Of them, those it searched: more than one candidate, and at least one sampled state or simulation."""
    samples: int = 0
    """Sampled states (rollouts) or simulations (ISMCTS) spent on the searched decisions, in all."""

    def record(self, samples: int) -> None:
        """Count one decision that spent ``samples`` (0: not searched, such as a lone legal action)."""
        self.decisions += 1
        if samples:
            self.searched += 1
            self.samples += samples

    def add(self, other: SearchCounts) -> None:
        """Add another bot's counts (a side's partners, or one bot's matches)."""
        self.decisions += other.decisions
        self.searched += other.searched
        self.samples += other.samples

    @property
    def per_decision(self) -> float | None:
        """The mean samples (or simulations) per searched decision; ``None`` when none was searched."""
        return self.samples / self.searched if self.searched else None


class Estimate(NamedTuple):
    """What the search thinks of one legal action: its mean value in ``[0, 1]`` and how often it was tried."""

    value: float
    visits: int


class _Node:
    """A tree node: the action that led here was taken by ``seat``; ``total`` sums that seat's values.

    Children are kept by the seat that acts, then by its action: whose turn it is can depend on hidden cards
    (who won a trick), and one seat's values must never be credited to another. Two plain dicts rather than one
    keyed by ``(seat, action)`` pairs: no pair is built and hashed at every step of every simulation.
    """

    __slots__ = ("seat", "children", "visits", "total", "available")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, dict[Action, _Node]] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


class ISMCTSBot:
    """Single-observer ISMCTS with a simulation budget, a time budget, or both (whichever ends first).

    :param seed: seeds the bot's own generator; with a simulation budget and no time limit, the same seed and
        the same views give the same choices.
    :param simulations: iterations per decision; ``None`` for no limit (then a time limit is needed).
    :param time_limit: seconds per decision; ``None`` for no limit. With neither budget,
        :data:`DEFAULT_SIMULATIONS` apply.
    :param exploration: the UCB constant (values lie in ``[0, 1]``).
    :param rollout: a bot factory playing every seat in the rollouts (a game's heuristic bot), or ``None`` for
        uniformly random rollouts.
    :param evaluate: values a simulation at its horizon (:data:`Evaluator`); :func:`score_gain_value` by default.
    :param rollout_depth: moves a rollout makes before the hand is cut short and scored by the game's estimate
        (:meth:`cartas.core.state.State.cut_hand`); ``None`` (the default) plays rollouts to the horizon. The
        ``search`` bot passes the game's :attr:`cartas.core.game.Game.rollout_depth`.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        simulations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: BotFactory | None = None,
        evaluate: Evaluator | None = None,
        rollout_depth: int | None = None,
    ) -> None:
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("a rollout depth must be 0 or more moves")
        self.rng = random.Random(seed)
        self.rollout_depth = rollout_depth
        self.simulations, self.time_limit = decision_budget(
            "simulations", simulations, time_limit, DEFAULT_SIMULATIONS
        )
        self.exploration = exploration
        self.rollout_factory = rollout
        self.evaluate: Evaluator = evaluate or score_gain_value
        self._rollout_agent: Agent | None = None
        self.last_simulations = 0
        """How many simulations the last decision ran (for benchmarks and ``hint``)."""
        self.search_counts = SearchCounts()
        """What the bot searched in its match (see :class:`SearchCounts`)."""

    def choose(self, view: SeatView) -> Action:
        """The most visited action after the search (ties to the better value, then to the first legal)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            self.search_counts.record(0)
            return legal[0]
        estimates = self.estimates(view)
        self.search_counts.record(self.last_simulations)
        return max(legal, key=lambda action: (estimates[action].visits, estimates[action].value))

    def estimates(self, view: SeatView) -> dict[Action, Estimate]:
        """Search, then give every legal action of the view's seat its estimated value and visit count."""
        legal = view.legal_actions()
        children = self._search(view, len(legal)).children[view.seat]
        estimates = {}
        for action in legal:
            child = children[action]
            estimates[action] = Estimate(child.total / child.visits, child.visits)
        return estimates

    # --- the search ----------------------------------------------------------------------------------

    def _search(self, view: SeatView, n_legal: int) -> _Node:
        root = _Node(-1)
        root_scores = view.scores()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        budget = self.simulations
        done = 0
        # Every root action is tried at least once, so each gets an estimate whatever the budget.
        while done < n_legal or (
            (budget is None or done < budget) and (deadline is None or time.perf_counter() < deadline)
        ):
            self._simulate(view, root, root_scores)
            done += 1
        self.last_simulations = done
        return root

    def _simulate(self, view: SeatView, root: _Node, root_scores: Sequence[int]) -> None:
        rng = self.rng
        state = view.sample(rng)
        if self.rollout_factory is None:
            # The tree goes by actions and random rollouts read no observation, so nothing reads the sample's
            # events (the evaluators read the score).
            state.record_events = False
        hand = state.hands_played
        node = root
        path: list[_Node] = []
        seat = view.seat
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        while not state.is_over and state.hands_played == hand:
            legal = state.legal_actions(seat)
            by_seat = node.children
            children = by_seat.get(seat)
            if children is None:
                children = by_seat[seat] = {}
            untried: list[Action] = []
            tried: list[_Node] = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    tried.append(child)
            if untried:
                action = rng.choice(untried)
                node = children[action] = _Node(seat)
                path.append(node)
                state.apply_legal(action, seat)
                break
            # UCB1 over the children available in this sample (availability counts instead of parent visits);
            # every legal action is tried here, so ``tried`` is in the order of ``legal``.
            best = 0
            best_score = -math.inf
            for i, child in enumerate(tried):
                visits = child.visits
                score = child.total / visits + c * sqrt(log(child.available) / visits)
                if score > best_score:
                    best, best_score = i, score
            node = tried[best]
            path.append(node)
            state.apply_legal(legal[best], seat)
            if state.to_act:
                seat = state.to_act[0]
        self._rollout(state, hand)
        values = self.evaluate(state, root_scores)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.seat]

    def _rollout(self, state: State, hand: int) -> None:
        """Play on to the horizon: the end of the hand the search started in, or of the match; or, past
        ``rollout_depth`` moves, to the first move where the game can cut the hand short and score it."""
        choice = self.rng.choice
        agent = self._rollout_policy()
        depth = -1 if self.rollout_depth is None else self.rollout_depth
        while not state.is_over and state.hands_played == hand:
            if depth == 0:
                if state.cut_hand():
                    return
            else:
                depth -= 1
            seat = state.to_act[0]
            if agent is None:
                state.apply_legal(choice(state.legal_actions(seat)), seat)
            else:
                state.apply(agent.choose(SeatView(state, seat)), seat)

    def _rollout_policy(self) -> Agent | None:
        if self.rollout_factory is not None and self._rollout_agent is None:
            self._rollout_agent = self.rollout_factory(self.rng.randrange(2**31))
        return self._rollout_agent
