"""Reading a rummy rival's hand from what he took and refused: the games' model for the core's inference.

A sampled world deals a rival's unseen cards at random (those he took from the discard pile stay his). What he
did says more: a player who took the upcard holds cards it melds with (``medium`` takes only an upcard that
melds at once); one who drew blind instead of taking it most likely had nothing it melds with; and a card he
threw away is one he was not collecting. :class:`RummyReading` gives each of those decisions a likelihood from
the rival's cards in a sampled world, for :class:`cartas.core.bots.inference.Posterior`.

The check on his *last* discard is ``plausible``'s (:func:`cartas.games.chinchon.bots.levels.weighed_discard`, a
yes-or-no rule: the card must be among the few ``medium`` weighs); the model applies it to that discard
through the same function, since a game's bidding model replaces its ``plausible`` rule in
:func:`cartas.core.bots.inference.posterior_for`.

A world holds the rival's hand *now*; his hand at an earlier decision is rebuilt from it: the cards he threw
since are added back and those he took from the pile since removed. The cards he drew blind since cannot be
told apart and stay in, so an older decision is read against a slightly larger hand, which only softens it;
only the :data:`RECENT` latest decisions of each rival are read, for time and because the rebuilt hand drifts.
"""

from __future__ import annotations

from collections.abc import Callable

from cartas.core import Card, State
from cartas.core.bots import Decision

from ..melds import MeldRules
from ..state import RummyState

TOOK_LOOSE = 0.1
"""How likely a player is to take an upcard that melds with nothing he holds (``medium`` never does)."""

REFUSED_FIT = 0.35
"""How likely a player is to draw blind when the upcard melds at once with his hand (``medium`` compares it
with a blind draw and sometimes prefers the draw)."""

THREW_FIT = 0.5
"""How likely a player is to have thrown a card that melds with the cards he still holds."""

RECENT = 6
"""The latest decisions of each rival that are read (older ones against a hand rebuilt from too far back)."""

Weighed = Callable[[MeldRules, list[Card], Card], bool]
"""Whether a discard from a hand is one ``medium`` weighs (:func:`cartas.games.chinchon.bots.levels.weighed_discard`)."""


def melds_with(rules: MeldRules, card: Card, hand: list[Card]) -> bool:
    """Whether ``card`` lowers ``hand``'s loose points by joining a meld with it: added, it costs less than its
    own points. Cheap for a card with no neighbour in the hand (the engine counts it loose at once)."""
    ids = rules.ids(hand)
    ids.append(rules.card_id[card])
    if rules.loose_cards(ids)[-1]:
        return False
    return rules.deadwood_ids(ids) < rules.deadwood_ids(ids[:-1]) + rules.value[ids[-1]]


class RummyReading:
    """The likelihood of a rival's draws and discards given his cards in a sampled world.

    :param weighed: the last-discard check shared with the game's ``plausible`` rule.
    """

    kinds = frozenset({"draw", "discard"})

    def __init__(self, weighed: Weighed) -> None:
        self.weighed = weighed

    def likelihood(self, world: State, decision: Decision) -> float:
        assert isinstance(world, RummyState)
        events = world.events
        seat, at = decision.seat, decision.at
        later = [e for e in events[at + 1:] if e.seat == seat and e.kind in ("draw", "discard")]
        if len(later) >= 2 * RECENT:
            return 1.0
        rules = world.rules
        hand = list(world.hands[seat])
        for event in later:  # undo what he did since, as far as the others could see it
            if event.kind == "discard":
                hand.append(Card.parse(event.detail))
            elif event.detail.startswith("discard "):
                taken = Card.parse(event.detail.split()[1])
                if taken in hand:
                    hand.remove(taken)
        if decision.kind == "discard":
            card = Card.parse(decision.detail)
            if not any(e.kind == "draw" for e in later):  # his last discard: plausible's check
                return 1.0 if self.weighed(rules, [*hand, card], card) else 0.0
            return THREW_FIT if melds_with(rules, card, hand) else 1.0
        if decision.detail.startswith("discard "):
            card = Card.parse(decision.detail.split()[1])
            if card in hand:
                hand.remove(card)
            return 1.0 if melds_with(rules, card, hand) else TOOK_LOOSE
        upcard = _upcard_before(world, at)
        if upcard is None:
            return 1.0
        return REFUSED_FIT if melds_with(rules, upcard, hand) else 1.0


def _upcard_before(world: RummyState, at: int) -> Card | None:
    """The upcard a draw at event ``at`` left: the card thrown just before, or the one turned at the deal;
    ``None`` when the events do not show it (a reshuffle in between)."""
    if at == 0:
        return None
    event = world.events[at - 1]
    if event.kind == "discard":
        return Card.parse(event.detail)
    if event.kind == "deal" and event.detail.startswith("upcard "):
        return Card.parse(event.detail.split()[1])
    return None
