"""A bar chart with interval whiskers as a PNG file, for the arena's ratings.

matplotlib draws it, with labels, when it is installed (the ``arena`` extra); otherwise a plain chart is
encoded with the standard library alone (zlib and struct): the same bars and whiskers in the order of the
bots, no text, so that ``--out`` always gives a picture.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

PALETTE = ((31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189), (140, 86, 75))


def bar_chart(
    path: Path,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    title: str,
    axis: str,
    reference: float | None = None,
) -> None:
    """Write the chart to ``path``: one bar per label, whiskers from each interval, a dashed ``reference`` line."""
    try:
        import matplotlib  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        plain_bar_chart(path, values, intervals, reference=reference)
        return
    matplotlib.use("Agg")
    from matplotlib import pyplot  # type: ignore[import-not-found,unused-ignore]

    figure, axes = pyplot.subplots(figsize=(max(4.0, 1.2 * len(labels) + 1.5), 4.0), dpi=100)
    errors = [[v - low for v, (low, _) in zip(values, intervals)], [high - v for v, (_, high) in zip(values, intervals)]]
    colours = [tuple(c / 255 for c in PALETTE[i % len(PALETTE)]) for i in range(len(labels))]
    axes.bar(range(len(labels)), values, yerr=errors, capsize=6, color=colours)
    axes.set_xticks(range(len(labels)), labels, rotation=20 if len(labels) > 4 else 0)
    if reference is not None:
        axes.axhline(reference, color="grey", linestyle="--", linewidth=1)
    axes.set_title(title)
    axes.set_ylabel(axis)
    figure.tight_layout()
    figure.savefig(path, format="png")
    pyplot.close(figure)


def plain_bar_chart(
    path: Path,
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    reference: float | None = None,
    height: int = 240,
) -> None:
    """The chart drawn pixel by pixel: white background, coloured bars, black whiskers, grey reference line."""
    bar, gap = 48, 32
    width = gap + len(values) * (bar + gap)
    ends = [v for pair in intervals for v in pair] + list(values) + ([reference] if reference is not None else [])
    top, bottom = max([*ends, 0.0]), min([*ends, 0.0])
    span = (top - bottom) or 1.0
    margin = 12

    def row_of(value: float) -> int:
        return margin + round((top - value) / span * (height - 2 * margin))

    pixels = [bytearray(b"\xff\xff\xff" * width) for _ in range(height)]

    def paint(x0: int, x1: int, y0: int, y1: int, colour: tuple[int, int, int]) -> None:
        for y in range(max(0, min(y0, y1)), min(height, max(y0, y1) + 1)):
            for x in range(max(0, x0), min(width, x1 + 1)):
                pixels[y][3 * x:3 * x + 3] = bytes(colour)

    zero = row_of(0.0)
    paint(0, width - 1, zero, zero, (0, 0, 0))
    if reference is not None:
        line = row_of(reference)
        for x in range(0, width, 8):
            paint(x, x + 3, line, line, (150, 150, 150))
    for i, (value, (low, high)) in enumerate(zip(values, intervals)):
        left = gap + i * (bar + gap)
        paint(left, left + bar - 1, row_of(value), zero, PALETTE[i % len(PALETTE)])
        middle = left + bar // 2
        paint(middle, middle, row_of(high), row_of(low), (0, 0, 0))
        paint(middle - 8, middle + 8, row_of(high), row_of(high), (0, 0, 0))
        paint(middle - 8, middle + 8, row_of(low), row_of(low), (0, 0, 0))
    path.write_bytes(encode_png(width, height, pixels))


def encode_png(width: int, height: int, rows: Sequence[bytes | bytearray]) -> bytes:
    """An 8-bit RGB PNG from rows of ``3 * width`` bytes (filter type 0 on every row)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
