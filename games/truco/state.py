"""The rules of Truco argentino as a state machine: deal, tricks, envido, flor, truco, mazo, señas, score.

A *hand* is one deal. It is played as one *contest* (the redonda: every seat plays) or, in the six-player
pica-pica, as three contests one after another (duels between opposite seats). Each contest has its own
tricks, its own envido and flor, and its own truco ladder; points go to the team the moment they are won,
and the match stops the moment a team reaches the target.

What is pending decides who acts: a flor exchange first, then an envido, then a truco call, else the
seat whose turn it is to play. Everything the hot loop touches is a tuple, a small list or an int.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, cast

from cartas.core import (
    CARD_TEXT, PARDA, Action, Card, Game, Observation, Position, PositionError, RaiseLadder, Result, State,
    best_of_three, deal, rank_table, sample, shuffle, shuffled, stack_deck, trick_winner_by_rank,
)

from .actions import (
    ACHICO, CARDS, CONTRAFLOR, CONTRAFLOR_RESTO, ENVIDO, FALTA_ENVIDO, FLOR, MAZO, NO_QUIERO, PLAY, PLAYS,
    QUIERO, REAL_ENVIDO, RETRUCO, SENA, SENAS, TRUCO, VALE_CUATRO, WORDS, TrucoAction,
)
from .envido import (
    SON_BUENAS, accepted_value, falta_value, flor, may_call, refused_value, show_order, sing, tanto, tanto_cards,
)
from .i18n import _
from .senas import GOOD_ENVIDO, SIGN_BIT, TOP_MASK, shows, sign_mask, signs_in

RANK: dict[Card, int] = rank_table([
    [Card(1, "E")], [Card(1, "B")], [Card(7, "E")], [Card(7, "O")],
    [Card(3, s) for s in "OCEB"], [Card(2, s) for s in "OCEB"], [Card(1, "C"), Card(1, "O")],
    [Card(12, s) for s in "OCEB"], [Card(11, s) for s in "OCEB"], [Card(10, s) for s in "OCEB"],
    [Card(7, "C"), Card(7, "B")], [Card(6, s) for s in "OCEB"], [Card(5, s) for s in "OCEB"],
    [Card(4, s) for s in "OCEB"],
])
"""The strength of each card in a trick (higher wins), from the ancho de espada down to the cuatros."""

TRUCO_VALUES = (1, 2, 3, 4)
"""What a hand is worth with nothing, truco, retruco or vale cuatro accepted."""
TRUCO_CALL = {1: WORDS[TRUCO], 2: WORDS[RETRUCO], 3: WORDS[VALE_CUATRO]}
CALL_NAME = {TRUCO: "truco", RETRUCO: "retruco", VALE_CUATRO: "vale cuatro"}
ENVIDO_CALLS = (WORDS[ENVIDO], WORDS[REAL_ENVIDO], WORDS[FALTA_ENVIDO])
FLOR_POINTS = 3
"""What one flor is worth: a flor alone scores it, flor against flor twice, an accepted contraflor three times."""

A_QUIERO, A_NO_QUIERO, A_MAZO, A_FLOR = WORDS[QUIERO], WORDS[NO_QUIERO], WORDS[MAZO], WORDS[FLOR]
A_CONTRAFLOR, A_RESTO, A_ACHICO = WORDS[CONTRAFLOR], WORDS[CONTRAFLOR_RESTO], WORDS[ACHICO]
SENA_CACHE: dict[int, list[Action]] = {}
"""The señas of each sign mask (see :func:`~.senas.sign_mask`)."""
HAND_SIGNS: dict[tuple[Card, ...], int] = {}
"""The card signs of each hand held (at most a few thousand hands of three cards or fewer): señas are listed on
every turn of a four- or six-player match, and working the mask out card by card was most of their cost."""
SORTED_CARDS: tuple[Card, ...] = tuple(sorted(CARDS))
"""The deck in card order: what ``sample`` filters for the cards a seat cannot see."""
FLOR_SIGN, ENVIDO_SIGN, NADA_SIGN = SIGN_BIT["flor"], SIGN_BIT["envido"], SIGN_BIT["nada"]


class TrucoState(State):
    """One match of truco: the score, the hand being played and everything pending in it."""

    __slots__ = (
        "n", "team_of", "members", "target", "third_first", "falta_to_game", "pies_only", "flor_on", "pica_on",
        "caught", "score", "winner", "hands", "dealt", "played", "stock", "tantos", "flores", "hand_mano", "pica",
        "duels", "parts", "side", "callers", "cmano", "lead", "turn", "cur", "tricks", "results", "ladder",
        "env_chain", "env_open", "env_team", "env_done", "flor_open", "flor_level", "flor_team", "flor_first",
        "flor_closed", "flor_prev", "flor_resp", "flor_declared", "senas_used", "reveals", "to_show", "shown",
    )

    n: int
    team_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    score: list[int]
    hands: list[tuple[Card, ...]]
    dealt: list[tuple[Card, ...]]
    played: list[tuple[Card, ...]]
    stock: list[Card]
    tantos: list[int]
    flores: list[int]
    parts: tuple[int, ...]
    side: tuple[tuple[int, ...], tuple[int, ...]]
    callers: tuple[int, ...]
    cur: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    results: tuple[int, ...]
    ladder: RaiseLadder
    env_chain: tuple[int, ...]
    flor_resp: tuple[int, ...]
    flor_declared: list[bool]
    senas_used: list[bool]
    reveals: tuple[tuple[Any, ...], ...]
    to_show: tuple[tuple[int, str], ...]
    """The tantos and flores that won points this hand, ``(seat, "envido" | "flor")``, shown when it ends."""
    shown: frozenset[Card]
    """The cards shown this hand (public from then on; only still held when the match ended with the hand)."""

    def __init__(self, game: Game | None, options: Any = None, seed: int = 0, position: Position | None = None) -> None:
        """A match of ``game``; with no game, an empty shell that :meth:`clone` fills in.

        The shell exists for the compiled build (docs/compiled.md): a class compiled by mypyc always runs its
        ``__init__``, so ``TrucoState.__new__(TrucoState)`` cannot make a blank copy there.
        """
        if game is None:
            return
        table = self._init_partnership(game, options, seed, position)
        n = self.n = table.n_seats
        self.team_of = table.teams
        self.members = (table.members(0), table.members(1))
        self.target = options.points
        self.third_first = options.third_tie == "first"
        self.falta_to_game = options.falta_mode == "to_game"
        self.pies_only = options.envido_callers == "pies"
        self.flor_on = options.flor
        self.pica_on = options.pica_pica
        self.caught = options.senas_caught
        self.score = [0, 0]
        self.winner = -1
        self.dealer = n - 1
        if position is None:
            self._deal(None)
            return
        if position.dealer is not None:
            self.dealer = position.dealer
        if position.scores is not None:
            if len(position.scores) != 2 or any(not 0 <= s < self.target for s in position.scores):
                raise PositionError(_("truco scores are two team scores from 0 to {top}, got {scores}",
                                      top=self.target - 1, scores=position.scores))
            self.score = list(position.scores)
        if position.up or position.stock:
            raise PositionError(_("truco deals no up card and draws no stock: leave 'up' and 'stock' out"))
        hands = position.hand_cards()
        if hands is not None and any(len(hand) != 3 for hand in hands):
            raise PositionError(_("every truco hand has 3 cards, got {counts}", counts=[len(h) for h in hands]))
        self._deal(hands)

    # --- dealing and the flow of a match ---------------------------------------------------------------

    def _deal(self, stacked: list[list[Card]] | None) -> None:
        """Shuffle (or stack) the 40 cards, give three to each seat from the dealer's right, start the hand."""
        if stacked is None:
            deck = shuffled(CARDS, self.rng)
        else:
            deck = stack_deck(CARDS, stacked, self.dealer, [], self.rng)
        dealt = [tuple(hand) for hand in deal(deck, self.n, self.dealer, 3)]
        self.stock = deck
        self.hands = dealt.copy()
        self.dealt = dealt
        self.played = [()] * self.n
        self.tantos = [-1] * self.n
        self.flores = self._flores(dealt)
        self.flor_declared = [False] * self.n
        self.senas_used = [False] * self.n
        self.reveals = ()
        self.to_show = ()
        self.shown = frozenset()
        self.start_hand_events()
        self.emit("deal", self.dealer)
        n = self.n
        mano = self.hand_mano = (self.dealer + 1) % n
        self.pica = (
            n == 6 and self.pica_on and self.hands_played % 2 == 1 and max(self.score) < self.target - 5
        )
        if self.pica:
            self.duels = [(mano, (mano + 3) % n), ((mano + 1) % n, (mano + 4) % n), ((mano + 2) % n, (mano + 5) % n)]
            self._next_duel()
        else:
            self.duels = []
            self._begin(self.table.order_from(mano))

    def _flores(self, dealt: list[tuple[Card, ...]]) -> list[int]:
        """Each seat's flor, with the flor option only: without it three cards of one suit are nothing, so no
        flor is told to its holder nor offered as a seña."""
        if self.flor_on:
            return [_flor_of(hand) for hand in dealt]
        return [0] * self.n

    def tanto_of(self, seat: int) -> int:
        """A seat's tanto, computed the first time it is needed in a hand (most random hands never need it).

        The cache list may be shared with clones: a tanto only depends on the dealt cards, which clones
        share too, and ``sample`` gives its redealt copy a fresh list.
        """
        value = self.tantos[seat]
        if value < 0:
            value = self.tantos[seat] = _tanto_of(self.dealt[seat])
        return value

    def _next_duel(self) -> None:
        parts = self.duels.pop(0)
        self.emit("duel", parts[0], str(parts[1]))
        self._begin(parts)

    def _begin(self, parts: tuple[int, ...]) -> None:
        """Start a contest among ``parts`` (in playing order from its mano): tricks, envido, flor, truco."""
        self.parts = parts
        team_of = self.team_of
        self.side = (tuple(s for s in parts if team_of[s] == 0), tuple(s for s in parts if team_of[s] == 1))
        if self.n == 2 or self.pica or not self.pies_only:
            self.callers = parts
        else:
            self.callers = ((self.dealer - 1) % self.n, self.dealer)
        self.cmano = self.turn = parts[0]
        self.lead = 0
        self.cur = self.tricks = self.results = ()
        self.ladder = RaiseLadder(TRUCO_VALUES)
        self.env_chain = ()
        self.env_open = self.env_done = False
        self.env_team = -1
        self.flor_open = self.flor_closed = False
        self.flor_level = self.flor_prev = 0
        self.flor_team = self.flor_first = -1
        self.flor_resp = ()
        self.to_act = (self.turn,)

    def _refresh(self) -> None:
        """Who acts now: a flor answer, else an envido answer, else a truco answer, else the seat to play."""
        if self.flor_open:
            self.to_act = self.flor_resp
        elif self.env_open:
            self.to_act = self.side[1 - self.env_team]
        elif self.ladder.pending:
            self.to_act = self.side[1 - self.ladder.caller]
        else:
            self.to_act = (self.turn,)

    def _score(self, team: int, points: int, why: str) -> bool:
        """Credit ``points`` to ``team`` now; True if that wins the match (which then stops at once)."""
        self.score[team] += points
        self.emit("points", self.members[team][0], f"{points} {why}")
        if self.score[team] >= self.target:
            self._show_tantos()
            self.is_over = True
            self.winner = team
            self.to_act = ()
            self.hands_played += 1
            self.emit("match", self.members[team][0], f"{self.score[0]}-{self.score[1]}")
            return True
        return False

    def _end_contest(self, team: int, points: int, why: str) -> None:
        if self._score(team, points, why):
            return
        if self.duels:
            self._next_duel()
            return
        self._show_tantos()
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % self.n
        if not self.at_horizon():
            self._deal(None)

    def _show_tantos(self) -> None:
        """The hand is over: each tanto that won an envido and each flor that scored is shown, with its cards.

        Cards already played are public anyway; the event names them all, so every screen can say what made
        the tanto. Nothing is shown of a refused envido, whose tantos were never sung.
        """
        shown = set(self.shown)
        for seat, what in self.to_show:
            if what == "envido":
                cards = _tanto_cards_of(self.dealt[seat])
                if self.record_events:
                    self.emit("envido_shown", seat, _shown_detail(cards, self.tanto_of(seat)))
            else:
                cards = tuple(sorted(self.dealt[seat], key=show_order, reverse=True))
                if self.record_events:
                    self.emit("flor_shown", seat, _shown_detail(cards, self.flores[seat]))
            shown.update(cards)
        self.to_show = ()
        self.shown = frozenset(shown)

    # --- legal actions ----------------------------------------------------------------------------------

    def _must_flor(self, seat: int) -> bool:
        """A seat holding a flor declares it before anything else it does in the first trick."""
        return (
            self.flor_on and not self.flor_closed and self.flores[seat] > 0 and not self.flor_declared[seat]
            and not self.played[seat] and not self.results
        )

    def _may_open_envido(self, seat: int) -> bool:
        """The envido window: first trick, before the seat's first card, no truco accepted, no envido or flor yet."""
        return (
            not self.env_done and not self.results and not self.played[seat] and self.ladder.level == 0
            and self.flor_first < 0 and seat in self.callers
        )

    def _legal_actions(self, seat: int) -> list[Action]:
        actions: list[Action]
        ladder = self.ladder
        if self.flor_open:
            level = self.flor_level
            if level == 0:
                actions = [A_FLOR, A_CONTRAFLOR, A_RESTO, A_ACHICO, A_MAZO]
            elif level == 1:
                actions = [A_QUIERO, A_NO_QUIERO, A_RESTO, A_MAZO]
            else:
                actions = [A_QUIERO, A_NO_QUIERO, A_MAZO]
        elif self.flor_on and self._must_flor(seat):
            actions = [A_FLOR, A_MAZO]
        elif self.env_open:
            actions = [A_QUIERO, A_NO_QUIERO]
            if seat in self.callers:
                chain = self.env_chain
                actions.extend(call for call in ENVIDO_CALLS if may_call(chain, call.kind))
            actions.append(A_MAZO)
        elif ladder.pending:
            actions = [A_QUIERO, A_NO_QUIERO]
            if ladder.may_raise(self.team_of[seat]):
                actions.append(TRUCO_CALL[ladder.next_level])
            if self._may_open_envido(seat):
                actions.extend(ENVIDO_CALLS)
            actions.append(A_MAZO)
        else:
            actions = [PLAYS[card] for card in self.hands[seat]]
            if ladder.may_call(self.team_of[seat]):
                actions.append(TRUCO_CALL[ladder.next_level])
            if self._may_open_envido(seat):
                actions.extend(ENVIDO_CALLS)
            actions.append(A_MAZO)
        if self.n > 2 and not self.pica and not self.senas_used[seat]:
            actions.extend(self._senas(seat))
        return actions

    def _senas(self, seat: int) -> list[Action]:
        """The señas ``seat`` may show, cached by what they depend on since they are listed at every turn."""
        good_envido = (
            not self.env_done and not self.results and self.ladder.level == 0 and self.tanto_of(seat) >= GOOD_ENVIDO
        )
        hand = self.hands[seat]
        cards_mask = HAND_SIGNS.get(hand)
        if cards_mask is None:
            cards_mask = HAND_SIGNS[hand] = sign_mask(hand, False, False) & ~SIGN_BIT["nada"]
        mask = cards_mask | (FLOR_SIGN if self.flores[seat] > 0 else 0) | (ENVIDO_SIGN if good_envido else 0)
        if not mask & TOP_MASK:
            mask |= NADA_SIGN
        senas = SENA_CACHE.get(mask)
        if senas is None:
            senas = SENA_CACHE[mask] = [SENAS[sign] for sign in signs_in(mask)]
        return senas

    # --- applying actions -------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        # Only this game's legal actions get here; saying so lets the compiled build read them natively.
        move = cast(TrucoAction, action)
        kind = move.kind
        team = self.team_of[seat]
        if kind == PLAY:
            self._play(seat, cast(Card, move.arg))
        elif kind == SENA:
            self._sena(seat, cast(str, move.arg))
        elif kind == QUIERO:
            self._quiero(seat, team)
        elif kind == NO_QUIERO:
            self._no_quiero(seat)
        elif kind == MAZO:
            self._mazo(seat, team)
        elif kind >= TRUCO:
            self.ladder.call(team)
            self.emit("truco", seat, CALL_NAME[kind])
            self._refresh()
        elif kind <= FALTA_ENVIDO:
            self._envido(seat, team, kind, move.text)
        else:
            self._flor(seat, team, kind, move.text)

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat] = tuple(c for c in self.hands[seat] if c != card)
        self.played[seat] += (card,)
        cur = self.cur = self.cur + ((seat, card),)
        self.emit("play", seat, CARD_TEXT[card])
        parts = self.parts
        if len(cur) < len(parts):
            self.turn = parts[(self.lead + len(cur)) % len(parts)]
            self.to_act = (self.turn,)
            return
        team, winner = trick_winner_by_rank(cur, RANK, self.team_of)
        self.tricks += (cur,)
        self.cur = ()
        results = self.results = self.results + (team,)
        if team == PARDA:
            self.emit("parda", -1, str(len(results)))
            winner = self.cmano
        else:
            self.emit("trick", winner, str(len(results)))
        mano_team = self.team_of[self.cmano]
        outcome = best_of_three(results, mano_team, third_tie_to_first=self.third_first, all_tied=mano_team)
        if outcome >= 0:
            self._end_contest(outcome, self.ladder.worth, "hand")
            return
        self.lead = parts.index(winner)
        self.turn = winner
        self.to_act = (winner,)

    def _quiero(self, seat: int, team: int) -> None:
        self.emit("quiero", seat)
        if self.flor_open:
            value = 3 * FLOR_POINTS if self.flor_level == 1 else self._falta()
            best = self._best_flor()
            self._settle_flor(self.team_of[best], value, best)
        elif self.env_open:
            self._settle_envido()
        else:
            self.ladder.accept(team)
            self._refresh()

    def _no_quiero(self, seat: int) -> None:
        self.emit("no_quiero", seat)
        if self.flor_open:
            self._settle_flor(self.flor_team, self.flor_prev)
        elif self.env_open:
            self.env_open = False
            if not self._score(self.env_team, refused_value(self.env_chain), "envido"):
                self._refresh()
        else:
            ladder = self.ladder
            self._end_contest(ladder.caller, ladder.refuse(), "truco")

    def _mazo(self, seat: int, team: int) -> None:
        """Going to the mazo refuses whatever is pending and gives the hand away, with a bonus point when
        the opponents lost the chance of an envido they could still have called."""
        self.emit("mazo", seat)
        other = 1 - team
        if self.flor_open:
            if self.flor_level == 0:
                points, to = FLOR_POINTS, self.flor_first
            else:
                points, to = self.flor_prev, self.flor_team
            self.flor_open, self.flor_closed = False, True
            self._show_flor(to)
            if self._score(to, points, "flor"):
                return
        if self.env_open:
            self.env_open = False
            if self._score(self.env_team, refused_value(self.env_chain), "envido"):
                return
        bonus = (
            not self.env_done and self.flor_first < 0 and self.ladder.level == 0 and not self.results
            and any(s in self.callers and not self.played[s] for s in self.side[other])
        )
        self._end_contest(other, self.ladder.worth + bonus, "mazo")

    def _envido(self, seat: int, team: int, kind: int, text: str) -> None:
        self.env_chain += (kind,)
        self.env_open = self.env_done = True
        self.env_team = team
        self.emit("envido", seat, text)
        self._refresh()

    def _falta(self) -> int:
        return falta_value(self.score, self.target, self.falta_to_game)

    def _settle_envido(self) -> None:
        """An accepted envido: the tantos are sung in turn from the mano (see :func:`~.envido.sing`); the side
        with the best wins, ties to the seat nearer the mano, and the tanto that won as sung is shown at the end."""
        self.env_open = False
        parts = self.parts
        steps, said_best = sing(parts, [self.tanto_of(seat) for seat in parts], self.team_of)
        for seat, value, bound in steps:
            if value == SON_BUENAS:
                self.emit("son_buenas", seat, "envido")
                self.reveals += (("tanto_under", seat, bound),)
            else:
                self.emit("tanto", seat, str(value))
                self.reveals += (("tanto", seat, value),)
        self.to_show += ((said_best, "envido"),)
        points = accepted_value(self.env_chain, self._falta())
        if not self._score(self.team_of[said_best], points, "envido"):
            self._refresh()

    def _flor(self, seat: int, team: int, kind: int, text: str) -> None:
        self.emit("flor", seat, text)
        if kind == FLOR and not self.flor_open:
            self._declare_flor(seat, team)
            return
        self.flor_declared[seat] = True
        if kind == FLOR:
            best = self._best_flor()
            self._settle_flor(self.team_of[best], 2 * FLOR_POINTS, best)
        elif kind == ACHICO:
            self._settle_flor(self.flor_first, FLOR_POINTS)
        else:
            self.flor_prev = 3 * FLOR_POINTS if self.flor_level == 1 else 2 * FLOR_POINTS
            self.flor_level = 1 if kind == CONTRAFLOR else 2
            self.flor_team = team
            self.flor_resp = tuple(s for s in self.side[1 - team] if self.flores[s])
            self._refresh()

    def _declare_flor(self, seat: int, team: int) -> None:
        """A first flor (or a partner's) voids the envido; another flor opposite opens the exchange."""
        self.flor_declared[seat] = True
        self.reveals += (("flor", seat, 0),)
        self.env_open = False
        self.env_chain = ()
        self.env_done = True
        if self.flor_first < 0:
            self.flor_first = team
        rivals = tuple(s for s in self.side[1 - team] if self.flores[s] and not self.flor_declared[s])
        if rivals:
            self.flor_open = True
            self.flor_level = 0
            self.flor_team = team
            self.flor_resp = rivals
            self.reveals += tuple(("flor", s, 0) for s in rivals)
            self._refresh()
            return
        self.reveals += tuple(("noflor", s, 0) for s in self.side[1 - team])
        self.to_show += ((seat, "flor"),)
        if not self._score(team, FLOR_POINTS, "flor"):
            self._refresh()

    def _best_flor(self) -> int:
        """The seat whose flor won, ties to the seat nearer the mano: the flores are sung in turn from the
        mano among the seats holding one, as the tantos are (see :func:`~.envido.sing`), so the winner may be a
        partner who never declared his flor."""
        holders = tuple(seat for seat in self.parts if self.flores[seat])
        steps, said_best = sing(holders, [self.flores[seat] for seat in holders], self.team_of)
        for seat, value, bound in steps:
            if value == SON_BUENAS:
                self.emit("son_buenas", seat, "flor")
                self.reveals += (("flor_under", seat, bound),)
            else:
                self.emit("flor_tanto", seat, str(value))
                self.reveals += (("flor", seat, value),)
        return said_best

    def _settle_flor(self, team: int, points: int, sung_best: int = -1) -> None:
        """``sung_best`` is the seat whose flor won the singing, when the flores were sung: the best flor said is
        the one shown, declared or not."""
        self.flor_open = False
        self.flor_closed = True
        if sung_best >= 0:
            self.to_show += ((sung_best, "flor"),)
        else:
            self._show_flor(team)
        if not self._score(team, points, "flor"):
            self._refresh()

    def _show_flor(self, team: int) -> None:
        """An exchange of flores scored for ``team``: its best flor declared (ties to the mano's side) is shown."""
        declared = [s for s in self.parts if self.team_of[s] == team and self.flor_declared[s] and self.flores[s]]
        if declared:
            best = max(declared, key=lambda s: (self.flores[s], -self.parts.index(s)))
            self.to_show += ((best, "flor"),)

    def _sena(self, seat: int, sign: str) -> None:
        """A seña goes to the partners only, unless an opponent happens to catch it; the turn does not pass."""
        self.senas_used[seat] = True
        partners = self.members[self.team_of[seat]]
        self.emit("seña", seat, sign, partners)
        self.reveals += (("sign", seat, sign, partners, len(self.played[seat])),)
        if self.caught > 0 and self.rng.random() < self.caught:
            self.emit("seña_vista", seat, sign)
            self.reveals += (("sign", seat, sign, None, len(self.played[seat])),)

    # --- what seats see ---------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        table = self._public_table()
        table["tanto"] = self.tanto_of(seat)
        table["flor"] = self.flores[seat]
        table["senas_left"] = 0 if self.n == 2 or self.pica or self.senas_used[seat] else 1
        return self.make_observation(seat, hand=self.hands[seat], mano=self.hand_mano, table=table)

    def public_observation(self) -> Observation:
        return self.make_public_observation(table=self._public_table(), mano=self.hand_mano)

    def _public_table(self) -> dict[str, Any]:
        """The table every seat and a spectator see alike; a seat's own envido, flor and señas are not in it."""
        ladder = self.ladder
        pending = None
        if self.flor_open:
            pending = ("flor", "contraflor", "contraflor al resto")[self.flor_level]
        elif self.env_open:
            pending = "envido"
        elif ladder.pending:
            pending = ("truco", "retruco", "vale cuatro")[ladder.level]
        table: dict[str, Any] = {
            "points": self.target,
            "turn": None if self.is_over else self.turn,
            "playing": list(self.parts),
            "pica_pica": self.pica,
            "tricks": [[[s, CARD_TEXT[c]] for s, c in trick] for trick in self.tricks],
            "trick": [[s, CARD_TEXT[c]] for s, c in self.cur],
            "played": [[CARD_TEXT[c] for c in cards] for cards in self.played],
            "results": ["parda" if r == PARDA else r for r in self.results],
            "truco": ladder.level,
            "hand_worth": ladder.worth,
            "el_quiero": ladder.holder,
            "pending": pending,
            "envido": [WORDS[k].text for k in self.env_chain],
            "envido_called": self.env_done,
        }
        return table

    def hand_of(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hidden_from(self, seat: int) -> list[Card]:
        shown = self.shown
        hidden = [card for other, hand in enumerate(self.hands) if other != seat for card in hand if card not in shown]
        return hidden + self.stock

    def all_cards(self) -> list[Card]:
        cards = [card for hand in self.hands for card in hand]
        cards.extend(card for played in self.played for card in played)
        return cards + self.stock

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def result(self) -> Result:
        winners = self.members[self.winner] if self.winner >= 0 else ()
        return Result(winners, tuple(self.score))

    def clone(self) -> TrucoState:
        return self._clone(True)

    def _clone(self, whole_log: bool) -> TrucoState:
        """:meth:`clone`, or without ``whole_log`` the copy ``sample`` starts from (see ``State._copy_base``)."""
        other = TrucoState(None)
        other._copy_base(self, whole_log)
        # Shared with the original: numbers, tuples, and lists replaced whole, never changed in place. Written
        # out rather than by a function generated for them, so that compiled (docs/compiled.md) they are native copies.
        other.n, other.team_of, other.members = self.n, self.team_of, self.members
        other.target, other.third_first, other.falta_to_game = self.target, self.third_first, self.falta_to_game
        other.pies_only, other.flor_on, other.pica_on = self.pies_only, self.flor_on, self.pica_on
        other.caught, other.winner, other.dealt = self.caught, self.winner, self.dealt
        other.stock, other.tantos, other.flores = self.stock, self.tantos, self.flores
        other.hand_mano, other.pica, other.parts = self.hand_mano, self.pica, self.parts
        other.side, other.callers, other.cmano = self.side, self.callers, self.cmano
        other.lead, other.turn, other.cur = self.lead, self.turn, self.cur
        other.tricks, other.results, other.env_chain = self.tricks, self.results, self.env_chain
        other.env_open, other.env_team, other.env_done = self.env_open, self.env_team, self.env_done
        other.flor_open, other.flor_level, other.flor_team = self.flor_open, self.flor_level, self.flor_team
        other.flor_first, other.flor_closed, other.flor_prev = self.flor_first, self.flor_closed, self.flor_prev
        other.flor_resp, other.reveals, other.to_show = self.flor_resp, self.reveals, self.to_show
        other.shown = self.shown
        other.score = self.score.copy()
        other.hands = self.hands.copy()
        other.played = self.played.copy()
        other.duels = self.duels.copy()
        other.flor_declared = self.flor_declared.copy()
        other.senas_used = self.senas_used.copy()
        other.ladder = self.ladder.copy()
        return other

    def sample(self, seat: int, rng: random.Random) -> TrucoState:
        """Redeal the cards ``seat`` cannot see, keeping to what it was told (tantos, flores, señas it saw).

        Hands with something known about them are drawn first among the combinations that agree with it;
        the others and the stock share what is left at random.
        """
        copy = self._clone(False)
        others = [s for s in range(self.n) if s != seat]
        facts: dict[int, list[tuple[Any, ...]]] = {}
        for fact in self.reveals:
            if fact[1] != seat and (fact[0] != "sign" or fact[3] is None or seat in fact[3]):
                facts.setdefault(fact[1], []).append(fact)
        # Every card but the seat's own and those played, in card order (not by where they lay): the 40 cards
        # filtered, which costs half of sorting what the others hold and the stock.
        known = set(self.hands[seat])
        for cards in self.played:
            known.update(cards)
        pool = [card for card in SORTED_CARDS if card not in known]
        shuffle(pool, rng)
        for who in others:
            if who not in facts:
                continue
            chosen = _draw(pool, len(self.hands[who]), self.played[who], facts[who], rng)
            copy.hands[who] = chosen
            for card in chosen:
                pool.remove(card)
        at = 0
        for s in others:
            if s not in facts:
                size = len(self.hands[s])
                copy.hands[s] = tuple(pool[at:at + size])
                at += size
        copy.stock = pool[at:]
        # Nor may the copy carry the rivals' señas to each other: only what ``seat`` saw, and who it saw signal.
        copy.reveals = tuple(f for f in self.reveals if f[0] != "sign" or f[3] is None or seat in f[3])
        seen = {f[1] for f in copy.reveals if f[0] == "sign"} | set(self.members[self.team_of[seat]])
        copy.senas_used = [used and s in seen for s, used in enumerate(self.senas_used)]
        copy.dealt = [self.played[s] + copy.hands[s] for s in range(self.n)]
        copy.tantos = [-1] * self.n
        copy.flores = self._flores(copy.dealt)
        return copy


def _shown_detail(cards: tuple[Card, ...], points: int) -> str:
    """A shown event's detail: the cards in notation, then the points (``"7E 6E 33"``)."""
    return " ".join([*(CARD_TEXT[card] for card in cards), str(points)])


def _draw(
    pool: list[Card], size: int, played: tuple[Card, ...], facts: list[tuple[Any, ...]], rng: random.Random
) -> tuple[Card, ...]:
    """A hand of ``size`` cards from ``pool`` agreeing with ``facts``: random tries first, since most facts
    are loose, then a draw among every agreeing combination (an exact tanto is rare at random).

    Facts rare enough to need the second step are looked up in :data:`_FITTING` from then on, with the same
    random tries and the same choice as before (the same hand for the same generator), at a fraction of the
    cost: the slowest decisions (four-player truco, a tanto sung and a seña seen) otherwise spend most of their
    time re-checking the same hands here.
    """
    key = (size, played, tuple(facts))
    fitting = _FITTING.get(key)
    for _ in range(RANDOM_TRIES):
        combo = tuple(sample(pool, size, rng))
        if _agrees(played + combo, facts) if fitting is None else frozenset(combo) in fitting:
            return combo
    if fitting is None:
        fitting = _fitting(key)
    # The agreeing hands within the pool, listed as ``combinations(pool, size)`` lists them: the cards of each in
    # pool order, the hands in order of their cards' places in the pool.
    place = {card: at for at, card in enumerate(pool)}
    hands = sorted(
        tuple(sorted(place[card] for card in hand)) for hand in fitting if all(card in place for card in hand)
    )
    return tuple(pool[at] for at in rng.choice(hands)) if hands else tuple(pool[:size])


RANDOM_TRIES = 200
"""Random hands :func:`_draw` tries before it draws among the agreeing ones."""

FittingKey = tuple[int, tuple[Card, ...], tuple[tuple[Any, ...], ...]]
"""What decides which hands agree: the hand's size, the cards the seat already played, the facts told."""

_FITTING: dict[FittingKey, frozenset[frozenset[Card]]] = {}
"""Every hand agreeing with facts that random tries once failed to meet (so few hands agree), from all the cards
the seat has not played, as sets: a search draws for the same view thousands of times. Cleared when it holds
:data:`FITTING_CAP` entries."""

FITTING_CAP = 512


def _fitting(key: FittingKey) -> frozenset[frozenset[Card]]:
    """Work out and keep the hands agreeing with ``key``'s facts (see :data:`_FITTING`). Whether a hand agrees
    does not depend on the order of its cards: tantos and flores do not, and a seña speaks for the cards held
    when it was made, which were all dealt before any still held."""
    size, played, facts = key
    if len(_FITTING) >= FITTING_CAP:
        _FITTING.clear()
    rest = [card for card in SORTED_CARDS if card not in played]
    fitting = _FITTING[key] = frozenset(
        frozenset(combo) for combo in combinations(rest, size) if _agrees(played + combo, facts)
    )
    return fitting


_TANTOS: dict[tuple[Card, ...], int] = {}
"""Tantos of the hands ``_draw`` has tried, by the hand as drawn: sampling for a search redraws the same few
thousand hands thousands of times, and looking a tanto up costs a tenth of working it out."""


def _tanto_of(dealt: tuple[Card, ...]) -> int:
    value = _TANTOS.get(dealt)
    if value is None:
        value = _TANTOS[dealt] = tanto(dealt)
    return value


_FLORES: dict[tuple[Card, ...], int] = {}
"""Flores of the hands dealt or drawn, as :data:`_TANTOS` keeps tantos: each sampled deal works out every seat's."""


def _flor_of(dealt: tuple[Card, ...]) -> int:
    value = _FLORES.get(dealt)
    if value is None:
        value = _FLORES[dealt] = flor(dealt)
    return value


_TANTO_CARDS: dict[tuple[Card, ...], tuple[Card, ...]] = {}
"""The cards that make each dealt hand's tanto, as :data:`_TANTOS` keeps its points: every simulation of a
search whose hand had an envido shows them at the end of the hand, and sorting them out again each time is a
visible share of a search."""


def _tanto_cards_of(dealt: tuple[Card, ...]) -> tuple[Card, ...]:
    cards = _TANTO_CARDS.get(dealt)
    if cards is None:
        cards = _TANTO_CARDS[dealt] = tanto_cards(dealt)
    return cards


def _agrees(dealt: tuple[Card, ...], facts: Sequence[tuple[Any, ...]]) -> bool:
    """Whether a seat dealt ``dealt`` agrees with every fact told about it."""
    for fact in facts:
        what = fact[0]
        if what == "tanto" and _tanto_of(dealt) != fact[2]:
            return False
        if what == "tanto_under" and _tanto_of(dealt) > fact[2]:
            return False
        if what == "flor_under" and (not _flor_of(dealt) or _flor_of(dealt) > fact[2]):
            return False
        if what == "flor" and (not _flor_of(dealt) or (fact[2] and _flor_of(dealt) != fact[2])):
            return False
        if what == "noflor" and _flor_of(dealt):
            return False
        if what == "sign" and not shows(fact[2], dealt[fact[4]:], _flor_of(dealt), _tanto_of(dealt)):
            return False
    return True
