"""An always-X rival of :mod:`cartas.testing.rivals` as an external program for ``cartas arena`` (the JSON-lines
protocol of ``cmd:``): the game and the habit are the arguments, no habit is the plain player::

    cartas arena truco hard "cmd:.venv/bin/python benchmarks/bots/rival_program.py truco envido" -o points=30 --jobs 1
    cartas arena truco "cmd:.venv/bin/python benchmarks/bots/rival_program.py truco" hard -o points=30 --jobs 1

The rivals of the built-in games (their habits and plain players, as data) are the tests' ``habit_rivals``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))  # the built-in games' rivals
from habit_rivals import RIVALS  # noqa: E402

from cartas.testing.rivals import answer_decisions  # noqa: E402


def main() -> None:
    """Answer each ``decision`` line on stdin with one ``{"action": ...}`` line."""
    game = sys.argv[1] if len(sys.argv) > 1 else ""
    if game not in RIVALS:
        sys.exit(f"rival_program.py: name a game: {', '.join(RIVALS)}")
    rivals = RIVALS[game]
    habit = sys.argv[2] if len(sys.argv) > 2 else None
    if habit is not None and habit not in rivals.names:
        sys.exit(f"rival_program.py: name a habit of {game}: {', '.join(rivals.names)}")
    bot = rivals.bot(habit)
    answer_decisions(lambda observation: rivals.decide(habit, observation, bot))


if __name__ == "__main__":
    main()
