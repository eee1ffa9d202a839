"""The rules of mus as a state machine: the deal, the mus and its discards, the four lances with their envites,
the count, the game and the match.

Seats are numbered in playing order, so the mano is the dealer's right, ``(dealer + 1) % 4``; partners sit
opposite (seats 0 and 2 against 1 and 3). A hand goes through three phases: the *mus* (each seat from the mano
asks for mus or cuts it; when all four ask, each discards and draws, from the mano round), the *lances*
(grande, chica, pares, then juego or, when nobody has juego, punto), and the *count*, where the cards are shown
and each lance is paid in order, so the first side to reach the target during the count wins the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cartas.core import (
    CARD_TEXT, Action, Card, Game, Observation, Position, PositionError, Result, State, Word, deal, shuffle,
    shuffled, stack_deck,
)

from .actions import (
    CARDS, MUS, NO_MUS, NO_QUIERO, ORDAGO, PASO, QUIERO, SENAS, discard_word, discards_of,
)
from .betting import Envite
from .i18n import _
from .lances import (
    best_seat, chica_key, grande_key, has_juego, juego_key, juego_value, pares_of, pares_value, punto_key,
)
from .senas import shows, true_signs

HAND_SIZE = 4
GRANDE, CHICA, PARES, JUEGO, PUNTO = 0, 1, 2, 3, 4
LANCE_NAMES = ("grande", "chica", "pares", "juego", "punto")
MUS_PHASE, DISCARD_PHASE, LANCE_PHASE, DONE = 0, 1, 2, 3
PHASE_NAMES = ("mus", "descarte", "lances", "fin")

NOT_PLAYED, EN_PASO, QUERIDO, NO_QUERIDO, ONE_SIDE = "none", "paso", "querido", "no_quiero", "solo"
"""How a lance ended: not played (nobody had pares), all passed, a bet accepted, a bet refused, or only one side
had pares or juego (so nobody bet)."""

SAMPLE_TRIES = 200
"""Random hands :meth:`MusState.sample` tries for a seat before it settles for one that disagrees with what the
seat was told (a seña, a pares or juego declared)."""


class MusState(State):
    """One match of mus: the games and points of each side, the hand in play and its lances."""

    __slots__ = (
        "team_of", "members", "target", "reyes", "real", "senas_on", "caught", "games_needed", "games", "score",
        "winner", "hands", "stock", "discarded", "mano", "phase", "turn", "lance", "parts", "envite", "outcomes",
        "senas_used", "reveals", "shown", "declared", "thrown",
    )

    team_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    games: list[int]
    score: list[int]
    hands: list[tuple[Card, ...]]
    stock: list[Card]
    discarded: list[tuple[Card, ...]]
    """Each seat's discards since the stock was last refilled (face down: only their owner knows them)."""
    parts: tuple[int, ...]
    """The seats that speak in the lance being played, in order from the mano."""
    envite: Envite
    outcomes: list[tuple[int, str, int, int]]
    """Each lance played this hand: the lance, how it ended, the bet (if accepted), the bettor's team (if
    refused)."""
    senas_used: list[frozenset[str]]
    reveals: tuple[tuple[Any, ...], ...]
    """What the table was told about hands: ``("sign", seat, sign, partners or None)``, ``("pares", seat, yes)``,
    ``("juego", seat, yes)``; :meth:`sample` deals hidden hands that agree with it."""
    declared: dict[str, tuple[bool, ...]]
    thrown: list[frozenset[Card]]
    """Every card each seat discarded this hand: its own events name them, so they are never hidden from it,
    even once a refill has shuffled them into the stock and another seat may have drawn them."""

    def __init__(self, game: Game | None, options: Any = None, seed: int = 0, position: Position | None = None) -> None:
        """A match of ``game``; with no game, an empty shell that :meth:`clone` fills in."""
        if game is None:
            return
        table = self._init_partnership(game, options, seed, position)
        self.team_of = table.teams
        self.members = (table.members(0), table.members(1))
        self.target = options.points
        self.reyes = options.reyes
        self.real = options.real
        self.senas_on = options.senas
        self.caught = options.senas_caught
        self.games_needed = options.games // 2 + 1
        self.games = [0, 0]
        self.score = [0, 0]
        self.winner = -1
        self.dealer = 3
        if position is None:
            self._deal(None, [])
            return
        if position.dealer is not None:
            self.dealer = position.dealer
        if position.scores is not None:
            if len(position.scores) != 2 or any(not 0 <= s < self.target for s in position.scores):
                raise PositionError(_("mus scores are two side scores from 0 to {top}, got {scores}",
                                      top=self.target - 1, scores=position.scores))
            self.score = list(position.scores)
        if position.up:
            raise PositionError(_("mus turns no card up: leave 'up' out"))
        hands = position.hand_cards()
        if hands is not None and any(len(hand) != HAND_SIZE for hand in hands):
            raise PositionError(_("every mus hand has 4 cards, got {counts}", counts=[len(h) for h in hands]))
        self._deal(hands, position.then_cards())

    # --- dealing and the mus -----------------------------------------------------------------------------

    def _deal(self, stacked: list[list[Card]] | None, then: list[Card]) -> None:
        """Shuffle (or stack) the 40 cards and give four to each seat, one at a time from the dealer's right."""
        if stacked is None:
            deck = shuffled(CARDS, self.rng)
        else:
            deck = stack_deck(CARDS, stacked, self.dealer, then, self.rng)
        self.hands = [tuple(hand) for hand in deal(deck, 4, self.dealer, HAND_SIZE)]
        self.stock = deck
        self.discarded = [(), (), (), ()]
        self.thrown = [frozenset()] * 4
        self.mano = (self.dealer + 1) % 4
        self.phase = MUS_PHASE
        self.turn = self.mano
        self.lance = GRANDE
        self.parts = ()
        self.envite = Envite()
        self.outcomes = []
        self.senas_used = [frozenset()] * 4
        self.reveals = ()
        self.shown = False
        self.declared = {}
        self.start_hand_events()
        self.emit("deal", self.dealer)
        self.to_act = (self.turn,)

    def _mus(self, seat: int, wants: bool) -> None:
        self.emit("mus" if wants else "no_mus", seat)
        if not wants:
            self._begin_lance(GRANDE)
            return
        self.turn = (seat + 1) % 4
        if self.turn == self.mano:
            self.phase = DISCARD_PHASE
        self.to_act = (self.turn,)

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        """The seat lays ``cards`` face down and draws as many; an empty stock is refilled from the discards."""
        kept = tuple(card for card in self.hands[seat] if card not in cards)
        self.discarded[seat] = self.discarded[seat] + cards
        self.thrown[seat] = self.thrown[seat] | frozenset(cards)
        drawn: list[Card] = []
        for _i in range(len(cards)):
            if not self.stock:
                self._refill()
            drawn.append(self.stock.pop())
        self.hands[seat] = kept + tuple(drawn)
        self.emit("discard", seat, str(len(cards)))
        if self.record_events:
            self.emit("discarded", seat, " ".join(CARD_TEXT[card] for card in cards), (seat,))
            self.emit("drew", seat, " ".join(CARD_TEXT[card] for card in drawn), (seat,))
        self.turn = (seat + 1) % 4
        if self.turn == self.mano:
            self.phase = MUS_PHASE
        self.to_act = (self.turn,)

    def _refill(self) -> None:
        """The stock ran out: every discard so far is shuffled into a new stock."""
        pile = sorted(card for cards in self.discarded for card in cards)
        shuffle(pile, self.rng)
        self.stock = pile
        self.discarded = [(), (), (), ()]
        self.emit("refill", -1, str(len(pile)))

    # --- the lances ----------------------------------------------------------------------------------------

    def _order(self) -> tuple[int, ...]:
        return self.table.order_from(self.mano)

    def _begin_lance(self, lance: int) -> None:
        """Start ``lance``: pares and juego are declared first and played only by the seats that have them;
        when only one side has them nobody bets, and nobody with juego makes it punto."""
        self.phase = LANCE_PHASE
        self.lance = lance
        self.envite = Envite()
        order = self._order()
        if lance in (PARES, JUEGO):
            check = pares_value if lance == PARES else juego_value
            holding = tuple(check(self.hands[seat], self.reyes) > 0 for seat in range(4))
            name = LANCE_NAMES[lance]
            self.declared = {**self.declared, name: holding}
            for seat in order:
                self.emit(name, seat, "si" if holding[seat] else "no")
                self.reveals += ((name, seat, holding[seat]),)
            parts = tuple(seat for seat in order if holding[seat])
            sides = {self.team_of[seat] for seat in parts}
            if lance == JUEGO and not parts:
                self._begin_lance(PUNTO)
                return
            if len(sides) < 2:
                self.outcomes.append((lance, ONE_SIDE if parts else NOT_PLAYED, 0, -1))
                self.emit("lance_solo" if parts else "lance_none", self.team_of[parts[0]] if parts else -1, name)
                self._next_lance()
                return
            self.parts = parts
        else:
            self.parts = order
        self.emit("lance", -1, LANCE_NAMES[lance])
        self.turn = 0
        self.to_act = (self.parts[0],)

    def _next_lance(self) -> None:
        if self.lance in (JUEGO, PUNTO):
            self._count()
        else:
            self._begin_lance(self.lance + 1)

    def _word(self, seat: int, word: Word) -> None:
        envite = self.envite
        team = self.team_of[seat]
        if word == PASO:
            self.emit("paso", seat)
            self.turn += 1
            if self.turn < len(self.parts):
                self.to_act = (self.parts[self.turn],)
                return
            self.emit("en_paso", -1, LANCE_NAMES[self.lance])
            self.outcomes.append((self.lance, EN_PASO, 0, -1))
            self._next_lance()
            return
        if word == QUIERO:
            self.emit("quiero", seat)
            if envite.ordago:
                self._ordago_seen()
                return
            self.outcomes.append((self.lance, QUERIDO, envite.bet, -1))
            self._next_lance()
            return
        if word == NO_QUIERO:
            self.emit("no_quiero", seat)
            self.outcomes.append((self.lance, NO_QUERIDO, 0, envite.team))
            if self._score(envite.team, envite.refused_value(), LANCE_NAMES[self.lance] + " no_quiero"):
                return
            self._next_lance()
            return
        raised = envite.pending
        envite.raise_by(word, team)
        if word == ORDAGO:
            self.emit("ordago", seat)
        else:
            self.emit("envido", seat, f"{envite.bet - envite.held} {envite.bet} {'raise' if raised else 'bet'}")
        self.to_act = tuple(s for s in self.parts if self.team_of[s] != team)

    def winner_of(self, lance: int) -> int:
        """The seat that wins ``lance`` with the cards as they are, ties to the seat nearest the mano."""
        reyes = self.reyes
        order = self._order()
        if lance == GRANDE:
            keys: list[Any] = [grande_key(hand, reyes) for hand in self.hands]
        elif lance == CHICA:
            keys = [chica_key(hand, reyes) for hand in self.hands]
        elif lance == PARES:
            keys = [pares_of(hand, reyes) for hand in self.hands]
        elif lance == JUEGO:
            keys = [juego_key(hand, reyes, self.real) for hand in self.hands]
        else:
            keys = [punto_key(hand, reyes) for hand in self.hands]
        return best_seat(order, keys)

    def _ordago_seen(self) -> None:
        """An accepted órdago: the cards are shown and the lance's winner takes the game at once."""
        self._show()
        team = self.team_of[self.winner_of(self.lance)]
        self._score(team, self.target - self.score[team], LANCE_NAMES[self.lance] + " ordago")

    # --- the count ---------------------------------------------------------------------------------------

    def _show(self) -> None:
        self.shown = True
        if self.record_events:
            for seat in self._order():
                self.emit("shown", seat, " ".join(CARD_TEXT[card] for card in self.hands[seat]))

    def lance_values(self, lance: int, team: int) -> int:
        """What ``team``'s cards are worth in ``lance`` beyond any bet: each partner's pares or juego, the punto's
        1, and nothing in grande or chica."""
        if lance == PARES:
            return sum(pares_value(self.hands[seat], self.reyes) for seat in self.members[team])
        if lance == JUEGO:
            return sum(juego_value(self.hands[seat], self.reyes) for seat in self.members[team])
        return 1 if lance == PUNTO else 0

    def _count(self) -> None:
        """The cards are shown and each lance is paid in order; the count stops when a side wins the game."""
        self._show()
        for lance, how, bet, bettor in self.outcomes:
            name = LANCE_NAMES[lance]
            if how == NOT_PLAYED:
                continue
            team = bettor if how == NO_QUERIDO else self.team_of[self.winner_of(lance)]
            points = self.lance_values(lance, team)
            if how == QUERIDO:
                points += bet
            elif how == EN_PASO and lance in (GRANDE, CHICA):
                points += 1
            if points and self._score(team, points, f"{name} {how}"):
                return
        self._end_hand()

    def _score(self, team: int, points: int, why: str) -> bool:
        """Credit ``points`` to ``team`` now; True if that wins the game (and the hand stops there)."""
        self.score[team] += points
        self.emit("points", self.members[team][0], f"{points} {why}")
        if self.score[team] < self.target:
            return False
        self.games[team] += 1
        if self.games_needed > 1:
            self.emit("game", self.members[team][0], f"{self.score[0]}-{self.score[1]}")
        if not self.shown:
            self._show()
        if self.games[team] >= self.games_needed:
            self.is_over = True
            self.winner = team
            self.phase = DONE
            self.to_act = ()
            self.hands_played += 1
            if self.games_needed > 1:
                self.emit("match", self.members[team][0], f"{self.games[0]}-{self.games[1]} games")
            else:
                self.emit("match", self.members[team][0], f"{self.score[0]}-{self.score[1]}")
            return True
        self.score = [0, 0]
        self._end_hand()
        return True

    def _end_hand(self) -> None:
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % 4
        self.phase = DONE
        self.to_act = ()
        if not self.at_horizon():
            self._deal(None, [])

    # --- legal actions -----------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == MUS_PHASE:
            return [MUS, NO_MUS]
        if phase == DISCARD_PHASE:
            return list(discards_of(self.hands[seat]))
        actions: list[Action] = list(self.envite.words())
        if self.senas_on:
            used = self.senas_used[seat]
            actions.extend(SENAS[sign] for sign in true_signs(self.hands[seat], self.reyes) if sign not in used)
        return actions

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, str)
        if action.startswith("seña "):
            self._sena(seat, action[5:])
        elif self.phase == MUS_PHASE:
            self._mus(seat, action == MUS)
        elif self.phase == DISCARD_PHASE:
            cards = tuple(Card.parse(text) for text in action.split()[1:])
            self._discard(seat, cards)
        else:
            self._word(seat, Word(action))

    def _sena(self, seat: int, sign: str) -> None:
        """A seña goes to the partner only, unless a rival happens to catch it; the turn does not pass."""
        self.senas_used[seat] = self.senas_used[seat] | {sign}
        partners = self.members[self.team_of[seat]]
        self.emit("seña", seat, sign, partners)
        self.reveals += (("sign", seat, sign, partners),)
        if self.caught > 0 and self.rng.random() < self.caught:
            self.emit("seña_vista", seat, sign)
            self.reveals += (("sign", seat, sign, None),)

    # --- what seats see ---------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        table = self._public_table()
        table["my_discards"] = [CARD_TEXT[card] for card in self.discarded[seat]]
        table["senas_left"] = [sign for sign in true_signs(self.hands[seat], self.reyes)
                               if sign not in self.senas_used[seat]] if self.senas_on else []
        return self.make_observation(seat, hand=self.hands[seat], mano=self.mano, table=table)

    def public_observation(self) -> Observation:
        return self.make_public_observation(table=self._public_table(), mano=self.mano)

    def _public_table(self) -> dict[str, Any]:
        """What every seat and a spectator see alike: the phase, the lances so far, the bet on the table, the
        declarations, the cards shown at the count."""
        envite = self.envite
        lance = LANCE_NAMES[self.lance] if self.phase == LANCE_PHASE else None
        return {
            "points": self.target,
            "reyes": self.reyes,
            "games": list(self.games),
            "games_needed": self.games_needed,
            "phase": PHASE_NAMES[self.phase],
            "lance": lance,
            "bet": envite.bet if envite.pending and not envite.ordago else 0,
            "ordago": envite.ordago,
            "held": envite.held,
            "bettor": envite.team,
            "outcomes": [[LANCE_NAMES[lance], how, bet, team] for lance, how, bet, team in self.outcomes],
            "declared": {name: list(values) for name, values in self.declared.items()},
            "stock": len(self.stock),
            "discards": [len(cards) for cards in self.discarded],
            "shown": [[CARD_TEXT[card] for card in hand] for hand in self.hands] if self.shown else [],
        }

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        hidden: list[Card] = []
        if not self.shown:
            hidden = [card for other, hand in enumerate(self.hands) if other != seat for card in hand]
        hidden.extend(card for other, cards in enumerate(self.discarded) if other != seat for card in cards)
        thrown = self.thrown[seat]
        return [card for card in hidden + self.stock if card not in thrown]

    def all_cards(self) -> list[Card]:
        cards = [card for hand in self.hands for card in hand]
        cards.extend(card for pile in self.discarded for card in pile)
        return cards + self.stock

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def result(self) -> Result:
        winners = self.members[self.winner] if self.winner >= 0 else ()
        return Result(winners, tuple(self.score))

    def clone(self) -> MusState:
        return self._clone(True)

    def _clone(self, whole_log: bool) -> MusState:
        other = MusState(None)
        other._copy_base(self, whole_log)
        other.team_of, other.members, other.target = self.team_of, self.members, self.target
        other.reyes, other.real, other.senas_on, other.caught = self.reyes, self.real, self.senas_on, self.caught
        other.games_needed, other.winner, other.mano = self.games_needed, self.winner, self.mano
        other.phase, other.turn, other.lance, other.parts = self.phase, self.turn, self.lance, self.parts
        other.reveals, other.shown, other.declared = self.reveals, self.shown, self.declared
        other.games = self.games.copy()
        other.score = self.score.copy()
        other.hands = self.hands.copy()
        other.stock = self.stock.copy()
        other.discarded = self.discarded.copy()
        other.envite = self.envite.copy()
        other.outcomes = self.outcomes.copy()
        other.senas_used = self.senas_used.copy()
        other.thrown = self.thrown.copy()
        return other

    def sample(self, seat: int, rng: random.Random) -> MusState:
        """Redeal the cards ``seat`` cannot see: the others' hands, their discards and the stock, each hand
        agreeing with what ``seat`` was told of it (pares and juego declared, the señas it saw)."""
        copy = self._clone(False)
        if self.shown:
            places: list[list[Card]] = []
        else:
            places = [list(self.hands[other]) for other in range(4) if other != seat]
        piles = [list(cards) for other, cards in enumerate(self.discarded) if other != seat]
        pool = sorted(card for place in [*places, *piles, self.stock] for card in place)
        shuffle(pool, rng)
        facts: dict[int, list[tuple[Any, ...]]] = {}
        for fact in self.reveals:
            if fact[1] != seat and (fact[0] != "sign" or fact[3] is None or seat in fact[3]):
                facts.setdefault(fact[1], []).append(fact)
        if not self.shown:
            for other in range(4):
                if other == seat:
                    continue
                hand = self._draw(pool, facts.get(other, []), rng)
                copy.hands[other] = hand
                for card in hand:
                    pool.remove(card)
        at = 0
        for other in range(4):
            if other != seat:
                size = len(self.discarded[other])
                copy.discarded[other] = tuple(pool[at:at + size])
                at += size
        copy.stock = pool[at:]
        copy.reveals = tuple(f for f in self.reveals if f[0] != "sign" or f[3] is None or seat in f[3])
        seen = {f[1] for f in copy.reveals if f[0] == "sign"} | set(self.members[self.team_of[seat]])
        copy.senas_used = [used if s in seen else frozenset() for s, used in enumerate(self.senas_used)]
        return copy

    def _draw(self, pool: list[Card], facts: Sequence[tuple[Any, ...]], rng: random.Random) -> tuple[Card, ...]:
        """Four cards of ``pool`` agreeing with ``facts``, tried at random (the last try if none agrees)."""
        hand = tuple(pool[:HAND_SIZE])
        if not facts:
            return hand
        for _i in range(SAMPLE_TRIES):
            hand = tuple(rng.sample(pool, HAND_SIZE))
            if all(self._agrees(hand, fact) for fact in facts):
                return hand
        return hand

    def _agrees(self, hand: tuple[Card, ...], fact: tuple[Any, ...]) -> bool:
        what = fact[0]
        if what == "sign":
            return shows(fact[2], hand, self.reyes)
        if what == "pares":
            return (pares_value(hand, self.reyes) > 0) is bool(fact[2])
        if what == "juego":
            return has_juego(hand, self.reyes) is bool(fact[2])
        return True
