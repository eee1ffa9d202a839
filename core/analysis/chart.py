"""The chart of a match: the seat's chance of winning after each hand, the hands with mistakes marked.

:func:`chart_svg` builds it as an SVG string with no library (the browser's match page shows it as it is);
:func:`chart_points` gives the same series to any other drawer (the terminal's matplotlib file). Only public
numbers go in: scores after each hand and the marks of the seat's own moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from .match import BLUNDER, MISTAKE, MatchAnalysis

WIDTH, HEIGHT, PAD = 640, 240, 40
MARK_COLOURS = {MISTAKE: "#e69f00", BLUNDER: "#d55e00"}


def chart_points(analysis: MatchAnalysis) -> list[tuple[int, float, str | None]]:
    """``(hand, chance after it, worst mark in it)`` per hand, hand 0 the start; hands without a chance
    (a game with no chance model) are left out."""
    points: list[tuple[int, float, str | None]] = []
    if analysis.start_chance is not None:
        points.append((0, analysis.start_chance, None))
    for hand in analysis.hands:
        if hand.chance_after is None:
            continue
        worst = BLUNDER if hand.marks[BLUNDER] else MISTAKE if hand.marks[MISTAKE] else None
        points.append((hand.hand, hand.chance_after, worst))
    return points


def chart_svg(
    analysis: MatchAnalysis, *, title: str = "", marks: Mapping[str, str] | None = None, hand: str = ""
) -> str:
    """The chart as a standalone SVG document (an empty frame when there is no chance to draw).

    :param marks: the marks as the reader says them (``error grave``), for each marked hand's tooltip.
    :param hand: the word for a hand, written under the axis and in the tooltips.
    """
    hand_word = hand
    points = chart_points(analysis)
    last = max((number for number, _, _ in points), default=1) or 1
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def xy(hand: int, chance: float) -> tuple[float, float]:
        return PAD + inner_w * hand / last, PAD + inner_h * (1.0 - chance)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        'role="img" class="cartas-analysis-chart">',
        f'<title>{escape(title)}</title>' if title else "",
        f'<rect x="{PAD}" y="{PAD}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#999"/>',
        f'<line x1="{PAD}" y1="{PAD + inner_h / 2}" x2="{PAD + inner_w}" y2="{PAD + inner_h / 2}" '
        'stroke="#ccc" stroke-dasharray="4 4"/>',
        f'<text x="4" y="{PAD + 4}" font-size="14">100%</text>',
        f'<text x="4" y="{PAD + inner_h}" font-size="14">0%</text>',
        f'<text x="{PAD}" y="{HEIGHT - 8}" font-size="14">0</text>',
        f'<text x="{PAD + inner_w}" y="{HEIGHT - 8}" font-size="14" text-anchor="end">{last}</text>',
        f'<text x="{PAD + inner_w / 2}" y="{HEIGHT - 8}" font-size="14" text-anchor="middle">{escape(hand_word)}</text>'
        if hand_word else "",
    ]
    if points:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(h, c) for h, c, _ in points))
        parts.append(f'<polyline points="{path}" fill="none" stroke="#0072b2" stroke-width="2"/>')
        for number, chance, worst in points:
            x, y = xy(number, chance)
            if worst is None:
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#0072b2"/>')
            else:
                said = escape((marks or {}).get(worst, worst))
                label = escape(f"{hand_word} {number}" if hand_word else str(number))
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{MARK_COLOURS[worst]}" '
                             f'data-hand="{number}" data-mark="{worst}"><title>{label}: {said}</title></circle>')
    parts.append("</svg>")
    return "".join(part for part in parts if part)
