"""Julepe bots. Both judge a hand by the tricks it can expect: each card is given a chance of taking a trick,
from its rank, whether it is a trump and how many opponents it must beat.

- ``easy`` plays a hand expected to take a trick, takes the viuda whenever its own cards were worse than an
  average hand, obliges only with the rey, and plays the cheapest card that wins, else its worst card.
- ``medium`` plays the same cards but goes in with much less (see :class:`MediumBot` for why), obliges with the
  caballo too (with the sota as well at four players or fewer), and leaves the viuda to the dealer's free defence
  unless the lone player is the dealer and it is the last who can stop him collecting the pot, or the lone player
  has been seen going in with hands it would pass (:mod:`.rivals`). Its bars are a
  :class:`~cartas.games.tresillo.bots.temperament.Temperament`; the personalities
  (:mod:`cartas.games.tresillo.bots.personalities`) are ``medium`` with other bars.

The core's ``hard`` plays ``medium`` out on 24 sampled states a decision and values each play-out by the chance
of winning the match from the chips reached (:mod:`cartas.games.tresillo.bots.valuation`); both are set on
:class:`MediumBot`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from cartas.core import Action, Card, Observation, deal_order
from cartas.core.bots import Evaluator, SeatView, SeededBot

from ..actions import (
    CIEGA,
    DEJO,
    JUEGO,
    NO_OBLIGO,
    NORMAL,
    OBLIGO,
    PASO,
    TOMO,
    CardAction,
)
from ..state import STRENGTH
from .bidding import JulepeBidding
from .rivals import LooseBook
from .temperament import MEDIUM, Temperament
from .valuation import match_chance_value

_TRUMP_CHANCE = {10: 1.0, 9: 0.85, 8: 0.72, 7: 0.62, 6: 0.55, 5: 0.48, 4: 0.44, 3: 0.4, 2: 0.37, 1: 0.34}
_PLAIN_CHANCE = {10: 0.45, 9: 0.3, 8: 0.16, 7: 0.1, 6: 0.07, 5: 0.05, 4: 0.04, 3: 0.03, 2: 0.02, 1: 0.01}
AVERAGE_HAND_TRICKS = 1.0
"""Roughly what a random three-card hand expects to take against one opponent."""


def trick_chance(card: Card, trump: str, opponents: int) -> float:
    """The chance that ``card`` takes a trick against ``opponents`` players (a rough, fixed estimate)."""
    table = _TRUMP_CHANCE if card.suit == trump else _PLAIN_CHANCE
    return float(table[STRENGTH[card.rank]] ** (0.5 + 0.5 * max(opponents, 1)))


def expected_tricks(hand: Iterable[Card], trump: str, opponents: int) -> tuple[float, float]:
    """The tricks a hand can expect, and its chance of taking none (and so of falling)."""
    expect, blank = 0.0, 1.0
    for card in hand:
        chance = trick_chance(card, trump, opponents)
        expect += chance
        blank *= 1.0 - chance
    return min(expect, 3.0), blank


def _trick(table: dict[str, Any]) -> list[tuple[int, Card]]:
    return [(int(s), Card.parse(c)) for s, c in (entry.split(":") for entry in table["trick"])]


def _winning(trick: Sequence[tuple[int, Card]], trump: str) -> tuple[bool, int, str]:
    """The card now winning the trick: (is trump, strength, led suit)."""
    led = trick[0][1].suit
    best = (trick[0][1].suit == trump, STRENGTH[trick[0][1].rank])
    for _, card in trick[1:]:
        if card.suit == trump:
            best = max(best, (True, STRENGTH[card.rank]))
        elif card.suit == led and not best[0]:
            best = max(best, (False, STRENGTH[card.rank]))
    return best[0], best[1], led


def _beats(card: Card, best: tuple[bool, int, str], trump: str) -> bool:
    is_trump, strength, led = best
    if card.suit == trump:
        return not is_trump or STRENGTH[card.rank] > strength
    return not is_trump and card.suit == led and STRENGTH[card.rank] > strength


def _key(card: Card, trump: str) -> tuple[bool, int]:
    return card.suit == trump, STRENGTH[card.rank]


class EasyBot(SeededBot):
    """A simple, readable strategy: count the tricks the hand promises."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        observation = view.observation()
        table = observation.table
        trump = table["trump"]
        hand = view.hand()
        if NORMAL in legal:
            return NORMAL
        if OBLIGO in legal:
            return OBLIGO if table["up"] and Card.parse(table["up"]).rank == 12 else NO_OBLIGO
        if JUEGO in legal:
            opponents = max(len(table["active"]) - 1, 1)
            return JUEGO if expected_tricks(hand, trump, min(opponents, 2))[0] >= 1.0 else PASO
        if TOMO in legal:
            return TOMO if expected_tricks(hand, trump, 1)[0] < AVERAGE_HAND_TRICKS else DEJO
        cards = [a for a in legal if isinstance(a, CardAction)]
        if cards[0].verb == "discard":
            return min(cards, key=lambda a: _key(a.card, trump))
        return self._play(cards, table, trump)

    def _play(self, cards: list[CardAction], table: dict[str, Any], trump: str) -> Action:
        trick = _trick(table)
        if not trick:
            return max(cards, key=lambda a: _key(a.card, trump))
        best = _winning(trick, trump)
        winners = [a for a in cards if _beats(a.card, best, trump)]
        if winners:
            return min(winners, key=lambda a: _key(a.card, trump))
        return min(cards, key=lambda a: _key(a.card, trump))


