"""Bots for truco paulista. They read only their seat's view: its observation, its cards, and sampled states.

- :class:`EasyBot` looks at its own cards only: it plays the cheapest card that takes the rodada, accepts a
  truco with a 3, a 2 or a manilha, plays a mão de onze with a manilha or two strong cards, and calls truco
  now and then with a manilha. It is cheap, so the core's search bot uses it for its rollouts.
- :class:`MediumBot` estimates its chance of taking the mão by playing it out on states sampled from what it
  knows (so the vira's manilhas, the cards already shown and a partner's seen hand all count). It bets by that
  chance against the points at stake, decides a mão de onze by how much losing it would cost, and picks the
  card whose playouts take the mão most often.
- :class:`QuickMediumBot` bets and answers as ``medium`` does on a fifth of its samples (answers, like
  ``medium``'s, against a caller who holds what his call speaks for) and plays the heuristic card: the core's
  ``hard`` bot plays its mãos out with it (``MediumBot.for_rollouts``), since ``medium`` itself takes too long
  to play eight sampled states out for every move in a decision.

None of them ever calls truco in a mão de onze (which loses the match) nor raises when taking the mão as it stands
already wins the match.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import ClassVar

from cartas.core import Action, Card, Observation
from cartas.core.bots import BookKeeping, BotFactory, Evaluator, Posterior, SeatView, posterior_for

from ..actions import BLIND, HIDE, PLAY, RAISES, BlindPlay, Play, Word
from ..cards import COMMON_ORDER, FIXED_TABLE, VIRA_TABLES
from ..state import ANSWERING, DECIDING, FACE_DOWN, ONZE_STAKE, STAKES, TARGET, PaulistaState
from .bidding import PaulistaBidding
from .match_odds import match_value, onze_bar
from .rivals import PaulistaRivalReader
from .temperament import MEDIUM, Temperament

SUITS = "OCEB"


def ranks_of(observation: Observation) -> dict[Card, int]:
    """The rank table of the mão being played, rebuilt from the public vira."""
    vira = observation.table["vira"]
    return VIRA_TABLES[Card.parse(vira).rank] if vira else FIXED_TABLE


def _strengths(ranks: Mapping[Card, int]) -> tuple[dict[int, int], int]:
    """Each rank's common strength in ``ranks`` (the weakest card of the rank), and the strongest common card's:
    common cards of a rank tie, manilhas never do, so it is the best strength two cards share. (It was the best
    three's, which with a vira of 2, the treses being manilhas, is the zap's: no card was then a manilha.)"""
    shared: dict[int, int] = {}
    for strength in ranks.values():
        shared[strength] = shared.get(strength, 0) + 1
    return ({rank: min(ranks[Card(rank, suit)] for suit in SUITS) for rank in COMMON_ORDER},
            max(strength for strength, cards in shared.items() if cards > 1))


_TABLE_STRENGTHS: dict[int, tuple[Mapping[Card, int], tuple[dict[int, int], int]]] = {
    id(table): (table, _strengths(table)) for table in (*VIRA_TABLES.values(), FIXED_TABLE)
}
"""What :func:`_strengths` says of the game's own rank tables, by the table's identity: the play-outs of
``hard`` ask about a hundred thousand times a decision in four players, and building four cards for each
answer was a tenth of its time. The table is kept beside them, so an identity is never taken for another's."""


def _strengths_of(ranks: Mapping[Card, int]) -> tuple[dict[int, int], int]:
    known = _TABLE_STRENGTHS.get(id(ranks))
    if known is not None and known[0] is ranks:
        return known[1]
    return _strengths(ranks)


def common_strength(ranks: Mapping[Card, int], rank: int) -> int:
    """The strength of a common (not manilha) card of ``rank``: the weakest card of that rank."""
    return _strengths_of(ranks)[0][rank]


def is_manilha(ranks: Mapping[Card, int], card: Card) -> bool:
    """Whether ``card`` is a manilha: stronger than every common card."""
    return ranks[card] > _strengths_of(ranks)[1]


