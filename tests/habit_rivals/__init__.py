"""The always-X rivals of the built-in games, as :mod:`cartas.testing.rivals` builds them: each game's habits and
the plain player they sit on, as data. Tests import them (the root conftest puts ``tests/`` on ``sys.path``);
benchmarks/bots/habits_arena.py and rival_program.py put ``tests/`` on the path to play them."""

from __future__ import annotations

from cartas.testing.rivals import Rivals

from .tresillo import RIVALS as TRESILLO
from .truco import RIVALS as TRUCO
from .truco_paulista import RIVALS as TRUCO_PAULISTA

RIVALS: dict[str, Rivals] = {rivals.game: rivals for rivals in (TRUCO, TRUCO_PAULISTA, TRESILLO)}