class MediumBot(EasyBot):
    """Goes in far more often than :class:`EasyBot`, and obliges with the caballo as well as the rey.

    Chips are won only by taking tricks. A bot that passes every deal keeps its bankroll but almost never ends
    with the most chips (about one match in fifteen against random players), while players who go in with
    weak hands and play them badly fall often and feed the pot. The trick chances are fixed estimates against
    opponents who play well, so they undervalue a hand at such a table. Weighing a trick (a third of the pot)
    against a fall (the whole pot) with those chances would pass too often; the bar to go in is instead the
    one that measured best against random players (``PLAY_FROM``: results were flat from 0.3 to 0.5 and
    clearly worse at 0 or at 1, easy's bar).
    """

    temperament: ClassVar[Temperament] = MEDIUM
    """The bars it decides its words by (:mod:`cartas.games.tresillo.bots.temperament`); a personality sets another."""

    PLAY_FROM = MEDIUM.play_from
    """``medium``'s expected tricks from which a hand goes in (:attr:`Temperament.play_from`); the bar the
    core's ``hard`` reads the others' ``juego`` and ``paso`` by, whatever this bot's temperament."""

    OBLIGE_FROM = MEDIUM.oblige_from
    """``medium``'s lowest turned figure worth obliging with at a table of more than :attr:`SMALL_TABLE` players
    (:attr:`Temperament.oblige_from`): two tricks are likely with a caballo or rey of trumps."""

    OBLIGE_FROM_SMALL = MEDIUM.oblige_from_small
    """The same at :attr:`SMALL_TABLE` players or fewer, the sota too (:attr:`Temperament.oblige_from_small`,
    which says why)."""

    SMALL_TABLE = MEDIUM.small_table
    """The most players at which ``medium`` obliges from :attr:`OBLIGE_FROM_SMALL`."""

    bidding: ClassVar[JulepeBidding]
    """What the others' ``juego`` and ``paso`` say about their cards, for the core's ``hard`` bot."""

    _book: LooseBook | None = None
    """What this seat has seen of its rivals' hands that went in; made at the first viuda offer."""

    rollout_samples: ClassVar[int] = 24
    """Sampled states the core's ``hard`` bot plays out per decision. A julepe deal plays out in a few hundred
    microseconds, so 24 fit in about 45 ms; with 8, a move better in two sampled states of eight and equal in the
    rest passed the guard, however lucky those two."""

    rollout_evaluate: ClassVar[Evaluator] = staticmethod(match_chance_value)
    """How the core's ``hard`` bot values its play-outs: by the chance of winning the match from the chips
    reached (see :mod:`cartas.games.tresillo.bots.valuation`), not by the chips gained."""

    @staticmethod
    def promise(hand: Iterable[Card], trump: str, players_left: int) -> float:
        """The tricks ``hand`` expects at a table of ``players_left`` players still in the match."""
        return expected_tricks(hand, trump, min(max(players_left - 1, 1), 3))[0]

    @classmethod
    def goes_in(cls, hand: Iterable[Card], trump: str, players_left: int) -> bool:
        """Whether ``hand`` says ``juego`` at a table of ``players_left`` players still in the match."""
        return cls.promise(hand, trump, players_left) >= cls.temperament.play_from

    @classmethod
    def obliges(cls, up: str | None, players_left: int) -> bool:
        """Whether the dealer obliges with the turned card ``up`` at a table of ``players_left`` players."""
        temper = cls.temperament
        if not up:
            return False
        bar = temper.oblige_from_small if players_left <= temper.small_table else temper.oblige_from
        return Card.parse(up).rank >= bar

    @classmethod
    def takes_viuda(cls, hand: Iterable[Card], trump: str) -> bool:
        """Whether a player who passed with ``hand`` takes the viuda to play against the lone player."""
        return expected_tricks(hand, trump, 1)[0] < cls.temperament.take_viuda_below

    def loose_share(self, view: SeatView, rival: int) -> float:
        """How often ``rival`` goes in with a hand ``medium`` would pass, as far as this seat has seen
        (:class:`~cartas.games.tresillo.bots.rivals.LooseBook`, kept from the first look to the match's end)."""
        if self._book is None:
            self._book = LooseBook(view.seat, MediumBot.promise, MediumBot.PLAY_FROM)
        self._book.observe(view)
        return self._book.loose_share(rival)

    @classmethod
    def stops_lone_dealer(cls, observation: Observation) -> bool:
        """Whether this seat takes the viuda because it is the last offered and the lone player is the dealer,
        who collects the pot unplayed if nobody takes it (:attr:`Temperament.stop_lone_dealer`)."""
        table = observation.table
        if not cls.temperament.stop_lone_dealer or table["lone"] != observation.dealer:
            return False
        offered = [seat for seat in deal_order(observation.players, observation.dealer)
                   if seat in table["active"] and seat != table["lone"]]
        return bool(offered) and offered[-1] == observation.seat

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if CIEGA in legal:
            blind = self.temperament.blind
            return CIEGA if blind > 0.0 and self.rng.random() < blind else NORMAL
        if JUEGO in legal:
            table = view.observation().table
            return JUEGO if self.goes_in(view.hand(), table["trump"], len(table["active"])) else PASO
        if OBLIGO in legal:
            table = view.observation().table
            return OBLIGO if self.obliges(table["up"], len(table["active"])) else NO_OBLIGO
        if TOMO in legal:
            observation = view.observation()
            takes = (self.takes_viuda(view.hand(), observation.table["trump"]) or self.stops_lone_dealer(observation)
                     or self.loose_share(view, observation.table["lone"]) >= self.temperament.viuda_against_loose)
            return TOMO if takes else DEJO
        return super().choose(view)


MediumBot.bidding = JulepeBidding(MediumBot.promise, MediumBot.PLAY_FROM)
"""Read with ``medium``'s own bar: the others are taken to go in as ``medium`` does, whoever this bot is."""