def choose_card(
    hand: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    ranks: Mapping[Card, int],
    team_of: Sequence[int],
    seat: int,
    results: Sequence[int],
    may_hide: bool,
) -> Play:
    """A sensible card: take the rodada as cheaply as possible, else throw (or hide) the weakest card.

    ``trick`` is the current rodada, face-down cards as :data:`FACE_DOWN`; ``results`` the earlier ones.
    """
    team = team_of[seat]
    by_strength = sorted(hand, key=ranks.__getitem__)
    weakest = by_strength[0]
    throw = HIDE[weakest] if may_hide else PLAY[weakest]
    two = common_strength(ranks, 2)
    if not trick:
        # Leading the first rodada with two strong cards: keep the best for later.
        if not results and len(by_strength) == 3 and ranks[by_strength[2]] > ranks[by_strength[1]] >= two:
            return PLAY[by_strength[1]]
        return PLAY[by_strength[-1]]
    best = max(ranks.get(card, 0) for _, card in trick)
    best_seat = next(s for s, card in trick if ranks.get(card, 0) == best)
    last_to_play = len(trick) == len(team_of) - 1
    if team_of[best_seat] == team and (last_to_play or best >= two):
        return throw
    for card in by_strength:
        if ranks[card] > best:
            return PLAY[card]
    # A tie is as good as a win once the first rodada is ours: the mão goes to the first rodada's winner.
    if results and results[0] == team:
        for card in by_strength:
            if ranks[card] == best:
                return PLAY[card]
    return throw


def greedy(state: PaulistaState, seat: int) -> Action:
    """The playout policy on a sampled state: play on (aceito, jogo) and choose cards with :func:`choose_card`."""
    if state.phase == DECIDING:
        return Word.JOGO
    if state.phase == ANSWERING:
        return Word.ACEITO
    if state.blind:
        return BLIND[0]
    return choose_card(state.hands[seat], state.trick, state.ranks, state.team_of, seat, state.results,
                       bool(state.tricks))


def hand_outcome(state: PaulistaState, seat: int, first: Action | None) -> float:
    """Play the mão out from ``state`` (a sample, changed in place): 1 if ``seat``'s side takes it, 0 if not.

    ``first`` is ``seat``'s action to apply before playing out. A replayed mão (three empates) counts half.
    """
    team = state.team_of[seat]
    before = state.score.copy()
    hands = state.hands_played
    if first is not None:
        state.apply(first, seat)
    while not state.is_over and state.hands_played == hands:
        actor = state.to_act[0]
        state.apply_legal(greedy(state, actor), actor)  # legal by construction: no check, a tenth of the time
    if state.is_over:
        return float(state.winner_team == team)
    if state.score == before:
        return 0.5
    return float(state.score[team] > before[team])


def samples_of(
    view: SeatView, rng: random.Random, count: int, posterior: Posterior | None = None
) -> list[PaulistaState]:
    """``count`` states sampled for the view, from ``posterior`` when given (the rivals' words read)."""
    states = []
    for _ in range(count):
        state = view.sample(rng) if posterior is None else posterior.sample(view, rng)
        assert isinstance(state, PaulistaState)
        states.append(state)
    return states


def win_chance(
    view: SeatView, rng: random.Random, samples: int, first: Action | None = None, posterior: Posterior | None = None
) -> float:
    """How often this seat's side takes the current mão when it is played out on sampled states."""
    states = samples_of(view, rng, samples, posterior)
    return sum(hand_outcome(state, view.seat, first) for state in states) / samples


def _is_raise(action: Action) -> bool:
    return isinstance(action, Word) and action in RAISES


def _sensible(legal: Sequence[Action], observation: Observation) -> list[Action]:
    """The legal actions but truco in a mão de onze, which loses the match."""
    if observation.table["mao_de_onze"] is None:
        return list(legal)
    return [a for a in legal if a is not Word.TRUCO]


def _trick_state(observation: Observation) -> tuple[list[tuple[int, Card]], list[int], int]:
    """The current rodada (face-down cards as :data:`FACE_DOWN`), earlier rodadas' winners, rodadas played."""
    table = observation.table
    trick = [
        (play["seat"], FACE_DOWN if play["face_down"] else Card.parse(play["card"]))
        for play in table["current_trick"]
    ]
    return trick, list(table["trick_winners"]), len(table["tricks"])


def _heuristic_card(view: SeatView, observation: Observation, legal: Sequence[Action]) -> Action:
    hand = view.hand()
    if not hand:
        return next(a for a in legal if isinstance(a, BlindPlay))
    trick, results, played = _trick_state(observation)
    return choose_card(hand, trick, ranks_of(observation), observation.teams, view.seat, results, played > 0)


def _decided(observation: Observation, seat: int) -> bool:
    """Taking the mão at its current stake already wins the match: raising could only lose points."""
    return bool(observation.scores[observation.teams[seat]] + observation.table["stake"] >= TARGET)


