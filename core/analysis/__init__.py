"""Match analysis: every decision of one seat valued by play-outs on deals sampled from what it knew.

See docs/analysis.md. :func:`analyse` walks a record; :func:`value_moves` values one decision; :func:`to_json`
and :func:`chart_svg` present the result.
"""

from .chart import chart_points, chart_svg
from .match import (
    BEST, BLUNDER, DEFAULT_SAMPLES, INACCURACY, MARKS, MISTAKE, TOO_CLOSE, Decision, HandSummary, MatchAnalysis, analyse,
    decision_at, decision_moves, decisions_of, summarise,
)
from .odds import win_chance
from .report import FORMAT, decision_lines, summary_lines, to_json
from .valuation import DecisionValues, Interval, MoveValue, value_moves

__all__ = [
    "BEST", "BLUNDER", "DEFAULT_SAMPLES", "FORMAT", "INACCURACY", "MARKS", "MISTAKE", "TOO_CLOSE", "Decision",
    "DecisionValues", "HandSummary", "Interval", "MatchAnalysis", "MoveValue", "analyse", "chart_points",
    "chart_svg", "decision_at", "decision_lines", "decision_moves", "decisions_of", "summarise", "summary_lines",
    "to_json", "value_moves", "win_chance",
]
