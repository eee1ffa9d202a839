"""The search levels of chinchón and remigio cut to answer within the 300 ms a table waits for a bot: ``search``
(the core's ISMCTS with random play-outs) on a smaller budget, and chinchón's ``hard`` (the core's rollouts of
``medium``) over fewer candidates.

The core's default is 300 simulations a decision. A rummy decision has up to eleven moves and each simulation
samples the hidden hands, walks the tree and plays out four random turns, so 300 cost 150 to 370 ms in
chinchón and (before remigio's play-outs were cut short, :meth:`RemigioState.cut_hand`) 1.5 s in remigio on
this shared machine. The budget is a count of simulations, not a clock: a bot seed plays the same match on a
busy machine or an idle one; ``cartas play --think`` still sets a time limit instead.
"""

from __future__ import annotations

from cartas.core import Action
from cartas.core.bots import Engine, HardBot, RolloutBot, SearchBot, SeatView

from ..actions import Discard
from .levels import MediumBot, shortlist

SIMULATIONS = {"chinchon": 120, "remigio": 80}
"""Simulations a decision per game: the most that answer within the table's time on a loaded machine."""


class RummySearchBot(SearchBot):
    """ISMCTS with the game's budget of :data:`SIMULATIONS` unless given one (or a time limit)."""

    def _build(self, game_name: str) -> Engine:
        if self.budget is None and self.time_limit is None:
            self.budget = SIMULATIONS.get(game_name)
        return super()._build(game_name)


class NarrowMediumBot(MediumBot):
    """``medium`` offering the core's ``hard`` bot a narrower shortlist (:func:`narrow_shortlist`); it plays as
    ``medium`` in every other way, play-outs included."""

    SEARCHED = 2
    """Discards played out besides ``medium``'s own choice and the best close: with all of ``medium``'s four, a
    chinchón decision of ``hard`` took up to 0.7 s under load, and the play-outs found a third or fourth candidate
    clearly better about as often as chance would (docstring of :mod:`.bots`)."""

    rollout_samples = 2
    """Sampled states a decision (``medium``'s three, less one): with three, the slowest decisions (a draw early
    in a round, whose play-outs by ``medium`` are long) reach the table's time. Two states choose as three do
    as often as three states choose alike under another bot seed, so the cut moves ``hard`` no further from
    itself than its own luck does."""


def narrow_shortlist(view: SeatView) -> list[Action]:
    """:func:`shortlist` with only the first :attr:`NarrowMediumBot.SEARCHED` plain discards (the rollout bot adds
    ``medium``'s own choice when it is not among them); draws as they are."""
    listed = shortlist(view)
    if not listed or listed[0].__class__ is not Discard:
        return listed
    closes: list[Action] = [a for a in listed if isinstance(a, Discard) and a.close]
    plain = [a for a in listed if isinstance(a, Discard) and not a.close]
    return closes + plain[: NarrowMediumBot.SEARCHED]


NarrowMediumBot.shortlist = staticmethod(narrow_shortlist)


class ChinchonHardBot(HardBot):
    """Chinchón's ``hard``: the core's rollouts of ``medium`` over :func:`narrow_shortlist`, two sampled states a
    decision (:attr:`NarrowMediumBot.rollout_samples`), so a decision plays out three candidates at most instead
    of five."""

    def _build(self, game_name: str) -> Engine:
        if game_name != "chinchon":
            return super()._build(game_name)
        return RolloutBot(self.seed, base=NarrowMediumBot, samples=self.budget, time_limit=self.time_limit)
