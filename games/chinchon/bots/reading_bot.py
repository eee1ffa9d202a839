"""The reading bot: ``medium`` that keeps from feeding the next player what the reading says he collects.

It is no level: it does not beat ``medium`` in remigio, so it is registered nowhere, and kept for the chinchón
screens (``benchmarks/rummy_hard_screen.py``).

In remigio the core's rollouts cannot lift ``medium`` (no move was found clearly better on play-outs that take a
second a decision, so ``hard`` played ``medium``'s move), but what the others' hands hold can: a ``medium``
that sees the next player's cards and never throws him a card that melds there wins about three matches in
four. :class:`ReadingBot` guesses those cards instead: it draws worlds from the posterior the reading gives
(:mod:`.reading`: what each rival took, refused and threw) and charges each discard ``medium`` weighs
:attr:`ReadingBot.FEED_COST` points times the share of worlds where the card melds with the next player's
hand. On ``medium``'s own measure of a hand (its expected loose points after the next draw) that decides only
between discards of nearly equal worth. ``medium``'s crude guard (a card near one taken from the pile) lost
in remigio; the reading tells a feed from a safe card better (``benchmarks/rummy_reading.py``).
"""

from __future__ import annotations

import random

from cartas.core import Action, Card, EventView
from cartas.core.bots import SearchCounts, SeatView, posterior_for

from ..melds import MeldRules
from ..state import RummyState
from .levels import RemigioMediumBot
from .reading import melds_with


class ReadingBot(RemigioMediumBot):
    """``medium`` whose discards pay for what the posterior says they would give the next player."""

    WORLDS = 8
    """Worlds drawn from the posterior per discard."""
    FEED_COST = 6.0
    """Points a discard costs when it melds with the next player's hand in every world (pro rata otherwise)."""
    TRIES = 8
    """Worlds drawn at most for one that the posterior keeps."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.sampling = random.Random(seed ^ 0x5EED)  # medium's own generator breaks its ties, untouched
        self.posterior = posterior_for(self, tries=self.TRIES)
        self.search_counts = SearchCounts()
        """Discards decided on sampled worlds (``WORLDS`` each), for the arena's report."""
        self._worlds = 0

    def choose(self, view: SeatView) -> Action:
        self._worlds = 0
        action = super().choose(view)
        self.search_counts.record(self._worlds)
        return action

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        """:attr:`FEED_COST` times the share of sampled worlds where each card melds with the next player's hand.

        Only the cards still in contention are weighed, and none when one card is alone: a cost is at most
        :attr:`FEED_COST`, so a card whose ``worth`` is more than that above the best one's can never be chosen,
        and it costs nothing here. The worlds are a remigio decision's whole time, more than a table waits for
        a bot; most discards are clear and draw none.
        """
        if worth is not None:
            best = min(worth)
            contending = [card for card, w in zip(cards, worth) if w <= best + self.FEED_COST]
            costs = dict.fromkeys(cards, 0.0)
            if len(contending) > 1:
                costs.update(self.feed_costs(view, rules, contending, events))
            return costs
        if len(cards) < 2 or self.posterior is None:
            return dict.fromkeys(cards, 0.0)
        hands = []
        for _ in range(self.WORLDS):
            world = self.posterior.sample(view, self.sampling)
            assert isinstance(world, RummyState)
            hands.append(list(world.hands[next_player(world, view.seat)]))
        self._worlds = self.WORLDS
        share = {card: sum(melds_with(rules, card, hand) for hand in hands) / len(hands) for card in cards}
        return {card: self.FEED_COST * share[card] for card in cards}


def next_player(world: RummyState, seat: int) -> int:
    """The player after ``seat`` still in the match: the only one who may take what ``seat`` throws."""
    n = len(world.active)
    after = (seat + 1) % n
    while not world.active[after]:
        after = (after + 1) % n
    return after
