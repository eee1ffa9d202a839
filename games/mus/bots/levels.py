"""Mus bots: ``easy`` reads its own four cards only; ``medium`` weighs each lance over deals sampled to fit what
it was told (the declarations, the señas it saw), and passes its partner the seña that says most.

Both read only their seat's view. The core's ``hard`` plays ``medium``'s games out, and ``search`` needs nothing
of the game's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cartas.core import Action, Card, Observation
from cartas.core.bots import BotFactory, SeatView, SeededBot

from ..actions import ENVIDO, ENVIDO_5, MUS, NO_MUS, NO_QUIERO, ORDAGO, PASO, QUIERO, SENAS, SIGNS
from ..lances import juego_value, mus_rank, pares_value, points
from ..state import LANCE_NAMES, MusState

SAMPLES = 24
"""Deals ``medium`` samples to judge the lance in play."""

RAISE_UP_TO = 4
"""The largest bet ``medium`` raises again: two sides that each read the lance as theirs would otherwise raise
each other without end."""

SIGN_PRIORITY = ("duples", "treinta_y_una", "medias", "dos_reyes", "dos_ases", "juego", "treinta", "ciego")
"""The seña ``medium`` shows first: the one worth most to a partner deciding a bet."""


def keeps(hand: Sequence[Card], reyes: int) -> list[Card]:
    """The cards worth keeping at the mus: kings and cards of a pair (for grande and pares), and aces when the
    hand already leans to chica."""
    ranks = [mus_rank(card, reyes) for card in hand]
    kept = [card for card, rank in zip(hand, ranks) if rank == 12 or ranks.count(rank) >= 2]
    if not kept:
        kept = [card for card, rank in zip(hand, ranks) if rank == 1]
    return kept


def strong(hand: Sequence[Card], reyes: int) -> bool:
    """A hand that cuts the mus: duples or medias, 31, or two kings with juego."""
    kings = sum(mus_rank(card, reyes) == 12 for card in hand)
    return pares_value(hand, reyes) >= 2 or points(hand, reyes) == 31 or (kings >= 2 and juego_value(hand, reyes) > 0)


def discard_of(hand: Sequence[Card], reyes: int, legal: Sequence[Action]) -> Action:
    """Discard what :func:`keeps` leaves; at least one card (the lowest)."""
    kept = keeps(hand, reyes)
    if len(kept) == len(hand):
        kept.remove(min(hand, key=lambda card: mus_rank(card, reyes)))
    thrown = sorted(card for card in hand if card not in kept)
    word = "descarte " + " ".join(str(card) for card in thrown)
    return next((action for action in legal if str(action) == word), legal[0])


class EasyBot(SeededBot):
    """Cuts the mus with a strong hand, keeps kings and pairs, bets what its own cards say and answers alike."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        hand = view.hand()
        reyes = view.observation().table["reyes"]
        if MUS in legal:
            return NO_MUS if strong(hand, reyes) else MUS
        if str(legal[0]).startswith("descarte"):
            return discard_of(hand, reyes, legal)
        lance = view.observation().table["lance"]
        strength = own_strength(lance, hand, reyes)
        words = [action for action in legal if not str(action).startswith("seña")]
        if QUIERO in words:
            return QUIERO if strength >= 0.6 else NO_QUIERO
        return ENVIDO if strength >= 0.75 and ENVIDO in words else PASO


def own_strength(lance: str, hand: Sequence[Card], reyes: int) -> float:
    """A rough 0-1 strength of ``hand`` in ``lance``, from its own cards only."""
    ranks = sorted((mus_rank(card, reyes) for card in hand), reverse=True)
    if lance == "grande":
        return (ranks[0] + ranks[1]) / 24
    if lance == "chica":
        return (26 - ranks[-1] - ranks[-2]) / 24
    if lance == "pares":
        return pares_value(hand, reyes) / 3
    if lance == "juego":
        total = points(hand, reyes)
        return 1.0 if total == 31 else 0.8 if total == 32 else 0.5
    return points(hand, reyes) / 30


