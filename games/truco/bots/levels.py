"""Truco bots: ``easy`` plays sound cards and honest calls; ``medium`` judges a truco over sampled deals,
weighs position and score, and bluffs now and then; :class:`QuickMediumBot` is ``medium`` on a quarter of its
sampled deals, for the play-outs of the core's ``hard`` bot.

Both read only their seat's view: their cards, the public table, their tanto, the señas their partners
showed them (and the rivals' they caught), and, for ``medium``, deals sampled to fit all that. Both show
their partners one true seña per hand when they play with partners.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from cartas.core import PARDA, Action, Card, Observation, best_of_three, trick_winner_by_rank
from cartas.core.bots import BookKeeping, BotFactory, Decision, SeatView, logistic, posterior_for

from ..envido import accepted_value, falta_value, refused_value, tanto
from ..senas import CARD_SIGN
from ..state import RANK, TrucoState
from .bidding import TrucoBidding, card_power
from .rivals import ENVIDO_KEY, FOLD_KEY, TrucoRivalReader
from .temperament import MEDIUM, Temperament

SAMPLES = 16
"""Deals the medium bot samples to judge a truco."""

TANTO_MIX = 0.8
"""Tanto points over which ``medium``'s envido call goes from rare to sure around its bar (a logistic's scale):
at the bar it calls about two times in three, one point under one in eight, one over seven in eight."""

CHANCE_MIX = 0.04
"""Chance of winning the hand over which ``medium``'s truco call and answer go from rare to sure around its bar."""

EQUITY_MIX = 0.001
"""Match equity over which ``medium``'s answer to an envido goes from refusing to accepting (0.004 let a tanto of
28 refuse a plain envido at 10-27 on one seed in four)."""

RAISE_SAMPLES = 4
"""How many times :data:`SAMPLES` worlds ``medium`` weighs for a raise: the next word doubles what is at stake
over a plain acceptance, and on 16 worlds the chance of 10E 2E 1O against a retruco ranged from 0.5 to 0.69."""

HEAD_TO_HEAD_PLAYOUTS = 64
"""Play-outs the core's ``hard`` may spend on one decision at a two-player table: a decision comparing few moves
(take or refuse a truco, which card to play last) plays out more sampled states, ``64 // moves``, never fewer than
:attr:`MediumBot.rollout_samples`. Its dearest decisions (six moves on a first turn) cost what they did, so the
time a decision takes at worst stays as it was. Four-player tables keep eight states a decision: their
``hard`` is the one near the time a decision may take at the table, so a larger budget there would have to be
measured first."""

ENVIDO_HABIT = 0.2
"""The share of a rival's envidos his book reads as said whatever his tanto (its ``π_yes``) from which the core's
``hard`` plays ``medium``'s answer to his envido as it is, at two players too. Against an honest rival the
play-outs answer better than ``medium`` (their rivals are ``medium``, as he is); against one with an envido habit
they give back what the book read, since their rivals read no book, so there ``medium``'s answer, which reads
the book, is played as it is. The prior reads 0.08, a rival whose tanto never comes to light and who opens one
hand in five stays near 0.1, and an always-envido rival passes 0.2 on his third envido."""

TRUCO_CALL_BAR = MEDIUM.truco_call_bar
"""The chance of winning the hand around which ``medium`` calls the next truco word against a rival who folds no
more than the prior expects (above the 0.5 that breaks even, for the rivals who answer with a raise)."""

ALWAYS_CALL = -1.0
"""The call bar where calling pays whatever the hand's chance (a rival who folds enough): a chance of 0 is 25
:data:`CHANCE_MIX` above it, so the call is drawn all but always."""

TOP = {"ancho_espada": 1.0, "ancho_basto": 1.0, "siete_espada": 1.0, "siete_oro": 0.9, "tres": 0.6, "dos": 0.5}
"""What a partner's seña adds to the team's strength, in the units of :func:`card_power`."""


