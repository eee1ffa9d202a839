"""What a julepe player's ``juego`` or ``paso`` says about his cards: the game's model for the core's inference.

A player who went in holds a hand that expects tricks; one who passed, one that does not. :class:`JulepeBidding`
weighs each word by how far the rival's hand in a sampled world stands from the bar the ``medium`` bot goes in
at, softened (:func:`cartas.core.bots.inference.soft_bar`): a world where he went in with nothing is unlikely, not
impossible.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cartas.core import Card, State
from cartas.core.bots import Decision, soft_bar

from ..actions import JUEGO, PASO
from ..state import TresilloState

SPREAD = 0.12
"""Expected tricks over which going in goes from unlikely to likely."""

FLOOR = 0.03
"""How likely a word is against the cards (a bluff, another player's bar)."""

Promise = Callable[[Iterable[Card], str, int], float]
"""The tricks a hand expects with a trump suit, at a table of that many players still in the match."""


class JulepeBidding:
    """The likelihood of a rival's ``juego`` or ``paso`` given the cards a sampled world gives him.

    :param promise: what a hand expects (the bots' :func:`cartas.games.tresillo.bots.levels.expected_tricks`, at the
        table's size); :param bar: the promise from which a player goes in about half the time.
    """

    kinds = frozenset({JUEGO, PASO})

    def __init__(self, promise: Promise, bar: float) -> None:
        self.promise = promise
        self.bar = bar

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, TresilloState)
        seat = decision.seat
        later = world.events[decision.at + 1:]
        held = list(world.hands[seat])
        for event in later:
            if event.kind == "deal" or (event.kind == "tomo_viuda" and event.seat == seat):
                return 1.0  # the word was said over another deal, or the hand it spoke for was exchanged
            if event.kind == "play" and event.seat == seat:
                held.append(Card.parse(event.detail))
        goes = soft_bar(self.promise(held, world.trump, sum(world.active)), self.bar, SPREAD, FLOOR)
        return goes if decision.kind == JUEGO else 1.0 - goes