class EasyBot:
    """Plays from its own cards only, with simple thresholds."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        observation = view.observation()
        legal = _sensible(view.legal_actions(), observation)
        table = observation.table
        ranks = ranks_of(observation)
        hand = view.hand()
        two = common_strength(ranks, 2)
        if Word.JOGO in legal:
            cards = list(hand) + [Card.parse(c) for c in table.get("partner_hand") or []]
            strong = sum(1 for card in cards if ranks[card] >= two)
            manilha = any(is_manilha(ranks, card) for card in cards)
            return Word.JOGO if manilha or strong >= 2 else Word.CORRO
        if Word.ACEITO in legal:
            return Word.ACEITO if not hand or any(ranks[card] >= two for card in hand) else Word.CORRO
        raises = [a for a in legal if _is_raise(a)]
        if raises and hand and not _decided(observation, view.seat):
            if any(is_manilha(ranks, card) for card in hand) and self.rng.random() < 0.3:
                return raises[0]
        return _heuristic_card(view, observation, legal)


class MediumBot(EasyBot, BookKeeping[PaulistaRivalReader]):
    """Bets and plays by its chance of taking the mão, estimated by playouts on sampled states that fit the
    others' words (a side that asked for truco holds what such a call speaks for: :mod:`.bidding`). Its book
    of the rivals (made, read, remembered and lent) is the core's :class:`~cartas.core.bots.BookKeeping`.

    It is ``easy`` made deeper, as in every game, so it extends :class:`EasyBot`; unlike truco's ``medium``, which
    keeps ``easy``'s card play and señas, it decides every move itself (its own ``choose``), so nothing of
    ``easy``'s play is inherited but the seeded generator."""

    SAMPLES = 40
    CARD_SAMPLES = 24
    ONZE_SAMPLES = 320
    """States played out to decide a mão de onze: a standard error of under 3 points (80 states gave 5, and a
    hand near the bar flipped between seeds); they are drawn from a generator seeded by the position, so the
    same hand at the same score is always decided alike."""
    for_rollouts: ClassVar[BotFactory]
    """The cheaper variant the core's rollout bot plays out with (see :mod:`cartas.core.bots.rollout`)."""
    rollout_samples: ClassVar[int] = 8
    """Sampled states the core's ``hard`` bot plays out per decision over this bot: more cost time and win no
    more."""
    bidding: ClassVar[PaulistaBidding] = PaulistaBidding()
    """What the others' words say about their cards, for this bot's samples and the core's ``hard`` bot."""
    rollout_margin: ClassVar[float] = 0.75
    """Standard errors by which a move must beat this bot's own in ``hard``'s play-outs to be played instead
    (the core's default is 1): a lower bar lets ``hard`` leave ``medium``'s move more often, and no worse."""
    rollout_evaluate: ClassVar[Evaluator] = staticmethod(match_value)
    """How the core's ``hard`` bot values a play-out: the chance of winning the match from the score it reached
    (:mod:`.match_odds`), not the points gained, which mislead near 11 and 12."""
    posterior_tries: ClassVar[int] = 24
    """States drawn at most for one sample that fits the others' words (see :mod:`cartas.core.bots.inference`)."""

    rival_reader: type[PaulistaRivalReader] = PaulistaRivalReader
    """Makes the reader of each rival's habits a bot keeps for its match (here and in the core's ``hard``)."""
    temperament: ClassVar[Temperament] = MEDIUM
    """The knobs of its bets and answers (:mod:`cartas.games.truco_paulista.bots.temperament`); a personality
    changes them."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.posterior = posterior_for(self, tries=self.posterior_tries)

    def chance(self, view: SeatView, samples: int, first: Action | None = None) -> float:
        """How often this seat's side takes the mão, on states drawn from the posterior."""
        return win_chance(view, self.rng, samples, first, self.posterior)

    def choose(self, view: SeatView) -> Action:
        self._read_book(view)
        observation = view.observation()
        legal = _sensible(view.legal_actions(), observation)
        if len(legal) == 1:
            return legal[0]
        table = observation.table
        team = observation.teams[view.seat]
        mine, theirs = observation.scores[team], observation.scores[1 - team]
        if Word.JOGO in legal:
            return self._onze(view, observation, theirs)
        if Word.ACEITO in legal:
            return self._answer(view, observation, legal, mine, theirs)
        raises = [a for a in legal if _is_raise(a)]
        if raises and not _decided(observation, view.seat):
            temperament = self.temperament
            if self.chance(view, self.SAMPLES) >= temperament.raise_bar:
                return raises[0]
            if temperament.bluff and self.rng.random() < temperament.bluff:
                return raises[0]
        return self._card(view, observation, [a for a in legal if not isinstance(a, Word)])

    def _onze(self, view: SeatView, observation: Observation, theirs: int) -> Action:
        """Play the mão de onze when its chance beats :func:`onze_bar`; never, when losing it gives the others
        the match, with no manilha and no three among the cards the side sees."""
        if theirs + ONZE_STAKE >= TARGET:
            ranks = ranks_of(observation)
            cards = list(view.hand()) + [Card.parse(c) for c in observation.table.get("partner_hand") or []]
            if not any(is_manilha(ranks, card) or card.rank == 3 for card in cards):
                return Word.CORRO
        # Seeded by the position the seat sees, not by the bot: the same hand at the same score gets the same
        # estimate from every bot, so a hand near the bar is not played by one seed and run from by another.
        seen = (sorted(map(str, view.hand())), observation.table.get("partner_hand"), observation.table["vira"],
                observation.scores, view.seat)
        rng = random.Random(zlib.crc32(repr(seen).encode()))
        chance = win_chance(view, rng, self.ONZE_SAMPLES, Word.JOGO, self.posterior)
        return Word.JOGO if chance >= onze_bar(theirs) else Word.CORRO

    def _answer(self, view: SeatView, observation: Observation, legal: Sequence[Action], mine: int,
                theirs: int) -> Action:
        """Accept when the chance beats the odds the call offers; raise with a very strong hand."""
        stake = observation.table["stake"]
        offered = STAKES[RAISES.index(Word(observation.table["pending"])) + 1]
        chance = self._answer_chance(view)
        raises = [a for a in legal if _is_raise(a)]
        if raises and chance >= self.temperament.answer_raise_bar and mine + offered < TARGET:
            return raises[0]
        if theirs + stake >= TARGET:
            return Word.ACEITO
        # Accepting risks ``offered`` either way; running gives ``stake`` away for sure. The caller is likely
        # strong, hence the small margin.
        needed = (offered - stake) / (2 * offered) + 0.05 + self.temperament.answer_shift
        return Word.ACEITO if chance >= needed else Word.CORRO

    def _answer_chance(self, view: SeatView) -> float:
        """The chance of taking the mão if the raise waiting for an answer is accepted."""
        return self.chance(view, self.SAMPLES, Word.ACEITO)

    def _card(self, view: SeatView, observation: Observation, cards: Sequence[Action]) -> Action:
        """The card whose playouts take the mão most often, on the same samples for every card."""
        preferred = _heuristic_card(view, observation, cards)
        if len(cards) == 1 or not view.hand():
            return preferred
        states = samples_of(view, self.rng, self.CARD_SAMPLES, self.posterior)
        best, best_value = preferred, sum(hand_outcome(s.clone(), view.seat, preferred) for s in states)
        for card in cards:
            if card == preferred:
                continue
            value = sum(hand_outcome(s.clone(), view.seat, card) for s in states)
            if value > best_value:
                best, best_value = card, value
        return best


