"""Escoba bots. Both see only their seat's view: the hand, the table, and the piles every capture showed.

- ``easy`` takes whenever it can, the capture with the most cards (an escoba first), and otherwise leaves its
  lowest card on the table.
- ``medium`` weighs each move by what it takes (the siete de velo and an escoba a point each, sietes, oros and
  cards a share of the points they decide) against what it leaves: the chance that the next player, always a
  rival, sweeps the table it leaves, from the cards still unseen, and the worth of a card it leaves on the table.

The core's ``hard`` plays ``medium`` out on sampled states; ``medium`` is cheap, so it samples a few more than
the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cartas.core import Action, Card, Observation, spanish_deck
from cartas.core.bots import SeatView, SeededBot

from ..actions import Play
from ..captures import TARGET, value
from ..count import PRIMERA, SIETE_DE_VELO

FULL_DECK: frozenset[Card] = frozenset(spanish_deck(40))


def _plays(legal: Sequence[Action]) -> list[Play]:
    return [action for action in legal if isinstance(action, Play)]


class EasyBot(SeededBot):
    """Take the most cards it can; otherwise leave the lowest card."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        plays = _plays(legal)
        board = len(view.observation().table["board"])
        captures = [play for play in plays if play.taken]
        if captures:
            return max(captures, key=lambda play: (len(play.taken) == board, len(play.taken), str(play)))
        return min(plays, key=lambda play: (value(play.card), str(play)))


CARD_WORTH = 0.06
"""A card taken, as a share of the point for the most cards."""
ORO_WORTH = 0.12
"""An oro taken, as a share of the point for the most oros (there are ten)."""
SIETE_WORTH = 0.3
"""A siete taken: there are four, and half of them decide the point."""
SWEEP_WORTH = 1.0
"""An escoba, or the siete de velo: a whole point."""


class MediumBot(EasyBot):
    """Weigh what a move takes against the escoba it may leave to the next player."""

    rollout_samples: ClassVar[int] = 6
    """Sampled states the core's ``hard`` plays out per decision: a deal of escoba is up to 36 plays long, and
    each play-out runs to the deal's end."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        observation = view.observation()
        unseen = unseen_cards(observation)
        return max(_plays(legal), key=lambda play: (self.worth(play, observation, unseen), str(play)))

    @staticmethod
    def worth(play: Play, observation: Observation, unseen: Sequence[Card]) -> float:
        """What ``play`` takes less what it leaves open, in points."""
        table = observation.table
        board = [Card.parse(card) for card in table["board"]]
        primera = table["sietes_rule"] == "primera"
        gained = 0.0
        if play.taken:
            left = [card for card in board if card not in play.taken]
            for card in (play.card, *play.taken):
                gained += card_worth(card, primera)
            if not left:
                gained += SWEEP_WORTH
        else:
            left = [*board, play.card]
            gained -= 0.5 * card_worth(play.card, primera)
        return gained - SWEEP_WORTH * sweep_chance(left, observation, unseen)


def card_worth(card: Card, primera: bool = False) -> float:
    """What taking ``card`` adds to a side's count, roughly."""
    worth = CARD_WORTH
    if card.suit == "O":
        worth += ORO_WORTH
    if card == SIETE_DE_VELO:
        worth += SWEEP_WORTH
    if primera:
        worth += SIETE_WORTH * (PRIMERA[card.rank] - 10) / 11
    elif card.rank == 7:
        worth += SIETE_WORTH
    return worth


def unseen_cards(observation: Observation) -> list[Card]:
    """The cards this seat has not seen: neither in its hand, on the table nor taken by anyone this deal."""
    seen = {Card.parse(card) for card in observation.hand}
    seen.update(Card.parse(card) for card in observation.table["board"])
    for pile in observation.table["taken"]:
        seen.update(Card.parse(card) for card in pile)
    return [card for card in FULL_DECK if card not in seen]


def sweep_chance(left: Sequence[Card], observation: Observation, unseen: Sequence[Card]) -> float:
    """The chance that the next player holds the one value that sweeps the table ``left``."""
    if not left:
        return 0.0
    need = TARGET - sum(value(card) for card in left)
    if not 1 <= need <= 10 or not unseen:
        return 0.0
    following = (observation.seat + 1) % observation.players
    holds: int = observation.table["cards_in_hand"][following]
    if holds == 0:
        holds = 3 if observation.table["stock"] else 0
    matching = sum(1 for card in unseen if value(card) == need)
    missing = 1.0 - matching / len(unseen)
    return float(1.0 - missing ** holds)
