"""A match analysis as programs read it (JSON, ``cartas-analysis/1``, see docs/analysis.md) and as people read it.

Both are built from the analysis alone: the seat's own moves, the public scores, and numbers, so neither can show
a card the seat did not see.
"""

from __future__ import annotations

from typing import Any

from .match import BLUNDER, INACCURACY, MISTAKE, TOO_CLOSE, Decision, MatchAnalysis
from .valuation import Interval
from ..game import Game
from ..i18n import FRAMEWORK as _, mark

FORMAT = "cartas-analysis/1"

MARK_WORDS = {
    INACCURACY: mark("inaccuracy"),
    MISTAKE: mark("mistake"),
    BLUNDER: mark("blunder"),
    TOO_CLOSE: mark("too close to call"),
}
"""Each mark as the screen says it (es: imprecisión, error, error grave, demasiado parejo)."""


def _interval(value: Interval | None) -> dict[str, float] | None:
    if value is None:
        return None
    margin = value.margin if value.margin != float("inf") else None
    return {"mean": round(value.mean, 4), "margin": None if margin is None else round(margin, 4)}  # type: ignore[dict-item]


def to_json(game: Game, analysis: MatchAnalysis) -> dict[str, Any]:
    """The analysis as a JSON-ready dict (schema in docs/analysis.md)."""
    return {
        "format": FORMAT,
        "game": analysis.game,
        "seat": analysis.seat,
        "samples": analysis.samples,
        "seed": analysis.seed,
        "start_chance": analysis.start_chance,
        "decisions": [_decision(game, decision) for decision in analysis.decisions],
        "hands": [
            {
                "hand": hand.hand,
                "scores_after": None if hand.scores_after is None else list(hand.scores_after),
                "chance_after": hand.chance_after,
                "decisions": hand.decisions,
                "marks": dict(hand.marks),
                "lost_points": round(hand.lost_points, 4),
                "lost_chance": round(hand.lost_chance, 4),
            }
            for hand in analysis.hands
        ],
        "match": {
            "decisions": len(analysis.decisions),
            "marks": analysis.marks(),
            "lost_points": round(analysis.lost_points, 4),
            "lost_chance": round(analysis.lost_chance, 4),
            "costliest_hands": [hand.hand for hand in analysis.costliest_hands()],
        },
    }


def _decision(game: Game, decision: Decision) -> dict[str, Any]:
    return {
        "move": decision.move,
        "hand": decision.hand,
        "scores": list(decision.scores),
        "played": str(decision.played),
        "played_text": game.action_text(decision.played),
        "best": str(decision.best),
        "best_text": game.action_text(decision.best),
        "ranked_by": "chance" if decision.by_chance else "points",
        "match_decides": decision.match_decides,
        "samples": decision.samples,
        "mark": decision.mark,
        "loss": None if decision.loss_points is None else {
            "points": _interval(decision.loss_points), "chance": _interval(decision.loss_chance)},
        "moves": [
            {"action": str(move.action), "text": game.action_text(move.action), "points": _interval(move.points),
             "chance": _interval(move.chance), "loses_match": move.loses_match}
            for move in decision.moves
        ],
    }


def _pm(value: Interval, *, percent: bool = False) -> str:
    factor = 100.0 if percent else 1.0
    unit = "%" if percent else ""
    margin = "∞" if value.margin == float("inf") else f"{value.margin * factor:.1f}{unit}" if percent \
        else f"{value.margin:.2f}"
    mean = f"{value.mean * factor:+.1f}{unit}" if percent else f"{value.mean:+.2f}"
    return f"{mean} ± {margin}"


def decision_lines(game: Game, decision: Decision) -> list[str]:
    """One decision as the screen says it: the move played, its mark, and every move with its values."""
    played = game.action_text(decision.played)
    if decision.mark == "best":
        head = _("Move {number} (hand {hand}): {move}, the best move", number=decision.move + 1, hand=decision.hand,
                 move=played)
    else:
        head = _("Move {number} (hand {hand}): {move}, {mark}; best: {best}", number=decision.move + 1,
                 hand=decision.hand, move=played, mark=_(MARK_WORDS[decision.mark]),
                 best=game.action_text(decision.best))
    lines = [head]
    if decision.loss_points is not None and decision.mark != TOO_CLOSE:
        loss = _("  gives away {points} points of the hand", points=_pm(decision.loss_points))
        if decision.loss_chance is not None:
            loss += _(", {chance} of the match", chance=_pm(decision.loss_chance, percent=True))
        lines.append(loss)
    if decision.match_decides:
        lines.append(_("  the match is at stake here: moves ranked by the chance of winning it"))
    width = max(len(game.action_text(move.action)) for move in decision.moves)
    for move in decision.moves:
        text = game.action_text(move.action)
        line = f"    {text:<{width}}  {_pm(move.points)}"
        if move.chance is not None:
            margin = "∞" if move.chance.margin == float("inf") else f"{move.chance.margin * 100:.1f}%"
            line += "  " + _("win {chance}", chance=f"{move.chance.mean * 100:.1f}% ± {margin}")
        if move.loses_match:
            line += "  " + _("(loses the match on the spot)")
        if move.action == decision.played:
            line += "  ←"
        lines.append(line)
    return lines


def summary_lines(game: Game, analysis: MatchAnalysis) -> list[str]:
    """The match summed up: marks, what was given away, and the costliest hands."""
    marks = analysis.marks()
    lines = [_("Decisions analysed: {count} ({samples} sampled deals each)", count=len(analysis.decisions),
               samples=analysis.samples)]
    lines.append(_("Inaccuracies {inaccuracy}, mistakes {mistake}, blunders {blunder}", **marks))
    lines.append(_("Given away: {points} points of the hand, {chance} of the chance of winning the match",
                   points=f"{analysis.lost_points:.1f}", chance=f"{analysis.lost_chance * 100:.1f}%"))
    for hand in analysis.costliest_hands():
        lines.append(_("  hand {hand}: {points} points, {chance} of the match", hand=hand.hand,
                       points=f"{hand.lost_points:.1f}", chance=f"{hand.lost_chance * 100:.1f}%"))
    return lines
