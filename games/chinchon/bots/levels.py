"""Bots for chinchón and remigio; they read only their seat's view.

- :class:`EasyBot` takes the upcard only when it melds at once, throws its dearest loose card, and closes as
  soon as it may.
- :class:`MediumBot` looks one draw ahead: every discard is weighed by the loose points expected after the
  next draw, over the cards it has not seen go (it remembers the discard pile and what the others took from
  it); ties keep the loose cards that can still meld; in chinchón it avoids feeding cards another player is
  collecting (not in remigio, where that guard lost matches, see :attr:`MediumBot.DEFENCE`); it takes the
  upcard when the card melds at once and leaves a hand worth at least a blind draw; and it closes whenever it
  may, which in these rules always pays (remigio: the best multiplier; chinchón: a chinchón first, else the
  fewest points).

The core's ``hard`` bot rolls ``medium`` out, but in these games one step of policy improvement over
``medium`` finds little to improve: played out by ``medium`` on sampled states, another move is seldom clearly
better than ``medium``'s (in chinchón about as often as chance makes the best of four look so, in remigio
never), and tuning ``medium``'s knobs leaves it level with itself. What would move it is knowing the other
hands, which its discards cannot guess well enough. So ``hard`` adds little here: in chinchón it plays out a
few sampled states a decision (a round played out by ``medium`` costs tens of milliseconds) and keeps
``medium``'s move unless another is clearly better; in remigio, where a round costs ten times more and no move
is clearly better, it plays ``medium``'s move without a search (:class:`RemigioMediumBot`). The shortlist and
the check serve ``hint``'s estimates. ``hard``'s sampled states are weighed by what each rival took, refused
and threw (:mod:`.reading`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from cartas.core import Action, Card, EventView, State
from cartas.core.bots import SeatView

from ..actions import DRAW_DISCARD, DRAW_STOCK, REENGANCHE, Discard, Draw
from ..chinchon import chinchon_rules, is_chinchon
from ..game import ChinchonGame, RemigioGame
from ..melds import MeldRules
from ..remigio import MULTIPLIERS, close_kind, remigio_rules
from ..state import RummyState
from .reading import RummyReading


def rules_for(view: SeatView) -> MeldRules:
    """The meld rules of the game the view belongs to."""
    if view.game_name == "remigio":
        return remigio_rules()
    options = view.options
    return chinchon_rules(options.deck, options.figures_ten)  # type: ignore[attr-defined]


class EasyBot:
    """Plays the obvious move: no memory, no look-ahead."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        """Takes the reenganche whenever it is offered (a player back in can still win; one out cannot), and
        leaves every other move to :meth:`play`."""
        legal = view.legal_actions()
        if REENGANCHE in legal:
            return REENGANCHE
        return self.play(view, legal, rules_for(view), view.hand())

    def play(self, view: SeatView, legal: list[Action], rules: MeldRules, hand: list[Card]) -> Action:
        """A draw or a discard: ``legal`` as the view gives them, the game's ``rules`` and the seat's ``hand``."""
        if legal[0].__class__ is Draw:
            if DRAW_DISCARD in legal and DRAW_STOCK in legal:
                up = Card.parse(view.observation().table["upcard"])
                if up not in rules.arrange(hand + [up]).loose:
                    return DRAW_DISCARD
            return legal[0]
        closes = [a for a in legal if isinstance(a, Discard) and a.close]
        if closes:
            return _fewest_points_close(rules, hand, closes)
        loose = rules.arrange(hand).loose
        if loose:
            card = max(loose, key=lambda c: (rules.points([c]), self.rng.random()))
            return next(a for a in legal if isinstance(a, Discard) and a.card == card)
        return min(legal, key=lambda a: _without_points(rules, hand, a.card))  # type: ignore[attr-defined]


class MediumBot(EasyBot):
    """Looks one draw ahead over the cards it has not seen, remembers the discards, closes when it pays.

    It is ``easy`` made deeper, as in every game, so it extends :class:`EasyBot`; it decides every draw and
    discard itself (its own ``play``), so nothing of ``easy``'s play is inherited but the seeded generator and
    taking the reenganche.

    A hand is worth the fewest loose points it can keep after the next draw and discard, averaged over the
    cards still unseen (not in its hand, not on the discard pile, not taken from it by another player), with a
    bonus when that hand could close. Discards pick the best expected worth; ties keep the cards that can
    still meld and throw the higher card. Taking an upcard that does not meld at once tells the others what
    it collects for too little, so only an upcard that melds is compared with a blind draw.
    """

    CANDIDATES = 4
    """Discards examined in depth: the best few by loose points now."""
    rollout_samples = 3
    """Sampled states the core's ``hard`` bot plays out per decision over this bot: a round played out by it
    costs tens of milliseconds, and its shortlist leaves few moves to compare (see :mod:`cartas.core.bots.rollout`)."""

    CLOSE_BONUS = 15
    """How much a hand that could close is worth over its loose points."""

    # Set below, once the functions they name are defined: what the core's ``hard`` bot reads from its base bot.
    shortlist: ClassVar[Callable[[SeatView], list[Action]]]
    plausible: ClassVar[Callable[[State, SeatView], bool]]
    bidding: ClassVar[RummyReading | None]

    DEFENCE = {"chinchon": 2.0, "remigio": 0.0}
    """What it costs to throw a card that fits one another player took from the discard pile, per game. Remigio
    pays nothing: with two decks and sets of any suits most cards fit something taken, so the guard mostly
    gives up the bot's own melds, and a remigio ``medium`` without it beats one with it."""

    def play(self, view: SeatView, legal: list[Action], rules: MeldRules, hand: list[Card]) -> Action:
        observation = view.observation()
        table = observation.table
        unseen = self._unseen(view, hand, observation.events, table["discard_pile"])
        if legal[0].__class__ is Draw:
            if DRAW_DISCARD in legal and DRAW_STOCK in legal:
                if self.takes_upcard(view, rules, hand, Card.parse(table["upcard"]), unseen):
                    return DRAW_DISCARD
            return legal[0]
        closes = [a for a in legal if isinstance(a, Discard) and a.close]
        if closes:
            return self._close(view, rules, hand, closes)
        discards = self.candidates(rules, hand, [a for a in legal if isinstance(a, Discard) and not a.close])
        worth = [self._expected(view, rules, _without(hand, a.card), unseen) for a in discards]
        feed = self.feed_costs(view, rules, [a.card for a in discards], observation.events, worth)
        # The key is (expected worth, -hopeful, -points, a random tie-break); the tie-breaks after the first are
        # worked out only for the discards tied on it (the random draw still made for each, in order, so the
        # bot's choices and its generator stay what they were).
        first = [w + feed[a.card] for w, a in zip(worth, discards)]
        rolls = [self.rng.random() for _ in discards]
        low = min(first)
        return discards[min(
            (at for at in range(len(discards)) if first[at] == low),
            key=lambda at: (-_hopeful(rules, _without(hand, discards[at].card), unseen),
                            -rules.points([discards[at].card]), rolls[at]),
        )]

    def takes_upcard(self, view: SeatView, rules: MeldRules, hand: list[Card], up: Card,
                     unseen: Counter[Card]) -> bool:
        """Whether to take the upcard ``up`` rather than draw blind: only one that melds at once (one that does
        not tells the others what it collects for too little), and only when the hand with it is worth no less
        than a blind draw is expected to leave."""
        melds = up not in rules.arrange(hand + [up]).loose
        return melds and self._worth(view, rules, hand + [up]) <= self._expected(view, rules, hand, unseen)

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        """What throwing each of ``cards`` costs for what it may give the others: :attr:`DEFENCE` for a card
        that fits one another player took from the discard pile. ``worth`` is each card's expected worth before
        the cost, in the same order, for an override that weighs a card's cost against it; ``None`` when not known."""
        wanted = _taken_by_others(view.seat, events)
        defence = self.DEFENCE[view.game_name]
        return {card: defence * _feeds(rules, card, wanted) for card in cards}

    @classmethod
    def candidates(cls, rules: MeldRules, hand: list[Card], discards: list[Discard]) -> list[Discard]:
        """The :data:`CANDIDATES` discards weighed in depth: those leaving the fewest loose points now."""
        order = _discard_order(rules, hand)
        return sorted(discards, key=lambda a: order(a.card))[: cls.CANDIDATES]

    def _worth(self, view: SeatView, rules: MeldRules, cards: list[Card]) -> float:
        """The fewest loose points left after discarding one of ``cards``, less a bonus if it could close."""
        return self._with_bonus(view, rules.deadwood_after_discard(cards))

    def _with_bonus(self, view: SeatView, best: int) -> float:
        """``best`` loose points, less :data:`CLOSE_BONUS` when a hand left with them could close."""
        if view.game_name == "remigio":
            return best - self.CLOSE_BONUS if best == 0 else best
        return best - self.CLOSE_BONUS if best <= view.options.max_cut else best  # type: ignore[attr-defined]

    def _expected(self, view: SeatView, rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> float:
        """The average :meth:`_worth` of ``hand`` plus one card drawn from the unseen ones."""
        total = sum(unseen.values())
        if not total:
            return rules.deadwood(hand)
        outcomes = rules.deadwood_after_draws(hand, unseen)
        return sum(n * self._with_bonus(view, best) for n, best in zip(unseen.values(), outcomes)) / total

    @staticmethod
    def _unseen(view: SeatView, hand: list[Card], events: list[EventView], pile: list[str]) -> Counter[Card]:
        """Cards that may still come from the stock: the game's cards less those this seat has seen go."""
        unseen = Counter(_full_deck(view))
        unseen -= Counter(hand)
        unseen -= Counter(Card.parse(c) for c in pile)
        for event in events:
            if event.kind == "draw" and event.detail.startswith("discard "):
                unseen[Card.parse(event.detail.split()[1])] -= 1
        return +unseen

    @staticmethod
    def _close(view: SeatView, rules: MeldRules, hand: list[Card], closes: list[Discard]) -> Action:
        """Closing always pays here: in remigio take the best multiplier, in chinchón the fewest points."""
        if view.game_name == "remigio":
            return max(closes, key=lambda a: MULTIPLIERS[close_kind(rules, _without(hand, a.card)) or "closed"])
        for action in closes:
            if is_chinchon(rules, _without(hand, action.card)):
                return action
        return _fewest_points_close(rules, hand, closes)


_DECKS: dict[tuple[str, int, int], Counter[Card]] = {}


def _full_deck(view: SeatView) -> Counter[Card]:
    """The game's cards for the view's options (their deck size and players), built once: the bots ask on every
    move, and building the cards was a tenth of a chinchón play-out. Callers copy it before changing it."""
    options = view.options
    key = (view.game_name, getattr(options, "deck", 0), options.players)
    deck = _DECKS.get(key)
    if deck is None:
        game = RemigioGame() if view.game_name == "remigio" else ChinchonGame()
        deck = _DECKS[key] = Counter(game.deck(options))
    return deck


def _taken_by_others(seat: int, events: list[EventView]) -> list[Card]:
    """The cards other players took from the discard pile this round: what they are collecting."""
    taken = []
    for event in events:
        if event.kind == "draw" and event.seat != seat and event.detail.startswith("discard "):
            taken.append(Card.parse(event.detail.split()[1]))
    return taken


def _feeds(rules: MeldRules, card: Card, wanted: list[Card]) -> int:
    """Whether ``card`` is of a rank, or close in a suit, to a card another player went for."""
    if card.is_joker:
        return 1
    at = rules.ranks.index(card.rank)
    for other in wanted:
        if other.is_joker:
            continue
        if other.rank == card.rank or (other.suit == card.suit and abs(rules.ranks.index(other.rank) - at) <= 2):
            return 1
    return 0


def _hopeful(rules: MeldRules, hand: list[Card], unseen: Counter[Card]) -> int:
    """How many loose cards of ``hand`` can still meld (a partner in hand and a third card still unseen)."""
    return sum(1 for c in rules.arrange(hand).loose if _can_meld(rules, c, hand, unseen))


def _can_meld(rules: MeldRules, card: Card, hand: list[Card], unseen: Counter[Card]) -> bool:
    """Whether ``card`` has a partner in ``hand`` and a third card that may still be drawn."""
    if card.is_joker:
        return True
    ranks = rules.ranks
    at = ranks.index(card.rank)
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            thirds = [Card(card.rank, s) for s in "OCEB" if s not in (card.suit, other.suit)]
        elif other.suit == card.suit and other.rank != card.rank and abs(ranks.index(other.rank) - at) <= 2:
            low, high = sorted((at, ranks.index(other.rank)))
            spots = [low - 1, high + 1] if high - low == 1 else [low + 1]
            thirds = [Card(ranks[p], card.suit) for p in spots if 0 <= p < len(ranks)]
        else:
            continue
        if any(unseen[t] > 0 for t in thirds):
            return True
    return False


def _without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _without_points(rules: MeldRules, hand: list[Card], card: Card) -> int:
    return rules.deadwood(_without(hand, card))


def _discard_order(rules: MeldRules, hand: list[Card]) -> Callable[[Card], tuple[int, int]]:
    """Sorts the cards of ``hand`` best to throw first: fewest loose points left, then the dearer card."""
    return lambda card: (_without_points(rules, hand, card), -rules.points([card]))


def _fewest_points_close(rules: MeldRules, hand: list[Card], closes: list[Discard]) -> Discard:
    """The close that leaves the fewest loose points."""
    return min(closes, key=lambda a: _without_points(rules, hand, a.card))


def shortlist(view: SeatView) -> list[Action]:
    """The moves worth the core ``hard`` bot's play-outs: both draws, and of the discards the best close and the
    :data:`MediumBot.CANDIDATES` that leave the fewest loose points (the ones ``medium`` itself weighs)."""
    legal = view.legal_actions()
    if legal[0].__class__ is not Discard:
        return legal
    rules = rules_for(view)
    hand = view.hand()
    closes = [a for a in legal if isinstance(a, Discard) and a.close]
    discards = [a for a in legal if isinstance(a, Discard) and not a.close]
    chosen: list[Action] = [_fewest_points_close(rules, hand, closes)] if closes else []
    chosen.extend(MediumBot.candidates(rules, hand, discards))
    return chosen


def plausible(world: State, view: SeatView) -> bool:
    """Whether each other player's last discard is one :class:`MediumBot` would have weighed with the hand the
    sampled ``world`` gives him: among the discards that leave the fewest loose points.

    Without it a sampled hand is random, so it often melds the very card its holder just threw away.
    """
    assert isinstance(world, RummyState)
    rules = rules_for(view)
    last: dict[int, Card] = {}
    for event in world.events:
        if event.kind == "discard":
            last[event.seat] = Card.parse(event.detail)
        elif event.kind == "draw":
            last.pop(event.seat, None)  # he has drawn since: that hand is gone
    for seat, card in last.items():
        if seat != view.seat and not weighed_discard(rules, [*world.hands[seat], card], card):
            return False
    return True


def weighed_discard(rules: MeldRules, before: list[Card], card: Card) -> bool:
    """Whether throwing ``card`` from the hand ``before`` is among the discards :class:`MediumBot` weighs."""
    return card in sorted(dict.fromkeys(before), key=_discard_order(rules, before))[: MediumBot.CANDIDATES]


MediumBot.shortlist = staticmethod(shortlist)
MediumBot.plausible = staticmethod(plausible)
MediumBot.bidding = RummyReading(weighed_discard)
"""What the others' draws and discards say about their hands (:mod:`.reading`), for the ``hard`` bot's samples;
it applies :func:`plausible`'s check to each one's last discard, since a bidding model takes a rule's place."""


class RemigioMediumBot(MediumBot):
    """:class:`MediumBot` for remigio, telling the core's ``hard`` bot to play its move without a search.

    A remigio round played out by ``medium`` takes about 150 ms on an idle machine, so three sampled states of
    four candidates cost seconds a decision, and the headroom measurement found no move clearly better than
    ``medium``'s in 12 decisions.
    """

    rollout_samples = 0