class MediumBot(SeededBot):
    """Judges the lance in play by how often its side wins it over sampled deals, and bets, raises, answers or
    goes to órdago by that chance and what the answer risks; shows its partner its best seña once a hand."""

    rollout_samples: ClassVar[int] = 4
    """States the core's ``hard`` plays out per decision, with :class:`QuickMediumBot` (about 150 ms of CPU)."""
    rollout_margin: ClassVar[float] = 2.0
    """Standard errors by which a move's play-outs must beat this bot's own before ``hard`` plays it: four
    play-outs of a hand whose count swings by tens of points are noisy, too noisy to trust at the default
    margin of 1."""
    for_rollouts: ClassVar[BotFactory]
    samples: ClassVar[int] = SAMPLES

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hand = view.hand()
        observation = view.observation()
        table = observation.table
        reyes = table["reyes"]
        if MUS in legal:
            return NO_MUS if strong(hand, reyes) or self._leads_enough(hand, reyes) else MUS
        if str(legal[0]).startswith("descarte"):
            return discard_of(hand, reyes, legal)
        sign = self._sign(view, legal, observation)
        if sign is not None:
            return sign
        chance = self._chance(view, table["lance"])
        scores = observation.scores
        mine = observation.teams[observation.seat]
        near = max(scores) >= table["points"] - 5
        if QUIERO in legal:
            if ORDAGO in legal and chance >= 0.95 and near:
                return ORDAGO
            if ENVIDO in legal and chance >= 0.8 and table["bet"] <= RAISE_UP_TO:
                return ENVIDO
            bar = 0.5 if table["ordago"] and scores[mine] < scores[1 - mine] else 0.55 if table["ordago"] else 0.42
            return QUIERO if chance >= bar else NO_QUIERO
        if chance >= 0.92 and scores[1 - mine] >= table["points"] - 8:
            return ORDAGO
        if chance >= 0.8 and ENVIDO_5 in legal:
            return ENVIDO_5
        if chance >= 0.62 or (chance >= 0.45 and self.rng.random() < 0.15):
            return ENVIDO
        return PASO

    @staticmethod
    def _leads_enough(hand: Sequence[Card], reyes: int) -> bool:
        """Cut also with juego and pares together: the count alone pays them."""
        return juego_value(hand, reyes) > 0 and pares_value(hand, reyes) > 0

    @staticmethod
    def _sign(view: SeatView, legal: Sequence[Action], observation: Observation) -> Action | None:
        """The best seña it has, once a hand, at its first turn of the lances."""
        if any(event.kind == "seña" and event.seat == observation.seat for event in observation.events):
            return None
        offered = {str(action)[5:] for action in legal if str(action).startswith("seña ")}
        for sign in SIGN_PRIORITY:
            if sign in offered:
                return SENAS[sign]
        return None

    def _chance(self, view: SeatView, lance: str) -> float:
        """How often this seat's side wins ``lance`` over sampled deals."""
        index = LANCE_NAMES.index(lance)
        team = view.observation().teams[view.seat]
        won = 0
        for _i in range(self.samples):
            world = view.sample(self.rng)
            assert isinstance(world, MusState)
            won += world.team_of[world.winner_of(index)] == team
        return won / self.samples

    @classmethod
    def shortlist(cls, view: SeatView) -> list[Action]:
        """The moves worth playing out for the core's ``hard``: every word of the lance but the señas (which
        change nothing in a play-out's cards; the seña this bot would show is played as it is) and the órdago
        (its own órdago, and its answer to one, are played as they are), and at the mus only this bot's discard
        and changing all four."""
        legal = view.legal_actions()
        own = cls(0).choose(view)
        if str(own).startswith("seña "):
            return [own]  # a seña is information for the partner, which a play-out cannot value: show it
        if str(legal[0]).startswith("descarte"):
            return [own] if own == legal[-1] else [own, legal[-1]]
        if own == ORDAGO or view.observation().table["ordago"]:
            return [own]  # play-outs valued in points overrate a game staked on one lance: medium decides
        return [action for action in legal if not str(action).startswith("seña ") and action != ORDAGO]


class QuickMediumBot(MediumBot):
    """:class:`MediumBot` judging each lance on a quarter of its sampled deals, for the core's ``hard`` play-outs:
    a play-out asks it at every word of the hand, so its sampling was nearly all of ``hard``'s time."""

    samples: ClassVar[int] = SAMPLES // 4


MediumBot.for_rollouts = QuickMediumBot


__all__ = ["EasyBot", "MediumBot", "QuickMediumBot", "SIGNS"]
