"""The rules of julepe de tres cartas (three-card loo) as one play-through: chips, antes, the deal, declaring,
the viuda, obligo, the tricks and their payouts, falling (*caer*) and the pot carried from deal to deal.

Chips are never made or lost: every chip is in a bankroll or in the pot, and every payment moves chips
between the two. A deal goes through phases, each with its own seat to act:

``MODE`` (the dealer picks apuesta normal or ciega, when the options let him) -> the deal -> ``OBLIGO`` (only
when a figure is turned in a normal deal) -> ``DISCARD`` (after obliging) -> ``DECLARE`` (juego/paso from the
dealer's right, dealer last) -> ``VIUDA`` (only when a single player went in) -> ``PLAY`` (three tricks).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cartas.core import (
    CARD_TEXT, Action, Card, Observation, Result, State, Table, deal_order, format_cards, redistribute, shuffled,
    spanish_deck, stack_deck, trick_winner_follow_suit,
)

from .actions import (
    CIEGA,
    DEJO,
    DESTAPO,
    DISCARDS,
    JUEGO,
    NO_OBLIGO,
    NORMAL,
    OBLIGO,
    PASO,
    PLAYS,
    TOMO,
    CardAction,
)

if TYPE_CHECKING:
    from cartas.core import Game
    from cartas.core import Position
    from .game import TresilloOptions

STRENGTH: dict[int, int] = {1: 10, 3: 9, 12: 8, 11: 7, 10: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}
"""Strength of a rank inside its suit: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2 in every suit."""

FIGURES = (10, 11, 12)
"""Sota, caballo and rey: the turned cards a dealer may oblige with."""

FULL_DECK: tuple[Card, ...] = tuple(spanish_deck(40))
HAND_SIZE = 3

MODE, OBLIGO_PHASE, DISCARD_PHASE, DECLARE, VIUDA, PLAY, OVER = range(7)
PHASE_NAMES = ("mode", "obligo", "discard", "declare", "viuda", "play", "over")

_MODE_ACTIONS: list[Action] = [NORMAL, CIEGA]
_OBLIGO_ACTIONS: list[Action] = [OBLIGO, NO_OBLIGO]
_DECLARE_ACTIONS: list[Action] = [JUEGO, PASO]
_VIUDA_ACTIONS: list[Action] = [TOMO, DEJO]
_BLIND_ACTIONS: list[Action] = [DESTAPO]


class TresilloState(State):
    """A julepe match: bankrolls, the pot and the deal in progress."""

    __slots__ = (
        "rules", "n", "chips", "pot", "active", "deals_done", "ante_due", "stack", "phase", "ciega",
        "order", "hands", "seen", "discards", "viuda", "stock", "up", "trump", "up_taken", "played",
        "declared", "declare_at", "obliged", "lone", "offer", "offer_at", "taker", "pozo", "players",
        "trick", "trick_no", "leader", "best_trump", "best_strength", "tricks_won", "play_pot", "fallen",
    )

    rules: TresilloOptions
    n: int
    chips: list[int]
    pot: int
    active: list[bool]
    deals_done: int
    ante_due: bool
    stack: tuple[list[list[Card]], list[Card]] | None
    phase: int
    ciega: bool
    order: tuple[int, ...]
    hands: list[list[Card]]
    seen: list[bool]
    discards: list[list[Card]]
    viuda: list[Card]
    stock: list[Card]
    up: Card | None
    trump: str
    up_taken: bool
    played: list[Card]
    declared: list[str]
    declare_at: int
    obliged: bool
    lone: int
    offer: tuple[int, ...]
    offer_at: int
    taker: int
    pozo: bool
    players: tuple[int, ...]
    trick: list[tuple[int, Card]]
    trick_no: int
    leader: int
    best_trump: bool
    best_strength: int
    tricks_won: list[int]
    play_pot: int
    fallen: tuple[int, ...]
    """The players who fell in the last deal played out (kept after the next deal starts, for the screen)."""

    def __init__(self, game: Game | None, options: TresilloOptions | None = None, seed: int = 0,
                 position: Position | None = None) -> None:
        """A match of ``game``; with no game, the empty shell :meth:`clone` fills in (a class compiled by mypyc
        always runs its ``__init__``, so ``__new__`` alone makes no blank copy there: docs/compiled.md)."""
        if game is None or options is None:
            return
        n = options.players
        self._init_base(game, options, Table(n), seed, position)
        self.rules = options
        self.n = n
        self.chips = list(position.scores) if position is not None and position.scores is not None else [options.chips] * n
        self.pot = 0
        self.active = [True] * n
        self.deals_done = 0
        self.ante_due = True
        self.fallen = ()
        hands = position.hand_cards() if position is not None else None
        self.stack = (hands, position.then_cards()) if hands is not None and position is not None else None
        self._clear_deal()
        if position is not None and position.dealer is not None:
            self.dealer = position.dealer
        else:
            self.dealer = self._find_first_dealer()
        self._start_deal()

    def _clear_deal(self) -> None:
        """Empty table: every card back in the (unshuffled) stock until the next deal."""
        n = self.n
        self.phase = MODE
        self.ciega = False
        self.order = ()
        self.hands = [[] for _ in range(n)]
        self.seen = [True] * n
        self.discards = [[] for _ in range(n)]
        self.viuda = []
        self.stock = list(FULL_DECK)
        self.up = None
        self.trump = ""
        self.up_taken = False
        self.played = []
        self.declared = [""] * n
        self.declare_at = 0
        self.obliged = False
        self.lone = -1
        self.offer = ()
        self.offer_at = 0
        self.taker = -1
        self.pozo = False
        self.players = ()
        self.trick = []
        self.trick_no = 0
        self.leader = -1
        self.best_trump = False
        self.best_strength = 0
        self.tricks_won = [0] * n
        self.play_pot = 0

    def _find_first_dealer(self) -> int:
        """Deal face up, one card a seat from seat 0, until an oro comes: that seat deals first."""
        for i, card in enumerate(shuffled(FULL_DECK, self.rng)):
            seat = i % self.n
            self.emit("draw", seat, CARD_TEXT[card])
            if card.suit == "O":
                self.emit("first_dealer", seat)
                return seat
        raise AssertionError("a Spanish deck always holds oros")

    # --- the deal ------------------------------------------------------------------------------------

    def _start_deal(self) -> None:
        """Drop players who cannot cover the stake, collect antes if due, then ask for the mode or deal."""
        options = self.rules
        self._clear_deal()
        self.start_hand_events()
        stake = options.stake
        if not options.rebuy:
            for seat in range(self.n):
                if self.active[seat] and self.chips[seat] < stake:
                    self.active[seat] = False
                    self.emit("out", seat, str(self.chips[seat]))
        if sum(self.active) < 2:
            self._end_match()
            return
        while not self.active[self.dealer]:
            self.dealer = (self.dealer + 1) % self.n
        if self.ante_due:
            for seat in range(self.n):
                if self.active[seat]:
                    self.chips[seat] -= stake
                    self.pot += stake
            self.emit("antes", -1, str(stake))
        self.ante_due = False
        self.emit("pot", -1, str(self.pot))
        if options.ciega == "choice":
            self.to_act = (self.dealer,)
        else:
            self._deal(options.ciega == "always")

    def _deal(self, ciega: bool) -> None:
        """Shuffle (or stack), give three cards a player from the dealer's right, turn the trump, lay the viuda."""
        n, dealer = self.n, self.dealer
        active = self.active
        self.order = tuple([s for s in deal_order(n, dealer) if active[s]])
        self.ciega = ciega
        if self.stack is not None:
            hands, then = self.stack
            self.stack = None
            deck = stack_deck(FULL_DECK, hands, dealer, then, self.rng)
        else:
            deck = shuffled(FULL_DECK, self.rng)
        pop = deck.pop
        hands_now = self.hands
        for _ in range(HAND_SIZE):
            for seat in self.order:
                hands_now[seat].append(pop())
        up = pop()
        self.up, self.trump = up, up.suit
        self.viuda = [pop(), pop(), pop()]
        self.stock = deck
        self.emit("deal", dealer, "ciega" if ciega else "normal")
        self.emit("trump", dealer, CARD_TEXT[up])
        if ciega:
            for seat in self.order:
                self.seen[seat] = False
            self._start_play(self.order)
        elif up.rank in FIGURES:
            self.phase = OBLIGO_PHASE
            self.seen[dealer] = False
            self.to_act = (dealer,)
        else:
            self._start_declaring()

    def _start_declaring(self) -> None:
        self.phase = DECLARE
        self.declare_at = 0
        self._next_declarer()

    def _next_declarer(self) -> None:
        """The next seat yet to say juego or paso; when none is left, settle who plays."""
        order = self.order
        while self.declare_at < len(order) and self.declared[order[self.declare_at]]:
            self.declare_at += 1
        if self.declare_at < len(order):
            self.to_act = (order[self.declare_at],)
            return
        in_play = tuple(s for s in order if self.declared[s] == JUEGO)
        if not in_play:
            self._redeal()
        elif len(in_play) == 1:
            self.lone = in_play[0]
            self.offer = tuple(s for s in order if s != self.lone)
            self.offer_at = 0
            self.phase = VIUDA
            self.to_act = (self.offer[0],)
        else:
            self._start_play(in_play)

    def _redeal(self) -> None:
        """Nobody played: the same dealer deals again; the pot stays and nobody antes."""
        self.emit("redeal", self.dealer, str(self.pot))
        self._finish_deal(same_dealer=True)

    def _start_play(self, players: tuple[int, ...]) -> None:
        """The pot now in the middle is what each trick pays a third of, and what a fallen player pays."""
        self.phase = PLAY
        self.players = players
        self.play_pot = self.pot
        self.trick_no = 0
        self._start_trick(players[0])

    def _start_trick(self, leader: int) -> None:
        self.trick = []
        self.leader = leader
        self.best_trump = False
        self.best_strength = 0
        self.to_act = (leader,)

    # --- legal actions -------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            if self.ciega:
                return _BLIND_ACTIONS
            return self._legal_plays(seat)
        if phase == DECLARE:
            return _DECLARE_ACTIONS
        if phase == VIUDA:
            return _VIUDA_ACTIONS
        if phase == MODE:
            return _MODE_ACTIONS
        if phase == OBLIGO_PHASE:
            return _OBLIGO_ACTIONS
        if phase == DISCARD_PHASE:
            return [DISCARDS[c] for c in self.hands[seat] if c != self.up]
        return []

    def _legal_plays(self, seat: int) -> list[Action]:
        """The cards the obligations allow, so a renuncio cannot happen.

        Lead anything (the ace of trumps first, if the first leader holds it). Otherwise follow suit, beating
        the best card of the led suit while no trump has cut; if void, trump (beating a trump already played
        when possible, any card when not); with neither, any card.
        """
        hand = self.hands[seat]
        trick = self.trick
        trump = self.trump
        if not trick:
            if self.trick_no == 0:
                for card in hand:
                    if card.rank == 1 and card.suit == trump:
                        return [PLAYS[card]]
            return [PLAYS[c] for c in hand]
        led = trick[0][1].suit
        best = self.best_strength
        follow = [c for c in hand if c.suit == led]
        if follow:
            if self.best_trump and led != trump:
                return [PLAYS[c] for c in follow]
            better: list[Action] = [PLAYS[c] for c in follow if STRENGTH[c.rank] > best]
            return better or [PLAYS[c] for c in follow]
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            if not self.best_trump:
                return [PLAYS[c] for c in trumps]
            overtrumps: list[Action] = [PLAYS[c] for c in trumps if STRENGTH[c.rank] > best]
            if overtrumps:
                return overtrumps
        return [PLAYS[c] for c in hand]

    # --- applying actions ----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == PLAY:
            if self.ciega:
                self._play(seat, self.hands[seat][0])
            else:
                assert isinstance(action, CardAction)
                self._play(seat, action.card)
        elif phase == DECLARE:
            word = JUEGO if action == JUEGO else PASO
            self.declared[seat] = word
            self.emit(word, seat)
            self.declare_at += 1
            self._next_declarer()
        elif phase == VIUDA:
            self._answer_viuda(seat, action == TOMO)
        elif phase == MODE:
            self.emit("mode", seat, "ciega" if action == CIEGA else "normal")
            self._deal(action == CIEGA)
        elif phase == OBLIGO_PHASE:
            self.seen[seat] = True
            if action == OBLIGO:
                assert self.up is not None
                self.obliged = self.up_taken = True
                self.hands[seat].append(self.up)
                self.declared[seat] = JUEGO
                self.emit("obligo", seat, str(self.up))
                self.phase = DISCARD_PHASE
            else:
                self.emit("no_obligo", seat)
                self._start_declaring()
        elif phase == DISCARD_PHASE:
            assert isinstance(action, CardAction)
            self.hands[seat].remove(action.card)
            self.discards[seat].append(action.card)
            self.emit("discard", seat, CARD_TEXT[action.card], (seat,))
            self.emit("discard", seat, "face down", tuple(s for s in range(self.n) if s != seat))
            self._start_declaring()

    def _answer_viuda(self, seat: int, takes: bool) -> None:
        """The first to take the viuda plays it against the lone player; if nobody does, the dealer defends."""
        if takes:
            self.emit("tomo_viuda", seat)
            self.taker = seat
            self.discards[seat].extend(self.hands[seat])
            self.hands[seat] = self.viuda
            self.viuda = []
            self.declared[seat] = JUEGO
            self._start_play(tuple(s for s in self.order if s in (seat, self.lone)))
            return
        self.emit("dejo_viuda", seat)
        self.offer_at += 1
        if self.offer_at < len(self.offer):
            self.to_act = (self.offer[self.offer_at],)
            return
        dealer = self.dealer
        if self.lone == dealer:
            won = self.pot
            self.chips[dealer] += won
            self.pot = 0
            self.emit("uncontested", dealer, str(won))
            self.ante_due = True
            self._finish_deal(same_dealer=False)
            return
        self.pozo = True
        self.emit("por_el_pozo", dealer)
        self._start_play(tuple(s for s in self.order if s in (dealer, self.lone)))

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.played.append(card)
        trick = self.trick
        trick.append((seat, card))
        self.emit("play", seat, CARD_TEXT[card])
        is_trump = card.suit == self.trump
        strength = STRENGTH[card.rank]
        if len(trick) == 1:
            self.best_trump, self.best_strength = is_trump, strength
        elif is_trump:
            if not self.best_trump or strength > self.best_strength:
                self.best_trump, self.best_strength = True, strength
        elif not self.best_trump and card.suit == trick[0][1].suit and strength > self.best_strength:
            self.best_strength = strength
        players = self.players
        if len(trick) < len(players):
            self.to_act = (players[(players.index(seat) + 1) % len(players)],)
            return
        winner = trick_winner_follow_suit(trick, self.trump, STRENGTH)
        self.tricks_won[winner] += 1
        share = self.play_pot // 3
        if self.pozo and winner == self.dealer:
            self.emit("trick", winner, "0")
        else:
            self.chips[winner] += share
            self.pot -= share
            self.emit("trick", winner, str(share))
        self.trick_no += 1
        if self.trick_no < HAND_SIZE:
            self._start_trick(winner)
        else:
            self._settle()

    def _settle(self) -> None:
        """After three tricks: every player who fell pays the pot as it stood into the next one."""
        rebuy = self.rules.rebuy
        fallen = []
        for seat in self.players:
            if self.pozo and seat == self.dealer:
                continue
            won = self.tricks_won[seat]
            if won == 0 or (self.obliged and seat == self.dealer and won < 2):
                fallen.append(seat)
                owed = self.play_pot if rebuy else min(self.play_pot, max(self.chips[seat], 0))
                self.chips[seat] -= owed
                self.pot += owed
                self.emit("cae", seat, str(owed))
        self.fallen = tuple(fallen)
        self.ante_due = not fallen
        self._finish_deal(same_dealer=False)

    def _finish_deal(self, same_dealer: bool) -> None:
        """Count the deal; end the match at the deal limit, else pass the deal (unless redealing) and go on."""
        if self.phase != PLAY:
            self.fallen = ()
        self.deals_done += 1
        self.hands_played += 1
        if self.deals_done >= self.rules.deals:
            self._end_match()
            return
        if not same_dealer:
            self.dealer = (self.dealer + 1) % self.n
        self._start_deal()

    def _end_match(self) -> None:
        self.phase = OVER
        self.is_over = True
        self.to_act = ()
        self.emit("over", -1, " ".join(str(c) for c in self.chips))

    # --- what each seat may know ---------------------------------------------------------------------

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds *and can see*: none in a blind deal, none for a dealer still deciding obligo."""
        return list(self.hands[seat]) if self.seen[seat] else []

    def cards_held(self, seat: int) -> list[Card]:
        """Every card ``seat`` holds, seen or not (for tests and the rules, never for an observation)."""
        return list(self.hands[seat])

    def _known_to_all(self, seat: int, card: Card) -> bool:
        """The turned figure a dealer obliged with is public wherever it sits in his hand."""
        return self.up_taken and seat == self.dealer and card == self.up

    def hidden_from(self, seat: int) -> list[Card]:
        hidden: list[Card] = []
        for other in range(self.n):
            if other == seat:
                if not self.seen[seat]:
                    hidden.extend(self.hands[seat])
                continue
            hidden.extend(c for c in self.hands[other] if not self._known_to_all(other, c))
            hidden.extend(self.discards[other])
        hidden.extend(self.viuda)
        hidden.extend(self.stock)
        return hidden

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for seat in range(self.n):
            cards.extend(self.hands[seat])
            cards.extend(self.discards[seat])
        cards.extend(self.viuda)
        cards.extend(self.stock)
        cards.extend(self.played)
        if self.up is not None and not self.up_taken:
            cards.append(self.up)
        return cards

    def scores(self) -> tuple[int, ...]:
        """Chips per seat (the pot belongs to nobody until it is won)."""
        return tuple(self.chips)

    def result(self) -> Result:
        best = max(self.chips)
        return Result(tuple(s for s in range(self.n) if self.chips[s] == best), tuple(self.chips))

    def mano(self) -> int | None:
        """The first player on the dealer's right, who is dealt first."""
        return self.order[0] if self.order else None

    def table_info(self) -> dict[str, Any]:
        """The public state of the deal, the same for every seat."""
        n = self.n
        return {
            "phase": PHASE_NAMES[self.phase],
            "mode": ("ciega" if self.ciega else "normal") if self.order else None,
            "deal": self.deals_done + 1,
            "deals": self.rules.deals,
            "stake": self.rules.stake,
            "pot": self.pot,
            "trick_pays": self.play_pot // 3 if self.phase == PLAY else self.pot // 3,
            "trump": self.trump or None,
            "up": str(self.up) if self.up is not None else None,
            "up_taken": self.up_taken,
            "active": [s for s in range(n) if self.active[s]],
            "declared": {str(s): self.declared[s] for s in range(n) if self.declared[s]},
            "obliged": self.obliged,
            "lone": self.lone if self.lone >= 0 else None,
            "viuda_taker": self.taker if self.taker >= 0 else None,
            "por_el_pozo": self.pozo,
            "players": list(self.players),
            "trick": [f"{s}:{c}" for s, c in self.trick],
            "leader": self.leader if self.phase == PLAY else None,
            "tricks_won": list(self.tricks_won),
            "cards_in_hand": [len(h) for h in self.hands],
            "played": format_cards(self.played),
            "fell_last_deal": list(self.fallen),
        }

    def observation(self, seat: int) -> Observation:
        return self.make_observation(
            seat,
            hand=self.hand_of(seat),
            mano=self.mano(),
            table={**self.table_info(), "my_discards": format_cards(self.discards[seat])},
        )

    def public_observation(self) -> Observation:
        return self.make_public_observation(table=self.table_info(), mano=self.mano())

    # --- copies --------------------------------------------------------------------------------------

    def clone(self) -> TresilloState:
        other = TresilloState(None)
        other._copy_base(self)
        # Shared with the original: numbers, tuples, and lists replaced whole, never changed in place. Written
        # out rather than by a function generated for them, so that compiled (docs/compiled.md) they are native copies.
        other.rules, other.n, other.pot = self.rules, self.n, self.pot
        other.deals_done, other.ante_due, other.stack = self.deals_done, self.ante_due, self.stack
        other.phase, other.ciega, other.order = self.phase, self.ciega, self.order
        other.up, other.trump, other.up_taken = self.up, self.trump, self.up_taken
        other.declare_at, other.obliged, other.lone = self.declare_at, self.obliged, self.lone
        other.offer, other.offer_at, other.taker = self.offer, self.offer_at, self.taker
        other.pozo, other.players, other.trick_no = self.pozo, self.players, self.trick_no
        other.leader, other.best_trump, other.best_strength = self.leader, self.best_trump, self.best_strength
        other.play_pot, other.fallen = self.play_pot, self.fallen
        other.chips = self.chips.copy()
        other.active = self.active.copy()
        other.hands = [h.copy() for h in self.hands]
        other.seen = self.seen.copy()
        other.discards = [d.copy() for d in self.discards]
        other.viuda = self.viuda.copy()
        other.stock = self.stock.copy()
        other.played = self.played.copy()
        other.declared = self.declared.copy()
        other.trick = self.trick.copy()
        other.tricks_won = self.tricks_won.copy()
        return other

    def sample(self, seat: int, rng: random.Random) -> TresilloState:
        """Redeal every card ``seat`` cannot know among the places that hold such cards, sizes kept.

        The match's generator is reseeded too, so a search bot cannot read the coming shuffles.
        """
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(64))
        places: list[list[Card]] = []
        dealer_unknown: list[Card] | None = None
        for s in range(self.n):
            if s == seat:
                if not other.seen[s]:
                    places.append(other.hands[s])
                continue
            if other.up_taken and s == other.dealer:
                dealer_unknown = [c for c in other.hands[s] if c != other.up]
                places.append(dealer_unknown)
            else:
                places.append(other.hands[s])
            places.append(other.discards[s])
        places.append(other.viuda)
        places.append(other.stock)
        redistribute(places, rng)
        if dealer_unknown is not None:
            fill = iter(dealer_unknown)
            other.hands[other.dealer] = [c if c == other.up else next(fill) for c in other.hands[other.dealer]]
        return other
