"""Every bot's seed, worked out in one place: a bot is seeded so that the same match plays the same again.

Two formulas, for two different promises:

* :func:`seat_bot_seed`: the bot at a seat of a match played by people (the terminal, ``--json``, the server)
  is seeded from the match seed, the seat and the move the bot starts at, so one seat's bot plays the same at
  the terminal and online, and a resumed match's bots are seeded from where it resumed.
* :func:`arena_bot_seed`: the arena plays each deal several times with the bots rotated around the sides;
  its bots are seeded from the arena seed, the match index and the seat, so the partners of a team are separate
  instances and the runs reproduce in any process. :func:`external_bot_seed` seeds a ``cmd:`` program from a key
  of its own (see :mod:`cartas.core.arena.runner`).
"""

from __future__ import annotations

import random

__all__ = ["arena_bot_seed", "external_bot_seed", "seat_bot_seed"]


def seat_bot_seed(seed: int, seat: int, moves: int) -> int:
    """The seed of the bot at ``seat`` of the match seeded ``seed``, made when the match has ``moves`` moves."""
    return (seed * 1_000_003 + seat * 10_007 + moves) % 2**63


def arena_bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in arena match ``index``: the same in every process (string seeding hashes)."""
    return random.Random(f"{seed}/{index}/{seat}").getrandbits(63)


def external_bot_seed(external_seed: int, index: int, seat: int) -> int:
    """The seed of an external bot at ``seat`` in match ``index``: from the run's own key, never the arena seed."""
    return random.Random(f"external/{external_seed}/{index}/{seat}").getrandbits(63)
