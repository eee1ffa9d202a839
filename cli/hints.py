"""The ``hint`` command: what each legal move is worth, measured and said with its uncertainty.

Each move is played out to the end of the hand on the same sampled deals (hands the other seats might hold,
given what the asking seat knows), every seat played by the game's own heuristic bot, and the hint reports the
points of this hand for the asker's side less the others' (the measure is named on the screen). Every move has
its mean and a 95% interval from its play-outs; the recommendation is the top of the list, and only when it beats
the second move clearly on the same deals (the paired difference's interval stays above zero). Otherwise the
hint says the moves are too close to call. Too few play-outs in the time allowed show nothing but that.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from .render import Renderer
from cartas.core.bots.base import BotFactory, RandomBot, SeatView
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import level_name
from cartas.core.bots.rollout import BASE_LEVELS, play_out_hand
from cartas.core.bots.search import relative_gains
from cartas.core.state import Action, State

MAX_SAMPLES = 200
"""Sampled deals per hint at most; each is played out once per legal move."""
MIN_SAMPLES = 20
"""Fewer play-outs than this are not worth showing: their intervals are wider than most differences."""
TIME_BUDGET = 2.0
"""Seconds a hint may take; the play-outs stop at the first sampled deal that would overrun it."""
Z95 = 1.96
"""Half-width of a 95% normal interval, in standard errors."""


class MoveEstimate(NamedTuple):
    """One move's points of the hand over its play-outs: the mean and the half-width of its 95% interval."""

    action: Action
    mean: float
    margin: float
    samples: int


class Hint(NamedTuple):
    """The estimates best first, and how sure the top one is against the second: the paired difference on the
    same deals and its interval's half-width (``None`` with a single move). Moves that lose the match on the
    spot come last and are named in ``losing``."""

    moves: list[MoveEstimate]
    lead: float | None
    lead_margin: float | None
    losing: frozenset[Action] = frozenset()

    @property
    def clear(self) -> bool:
        """Whether the top move beats the second on the same deals beyond the noise of the play-outs."""
        return self.lead is None or self.lead_margin is None or self.lead - self.lead_margin > 0


def play_out_policy(game: Game, fallback: tuple[str, BotFactory] | None = None) -> tuple[str, BotFactory]:
    """The level and the bot every seat plays in a hint's play-outs: the game's own heuristic bot (``medium``,
    else ``easy``), else ``fallback``, else random play."""
    from cartas.core.plugins.manager import get_registry  # the registry imports the plugins

    own = get_registry().bots.get(game.name, {})
    for level in BASE_LEVELS:
        if level in own:  # a bot's cheaper variant for play-outs plays the same way, in a fraction of the time
            return level, getattr(own[level], "for_rollouts", own[level])
    return fallback or ("random", RandomBot)


def show_hint(renderer: Renderer, game: Game, view: SeatView, fallback: tuple[str, BotFactory] | None) -> None:
    """Measure the legal moves of ``view`` and print the hint; ``fallback`` is the bot to play them out with
    when the game has no heuristic bot of its own."""
    level, policy = play_out_policy(game, fallback)
    observation = view.observation()
    losing = frozenset(action for action in view.legal_actions() if game.loses_match_now(observation, action))
    hint = estimate(view, policy, seed=len(observation.events), sign=game.score_sign, losing=losing)
    for line in hint_lines(game, hint, level_name(level)):
        renderer.line(line)