@dataclass
class Reading:
    """What a bot makes of its view: the facts every decision needs, read once per choice."""

    view: SeatView
    seat: int
    legal: dict[str, Action]
    hand: list[Card]
    team: int
    partners: tuple[int, ...]
    my_score: int
    their_score: int
    target: int
    tanto: int
    flor: int
    pending: str | None
    worth: int
    trick: list[tuple[int, Card]]
    results: list[object]
    mano: int | None
    teams: list[int]
    signs: list[str] = field(default_factory=list)
    caught: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, view: SeatView) -> Reading:
        obs = view.observation()
        table = obs.table
        team = obs.teams[obs.seat]
        partners = tuple(s for s, t in enumerate(obs.teams) if t == team and s != obs.seat)
        # A sign for a card the partner has since played says nothing more than the card itself.
        gone = {CARD_SIGN[Card.parse(c)] for p in partners for c in table["played"][p] if Card.parse(c) in CARD_SIGN}
        signs = [e.detail for e in obs.events if e.kind == "seña" and e.seat in partners and e.detail not in gone]
        caught = [e.detail for e in obs.events if e.kind == "seña_vista" and obs.teams[e.seat] != team]
        return cls(
            view=view, seat=obs.seat, legal={str(a): a for a in view.legal_actions()}, hand=view.hand(), team=team,
            partners=partners, my_score=obs.scores[team], their_score=obs.scores[1 - team], target=table["points"],
            tanto=table["tanto"], flor=table["flor"], pending=table["pending"], worth=table["hand_worth"],
            trick=[(s, Card.parse(c)) for s, c in table["trick"]], results=table["results"], mano=obs.mano,
            teams=obs.teams, signs=signs, caught=caught,
        )

    @property
    def rivals(self) -> tuple[int, ...]:
        """The seats of the other side, whose habits the bot's book keeps."""
        return tuple(seat for seat, team in enumerate(self.teams) if team != self.team)

    def power(self) -> float:
        """The team's chances in the tricks still to play, from its cards, tricks already won and señas
        (its partners', and the rivals' it caught)."""
        total = sum(card_power(card) for card in self.hand)
        total += sum(TOP.get(sign, 0.0) for sign in self.signs)
        total -= 0.5 * sum(TOP.get(sign, 0.0) for sign in self.caught)
        if self.trick:
            best_seat = max(self.trick, key=lambda play: RANK[play[1]])[0]
            total += 0.5 if self.teams[best_seat] == self.team else -0.2
        for result in self.results:
            if result == self.team:
                total += 1.0
            elif result != "parda":
                total -= 0.8
        return total

    def team_tanto(self) -> int:
        """Own tanto, raised when a partner signalled a good envido."""
        return max(self.tanto, 29) if "envido" in self.signs else self.tanto


