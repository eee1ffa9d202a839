"""Remigio: closing with ten cards melded, color or remigio, the multipliers, and the race to the target.

Points are gains: only the closer scores, the others' loose points times the multiplier of his close.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from cartas.core import Action, Card, GameOptions, Position, format_cards

from .actions import CLOSE
from .melds import JOKER_ID, MeldRules, distinct_places
from .state import DRAW, RummyState

if TYPE_CHECKING:
    from .game import RummyGame

MULTIPLIERS: dict[str, int] = {
    "closed": 1,
    "closed without comodines": 2,
    "color": 3,
    "color without comodines": 4,
    "straight flush": 5,
    "straight flush without comodines": 6,
    "remigio": 10,
}
"""What each kind of close multiplies the others' loose points by; a close counts as its best kind."""


@cache
def remigio_rules() -> MeldRules:
    """Ace low or high, comodines never outnumbering natural cards in a meld, figures worth 10."""
    ranks = range(1, 13)
    return MeldRules(ranks, ace_high=True, one_joker=False, max_set=None, values={r: min(r, 10) for r in ranks})


def close_kind(rules: MeldRules, cards: list[Card]) -> str | None:
    """The best kind of close the ten ``cards`` make (a key of :data:`MULTIPLIERS`), or ``None``."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if not naturals or jokers > len(naturals):
        return None
    plain = "" if jokers else " without comodines"
    if len({c.suit for c in naturals}) == 1:
        return ("straight flush" if rules.is_run(cards) else "color") + plain
    if not rules.all_melded_ids(rules.ids(cards)):
        return None
    if len({c.rank for c in naturals}) == 1:
        return "remigio"
    return "closed" + plain


class RemigioState(RummyState):
    """A remigio match; ``totals`` are points gained."""

    __slots__ = ()

    def __init__(self, game: RummyGame | None = None, options: GameOptions | None = None, seed: int = 0,
                 position: Position | None = None) -> None:
        """A match of ``game``; with no game, the empty shell :meth:`clone` fills in (see ChinchonState)."""
        if game is None or options is None:
            return
        super().__init__(game, options, seed, position, remigio_rules(), 10)

    def _closes(self, hand: list[Card]) -> list[Action]:
        """Closing is open when the ten cards kept are all melded, or form color.

        A kept card that :meth:`MeldRules.loose_cards` shows can never meld rules out a melded close at once;
        otherwise one search tells whether any discard leaves the rest melded, and only then is each discard
        tried. Color needs the natural cards in at most two suits before any discard.
        """
        rules = self.rules
        ids = rules.ids(hand)
        _, _, n_loose = rules.loose_bound(ids)
        suits = {i >> 4 for i in ids if i != JOKER_ID}
        if n_loose > 1 and len(suits) > 2:
            return []
        loose = rules.loose_cards(ids)
        meldable = n_loose <= 1 and rules.all_melded_ids(ids, spare=1)
        if not meldable and len(suits) > 2:
            return []
        closes: list[Action] = []
        for at, i in distinct_places(ids):
            if meldable and n_loose - loose[at] == 0 and rules.all_melded_ids(ids[:at] + ids[at + 1:]):
                closes.append(CLOSE[hand[at]])
            elif len(suits) <= 2 and close_kind(rules, hand[:at] + hand[at + 1:]) is not None:
                closes.append(CLOSE[hand[at]])
        return closes

    def _close(self, seat: int, card: Card) -> None:
        rules = self.rules
        hand = self.hands[seat]
        kind = close_kind(rules, hand) or "closed"
        multiplier = MULTIPLIERS[kind]
        shown = rules.arrange(hand)
        laid = " | ".join(format_cards(meld) for meld in shown.melds) if not shown.loose else format_cards(hand)
        self.emit("closed", seat, f"{kind} x{multiplier}: {laid}")
        total = 0
        for other in self.table.order_from(seat):
            if other != seat:
                theirs = rules.arrange(self.hands[other])
                total += theirs.points
                self._show(other, theirs, theirs.points)
        self.emit("reveal", seat, str(card))
        self._gain(seat, total * multiplier)

    def _end_at_limit(self) -> None:
        """Nobody closed in time: the lowest hand (first from the mano on a tie) gains the others' points."""
        rules = self.rules
        order = self.table.order_from(self._next_active(self.dealer))
        points = {}
        for seat in order:
            mine = rules.arrange(self.hands[seat])
            points[seat] = mine.points
            self._show(seat, mine, mine.points)
        best = min(order, key=lambda s: points[s])
        self._gain(best, sum(points.values()) - points[best])

    def cut_hand(self) -> bool:
        """A search's play-out cut short (:attr:`RemigioGame.rollout_depth`): the round ends as at the turn
        limit (the lowest hand gains the others' loose points), at the start of a turn only; the hands are
        counted, not laid out and shown, which would cost as much as the play-out.

        Random play almost never melds ten cards, so a play-out to the real end of a round ran to the turn limit,
        hundreds of moves: 30 simulations of the ``search`` level took a second a decision. Cut after a few
        turns, the same 300 cost about as much as chinchón's.
        """
        if self.phase != DRAW or not self.search_copy:
            return False
        rules = self.rules
        order = self.table.order_from(self._next_active(self.dealer))
        points = {seat: rules.deadwood(self.hands[seat]) for seat in order}
        best = min(order, key=lambda s: points[s])
        self._gain(best, sum(points.values()) - points[best])
        return True

    def _gain(self, seat: int, gain: int) -> None:
        self.totals[seat] += gain
        self.emit("score", seat, f"{gain:+d} = {self.totals[seat]}")
        if self.totals[seat] >= self.options.points:  # type: ignore[attr-defined]
            self.winners = (seat,)
            self.is_over = True
        self._finish_round()
