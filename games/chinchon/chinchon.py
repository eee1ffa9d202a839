"""Chinchón: cortar, the −10 for closing with everything melded, lay-offs, penalty points and elimination.

Points are penalties: lower is better. A player whose total goes over the limit (or reaches it, with
``eliminate_at_limit``) is out, unless he takes the reenganche (once, when offered). A chinchón (seven cards of one
suit in a row, no comodín) wins the match on the spot.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from cartas.core import Action, Card, GameOptions, Position, format_cards

from .actions import CLOSE, REENGANCHE, RETIRE, Reenganche
from .melds import MeldRules, distinct_places
from .state import DRAW, RummyState

if TYPE_CHECKING:
    from .game import RummyGame

ALL_MELDED_BONUS = -10
"""What a closer scores with all seven cards melded."""

_ANSWERS: list[Action] = [REENGANCHE, RETIRE]


@cache
def chinchon_rules(deck: int, figures_ten: bool) -> MeldRules:
    """The meld rules for a deck size: with 40 cards the 7 and the sota are neighbours in a run."""
    ranks = [r for r in range(1, 13) if deck != 40 or r not in (8, 9)]
    values = {r: 10 if figures_ten and r >= 10 else r for r in ranks}
    return MeldRules(ranks, ace_high=False, one_joker=True, max_set=4, values=values)


def is_chinchon(rules: MeldRules, cards: list[Card]) -> bool:
    """Seven cards of one suit in a row with no comodín."""
    return len(cards) == 7 and not any(c.is_joker for c in cards) and rules.is_run(cards)


class ChinchonState(RummyState):
    """A chinchón match; ``totals`` are penalty points."""

    __slots__ = ("reentered", "pending", "reentry")

    reentered: list[bool]
    pending: list[int]
    reentry: int

    def __init__(self, game: RummyGame | None = None, options: GameOptions | None = None, seed: int = 0,
                 position: Position | None = None) -> None:
        """A match of ``game``; with no game, the empty shell :meth:`clone` fills in (compiled, ``cls.__new__``
        runs ``__init__`` with no arguments: docs/compiled.md)."""
        if game is None or options is None:
            return
        rules = chinchon_rules(options.deck, options.figures_ten)  # type: ignore[attr-defined]
        self.reentered = [False] * options.players
        self.pending = []
        self.reentry = 0
        super().__init__(game, options, seed, position, rules, 7)

    def _copy_rummy(self, other: RummyState) -> None:
        super()._copy_rummy(other)
        assert isinstance(other, ChinchonState)
        self.reentered = other.reentered.copy()
        self.pending = other.pending.copy()
        self.reentry = other.reentry

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.pending:
            return _ANSWERS
        return super()._legal_actions(seat)

    def _apply(self, seat: int, action: Action) -> None:
        if self.pending:
            self._answer(seat, action)
        else:
            super()._apply(seat, action)

    def _table_view(self) -> dict[str, Any]:
        view = super()._table_view()
        if self.pending:
            view["phase"] = "reenganche"
            view["reentry_score"] = self.reentry
        view["reentered"] = list(self.reentered)
        # The meld rules, so a screen can lay out a hand from the observation alone (see RummyGame.table_view).
        view["deck"] = self.options.deck  # type: ignore[attr-defined]
        view["figures_ten"] = self.options.figures_ten  # type: ignore[attr-defined]
        view["max_cut"] = self.options.max_cut  # type: ignore[attr-defined]
        return view

    def _closes(self, hand: list[Card]) -> list[Action]:
        """Cortar is open when, without the card laid face down, at most ``max_cut`` points stay loose.

        Two lower bounds keep the exact solver for the few discards that might pass: the points of the cards
        that cannot meld at all (:meth:`MeldRules.loose_cards`), and the best of all eight cards less the
        discarded card's value (a discard can lower the loose points by no more than its own value).
        """
        rules = self.rules
        limit: int = self.options.max_cut  # type: ignore[attr-defined]
        ids = rules.ids(hand)
        floor, dearest, _ = rules.loose_bound(ids)
        if floor - dearest > limit:
            return []
        loose = rules.loose_cards(ids)
        value = rules.value
        whole = rules.deadwood_ids(ids)
        closes: list[Action] = []
        for at, i in distinct_places(ids):
            if floor - (value[i] if loose[at] else 0) > limit or whole - value[i] > limit:
                continue
            if rules.deadwood_ids(ids[:at] + ids[at + 1:]) <= limit:
                closes.append(CLOSE[hand[at]])
        return closes

    def _close(self, seat: int, card: Card) -> None:
        rules = self.rules
        hand = self.hands[seat]
        if is_chinchon(rules, hand):
            self.emit("chinchon", seat, format_cards(hand))
            self.emit("reveal", seat, str(card))
            self.winners = (seat,)
            self.is_over = True
            self._finish_round()
            return
        mine = rules.arrange(hand)
        closer_points = ALL_MELDED_BONUS if mine.points == 0 else mine.points
        self._show(seat, mine, closer_points)
        targets = mine.melds if mine.points else ()
        points = [0] * self.table.n_seats
        points[seat] = closer_points
        for other in self.table.order_from(seat):
            if other != seat and self.active[other]:
                theirs = rules.arrange(self.hands[other], targets)
                points[other] = theirs.points
                self._show(other, theirs, theirs.points)
        self.emit("reveal", seat, str(card))
        self._score(points)

    def _end_at_limit(self) -> None:
        points = [0] * self.table.n_seats
        for seat in self.table.order_from(self.dealer):
            if self.active[seat]:
                mine = self.rules.arrange(self.hands[seat])
                points[seat] = mine.points
                self._show(seat, mine, mine.points)
        self._score(points)

    def cut_hand(self) -> bool:
        """A search's play-out cut short (:attr:`ChinchonGame.rollout_depth`): the round ends as if no one closed,
        each hand scored its loose points (its deadwood, as at the turn limit), at the start of a turn only.

        Random play seldom closes, so a play-out to the real end of a round was a few hundred moves of noise;
        the deadwood a few turns on says more about a discard, and costs one solve per hand.
        """
        if self.pending or self.phase != DRAW or not self.search_copy:
            return False
        rules = self.rules
        self._score([rules.deadwood(hand) if self.active[s] else 0 for s, hand in enumerate(self.hands)])
        return True

    def _score(self, points: list[int]) -> None:
        """Add the round's penalties, then eliminate, bring back (reenganche) or declare the winner."""
        options = self.options
        limit: int = options.points  # type: ignore[attr-defined]
        at_limit: bool = options.eliminate_at_limit  # type: ignore[attr-defined]
        for seat in range(self.table.n_seats):
            if self.active[seat]:
                self.totals[seat] += points[seat]
                self.emit("score", seat, f"{points[seat]:+d} = {self.totals[seat]}")

        def out(seat: int) -> bool:
            return self.totals[seat] >= limit if at_limit else self.totals[seat] > limit

        playing = [s for s in range(self.table.n_seats) if self.active[s]]
        busted = [s for s in playing if out(s)]
        still = [s for s in playing if not out(s)]
        if not still:
            low = min(self.totals[s] for s in busted)
            self.winners = tuple(s for s in busted if self.totals[s] == low)
            self.is_over = True
        else:
            for seat in busted:
                if options.reenganche and not self.reentered[seat] and len(still) >= 2:  # type: ignore[attr-defined]
                    self.pending.append(seat)
                else:
                    self.active[seat] = False
                    self.emit("eliminated", seat, str(self.totals[seat]))
            if self.pending:
                # The hands stay on the table, shown, while those put out decide.
                self.reentry = max(self.totals[s] for s in still)
                self.revealed = True
                self.to_act = (self.pending[0],)
                self.emit("may_reenganche", self.pending[0], str(self.reentry))
                return
            if sum(self.active) == 1:
                self.winners = (still[0],)
                self.is_over = True
        self._finish_round()

    def _answer(self, seat: int, action: Action) -> None:
        """A player put out comes back with the highest total still in, or leaves the match."""
        assert isinstance(action, Reenganche)
        self.pending.pop(0)
        if action.accept:
            self.reentered[seat] = True
            self.totals[seat] = self.reentry
            self.emit("reenganche", seat, str(self.reentry))
        else:
            self.active[seat] = False
            self.emit("eliminated", seat, str(self.totals[seat]))
        if self.pending:
            self.to_act = (self.pending[0],)
            self.emit("may_reenganche", self.pending[0], str(self.reentry))
            return
        self._finish_round()

