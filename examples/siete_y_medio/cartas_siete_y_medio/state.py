"""The rules of siete y medio as a cartas state: the deal, the punters' turns, the bank's turn and the pay-off.

Card values are kept in half points (7½ is 15) so every total is an exact integer.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cartas.core import (
    PUBLIC_SEAT, Action, Card, Observation, Position, PositionError, Result, State, Table, deal, redistribute, shuffled,
    spanish_deck, stack_deck,
)

from .actions import CARTA, PLANTO, Move

if TYPE_CHECKING:
    from .game import SieteYMedio, SieteYMedioOptions

DECK: tuple[Card, ...] = tuple(spanish_deck(40))
HALVES: dict[Card, int] = {card: 1 if card.rank >= 10 else 2 * card.rank for card in DECK}
"""Each card's value in half points: figures (10, 11, 12) are worth ½, the others their number."""
LIMIT = 15
"""Seven and a half, in half points: a total above it is a bust."""

PLAYING, STOOD, BUST = "juega", "plantado", "pasado"

BOTH: tuple[Move, ...] = (CARTA, PLANTO)
STAND_ONLY: tuple[Move, ...] = (PLANTO,)


def show_halves(halves: int) -> str:
    """A total as players say it: ``5``, ``7½``, ``½``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


class SieteYMedioState(State):
    """One match: ``hands`` played one after another, the bank passing to the right after each."""

    __slots__ = ("hands", "stock", "revealed", "status", "points", "turn")

    options: SieteYMedioOptions
    hands: list[list[Card]]
    stock: list[Card]
    revealed: list[bool]
    status: list[str]
    points: list[int]
    turn: int

    def __init__(self, game: SieteYMedio, options: SieteYMedioOptions, seed: int, position: Position | None) -> None:
        n = options.players
        self._init_base(game, options, Table(n), seed, position)
        if position is not None and position.up is not None:
            raise PositionError("siete y medio turns no card up: leave 'up' out of the position")
        if position is not None and position.scores is not None:
            if len(position.scores) != n:
                raise PositionError(f"the position gives {len(position.scores)} scores for {n} players")
            self.points = list(position.scores)
        else:
            self.points = [0] * n
        if position is not None and position.dealer is not None:
            self.dealer = position.dealer
        else:
            self.dealer = self.rng.randrange(n)
        self._deal(position)

    # --- dealing -------------------------------------------------------------------------------------

    def _deal(self, position: Position | None) -> None:
        """Deal one face-down card to each seat from the banker's right; stacked when ``position`` has hands."""
        n = self.table.n_seats
        if position is None or position.hands is None:
            if position is not None and position.stock:
                raise PositionError("a stacked stock needs the hands too: give one card for each seat")
            deck = shuffled(DECK, self.rng)
        else:
            hands = position.hand_cards() or []
            if any(len(hand) != 1 for hand in hands):
                raise PositionError("in siete y medio each seat is dealt exactly one card")
            deck = stack_deck(DECK, hands, self.dealer, position.then_cards(), self.rng)
        self.hands = deal(deck, n, self.dealer, 1)
        self.stock = deck
        self.revealed = [False] * n
        self.status = [PLAYING] * n
        self.start_hand_events()
        self.emit("reparte", self.dealer)
        self.turn = (self.dealer + 1) % n
        self.to_act = (self.turn,)

    # --- play ----------------------------------------------------------------------------------------

    def total(self, seat: int) -> int:
        """The seat's total in half points, its face-down card included."""
        return sum(HALVES[card] for card in self.hands[seat])

    def natural(self, seat: int) -> bool:
        """Seven and a half with two cards (a seven and a figure): it pays double when the option is on."""
        return len(self.hands[seat]) == 2 and self.total(seat) == LIMIT

    def _legal_actions(self, seat: int) -> list[Action]:
        # With the stock empty nobody can be given a card, so the only thing left to do is stand.
        return list(BOTH if self.stock else STAND_ONLY)

    def _apply(self, seat: int, action: Action) -> None:
        if action is CARTA:
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.emit("carta", seat, str(card))
            if self.total(seat) <= LIMIT:
                return
            self.status[seat] = BUST
            self.revealed[seat] = True
            self.emit("se pasa", seat, str(self.hands[seat][0]))
            if seat != self.dealer:
                # A punter who goes over pays the bank at once, whatever the bank does later.
                self._pay(seat, self.dealer, 1)
        else:
            self.status[seat] = STOOD
            self.emit("se planta", seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        n, banker = self.table.n_seats, self.dealer
        if seat == banker:
            self._settle()
            return
        following = (seat + 1) % n
        if following != banker:
            self.turn = following
            self.to_act = (following,)
            return
        if all(self.status[s] == BUST for s in range(n) if s != banker):
            # Every punter went over: the bank has already collected and need not play.
            self._end_hand()
            return
        self.revealed[banker] = True
        self.emit("descubre", banker, str(self.hands[banker][0]))
        self.turn = banker
        self.to_act = (banker,)

    def _settle(self) -> None:
        """The bank against each punter still in: the higher total wins, ties go to the bank."""
        self._show_all()
        banker = self.dealer
        bank_total = self.total(banker)
        bank_bust = self.status[banker] == BUST
        for punter in self.table.order_from((banker + 1) % self.table.n_seats)[:-1]:
            if self.status[punter] == BUST:
                continue
            if bank_bust or self.total(punter) > bank_total:
                self._pay(banker, punter, self._stake(punter))
            else:
                self._pay(punter, banker, self._stake(banker))
        self._end_hand()

    def _stake(self, winner: int) -> int:
        return 2 if self.options.natural_pays_double and self.natural(winner) else 1

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        self.points[payer] -= amount
        self.points[payee] += amount
        self.emit("paga", payer, f"{amount}>{payee}")

    def _show_all(self) -> None:
        """The showdown: every card still face down is turned up, before anyone is paid."""
        for seat in range(self.table.n_seats):
            if not self.revealed[seat]:
                self.revealed[seat] = True
                self.emit("descubre", seat, str(self.hands[seat][0]))

    def _end_hand(self) -> None:
        """Count the hand, then pass the bank or end the match."""
        self._show_all()
        self.hands_played += 1
        if self.hands_played >= self.options.hands:
            self.is_over = True
            self.to_act = ()
            self.turn = -1
            return
        self.dealer = self.table.next_dealer(self.dealer)
        self._deal(None)

    # --- what a seat knows ---------------------------------------------------------------------------

    def _visible(self, seat: int, viewer: int, index: int) -> bool:
        return index > 0 or self.revealed[seat] or seat == viewer

    def observation(self, seat: int) -> Observation:
        return self.make_observation(
            seat, hand=self.hands[seat], mano=(self.dealer + 1) % self.table.n_seats, table=self._table_for(seat)
        )

    def public_observation(self) -> Observation:
        # PUBLIC_SEAT is no seat, so _visible shows it only the cards turned up for everyone.
        return self.make_public_observation(
            mano=(self.dealer + 1) % self.table.n_seats, table=self._table_for(PUBLIC_SEAT)
        )

    def _table_for(self, seat: int) -> dict[str, Any]:
        """The table as ``seat`` sees it: its own face-down card, the others' only once turned up."""
        n = self.table.n_seats
        cards = [
            [str(card) if self._visible(s, seat, i) else "??" for i, card in enumerate(self.hands[s])]
            for s in range(n)
        ]
        showing = [
            show_halves(sum(HALVES[card] for i, card in enumerate(self.hands[s]) if self._visible(s, seat, i)))
            for s in range(n)
        ]
        return {
            "banker": self.dealer,
            "cards": cards,
            "showing": showing,
            "status": list(self.status),
            "stock": len(self.stock),
            "hands": self.options.hands,
        }

    def hand_of(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def hidden_from(self, seat: int) -> list[Card]:
        face_down = [hand[0] for s, hand in enumerate(self.hands) if s != seat and not self.revealed[s]]
        return face_down + self.stock

    def all_cards(self) -> list[Card]:
        return [card for hand in self.hands for card in hand] + self.stock

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        best = max(self.points)
        return Result(tuple(s for s, p in enumerate(self.points) if p == best), tuple(self.points))

    # --- copies --------------------------------------------------------------------------------------

    def clone(self) -> SieteYMedioState:
        other = type(self).__new__(type(self))
        other._copy_base(self)
        other.hands = [hand.copy() for hand in self.hands]
        other.stock = self.stock.copy()
        other.revealed = self.revealed.copy()
        other.status = self.status.copy()
        other.points = self.points.copy()
        other.turn = self.turn
        return other

    def sample(self, seat: int, rng: random.Random) -> SieteYMedioState:
        other = self.clone()
        # A fresh generator: the real one would let a search bot foresee the next hands' shuffles.
        other.rng = random.Random(rng.getrandbits(64))
        hidden = [s for s in range(self.table.n_seats) if s != seat and not other.revealed[s]]
        face_down = [[other.hands[s][0]] for s in hidden]
        redistribute([*face_down, other.stock], rng)
        for s, place in zip(hidden, face_down):
            other.hands[s][0] = place[0]
        return other
