"""The envites of one lance: a bet, its raises, and what a quiero or a no quiero is worth.

A lance opens with every seat that takes part passing or betting in turn from the mano. A bet (``envido``, 2,
or ``envido 5``) waits for the other side's answer: ``quiero`` settles the lance at the bet, to be paid at the
count; ``no quiero`` gives the bettor's side at once what was held before (1 when the first envite is refused,
else the bet that was on the table before the raise); a raise adds its amount to the bet and passes the answer
back. An ``órdago`` stakes the whole game: accepted, the cards are shown and the lance's winner wins the game.
"""

from __future__ import annotations

from .actions import BET_SIZE, ENVIDO, ENVIDO_5, NO_QUIERO, ORDAGO, PASO, QUIERO
from cartas.core import Word

OPEN_WORDS: tuple[Word, ...] = (PASO, ENVIDO, ENVIDO_5, ORDAGO)
"""What a seat may say while nothing is bet in the lance."""
ANSWER_WORDS: tuple[Word, ...] = (QUIERO, NO_QUIERO, ENVIDO, ENVIDO_5, ORDAGO)
"""What the side facing a bet may say."""
ORDAGO_ANSWERS: tuple[Word, ...] = (QUIERO, NO_QUIERO)
"""What the side facing an órdago may say."""


class Envite:
    """The bet of one lance: ``bet`` on the table (0 for none), ``held`` (what a no quiero pays), the
    bettor's ``team`` and whether the bet is an ``ordago``."""

    __slots__ = ("bet", "held", "team", "ordago")

    def __init__(self) -> None:
        self.bet = self.held = 0
        self.team = -1
        self.ordago = False

    def copy(self) -> Envite:
        other = Envite()
        other.bet, other.held, other.team, other.ordago = self.bet, self.held, self.team, self.ordago
        return other

    @property
    def pending(self) -> bool:
        return self.bet > 0

    def words(self) -> tuple[Word, ...]:
        """What a seat may say now: open the lance, or answer the bet on the table."""
        if not self.bet:
            return OPEN_WORDS
        return ORDAGO_ANSWERS if self.ordago else ANSWER_WORDS

    def raise_by(self, word: Word, team: int) -> None:
        """A bet or a raise by ``team``: what was bet before is held, and the answer passes to the other side."""
        self.held = self.bet
        if word == ORDAGO:
            self.ordago = True
        else:
            self.bet += BET_SIZE[word]
        if self.ordago and not self.bet:
            self.bet = 1
        self.team = team

    def refused_value(self) -> int:
        """What the bettor's side takes when the bet is refused: 1 for a first envite, else the held bet."""
        return self.held or 1
