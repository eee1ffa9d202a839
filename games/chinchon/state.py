"""The round both rummy games share: the deal, the upcard, drawing, discarding and the reshuffled stock.

:class:`RummyState` runs a round up to the moment someone closes (or the playout bound ends it); how a
close is allowed and scored, and when the match ends, belong to :class:`~cartas.games.chinchon.chinchon.ChinchonState`
and :class:`~cartas.games.chinchon.remigio.RemigioState`.

A turn has two decisions: draw (from the stock or the discard pile), then discard a card face up, or close
by laying it face down. Seats that are out of the match (eliminated in chinchón) are skipped and dealt
nothing. The discard pile is public, and so is a card taken from it while it stays in the taker's hand;
the stock, the rest of the other hands and a closer's face-down card are not.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from cartas.core import (
    CARD_TEXT, Action, Card, GameOptions, Observation, Position, PositionError, Result, State, Table, format_cards,
    redistribute, shuffle, shuffled, stack_deck,
)

from .actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, Discard, Draw
from .i18n import _
from .melds import Arrangement, MeldRules

if TYPE_CHECKING:
    from .game import RummyGame

DRAW, DISCARD_PHASE = 0, 1
"""The two halves of a turn."""

_STOCK_ONLY: list[Action] = [DRAW_STOCK]
_DISCARD_ONLY: list[Action] = [DRAW_DISCARD]
_BOTH: list[Action] = [DRAW_STOCK, DRAW_DISCARD]


class RummyState(State):
    """One match of a rummy game: the current round's cards and turn, and each seat's running total."""

    __slots__ = (
        "rules", "hand_size", "hands", "known", "stock", "pile", "facedown", "phase", "turn",
        "turn_limit", "totals", "active", "revealed", "winners",
    )

    rules: MeldRules
    hand_size: int
    hands: list[list[Card]]
    known: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    facedown: list[Card]
    phase: int
    turn: int
    turn_limit: int
    totals: list[int]
    active: list[bool]
    revealed: bool
    winners: tuple[int, ...]

    def __init__(self, game: RummyGame, options: GameOptions, seed: int, position: Position | None,
                 rules: MeldRules, hand_size: int) -> None:
        n = options.players
        self._init_base(game, options, Table(n), seed, position)
        self.rules = rules
        self.hand_size = hand_size
        self.totals = [0] * n
        self.active = [True] * n
        self.revealed = False
        self.winners = ()
        self.facedown = []
        if position is not None:
            if position.scores is not None:
                if len(position.scores) != n:
                    raise PositionError(_("the position gives {scores} scores for {players} players",
                                          scores=len(position.scores), players=n))
                self.totals = list(position.scores)
            if position.dealer is not None:
                self.dealer = position.dealer
        self._deal(position)

    # --- dealing -------------------------------------------------------------------------------------

    def _deal(self, position: Position | None = None) -> None:
        """Shuffle every card and deal a new round to the seats still in, from the dealer's right."""
        n = self.table.n_seats
        full = self.game.deck(self.options)
        if position is not None and position.hands is not None:
            hands = position.hand_cards() or []
            if any(len(hand) != self.hand_size for hand in hands):
                raise PositionError(_("each hand must have {size} cards, got {counts}",
                                      size=self.hand_size, counts=[len(h) for h in hands]))
            deck = stack_deck(full, hands, self.dealer, position.then_cards(), self.rng)
        elif position is not None and (position.up is not None or position.stock):
            raise PositionError(_("a stacked upcard or stock needs the hands stacked too"))
        else:
            deck = shuffled(full, self.rng)
        order = [s for s in self.table.order_from((self.dealer + 1) % n) if self.active[s]]
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        for _round in range(self.hand_size):
            for seat in order:
                self.hands[seat].append(deck.pop())
        self.pile = [deck.pop()]
        self.stock = deck
        self.facedown = []
        self.revealed = False
        self.phase = DRAW
        self.turn = 0
        self.turn_limit = self.options.max_turns * len(order)  # type: ignore[attr-defined]
        self.to_act = (order[0],)
        self.start_hand_events()
        self.emit("deal", self.dealer, f"upcard {self.pile[-1]}")

    def _next_active(self, seat: int) -> int:
        n = self.table.n_seats
        active = self.active
        seat = (seat + 1) % n
        while not active[seat]:
            seat = (seat + 1) % n
        return seat

    def n_active(self) -> int:
        return sum(self.active)

    # --- play ----------------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == DRAW:
            if not self.stock:
                return _DISCARD_ONLY
            return _BOTH if self.pile else _STOCK_ONLY
        hand = self.hands[seat]
        # dict.fromkeys: a hand may hold two comodines, or two copies of a card with two decks.
        moves: list[Action] = [DISCARD[c] for c in dict.fromkeys(hand)]
        if self.turn >= self.n_active():
            moves.extend(self._closes(hand))
        return moves

    def _apply(self, seat: int, action: Action) -> None:
        if action.__class__ is Draw:
            if action is DRAW_STOCK:
                self.hands[seat].append(self.stock.pop())
                self.emit("draw", seat, "stock")
            else:
                card = self.pile.pop()
                self.hands[seat].append(card)
                self.known[seat].append(card)
                self.emit("draw", seat, f"discard {card}")
            self.phase = DISCARD_PHASE
            return
        assert isinstance(action, Discard)
        card = action.card
        self.hands[seat].remove(card)
        if self.known[seat] and card in self.known[seat]:
            self.known[seat].remove(card)
        if action.close:
            self.facedown = [card]
            self.emit("close", seat)
            self._close(seat, card)
            return
        self.pile.append(card)
        self.emit("discard", seat, CARD_TEXT[card])
        self.turn += 1
        if not self.stock:
            self._reshuffle()
        if self.turn >= self.turn_limit:
            self.emit("turn_limit", -1, str(self.turn))
            self._end_at_limit()
            return
        self.phase = DRAW
        self.to_act = (self._next_active(seat),)

    def _reshuffle(self) -> None:
        """The stock ran out: every discard but the top one is shuffled into a new stock."""
        if len(self.pile) < 2:
            return
        top = self.pile.pop()
        self.stock = self.pile
        shuffle(self.stock, self.rng)
        self.pile = [top]
        # The earlier discards of this round are in the stock now: they leave the seats' view.
        self.start_hand_events()
        self.emit("reshuffle", -1, str(len(self.stock)))

    def _show(self, seat: int, arrangement: Arrangement, points: int) -> None:
        """Announce how ``seat``'s hand was laid down and what it scores."""
        parts = [format_cards(meld) for meld in arrangement.melds]
        parts += [f"+{target + 1}: {format_cards(cards)}" for target, cards in arrangement.layoffs]
        if arrangement.loose:
            parts.append(f"loose {format_cards(arrangement.loose)}")
        self.emit("arrange", seat, f"{' | '.join(parts) or '-'} = {points}")

    def _finish_round(self) -> None:
        """Count the round; deal the next one unless the match is over (then the hands stay shown)."""
        self.hands_played += 1
        if self.is_over:
            self.revealed = True
            self.to_act = ()
            self.emit("winner", self.winners[0] if len(self.winners) == 1 else -1,
                      " ".join(str(s) for s in self.winners))
            return
        self.dealer = self._next_active(self.dealer)
        if not self.at_horizon():
            self._deal()

    @abstractmethod
    def _closes(self, hand: list[Card]) -> list[Action]:
        """The ``close`` actions open to a player holding ``hand`` (after drawing)."""

    @abstractmethod
    def _close(self, seat: int, card: Card) -> None:
        """``seat`` closed laying ``card`` face down: score the round and go on."""

    @abstractmethod
    def _end_at_limit(self) -> None:
        """The round reached the playout bound on turns: score everyone as they stand and go on."""

    # --- what seats see ------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        table = self._table_view()
        if self.phase == DISCARD_PHASE and seat in self.to_act and self.hands[seat]:
            table["drawn"] = str(self.hands[seat][-1])  # the seat's own card: a drawn card joins the hand last
        return self.make_observation(
            seat,
            hand=self.hands[seat],
            mano=self._next_active(self.dealer) if not self.is_over else None,
            table=table,
        )

    def public_observation(self) -> Observation:
        return self.make_public_observation(
            mano=self._next_active(self.dealer) if not self.is_over else None, table=self._table_view()
        )

    def _table_view(self) -> dict[str, Any]:
        return {
            "phase": "draw" if self.phase == DRAW else "discard",
            "upcard": str(self.pile[-1]) if self.pile else None,
            "discard_pile": [str(c) for c in self.pile],
            "stock": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "turn": self.turn,
            "close_from_turn": self.n_active(),
            "turn_limit": self.turn_limit,
            "active": list(self.active),
            "limit": self.options.points,  # type: ignore[attr-defined]
        }

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        if self.revealed:
            return list(self.stock)
        hidden = [c for s in range(self.table.n_seats) if s != seat for c in self._unknown(s)]
        return hidden + self.stock + self.facedown

    def _unknown(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand the others cannot name (those taken from the discard pile they can)."""
        hand = list(self.hands[seat])
        for card in self.known[seat]:
            hand.remove(card)
        return hand

    def all_cards(self) -> list[Card]:
        return [c for hand in self.hands for c in hand] + self.stock + self.pile + self.facedown

    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def result(self) -> Result:
        return Result(self.winners, tuple(self.totals))

    # --- copies --------------------------------------------------------------------------------------

    def clone(self) -> RummyState:
        cls = type(self)
        new = cls.__new__(cls)  # not object.__new__: the compiled build's State refuses it
        new._copy_base(self)
        new._copy_rummy(self)
        return new

    def _copy_rummy(self, other: RummyState) -> None:
        """Copy the rummy fields; the lists a move changes are copied, the rest shared."""
        self.rules, self.hand_size = other.rules, other.hand_size
        self.hands = [hand.copy() for hand in other.hands]
        self.known = [cards.copy() for cards in other.known]
        self.stock, self.pile, self.facedown = other.stock.copy(), other.pile.copy(), other.facedown.copy()
        self.phase, self.turn, self.turn_limit = other.phase, other.turn, other.turn_limit
        self.totals, self.active = other.totals.copy(), other.active.copy()
        self.revealed, self.winners = other.revealed, other.winners

    def sample(self, seat: int, rng: random.Random) -> RummyState:
        new = self.clone()
        if not new.revealed:
            places = [new._unknown(s) for s in range(self.table.n_seats) if s != seat]
            redistribute(places + [new.stock], rng)
            at = 0
            for s in range(self.table.n_seats):
                if s != seat:
                    # Cards known to be in a hand stay where they are, the rest are dealt anew.
                    new.hands[s] = places[at] + new.known[s]
                    at += 1
        else:
            # The hands are shown (a reenganche decision, or the end), but the stock is still face down.
            new.stock.sort()  # the draw must not depend on the real order
            shuffle(new.stock, rng)
        return new
