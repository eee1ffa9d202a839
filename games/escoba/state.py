"""The rules of the escoba de quince as one play-through: the deal, the plays, the count and the match.

A deal: three cards to each player from the dealer's right and four face up on the table (the dealer takes
them at once as an escoba if they make fifteen, two escobas if they make thirty). In turn from the mano each
player plays one card, taking a set of table cards that makes fifteen with it or leaving it on the table;
taking every card on the table is an escoba. When every hand is empty, three more each from the stock, until
the stock is spent. Then the last player to take cards takes what is left on the table (not an escoba), the
deal is counted (:mod:`.count`), and the deal passes to the right until a side reaches the target alone at
the top.

Forty cards are never made or lost: every card is in a hand, on the table, in the stock or in a side's pile.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cartas.core import (
    CARD_TEXT, SUITS, Action, Card, Observation, Result, State, Table, deal, redistribute, shuffled,
    spanish_deck, stack_deck,
)

from .actions import Play, play
from .captures import capture_sets, value
from .count import SIETE_DE_VELO, Point, count, primera, totals

if TYPE_CHECKING:
    from cartas.core import Game, Position

    from .game import EscobaOptions

FULL_DECK: tuple[Card, ...] = tuple(spanish_deck(40))
HAND_ORDER: dict[Card, tuple[int, int]] = {card: (SUITS.index(card.suit), card.rank) for card in FULL_DECK}
"""A card's place in a hand sorted by suit then rank, as the screen shows it, so the moves are listed alike."""
HAND_SIZE = 3
TABLE_SIZE = 4


