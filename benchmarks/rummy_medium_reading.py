"""Reading a chinchón rival as the ``medium`` he is: his last discard replayed exactly, worlds weighed, not rejected.

The games' reading (:mod:`cartas.games.chinchon.bots.reading`) asks of a rival's last discard only that it be among
the four ``medium`` weighs, and the core's posterior keeps a world by rejection with a few tries. Here the weight
of a sampled world replays ``medium``'s discard with the rival's hand in that world: the cards he could have
thrown, each worth ``medium``'s expected loose points after the next draw (and its guard against feeding what
this seat took); the world is likely when the card he threw is the one ``medium`` would throw (and when he
could not have closed instead, since ``medium`` always closes). Worlds are drawn plainly and weighed
(importance sampling), so a sharp likelihood costs no rejections.

``auc`` measures how well the weighed worlds tell a feed (a card that melds at once with the rival's real hand)
from a safe card, against the games' reading, at the discards of ``medium`` self-play (as
``benchmarks/rummy_reading.py`` does); ``rummy_hard_screen.py`` plays :class:`MediumReadingBot` against ``medium``.

    nice -n 10 python benchmarks/rummy_medium_reading.py auc --rounds 12 --worlds 40
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rummy_reading import auc, medium_discards  # noqa: E402  (the AUC and the self-play loop it shares)

from cartas.core import Card, EventView
from cartas.core.bots import SeatView
from cartas.core.bots.inference import Posterior
from cartas.core.bots.inference.posterior import bidding_weight
from cartas.games.chinchon.actions import DISCARD, Discard
from cartas.games.chinchon.bots.levels import MediumBot, _feeds, _full_deck, _without, weighed_discard
from cartas.games.chinchon.melds import MeldRules
from cartas.games.chinchon.bots.reading import RummyReading, melds_with
from cartas.games.chinchon.bots.reading_bot import next_player
from cartas.games.chinchon.state import RummyState

MISS = 0.05
"""A world's weight when the rival's last discard is not the one ``medium`` would have made there (not 0: the
rival may not be ``medium``, and this seat's guess of what he had seen is not exact)."""

_OLDER = bidding_weight(RummyReading(weighed_discard))


def last_discard_weight(world: RummyState, seat: int) -> float:
    """How likely the rival after ``seat`` was to make his last discard with his hand in ``world``, if he plays as
    ``medium``: 1 when it is ``medium``'s choice, :data:`MISS` when not or when he could have closed instead."""
    rival = next_player(world, seat)
    events = world.events
    at = None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.seat == rival and event.kind == "draw":
            return 1.0  # he has drawn since: not the hand he threw from
        if event.seat == rival and event.kind == "discard":
            at = i
            break
    if at is None:
        return 1.0
    card = Card.parse(events[at].detail)
    rules = world.rules
    eight = [*world.hands[rival], card]
    limit: int = world.options.max_cut  # type: ignore[attr-defined]
    turn = sum(1 for e in events[:at] if e.kind == "discard")
    if turn >= sum(world.active) and rules.deadwood_after_discard(eight) <= limit:
        return MISS  # he could have closed, and medium always closes
    taken = [Card.parse(e.detail.split()[1]) for e in events[:at]
             if e.kind == "draw" and e.seat != rival and e.detail.startswith("discard ")]
    pile = list(world.pile)
    if card in pile:
        pile.remove(card)
    unseen = Counter(_full_deck_of(world))
    unseen -= Counter(eight)
    unseen -= Counter(pile)
    unseen -= Counter(taken)
    unseen = +unseen
    options = MediumBot.candidates(rules, eight, [DISCARD[c] for c in dict.fromkeys(eight)])
    if all(a.card != card for a in options):
        return MISS
    worth = {a.card: _expected(rules, _without(eight, a.card), unseen, limit) + 2.0 * _feeds(rules, a.card, taken)
             for a in options}
    return 1.0 if worth[card] <= min(worth.values()) + 1e-9 else MISS


def _full_deck_of(world: RummyState) -> Counter[Card]:
    class _View:  # what _full_deck reads of a view
        game_name = "chinchon"
        options = world.options
    return _full_deck(_View())  # type: ignore[arg-type]


def _expected(rules: MeldRules, hand: list[Card], unseen: Counter[Card], limit: int) -> float:
    """``medium``'s measure of a hand (chinchón): loose points after the next draw, 15 less when it could close."""
    total = sum(unseen.values())
    if not total:
        return rules.deadwood(hand)
    outcomes = rules.deadwood_after_draws(hand, unseen)
    return sum(n * (best - MediumBot.CLOSE_BONUS if best <= limit else best)
               for n, best in zip(unseen.values(), outcomes)) / total


def weighed_worlds(view: SeatView, rng: random.Random, worlds: int, exact: bool = True) -> list[tuple[RummyState, float]]:
    """``worlds`` plain samples, each with its weight: the games' reading of every rival decision, times the
    replay of the last discard when ``exact``."""
    out = []
    for _ in range(worlds):
        world = view.sample(rng)
        assert isinstance(world, RummyState)
        weight = _OLDER(world, view)
        if weight > 0 and exact:
            weight *= last_discard_weight(world, view.seat)
        out.append((world, weight))
    return out


def weighed_shares(view: SeatView, cards: list[Card], weighed: list[tuple[RummyState, float]],
                   hits: Callable[[Card, list[Card]], bool]) -> dict[Card, float]:
    """The weighted share of worlds where ``hits(card, next player's hand)`` holds, for each card (plain shares
    when no world has weight)."""
    total = sum(w for _, w in weighed)
    if total <= 0:
        weighed = [(world, 1.0) for world, _ in weighed]
        total = float(len(weighed))
    shares = dict.fromkeys(cards, 0.0)
    for world, w in weighed:
        if w <= 0:
            continue
        hand = list(world.hands[next_player(world, view.seat)])
        for card in cards:
            if hits(card, hand):
                shares[card] += w
    return {card: s / total for card, s in shares.items()}


def feed_shares(view: SeatView, rules: MeldRules, cards: list[Card], weighed: list[tuple[RummyState, float]]) -> dict[Card, float]:
    """The weighted share of worlds where each card melds at once with the next player's hand."""
    return weighed_shares(view, cards, weighed, lambda card, hand: melds_with(rules, card, hand))


class MediumReadingBot(MediumBot):
    """``medium`` charged :attr:`FEED_COST` times the weighted share of worlds (:func:`weighed_worlds`) where a
    discard melds with the next player's hand, for the discards within :attr:`FEED_COST` of the best."""

    FEED_COST = 8.0
    WORLDS = 40
    EXACT = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.sampling = random.Random(seed ^ 0x5EED)

    def feed_costs(self, view: SeatView, rules: MeldRules, cards: list[Card], events: list[EventView],
                   worth: list[float] | None = None) -> dict[Card, float]:
        costs = super().feed_costs(view, rules, cards, events, worth)
        if worth is None:
            return costs
        best = min(w + costs[c] for c, w in zip(cards, worth))
        contending = [c for c, w in zip(cards, worth) if w + costs[c] <= best + self.FEED_COST]
        if len(contending) < 2:
            return costs
        shares = self.shares(view, rules, contending, weighed_worlds(view, self.sampling, self.WORLDS, self.EXACT))
        for card in contending:
            costs[card] += self.FEED_COST * shares[card]
        return costs

    def shares(self, view: SeatView, rules: MeldRules, cards: list[Card],
               weighed: list[tuple[RummyState, float]]) -> dict[Card, float]:
        """What each contending discard is charged for, as a share of the worlds: here a meld with his hand."""
        return feed_shares(view, rules, cards, weighed)


def close_shares(view: SeatView, rules: MeldRules, cards: list[Card], weighed: list[tuple[RummyState, float]]) -> dict[Card, float]:
    """The weighted share of worlds where each card would let the next player close at once: it melds with his
    hand (so ``medium`` takes it) and, with it, his hand can throw a card and keep at most ``max_cut`` loose."""
    limit: int = view.options.max_cut  # type: ignore[attr-defined]
    return weighed_shares(view, cards, weighed, lambda card, hand: melds_with(rules, card, hand)
                          and rules.deadwood_after_discard([*hand, card]) <= limit)


class CloseReadingBot(MediumReadingBot):
    """``medium`` charged :attr:`FEED_COST` times the weighted share of worlds where a discard would let the next
    player close at once (:func:`close_shares`): the feeds a ``medium`` that saw the rival's hand avoids to win
    two matches in three (``rummy_hard_screen.py``'s ``oracle_close``)."""

    FEED_COST = 20.0

    def shares(self, view: SeatView, rules: MeldRules, cards: list[Card],
               weighed: list[tuple[RummyState, float]]) -> dict[Card, float]:
        return close_shares(view, rules, cards, weighed)


class ReadingOnlyBot(MediumReadingBot):
    """:class:`MediumReadingBot` with the games' reading alone (no replay of the last discard)."""

    EXACT = False


def measure(rounds: int, worlds: int, seed: int, close: bool = False) -> None:
    scored: dict[str, list[tuple[float, bool]]] = {"prior": [], "reading (rejection)": [], "reading": [], "exact": []}
    rejection = Posterior(bidding_weight(RummyReading(weighed_discard)), tries=30)
    for state, view, legal, rng in medium_discards("chinchon", rounds, seed):
        rules = state.rules
        hand = view.hand()
        options = [a.card for a in MediumBot.candidates(rules, hand, [a for a in legal if isinstance(a, Discard) and not a.close])]
        rival = list(state.hands[1])
        limit = state.options.max_cut  # type: ignore[attr-defined]
        if close:
            truth = {c: melds_with(rules, c, rival) and rules.deadwood_after_discard([*rival, c]) <= limit
                     for c in options}
        else:
            truth = {c: melds_with(rules, c, rival) for c in options}
        shares_of = close_shares if close else feed_shares
        weighed = weighed_worlds(view, rng, worlds, exact=True)
        plain = [(w, 1.0) for w, _ in weighed]
        reading = [(w, 1.0 if x > 0 else 0.0) for (w, x) in ((w, _OLDER(w, view)) for w, _ in weighed)]
        rejected = [(rejection.sample(view, rng), 1.0) for _ in range(worlds)]
        for name, group in (("prior", plain), ("reading", reading), ("exact", weighed),
                            ("reading (rejection)", rejected)):
            shares = shares_of(view, rules, options, group)  # type: ignore[arg-type]
            scored[name] += [(shares[c], truth[c]) for c in options]
    n = len(scored["prior"])
    what = "feeds that let the rival close" if close else "feeds"
    print(f"chinchón: {n} discards weighed by medium, {sum(t for _, t in scored['prior'])} of them {what}")
    for name, pairs in scored.items():
        print(f"  {name:20} AUC {auc(pairs):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("auc", help="how well each reading tells a feed from a safe card")
    a.add_argument("--rounds", type=int, default=12)
    a.add_argument("--worlds", type=int, default=40)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--close", action="store_true", help="only the feeds that would let the rival close at once")
    args = parser.parse_args()
    measure(args.rounds, args.worlds, args.seed, args.close)


if __name__ == "__main__":
    main()