def pick_card(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], team: int, teams: Sequence[int], results: Sequence[object]
) -> Card:
    """The lowest card that wins the trick for the team, or the lowest card when it is lost anyway.

    Leading, it keeps its best card unless a trick is already won (then it closes the hand with it).
    A tying card is worth playing when the team won the first trick, since a parda then wins the hand.
    """
    cards = sorted(hand, key=RANK.__getitem__)
    if not trick:
        won = any(result == team for result in results)
        return cards[-1] if won or len(cards) == 1 else cards[len(cards) // 2]
    best_seat, best = max(trick, key=lambda play: RANK[play[1]])
    if teams[best_seat] == team:
        return cards[0]
    for card in cards:
        if RANK[card] > RANK[best]:
            return card
    if results and results[0] == team:
        for card in cards:
            if RANK[card] == RANK[best]:
                return card
    return cards[0]


def wins_the_hand_now(view: SeatView, obs: Observation | None = None) -> bool:
    """Whether the seat, last to play in the trick with no call to answer, holds a card that wins the trick
    for its team and with it the hand (the trick's result then decides whatever the tie rules say). ``obs`` is
    the view's observation when the caller has already built it."""
    obs = view.observation() if obs is None else obs
    table = obs.table
    if table["pending"] is not None or len(table["trick"]) != len(table["playing"]) - 1:
        return False
    team = obs.teams[obs.seat]
    results = [PARDA if result == "parda" else result for result in table["results"]]
    if best_of_three([*results, team], team, third_tie_to_first=False, all_tied=team) != team:
        return False
    best_seat, best = max(((s, Card.parse(c)) for s, c in table["trick"]), key=lambda play: RANK[play[1]])
    if obs.teams[best_seat] == team:
        return True
    return any(RANK[card] > RANK[best] for card in view.hand())


def playout_tricks(state: TrucoState) -> int:
    """The team that wins the hand of a (sampled) state if every seat plays :func:`pick_card` from now on."""
    parts, team_of = state.parts, state.team_of
    hands = {seat: list(state.hands[seat]) for seat in parts}
    cur, results, lead = list(state.cur), list(state.results), state.lead
    mano_team = team_of[state.cmano]
    while True:
        while len(cur) < len(parts):
            seat = parts[(lead + len(cur)) % len(parts)]
            card = pick_card(hands[seat], cur, team_of[seat], team_of, results)
            hands[seat].remove(card)
            cur.append((seat, card))
        team, winner = trick_winner_by_rank(cur, RANK, team_of)
        results.append(team)
        outcome = best_of_three(results, mano_team, third_tie_to_first=state.third_first, all_tied=mano_team)
        if outcome >= 0:
            return outcome
        lead = parts.index(state.cmano if team == PARDA else winner)
        cur = []


class EasyBot:
    """Plays the lowest card that does the job, calls and accepts only with the cards to back it."""

    bluff = 0.0
    """How often the bot calls with a hand that does not justify it."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        r = Reading.of(view)
        legal = r.legal
        sena = next((a for text, a in legal.items() if text.startswith("seña")), None)
        if sena is not None and self._shows_sena(r):
            return sena
        if "flor" in legal and r.flor and r.pending != "flor":
            return legal["flor"]
        if r.pending in ("flor", "contraflor", "contraflor al resto"):
            return self._answer_flor(r)
        if r.pending == "envido":
            return self._answer_envido(r)
        if r.pending is not None and "quiero" in legal:
            return self._answer_truco(r)
        return self._turn(r)

    # --- decisions, each overridable by a stronger bot -----------------------------------------------------

    def _shows_sena(self, r: Reading) -> bool:
        return True

    def _answer_flor(self, r: Reading) -> Action:
        legal = r.legal
        if "flor" in legal:
            return legal["contraflor"] if r.flor >= 35 else legal["flor"]
        return legal["quiero"] if r.flor >= 32 else legal["no quiero"]

    def _envido_bar(self, r: Reading) -> int:
        """The tanto from which the bot accepts an envido."""
        return 27

    def _answer_envido(self, r: Reading) -> Action:
        legal, tanto = r.legal, r.team_tanto()
        if tanto >= 33 and "falta envido" in legal and self._may_raise_envido(r):
            return legal["falta envido"]
        if tanto >= 31 and "real envido" in legal and self._may_raise_envido(r):
            return legal["real envido"]
        return legal["quiero"] if tanto >= self._envido_bar(r) else legal["no quiero"]

    def _truco_bar(self, r: Reading) -> float:
        """The team power from which the bot accepts a truco call."""
        return 1.3 + 0.2 * (r.worth - 1)

    def _may_raise(self, r: Reading) -> bool:
        return True

    def _may_raise_envido(self, r: Reading) -> bool:
        """Whether the bot may call or raise an envido. The tanto is scored before the hand's tricks, so a
        hand that already decides the match leaves an envido worth calling: refused, it can win the match."""
        return True

    def _answer_truco(self, r: Reading) -> Action:
        legal = r.legal
        if self._may_open_envido(r):
            return self._open_envido(r)
        power = r.power()
        raise_word = next((w for w in ("retruco", "vale cuatro", "truco") if w in legal), None)
        if raise_word and power >= self._truco_bar(r) + 0.9 and self._may_raise(r):
            return legal[raise_word]
        return legal["quiero"] if power >= self._truco_bar(r) else legal["no quiero"]

    def _calls_truco(self, r: Reading) -> bool:
        """Whether the hand is good enough to call the next truco at the bot's turn."""
        return r.power() >= 2.0 + 0.3 * (r.worth - 1)

    def _may_open_envido(self, r: Reading) -> bool:
        return "envido" in r.legal and r.team_tanto() >= 28

    def _open_envido(self, r: Reading) -> Action:
        tanto = r.team_tanto()
        if tanto >= 31 and self._may_raise_envido(r):
            return r.legal["real envido"]
        return r.legal["envido"]

    def _turn(self, r: Reading) -> Action:
        legal = r.legal
        if "envido" in legal and (
            self._may_open_envido(r) and self._may_raise_envido(r)
            or self._may_raise(r) and self.rng.random() < self.bluff
        ):
            return self._open_envido(r)
        call = next((w for w in ("truco", "retruco", "vale cuatro") if w in legal), None)
        if call and self._may_raise(r) and (self._calls_truco(r) or self.rng.random() < self.bluff):
            return legal[call]
        return legal[f"play {pick_card(r.hand, r.trick, r.team, r.teams, r.results)}"]


class MediumBot(EasyBot, BookKeeping[TrucoRivalReader]):
    """Judges a truco by sampling the hidden cards, adjusts its envido to position and score, bluffs now and
    then, and never raises once what is on the table already decides the match. Its book of the rivals
    (made, read, remembered and lent) is the core's :class:`~cartas.core.bots.BookKeeping`."""

    temperament: ClassVar[Temperament] = MEDIUM
    """The knobs of its calls and answers (:mod:`cartas.games.truco.bots.temperament`); a personality changes them."""
    bluff = MEDIUM.bluff
    samples = SAMPLES
    """Deals sampled to judge a truco."""
    bidding: ClassVar[TrucoBidding] = TrucoBidding()
    """What the rivals' calls say about their cards, for this bot's samples and the core's ``hard`` bot."""
    posterior_tries: ClassVar[int] = 24
    """Deals drawn at most for one sample that fits the rivals' calls (see :mod:`cartas.core.bots.inference`)."""
    rival_reader: type[TrucoRivalReader] = TrucoRivalReader
    """Makes the reader of each rival's habits a bot keeps for its match (here and in the core's ``hard``)."""
    for_rollouts: ClassVar[BotFactory]
    """The cheaper variant the core's rollout bot plays out with (see :mod:`cartas.core.bots.rollout`)."""
    raise_samples: ClassVar[int] = RAISE_SAMPLES * SAMPLES
    """Worlds weighed to raise a truco it was called (see :meth:`_raise_chance`)."""
    rollout_samples: ClassVar[int] = 8
    """Sampled states the core's ``hard`` bot plays out per decision over this bot (see :mod:`cartas.core.bots.rollout`)."""

    @staticmethod
    def rollout_playouts(view: SeatView) -> int:
        """Play-outs a decision of the core's ``hard`` may spend in all (:data:`HEAD_TO_HEAD_PLAYOUTS` at two
        players, else none over its eight states; see :mod:`cartas.core.bots.rollout`)."""
        return HEAD_TO_HEAD_PLAYOUTS if view.options.players == 2 else 0

    @staticmethod
    def rollout_settled(view: SeatView) -> bool:
        """The moves the core's ``hard`` plays as this bot chose them, without play-outs.

        A card that wins the hand on the spot, which :func:`pick_card` always plays (its own seat is the last of
        the trick, and winning it decides the hand): nothing a play-out finds can beat a sure hand, but noisy
        play-outs can let a dominated card through (after a tied first trick, tying again with 3C instead of
        winning the hand with 7E).

        At four players, also the answers to an envido and to a retruco, where eight sampled states a decision
        were too few: ``hard`` once accepted a falta envido worth the match with a tanto of 25 that this bot's
        rule refuses (:meth:`_answer_envido` weighs the tantos over 16 to 64 deals from the posterior), and
        raised a retruco to vale cuatro holding 10E 2E 1O (:meth:`_raise_chance` weighs the raise where the
        rival would accept it). At two players the play-out budget (:data:`HEAD_TO_HEAD_PLAYOUTS`) gives those
        answers 10 to 32 states, enough to refuse that falta, and settling the answers would cost ``hard`` what
        its play-outs find over ``medium``'s rule; there the
        vale cuatro is left to this bot (:meth:`shortlist`), and so is the answer to the envido of a rival whose
        book reads an envido habit (:data:`ENVIDO_HABIT`, :attr:`choice_settled`)."""
        obs = view.observation()
        if view.options.players == 2:
            return wins_the_hand_now(view, obs)
        pending = obs.table["pending"]
        return pending in ("envido", "retruco") or wins_the_hand_now(view, obs)

    @staticmethod
    def shortlist(view: SeatView) -> list[Action]:
        """The moves the core's ``hard`` plays out besides this bot's own choice: all but the señas, the falta
        envido, the mazo and, at two players, the vale cuatro, which ``hard`` plays only when this bot chooses
        them.

        Each move compared costs play-outs of the rest of the hand; at four players a first turn offers up to
        ten (three cards, truco, three envidos, the mazo, two señas), twice what a decision may take at the
        table. A seña tells a partner what this bot holds and only this bot's rule decides which. The falta
        envido and the mazo stay out at two players too, where the budget would pay for them: the play-outs'
        rivals answer a falta by this bot's rule, which refuses it without a great tanto, so compared they find
        a falta worth opening against a rival who calls envido and truco on every hand, who accepts it and
        wins. A vale cuatro is worth four points to whoever holds the cards a rival accepts it with: this bot
        weighs the raise where the rival would accept it (:meth:`_raise_chance`), the play-outs' rivals read
        no calls, so compared they raise a retruco on hands such as 10E 2E 1O that a rival accepts only when
        he beats them. At four players the answer to a retruco is :meth:`rollout_settled`, and a vale cuatro
        called stays compared as it was."""
        two_players = view.options.players == 2
        return [
            action for action in view.legal_actions()
            if not str(action).startswith("seña") and str(action) not in ("falta envido", "mazo")
            and not (two_players and str(action) == "vale cuatro")
        ]

    choice_settled: bool = False
    """Whether the core's ``hard`` plays the last choice as it is, without play-outs
    (:mod:`cartas.core.bots.rollout`), because the play-outs' rivals read no book and the book told this bot
    something they miss:

    - a truco called on the rivals' folds (:meth:`_truco_call_bar` below the temperament's bar): answering by
      their cards, the play-outs' rivals make the call against a rival who folds without two top cards a loss,
      and ``hard`` must beat that rival as ``medium`` does;
    - an answer to the envido of a rival who calls it whatever his tanto (:data:`ENVIDO_HABIT`)."""

    def choose(self, view: SeatView) -> Action:
        """As :class:`EasyBot`, having first read the hands finished since its last turn into its book of the
        rivals (a bot that reads no calls, as the play-outs' own, keeps none)."""
        self.choice_settled = False
        self._read_book(view)
        return super().choose(view)

    def _shows_sena(self, r: Reading) -> bool:
        return len(r.hand) >= 2

    def _envido_bar(self, r: Reading) -> int:
        bar = 27 if r.mano != r.seat else 26
        if r.their_score >= r.target - 3:
            bar -= 2
        return bar

    def _may_raise(self, r: Reading) -> bool:
        """No raise when the hand as it stands already wins the match. When the rivals need a single point
        a raise costs nothing more (any hand they take ends the match), so it stays open."""
        return r.my_score + r.worth < r.target

    def _may_open_envido(self, r: Reading) -> bool:
        """Open an envido by the tanto against the score: from 28 as mano, 27 as pie (the mano let it pass);
        from 30 when a lost envido gives the rivals the match and a refused one would not give it to us;
        from 26 when a refusal alone wins us the match."""
        if "envido" not in r.legal:
            return False
        bar = 28 if r.mano == r.seat else 27
        if r.my_score + 1 >= r.target:
            bar = 26
        elif r.their_score + 2 >= r.target:
            bar = 30
        return self._draws(r.team_tanto(), bar - 0.5 + self.temperament.envido_shift, TANTO_MIX)

    def _draws(self, value: float, bar: float, scale: float) -> bool:
        """Yes with the chance a logistic around ``bar`` gives ``value``: a mixed strategy, so the same hand does
        not always get the same call and a rival cannot read the cards from the call. Drawn from the
        bot's own generator: the same seed and views give the same choices."""
        return self.rng.random() < logistic(value, bar, scale)

    def _open_envido(self, r: Reading) -> Action:
        """The falta envido with 32 or more when far behind and the falta is worth more than a real envido's
        three points; otherwise as :class:`EasyBot`."""
        if r.team_tanto() >= 32 and "falta envido" in r.legal and r.their_score - r.my_score >= 5:
            to_game = getattr(r.view.options, "falta_mode", "") == "to_game"
            if falta_value((r.my_score, r.their_score), r.target, to_game) > 3:
                return r.legal["falta envido"]
        return super()._open_envido(r)

    def _answer_envido(self, r: Reading) -> Action:
        """Against the rivals' tanto as their calls speak for it (the posterior), weighed in the match: accept
        when winning ``A`` points with the chance ``w`` and losing them otherwise is worth more than giving the
        refused points away, where a side that reaches the target wins the match outright. Settled for the
        core's ``hard`` (:attr:`choice_settled`) once a rival's book reads an envido habit (:data:`ENVIDO_HABIT`)."""
        legal = r.legal
        tanto = r.team_tanto()
        self.choice_settled = self._rivals_envido_habit(r) >= ENVIDO_HABIT
        if self._may_raise(r) and "real envido" in legal and tanto < 24 and self.rng.random() < self.bluff:
            return legal["real envido"]
        chance, world = self._envido_chance(r, self._envido_samples(r))
        if chance >= 0.75 and self._may_raise_envido(r):
            if tanto >= 33 and "falta envido" in legal:
                return legal["falta envido"]
            if tanto >= 31 and "real envido" in legal:
                return legal["real envido"]
        accepted = accepted_value(world.env_chain, falta_value(world.score, world.target, world.falta_to_game))
        refused = refused_value(world.env_chain)
        mine, theirs = r.my_score, r.their_score
        accept = chance * self._equity(r, mine + accepted, theirs) + (1 - chance) * self._equity(
            r, mine, theirs + accepted)
        refuse = self._equity(r, mine, theirs + refused)
        accept += self.temperament.envido_answer_shift
        return legal["quiero"] if self._draws(accept, refuse, EQUITY_MIX) else legal["no quiero"]

    def _rivals_envido_habit(self, r: Reading) -> float:
        """The largest share of envidos a rival calls whatever his tanto, as this bot's book reads it (the
        ``π_yes`` of his :data:`~cartas.games.truco.bots.rivals.ENVIDO_KEY`); 0 for a bot that keeps no book. From
        :data:`ENVIDO_HABIT` on, the answer is :attr:`choice_settled`."""
        reader = self._reader
        if reader is None:
            return 0.0
        return max(reader.book.modes(seat, ENVIDO_KEY).yes for seat in r.rivals)

    @staticmethod
    def _equity(r: Reading, mine: int, theirs: int) -> float:
        """A score's worth to the team: 1 when it has won the match, 0 when lost, else linear in the lead."""
        if mine >= r.target:
            return 1.0
        if theirs >= r.target:
            return 0.0
        return 0.5 + 0.5 * (mine - theirs) / r.target

    def _envido_samples(self, r: Reading) -> int:
        """Worlds drawn to answer an envido: four times :attr:`samples` when a falta envido is in play or the
        rivals are near the target, where one answer can decide the match. On 16 worlds the chance of a tanto of
        25 against a falta envido ranged from 0.38 to 0.56, so ``medium`` would accept now and then a falta
        that its rule refuses on the exact chance."""
        envido = r.view.observation().table.get("envido", [])
        if "falta envido" in envido or r.their_score + 4 >= r.target:
            return 4 * self.samples
        return self.samples

    def _envido_chance(self, r: Reading, samples: int | None = None) -> tuple[float, TrucoState]:
        """How often the team's tanto beats the rivals' best over ``samples`` worlds (default :attr:`samples`)
        drawn from the posterior (ties to the side of the mano), and the last world drawn (for what the envido
        is worth)."""
        wins = 0.0
        own = r.team_tanto()
        world = None
        samples = self.samples if samples is None else samples
        for _ in range(samples):
            world = self._draw(r.view)
            rivals = max(tanto(world.dealt[s]) for s in world.parts if world.team_of[s] != r.team)
            if own > rivals or (own == rivals and world.team_of[world.parts[0]] == r.team):
                wins += 1
        assert world is not None
        return wins / samples, world

    def _draw(self, view: SeatView) -> TrucoState:
        """A world for the view: from the posterior of the rivals' calls, or plain when the bot reads none."""
        if self.posterior is None and self.bidding is not None:
            self.posterior = posterior_for(self, tries=self.posterior_tries)
        posterior = self.posterior
        world = view.sample(self.rng) if posterior is None else posterior.sample(view, self.rng)
        assert isinstance(world, TrucoState)
        return world

    def _win_chance(self, r: Reading) -> float:
        """How often the team wins the hand's tricks over deals sampled to fit what the bot knows, the rivals'
        calls and answers included: a rival who called truco is dealt the cards such a call speaks for
        (:class:`cartas.games.truco.bots.bidding.TrucoBidding`)."""
        wins = 0
        for _ in range(self.samples):
            state = self._draw(r.view)
            wins += playout_tricks(state) == r.team
        return wins / self.samples

    def _answer_truco(self, r: Reading) -> Action:
        """Accept when the hand's chance beats the price: refusing loses the current worth for sure,
        accepting risks the next one; near the end only the match counts."""
        legal = r.legal
        if self._may_open_envido(r):
            return self._open_envido(r)
        if r.their_score + r.worth >= r.target:
            return legal["quiero"]
        asked = r.worth + 1
        raise_word = next((w for w in ("retruco", "vale cuatro") if w in legal), None)
        if raise_word and self._may_raise(r) and r.my_score + asked < r.target:
            if self._draws(self._raise_chance(r), self.temperament.raise_bar, CHANCE_MIX):
                return legal[raise_word]
        chance = self._win_chance(r)
        bar = 0.5 if r.their_score + asked >= r.target else (asked - r.worth) / (2 * asked) + 0.1
        bar += self.temperament.truco_answer_shift
        return legal["quiero"] if self._draws(chance, bar, CHANCE_MIX) else legal["no quiero"]

    def _raise_chance(self, r: Reading) -> float:
        """How often the team wins the hand in the worlds where the rivals would accept the raise: each of
        :attr:`raise_samples` worlds drawn from the posterior, weighed by how likely the
        rival who answers says ``quiero`` there (his book's ``truco answer``, or the shared model's).

        A raise is accepted by the rivals who hold the cards for it (adverse selection): the chance over all
        worlds overstates what a raise that is accepted wins: holding 10E 2E 1O after winning the first trick,
        the chance of the hand is about 0.6 over all worlds and about 0.4 over those where the rival accepts a
        vale cuatro."""
        reader = self._reader if self._reader is not None else self.bidding
        caller = next((e.seat for e in reversed(r.view.observation().events) if e.kind == "truco"), None)
        weighed = wins = 0.0
        for _ in range(self.raise_samples):
            world = self._draw(r.view)
            accepts = 1.0
            if reader is not None and caller is not None:
                accepts = reader.likelihood(world, Decision(caller, "quiero", "", len(world.events)))
            weighed += accepts
            wins += accepts * (playout_tricks(world) == r.team)
        return wins / weighed if weighed > 0 else 0.0

    def _calls_truco(self, r: Reading) -> bool:
        """By the chance of winning the hand around the temperament's bar (:data:`TRUCO_CALL_BAR` for
        ``medium``), lowered by the rivals' fold equity (:meth:`_truco_call_bar`). A call made on a lowered bar
        is :attr:`choice_settled`: the core's ``hard`` plays it as it is."""
        bar = self._truco_call_bar(r)
        called = self._draws(self._win_chance(r), bar, CHANCE_MIX)
        self.choice_settled = called and bar < self.temperament.truco_call_bar
        return called

    def _rivals_fold_rate(self, r: Reading) -> float:
        """The share of the trucos the card rule would accept that the rivals refuse, before their side has won
        a trick (the book's cautious tally, :meth:`cartas.core.bots.RivalBook.shortfall` of
        :data:`~cartas.games.truco.bots.rivals.FOLD_KEY`; the least of the rivals', since either may answer); 0 for
        a bot that keeps no book, a rival who folds no more than the rule, and once the rivals have won a trick
        (then the refuse-without-top-cards rival accepts everything: the fold equity is before).

        The rule's own folds are not counted: with 8 top cards of 40, a rival who refuses every truco without
        two of them folds nine first-trick trucos in ten, and each refusal looks "by the cards" one by one
        (the mixture's ``π_no`` barely moves, and that rival would beat ``medium``); the tally weighs his
        refusals against the yeses the rule expected over his hands still possible."""
        reader = self._reader
        if reader is None:
            return 0.0
        if any(result == 1 - r.team for result in r.results):
            return 0.0
        return min(reader.book.shortfall(seat, FOLD_KEY) for seat in r.rivals)

    def _truco_call_bar(self, r: Reading) -> float:
        """:data:`TRUCO_CALL_BAR` lowered by what the rivals' folds give away: against a rival who refuses every
        truco without two top cards, a call that weighs only its chance of the hand leaves points on the table.

        Calling the next word at a hand worth ``w`` against a rival who folds ``f`` of the hands the rule would
        accept (:meth:`_rivals_fold_rate`) wins
        ``w`` when he folds and plays for ``w + 1`` when he accepts; not calling plays for ``w``. With ``q`` the
        hand's margin ``2p - 1``, the call is worth it when ``f w + (1 - f)(w + 1) q > w q``: from
        ``q > -f w / ((1 - f)(w + 1) - w)``, and always once ``(1 - f)(w + 1) <= w``. The bar drops by how far
        that moves the break-even chance below 0.5; with ``f = 0`` it is the temperament's bar itself."""
        bar = self.temperament.truco_call_bar
        fold = self._rivals_fold_rate(r)
        if fold <= 0.0:
            return bar
        worth = r.worth
        stake = (1.0 - fold) * (worth + 1) - worth
        if stake <= 0:
            return ALWAYS_CALL
        break_even = (1.0 - fold * worth / stake) / 2
        return max(ALWAYS_CALL, bar - (0.5 - break_even))


class QuickMediumBot(MediumBot):
    """:class:`MediumBot`'s rules on a quarter of its sampled deals, for the play-outs of the core's ``hard`` bot.

    Judging a truco is nearly all of ``medium``'s time (16 sampled deals each time it may call or must answer),
    and a play-out asks it at almost every turn; on four deals a hand plays out about three times faster, so
    ``hard`` can play out eight sampled states per decision. Its chances are noisier, but its thresholds and
    cards are ``medium``'s own, so the play-outs lean no other bot's way.
    """

    samples = SAMPLES // 4
    raise_samples = SAMPLES // 4
    """Its raises on as few worlds as its other truco choices: a play-out asks at every answer it gives."""
    bidding = None  # type: ignore[assignment]
    """No posterior inside the play-outs: drawing it doubled ``hard``'s decision (304 ms against 134, the
    median of 73 decisions); ``hard`` draws its own sampled states from medium's posterior."""


MediumBot.for_rollouts = QuickMediumBot