def estimate(
    view: SeatView,
    policy: BotFactory,
    *,
    seed: int = 0,
    samples: int = MAX_SAMPLES,
    time_budget: float | None = TIME_BUDGET,
    sign: int = 1,
    losing: frozenset[Action] = frozenset(),
) -> Hint:
    """Play every legal move of ``view`` out to the end of the hand on the same sampled deals; ``sign`` is -1
    for a game whose scores are penalty points. The ``losing`` moves lose the match on the spot
    (:meth:`cartas.core.game.Game.loses_match_now`): they are ranked last whatever the points of the hand say
    (a lost match scores no points in the hand, so its play-outs read +0) and never recommended."""
    legal = view.legal_actions()
    rng = random.Random(seed)
    root_scores = view.scores()
    rows: list[list[float]] = []
    begun = time.perf_counter()
    while len(rows) < samples:
        if rows and time_budget is not None:
            elapsed = time.perf_counter() - begun
            if elapsed + elapsed / len(rows) > time_budget:
                break
        world = view.sample(rng)
        hand = world.hands_played
        play_seed = rng.getrandbits(63)
        row = []
        for index, action in enumerate(legal):
            state = world.clone() if index < len(legal) - 1 else world
            state.apply(action, view.seat)
            play_out_hand(state, hand, policy, play_seed)
            row.append(relative_gains(state, root_scores, sign)[view.seat])
        rows.append(row)
    return summarise(legal, rows, losing)


def summarise(legal: Sequence[Action], rows: Sequence[Sequence[float]], losing: frozenset[Action] = frozenset()) -> Hint:
    """The :class:`Hint` from each sampled deal's points per move (a row per deal, a column per move); the
    ``losing`` moves (which lose the match on the spot) last, and compared with nothing."""
    n = len(rows)
    moves = []
    for index, action in enumerate(legal):
        values = [row[index] for row in rows]
        mean, margin = _interval(values)
        moves.append(MoveEstimate(action, mean, margin, n))
    order = sorted(range(len(legal)), key=lambda index: (legal[index] in losing, -moves[index].mean))
    ranked = [moves[index] for index in order]
    order = [index for index in order if legal[index] not in losing]
    if len(order) < 2 or n == 0:
        return Hint(ranked, None, None, losing)
    top, second = order[0], order[1]
    lead, lead_margin = _interval([row[top] - row[second] for row in rows])
    return Hint(ranked, lead, lead_margin, losing)


def hint_lines(game: Game, hint: Hint, player: str) -> list[str]:
    """The hint as the screen says it: what was measured, the recommendation or "too close to call", and each
    move with its interval, best first. ``player`` names the bot that played the play-outs."""
    moves = hint.moves
    if not moves:
        return [_("No move to hint.")]
    samples = moves[0].samples
    if samples < MIN_SAMPLES:
        return [_("Too few play-outs ({count}) in the time allowed for a hint worth showing.", count=samples)]
    lines = [_("Points of this hand, yours less theirs, over {count} play-outs a move by the {player} bot "
               "(95% interval):", count=samples, player=player)]
    width = max(len(game.action_text(move.action)) for move in moves)
    for number, move in enumerate(moves, 1):
        if move.action in hint.losing:
            lines.append(f"  {number}. {game.action_text(move.action):<{width}}  " + "(!) " + _("loses the match"))
        else:
            lines.append(f"  {number}. {game.action_text(move.action):<{width}}  {move.mean:+.2f} ± {move.margin:.2f}")
    if hint.losing:
        lines.append(_("The match is at stake: a move that loses it on the spot is ranked last and never recommended."))
    safe = [move for move in moves if move.action not in hint.losing]
    if not safe:
        lines.append(_("Every move loses the match."))
    elif len(safe) == 1:
        lines.append(_("Only one move does not lose the match: {move}", move=game.action_text(safe[0].action)))
    elif len(moves) == 1:
        lines.append(_("Only one move: {move}", move=game.action_text(moves[0].action)))
    elif hint.clear:
        assert hint.lead is not None and hint.lead_margin is not None
        lines.append(_("Recommended: {move}, ahead of {other} by {lead:.2f} ± {margin:.2f} on the same deals",
                       move=game.action_text(moves[0].action), other=game.action_text(moves[1].action),
                       lead=hint.lead, margin=hint.lead_margin))
    else:
        assert hint.lead is not None and hint.lead_margin is not None
        lines.append(_("Too close to call: {move} and {other} differ by {lead:.2f} ± {margin:.2f} on the same deals",
                       move=game.action_text(moves[0].action), other=game.action_text(moves[1].action),
                       lead=hint.lead, margin=hint.lead_margin))
    return lines


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (infinite with fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


