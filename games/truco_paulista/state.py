"""The rules of truco paulista as a state machine: the deal and the vira, tricks, truco, mão de onze and de ferro.

A hand goes through at most three phases: the side on 11 decides a mão de onze (``DECIDING``), then cards
are played (``PLAYING``), interrupted whenever a raise waits for its answer (``ANSWERING``). Face-down cards
are kept twice: a placeholder on the trick (which ranks below every card) and their identity in ``hidden``,
which only the seat that hid them may see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cartas.core import (
    CARD_TEXT, PARDA, PUBLIC_SEAT, UNDECIDED, Action, Card, Observation, Position, PositionError, RaiseLadder, Result,
    State, best_of_three, deal, redistribute, shuffled, stack_deck, trick_winner_by_rank,
)

from .actions import BLIND, HIDE, PLAY, RAISES, BlindPlay, Play, Word
from .cards import DECK, FIXED_MANILHAS, FIXED_TABLE, VIRA_TABLES, manilha_rank
from .i18n import _

if TYPE_CHECKING:
    from .game import PaulistaGame, PaulistaOptions

TARGET = 12
"""A match is won by the first side to reach 12 points (or more)."""

STAKES = (1, 3, 6, 9, 12)
"""What a hand is worth with nothing called, then after truco, seis, nove and doze are accepted."""

ONZE_STAKE = 3
"""A mão de onze that is played is worth 3."""

PLAYING, ANSWERING, DECIDING = 0, 1, 2
NORMAL, ONZE, FERRO = 0, 1, 2

FACE_DOWN = Card(0, "?")
"""Stands on a trick for an encoberta: absent from every rank table, so it ranks below every face-up card."""


class PaulistaState(State):
    """A match of truco paulista, hand after hand, to 12 points."""

    __slots__ = (
        "n", "team_of", "answerers", "use_vira", "no_useless_raise", "blind_ferro",
        "hands", "stock", "vira", "ranks", "score", "ladder", "phase", "kind", "onze_team", "blind",
        "mano", "turn", "trick", "tricks", "results", "played", "hidden", "winner_team",
    )

    n: int
    team_of: tuple[int, ...]
    answerers: tuple[tuple[int, ...], ...]
    use_vira: bool
    no_useless_raise: bool
    blind_ferro: bool
    hands: list[list[Card]]
    stock: list[Card]
    vira: Card | None
    ranks: dict[Card, int]
    score: list[int]
    ladder: RaiseLadder
    phase: int
    kind: int
    onze_team: int
    blind: bool
    mano: int
    turn: int
    trick: list[tuple[int, Card]]
    tricks: list[tuple[tuple[int, Card], ...]]
    results: list[int]
    played: list[Card]
    hidden: list[tuple[int, int, Card]]
    winner_team: int

    def __init__(self, game: PaulistaGame | None, options: PaulistaOptions | None = None, seed: int = 0,
                 position: Position | None = None) -> None:
        """A match of ``game``; with no game, the empty shell :meth:`clone` fills in (a class compiled by mypyc
        always runs its ``__init__``, so ``__new__`` alone makes no blank copy there: docs/compiled.md)."""
        if game is None or options is None:
            return
        table = self._init_partnership(game, options, seed, position)
        n = self.n = table.n_seats
        self.team_of = table.teams
        # The seats that may answer a call made by each seat: the other side, the nearer one first.
        self.answerers = tuple(
            tuple(s for s in table.order_from(seat) if table.teams[s] != table.teams[seat]) for seat in range(n)
        )
        self.use_vira = options.manilhas == "vira"
        self.no_useless_raise = options.no_useless_raise
        self.blind_ferro = options.mao_de_ferro_blind
        self.winner_team = -1
        self.score = [0, 0]
        self.dealer = 0
        stacked: list[list[Card]] | None = None
        then: list[Card] = []
        if position is not None:
            stacked, then = self._check_position(position)
            if position.dealer is not None:
                self.dealer = position.dealer
            if position.scores is not None:
                self.score = list(position.scores)
        else:
            self.dealer = self.rng.randrange(n)
        self._deal(stacked, then)

    def _check_position(self, position: Position) -> tuple[list[list[Card]] | None, list[Card]]:
        """The stacked hands and the cards drawn after them; refuse what the rules cannot produce."""
        if position.scores is not None:
            if len(position.scores) != 2:
                raise PositionError(_("truco paulista has two sides, so two scores, not {scores}",
                                      scores=len(position.scores)))
            if any(not 0 <= s < TARGET for s in position.scores):
                raise PositionError(_("scores must be from 0 to {top} (a side on {target} has won)",
                                      top=TARGET - 1, target=TARGET))
        if position.up is not None and not self.use_vira:
            raise PositionError(_("with fixed manilhas (manilhas=fixas) no vira is turned, so 'up' cannot be given"))
        hands = position.hand_cards()
        then = position.then_cards()
        if hands is None:
            if then:
                raise PositionError(_("give the hands too when stacking the vira or the stock"))
            return None, []
        if any(len(hand) != 3 for hand in hands):
            raise PositionError(_("every hand has 3 cards, got {counts}", counts=[len(h) for h in hands]))
        return hands, then

    # --- dealing ---------------------------------------------------------------------------------------

    def _deal(self, stacked: list[list[Card]] | None = None, then: list[Card] | None = None) -> None:
        """Deal a new hand (stacked for the first hand of a stacked position), turn the vira, set the stake."""
        n, dealer = self.n, self.dealer
        if stacked is not None:
            deck = stack_deck(DECK, stacked, dealer, then or [], self.rng)
        else:
            deck = shuffled(DECK, self.rng)
        self.hands = deal(deck, n, dealer, 3)
        if self.use_vira:
            vira = deck.pop()
            self.vira = vira
            self.ranks = VIRA_TABLES[vira.rank]
        else:
            self.vira = None
            self.ranks = FIXED_TABLE
        self.stock = deck
        self.mano = self.turn = (dealer + 1) % n
        self.trick, self.tricks, self.results, self.played, self.hidden = [], [], [], [], []
        self.start_hand_events()
        self.emit("deal", dealer)
        if self.vira is not None:
            self.emit("vira", -1, CARD_TEXT[self.vira])
        s0, s1 = self.score
        self.onze_team = -1
        self.blind = False
        if s0 == TARGET - 1 and s1 == TARGET - 1:
            self.kind = FERRO
            self.blind = self.blind_ferro
            self.ladder = RaiseLadder((1,))
            self.emit("ferro", -1, "blind" if self.blind else "")
        elif TARGET - 1 in (s0, s1):
            self.kind = ONZE
            self.onze_team = 0 if s0 == TARGET - 1 else 1
            self.ladder = RaiseLadder((ONZE_STAKE,))
            self.emit("onze", -1, str(self.onze_team))
        else:
            self.kind = NORMAL
            self.ladder = RaiseLadder(STAKES)
        if self.kind == ONZE:
            self.phase = DECIDING
            self.to_act = self.table.members(self.onze_team)
        else:
            self.phase = PLAYING
            self.to_act = (self.turn,)

    # --- legal actions ---------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLAYING:
            hand = self.hands[seat]
            if self.blind:
                return list(BLIND[:len(hand)])
            acts: list[Action] = [PLAY[c] for c in hand]
            if self.tricks:
                acts += [HIDE[c] for c in hand]
            kind = self.kind
            if kind == NORMAL:
                ladder = self.ladder
                team = self.team_of[seat]
                if ladder.may_call(team) and self._raise_useful(team):
                    acts.append(RAISES[ladder.level])
            elif kind == ONZE:
                # The rule is that calling truco here loses the match; it is offered so that it can be done.
                acts.append(Word.TRUCO)
            return acts
        if phase == ANSWERING:
            ladder = self.ladder
            team = self.team_of[seat]
            answers: list[Action] = [Word.ACEITO, Word.CORRO]
            if ladder.may_raise(team) and self._raise_useful(team):
                answers.append(RAISES[ladder.level + 1])
            return answers
        return [Word.JOGO, Word.CORRO]

    def _raise_useful(self, team: int) -> bool:
        """With ``no_useless_raise``, a side that would reach 12 by winning the hand as it stands may not raise."""
        if not self.no_useless_raise:
            return True
        ladder = self.ladder
        at_stake = ladder.values[ladder.level + 1] if ladder.pending else ladder.values[ladder.level]
        return self.score[team] + at_stake < TARGET

    # --- applying actions ------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            card = action.card
            self.hands[seat].remove(card)
            if action.face_down:
                self.trick.append((seat, FACE_DOWN))
                self.hidden.append((len(self.tricks), seat, card))
                others = tuple(s for s in range(self.n) if s != seat)
                self.emit("hide", seat, "", others)
                self.emit("hide", seat, CARD_TEXT[card], (seat,))
            else:
                self.trick.append((seat, card))
                self.played.append(card)
                self.emit("play", seat, CARD_TEXT[card])
            self._after_card(seat)
        elif isinstance(action, BlindPlay):
            card = self.hands[seat].pop(action.place)
            self.trick.append((seat, card))
            self.played.append(card)
            self.emit("play", seat, CARD_TEXT[card])
            self._after_card(seat)
        else:
            assert isinstance(action, Word)
            self._word(seat, action)

    def _after_card(self, seat: int) -> None:
        if len(self.trick) < self.n:
            self.turn = nxt = (seat + 1) % self.n
            self.to_act = (nxt,)
            return
        team, first = trick_winner_by_rank(self.trick, self.ranks, self.team_of)
        self.tricks.append(tuple(self.trick))
        self.trick = []
        self.results.append(team)
        self.emit("trick", first, "parda" if team == PARDA else str(team))
        outcome = best_of_three(self.results, self.team_of[self.mano], third_tie_to_first=True, all_tied=PARDA)
        if outcome == UNDECIDED:
            self.turn = first
            self.to_act = (first,)
        elif outcome == PARDA:
            self._replay_hand()
        else:
            self._score_hand(outcome, self.ladder.worth)

    def _word(self, seat: int, word: Word) -> None:
        team = self.team_of[seat]
        phase = self.phase
        self.emit(word.value, seat)
        if phase == DECIDING:
            if word is Word.JOGO:
                self.phase = PLAYING
                self.to_act = (self.turn,)
            else:
                self._score_hand(1 - team, 1)
        elif phase == ANSWERING:
            if word is Word.ACEITO:
                self.ladder.accept(team)
                self.phase = PLAYING
                self.to_act = (self.turn,)
            elif word is Word.CORRO:
                caller = self.ladder.caller
                self._score_hand(caller, self.ladder.refuse())
            else:
                self.ladder.call(team)
                self.to_act = self.answerers[seat]
        elif self.kind == ONZE:
            self._end_match(1 - team, "forfeit")
        else:
            self.ladder.call(team)
            self.phase = ANSWERING
            self.to_act = self.answerers[seat]

    def _score_hand(self, team: int, points: int) -> None:
        self.score[team] += points
        self.hands_played += 1
        self.emit("hand", -1, f"{team} {points}")
        if self.score[team] >= TARGET:
            self._end_match(team, "match")
        else:
            self.dealer = (self.dealer + 1) % self.n
            if not self.at_horizon():
                self._deal()

    def _replay_hand(self) -> None:
        """Three tied tricks: nobody scores and the same dealer deals again, the stake back to its start."""
        self.hands_played += 1
        self.emit("hand", -1, "empate")
        if not self.at_horizon():
            self._deal()

    def _end_match(self, team: int, kind: str) -> None:
        self.winner_team = team
        self.is_over = True
        self.to_act = ()
        self.emit(kind, -1, str(team))

    # --- what seats know -------------------------------------------------------------------------------

    def sees_partner(self, seat: int) -> bool:
        """In a mão de onze with four players, the partners on 11 have looked at each other's hands."""
        return self.kind == ONZE and self.n == 4 and self.team_of[seat] == self.onze_team

    def hand_of(self, seat: int) -> list[Card]:
        """The cards the seat holds and can see: none in a blind mão de ferro, where they are face down."""
        return [] if self.blind else list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        partner_seen = self.sees_partner(seat)
        team = self.team_of[seat]
        cards: list[Card] = []
        for other, hand in enumerate(self.hands):
            if other == seat:
                if self.blind:
                    cards += hand
            elif not (partner_seen and self.team_of[other] == team):
                cards += hand
        cards += self.stock
        cards += [card for _, hider, card in self.hidden if hider != seat]
        return cards

    def all_cards(self) -> list[Card]:
        cards = [card for hand in self.hands for card in hand]
        cards += self.played
        cards += [card for _, _, card in self.hidden]
        cards += self.stock
        if self.vira is not None:
            cards.append(self.vira)
        return cards

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def result(self) -> Result:
        return Result(self.table.members(self.winner_team) if self.winner_team >= 0 else (), tuple(self.score))

    def _trick_view(self, index: int, plays: Sequence[tuple[int, Card]], seat: int) -> list[dict[str, Any]]:
        """A trick as ``seat`` sees it: the face-down cards show only to the seat that hid them."""
        view = []
        for player, card in plays:
            if card is FACE_DOWN:
                own = [c for t, hider, c in self.hidden if t == index and hider == player]
                shown = str(own[0]) if player == seat else None
                view.append({"seat": player, "card": shown, "face_down": True})
            else:
                view.append({"seat": player, "card": str(card), "face_down": False})
        return view

    def observation(self, seat: int) -> Observation:
        table = self._table_for(seat)
        if self.sees_partner(seat):
            partner = self.table.partners(seat)[0]
            table["partner_hand"] = [str(c) for c in self.hands[partner]]
        if self.is_over:
            table["winner_team"] = self.winner_team
        return self.make_observation(seat, hand=self.hand_of(seat), mano=self.mano, table=table)

    def public_observation(self) -> Observation:
        table = self._table_for(PUBLIC_SEAT)
        if self.is_over:
            table["winner_team"] = self.winner_team
        return self.make_public_observation(table=table, mano=self.mano)

    def _table_for(self, seat: int) -> dict[str, Any]:
        """The table as ``seat`` sees it, without a partner's hand; ``PUBLIC_SEAT`` sees no encoberta."""
        ladder = self.ladder
        pending = RAISES[ladder.level] if ladder.pending else None
        table: dict[str, Any] = {
            "vira": str(self.vira) if self.vira is not None else None,
            "manilha": manilha_rank(self.vira) if self.vira is not None else None,
            "manilhas": (
                "bastos (zap) > copas > espadas > oros" if self.vira is not None
                else " > ".join(card.name for card in FIXED_MANILHAS)
            ),
            "stake": ladder.worth,
            "pending": pending.value if pending is not None else None,
            "caller": ladder.caller if ladder.pending else None,
            "raise_holder": ladder.holder if ladder.holder >= 0 else None,
            "turn": self.turn,
            "tricks": [self._trick_view(i, plays, seat) for i, plays in enumerate(self.tricks)],
            "trick_winners": list(self.results),
            "current_trick": self._trick_view(len(self.tricks), self.trick, seat),
            "hand_sizes": [len(hand) for hand in self.hands],
            "mao_de_onze": self.onze_team if self.kind == ONZE else None,
            "deciding": self.phase == DECIDING,
            "mao_de_ferro": self.kind == FERRO,
            "blind": self.blind,
        }
        return table

    # --- copies ----------------------------------------------------------------------------------------

    def clone(self) -> PaulistaState:
        other = PaulistaState(None)
        other._copy_base(self)
        other.n, other.team_of, other.answerers = self.n, self.team_of, self.answerers
        other.use_vira, other.no_useless_raise = self.use_vira, self.no_useless_raise
        other.blind_ferro = self.blind_ferro
        other.hands = [hand.copy() for hand in self.hands]
        other.stock = self.stock.copy()
        other.vira, other.ranks = self.vira, self.ranks
        other.score = self.score.copy()
        other.ladder = self.ladder.copy()
        other.phase, other.kind, other.onze_team, other.blind = self.phase, self.kind, self.onze_team, self.blind
        other.mano, other.turn = self.mano, self.turn
        other.trick = self.trick.copy()
        other.tricks = self.tricks.copy()
        other.results = self.results.copy()
        other.played = self.played.copy()
        other.hidden = self.hidden.copy()
        other.winner_team = self.winner_team
        return other

    def sample(self, seat: int, rng: random.Random) -> PaulistaState:
        """Redeal what ``seat`` cannot know: other hands (not a seen partner's), the stock, others' encobertas.

        The copy also gets a fresh generator, so the sample does not reveal the real future deals either.
        """
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(63))
        partner_seen = self.sees_partner(seat)
        team = self.team_of[seat]
        places: list[list[Card]] = []
        for s, hand in enumerate(other.hands):
            if s == seat:
                if self.blind:
                    places.append(hand)
            elif not (partner_seen and self.team_of[s] == team):
                places.append(hand)
        places.append(other.stock)
        foreign = [i for i, (_, hider, _) in enumerate(other.hidden) if hider != seat]
        singles = [[other.hidden[i][2]] for i in foreign]
        places += singles
        redistribute(places, rng)
        for i, single in zip(foreign, singles):
            t, hider, _ = other.hidden[i]
            other.hidden[i] = (t, hider, single[0])
        return other