class QuickMediumBot(MediumBot):
    """:class:`MediumBot`'s bets and answers on a fifth of its samples, and its heuristic card, for the
    play-outs of the core's ``hard`` bot.

    ``medium`` plays a two-player mão out in about 25 ms, so eight sampled states for every move would cost
    ``hard`` about a second a decision. Its chances here are noisier, but its thresholds are ``medium``'s own,
    so the play-outs lean no other bot's way. The card is the heuristic ``medium`` starts from
    (:func:`choose_card`), not the best of play-outs on six states: those play-outs were over half of ``hard``'s
    time (a decision on eight states took 210 ms of CPU, now 90 ms), and on six states the best of three cards
    is mostly the luckiest, so ``hard`` loses nothing by it.
    """

    SAMPLES = 8
    CARD_SAMPLES = 6
    ONZE_SAMPLES = 40
    bidding = None  # type: ignore[assignment]
    """No posterior for bets, for time: ``hard`` draws its own sampled states from medium's. Answers read the
    caller's words all the same (:meth:`_answer_chance`)."""

    READING_TRIES = 3
    """States drawn at most for one sample that fits the caller's words, when answering a raise: three bring
    the chance within a few points of ``medium``'s own estimate, at a quarter more of ``hard``'s time."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.reading = posterior_for(MediumBot, tries=self.READING_TRIES)
        """``medium``'s reading of the others' words, for answers only (see :meth:`_answer_chance`)."""

    def _answer_chance(self, view: SeatView) -> float:
        """The chance of taking the mão if the raise is accepted, on states that fit the caller's words.

        ``medium`` answers a raise against a caller who holds what such a call speaks for, and folds more often
        than against a random hand; a play-out whose rival answers against a random hand would overrate a
        truco with good cards (the rival accepts and loses three) and underrate a bluff.
        """
        return win_chance(view, self.rng, self.SAMPLES, Word.ACEITO, self.reading)

    def _card(self, view: SeatView, observation: Observation, cards: Sequence[Action]) -> Action:
        """The heuristic card, without play-outs (see the class docstring)."""
        return _heuristic_card(view, observation, cards)


MediumBot.for_rollouts = QuickMediumBot