class EscobaState(State):
    """An escoba match: each side's score and the deal in progress."""

    __slots__ = (
        "rules", "n", "sides", "points", "hands", "board", "stock", "piles", "escobas", "last_taker",
        "deals_done", "stack", "last_count", "winner",
    )

    rules: EscobaOptions
    n: int
    sides: int
    points: list[int]
    hands: list[list[Card]]
    board: list[Card]
    """The cards face up on the table, in the order they were laid."""
    stock: list[Card]
    piles: list[list[Card]]
    """Each side's captured cards this deal."""
    escobas: list[list[Card]]
    """Per seat, one card for each escoba it made this deal, kept face up in its pile."""
    last_taker: int
    deals_done: int
    stack: tuple[list[list[Card]], list[Card]] | None
    last_count: tuple[Point, ...]
    """The lines of the last deal counted, kept for the screen until the next count."""
    winner: int

    def __init__(self, game: Game | None, options: EscobaOptions | None = None, seed: int = 0,
                 position: Position | None = None) -> None:
        """A match of ``game``; with no game, the empty shell :meth:`clone` fills in."""
        if game is None or options is None:
            return
        n = options.players
        table = Table.partnership(n) if n == 4 else Table(n)
        self._init_base(game, options, table, seed, position)
        self.rules = options
        self.n = n
        self.sides = table.n_teams
        self.points = list(position.scores) if position is not None and position.scores is not None else [0] * self.sides
        self.deals_done = 0
        self.last_count = ()
        self.winner = -1
        hands = position.hand_cards() if position is not None else None
        self.stack = (hands, position.then_cards()) if hands is not None and position is not None else None
        if position is not None and position.dealer is not None:
            self.dealer = position.dealer
        else:
            self.dealer = self.rng.randrange(n)
        self._start_deal()

    # --- the deal ------------------------------------------------------------------------------------

    def _start_deal(self) -> None:
        """Shuffle (or stack), three cards each from the dealer's right, four face up; the dealer's escoba."""
        n, dealer = self.n, self.dealer
        self.start_hand_events()
        if self.stack is not None:
            hands, then = self.stack
            self.stack = None
            deck = stack_deck(FULL_DECK, hands, dealer, then, self.rng)
        else:
            deck = shuffled(FULL_DECK, self.rng)
        self.hands = deal(deck, n, dealer, HAND_SIZE)
        self.board = [deck.pop() for _ in range(TABLE_SIZE)]
        self.stock = deck
        self.piles = [[] for _ in range(self.sides)]
        self.escobas = [[] for _ in range(n)]
        self.last_taker = -1
        self.emit("deal", dealer)
        self.emit("table", -1, " ".join(CARD_TEXT[card] for card in self.board))
        total = sum(value(card) for card in self.board)
        if total in (15, 30):
            # Four cards making thirty need not split into two fifteens: the house rule counts them as two.
            made = total // 15
            self.piles[self.table.team_of(dealer)].extend(self.board)
            self.escobas[dealer].extend(self.board[:made])
            self.emit("dealer_escoba", dealer, str(made))
            self.board = []
            self.last_taker = dealer
        self.to_act = ((dealer + 1) % n,)

    # --- legal actions -------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        """Each card of the hand, in the order a player holds them (by suit, then rank), with each set it can
        take, then the card alone (left on the table). With ``must_capture``, a player who can take cards with
        any card must."""
        board = self.board
        hand = sorted(self.hands[seat], key=HAND_ORDER.__getitem__)
        takes: list[Play] = []
        lays: list[Action] = []
        for card in hand:
            for taken in capture_sets(card, board):
                takes.append(play(card, taken))
            lays.append(Play(card))
        if self.rules.must_capture and takes:
            return list(takes)
        if not takes:
            return lays
        # Grouped by card, so a person reads each card's choices together.
        grouped: list[Action] = []
        for card in hand:
            grouped.extend(action for action in takes if action.card == card)
            grouped.append(Play(card))
        return grouped

    # --- applying actions ----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        card = action.card
        self.hands[seat].remove(card)
        if action.taken:
            board = self.board
            for taken in action.taken:
                board.remove(taken)
            pile = self.piles[self.table.team_of(seat)]
            pile.append(card)
            pile.extend(action.taken)
            self.last_taker = seat
            self.emit("capture", seat, str(action))
            if not board:
                self.escobas[seat].append(card)
                self.emit("escoba", seat, CARD_TEXT[card])
        else:
            self.board.append(card)
            self.emit("lay", seat, CARD_TEXT[card])
        n = self.n
        following = (seat + 1) % n
        if self.hands[following]:
            self.to_act = (following,)
        elif self.stock:
            self.hands = deal(self.stock, n, self.dealer, HAND_SIZE)
            self.emit("more", self.dealer, str(len(self.stock)))
            self.to_act = ((self.dealer + 1) % n,)
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        """The last taker takes the table; count; end the match or pass the deal."""
        if self.board and self.last_taker >= 0:
            self.piles[self.table.team_of(self.last_taker)].extend(self.board)
            self.emit("last_take", self.last_taker, " ".join(CARD_TEXT[card] for card in self.board))
            self.board = []
        options = self.rules
        made = [0] * self.sides
        for seat in range(self.n):
            made[self.table.team_of(seat)] += len(self.escobas[seat])
        lines = count(self.piles, made, options.sietes, options.all_sietes, options.all_oros)
        self.last_count = tuple(lines)
        for side, pile in enumerate(self.piles):
            oros = sum(1 for card in pile if card.suit == "O")
            sietes = sum(1 for card in pile if card.rank == 7)
            said = f"{len(pile)} {oros} {sietes}"
            self.emit("tally", side, f"{said} {primera(pile)}" if options.sietes == "primera" else said)
        for line in lines:
            self.emit("point", line.side, f"{line.kind} {line.points}")
        gained = totals(lines, self.sides)
        for side in range(self.sides):
            self.points[side] += gained[side]
        self.emit("deal_points", -1, " ".join(map(str, gained)))
        self.hands_played += 1
        self.deals_done += 1
        self.to_act = ()
        if self._settle_match():
            return
        self.dealer = (self.dealer + 1) % self.n
        if not self.at_horizon():  # a search's copy stops at the deal's end: dealing again would be wasted
            self._start_deal()

    def _settle_match(self) -> bool:
        """A side at or past the target with more points than every other wins; a tie at the top plays on."""
        points = self.points
        top = max(points)
        if top < self.rules.points:
            return False
        if points.count(top) > 1:
            self.emit("tie", -1, str(top))
            return False
        self.winner = points.index(top)
        self.is_over = True
        self.emit("over", self.winner, " ".join(map(str, points)))
        return True

    # --- what each seat may know ---------------------------------------------------------------------

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        hidden: list[Card] = []
        for other in range(self.n):
            if other != seat:
                hidden.extend(self.hands[other])
        hidden.extend(self.stock)
        return hidden

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.piles:
            cards.extend(pile)
        cards.extend(self.board)
        cards.extend(self.stock)
        return cards

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def result(self) -> Result:
        winners = self.table.members(self.winner) if self.winner >= 0 else ()
        return Result(winners, tuple(self.points))

    def mano(self) -> int:
        """The player on the dealer's right, who plays first."""
        return (self.dealer + 1) % self.n

    def table_info(self) -> dict[str, Any]:
        """The public state of the deal, the same for every seat: every capture was made face up, so what
        each side holds is known to anyone who watched."""
        piles = self.piles
        return {
            "board": [CARD_TEXT[card] for card in self.board],
            "stock": len(self.stock),
            "cards_in_hand": [len(hand) for hand in self.hands],
            "piles": [len(pile) for pile in piles],
            "taken": [[CARD_TEXT[card] for card in pile] for pile in piles],
            "oros": [sum(1 for card in pile if card.suit == "O") for pile in piles],
            "sietes": [sum(1 for card in pile if card.rank == 7) for pile in piles],
            "primera": [primera(pile) for pile in piles],
            "velo": next((side for side, pile in enumerate(piles) if SIETE_DE_VELO in pile), None),
            "escobas": [[CARD_TEXT[card] for card in marks] for marks in self.escobas],
            "last_taker": self.last_taker if self.last_taker >= 0 else None,
            "deal": self.deals_done + 1,
            "target": self.rules.points,
            "sietes_rule": self.rules.sietes,
            "last_count": [[line.kind, line.side, line.points] for line in self.last_count],
        }

    def observation(self, seat: int) -> Observation:
        return self.make_observation(seat, hand=self.hands[seat], mano=self.mano(), table=self.table_info())

    def public_observation(self) -> Observation:
        return self.make_public_observation(table=self.table_info(), mano=self.mano())

    # --- copies --------------------------------------------------------------------------------------

    def clone(self) -> EscobaState:
        other = EscobaState(None)
        other._copy_base(self)
        other.rules, other.n, other.sides = self.rules, self.n, self.sides
        other.last_taker, other.deals_done, other.stack = self.last_taker, self.deals_done, self.stack
        other.last_count, other.winner = self.last_count, self.winner
        other.points = self.points.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other.board = self.board.copy()
        other.stock = self.stock.copy()
        other.piles = [pile.copy() for pile in self.piles]
        other.escobas = [marks.copy() for marks in self.escobas]
        return other

    def sample(self, seat: int, rng: random.Random) -> EscobaState:
        """Redeal the others' hands and the stock among themselves, sizes kept; a fresh generator, so a search
        cannot read the coming shuffles."""
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(64))
        places = [other.hands[s] for s in range(self.n) if s != seat]
        places.append(other.stock)
        redistribute(places, rng)
        return other
