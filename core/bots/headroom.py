"""Rollout headroom: how much one step of policy improvement could gain over a game's base bot.

The core's ``hard`` bot (:mod:`cartas.core.bots.rollout`) is the base bot with one step of policy improvement: at a
decision it plays every candidate out with the base bot and leaves the base bot's own move only when another
ends clearly better. That can only beat the base bot where such moves exist. This module finds out whether they
do, before anyone spends hours in the arena: it plays hands with the base bot in every seat and, at some of
seat 0's decisions, plays every candidate out on many sampled states, in points of the hand's score (not the
clipped match value the bot itself uses), and reports the best alternative's gain over the base bot's move.

Where the best alternative rarely beats the base move by more than two standard errors, rollouts of that bot
cannot make a stronger ``hard``, however much time they get: measured this way, chinchón's ``medium`` chooses
the best-scoring move on its own in nearly every decision (see the chinchón bots' module). Run it with
``python benchmarks/bots/rollout_headroom.py GAME``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from .base import BotFactory, SeatView
from ..game import Game
from ..options import GameOptions
from .rollout import Gain, RolloutBot, score_sign
from .search import relative_gains
from ..state import Action


@dataclass(frozen=True)
class Decision:
    """One measured decision: the base bot's move, the best other candidate, and its gain in points."""

    deal: int
    """The index of the seeded deal it was taken from."""
    base_move: Action
    best_move: Action
    gain: Gain
    samples: int

    def clear(self, errors: float = 2.0) -> bool:
        """Whether the best alternative beat the base bot's move by more than ``errors`` standard errors."""
        return self.gain.mean > errors * self.gain.error


def measure_headroom(
    game: Game,
    options: GameOptions,
    base: BotFactory,
    *,
    decisions: int,
    samples: int,
    seed: int = 0,
    rate: float = 0.25,
) -> Iterator[Decision]:
    """Yield ``decisions`` measured decisions of seat 0, in hands played by ``base`` in every seat.

    Each of seat 0's decisions with a choice is measured with probability ``rate``, so that decisions early and
    late in a hand are both represented; every candidate (``base``'s shortlist if it has one) is played out on
    ``samples`` sampled states, all of them on the same states.
    """
    rng = random.Random(seed)
    evaluate = partial(relative_gains, sign=score_sign(game.name))
    found = deal = 0
    while found < decisions:
        state = game.start(options, seed=rng.getrandbits(32))
        players = [base(rng.getrandbits(32)) for _ in range(state.table.n_seats)]
        hand = state.hands_played
        while found < decisions and not state.is_over and state.hands_played == hand:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            move = players[seat].choose(view)
            if seat == 0 and len(view.legal_actions()) > 1 and rng.random() < rate:
                searcher = RolloutBot(rng.getrandbits(32), base=base, samples=samples, evaluate=evaluate)
                base_move, gains = searcher.gains(view)
                others = {action: gain for action, gain in gains.items() if action != base_move}
                if others:
                    best = max(others, key=lambda action: others[action].mean)
                    yield Decision(deal, base_move, best, others[best], searcher.last_samples)
                    found += 1
            state.apply(move, seat)
        deal += 1
