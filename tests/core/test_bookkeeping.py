"""The book of the rivals a game's bot keeps through :class:`cartas.core.bots.BookKeeping` (truco's and paulista's
``medium``): made on the first look, read before each choice, carried into a rematch, replaced by the reader the
core's ``hard`` lends, and never kept by a bot that reads no words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar, cast

from cartas.core.bots import BiddingModel, BookKeeping, RememberingReader, SeatView, remember_matches
from cartas.core.bots.inference import Decision
from cartas.core.events import Event
from cartas.core.state import Action, State
from cartas.core.table import Table


class Reader:
    """A reader of the rivals that writes down what it was asked to read and weighs every ``bid`` as told."""

    kinds = frozenset({"bid"})

    def __init__(self, weight: float = 1.0) -> None:
        self.weight = weight
        self.read: list[tuple[str, SeatView]] = []

    def likelihood(self, world: State, decision: Decision) -> float:
        return self.weight

    def observe(self, view: SeatView) -> None:
        self.read.append(("observe", view))

    def remember(self, view: SeatView) -> None:
        self.read.append(("remember", view))


class Bot(BookKeeping[Reader]):
    bidding: ClassVar[BiddingModel | None] = Reader()
    rival_reader = Reader
    posterior_tries: ClassVar[int] = 7

    def choose(self, view: SeatView) -> Action:
        self._read_book(view)
        return "pass"


class Deaf(Bot):
    """A play-out variant: it reads no words, for time."""

    bidding = None


def view(seat: int = 0) -> SeatView:
    """A view no reader here looks into (a fresh object each time, to tell them apart)."""
    return SeatView(cast(State, None), seat)


def bid_by_seat_1() -> Any:
    """A world in which the rival at seat 1 has bid: all a posterior's weight reads of it."""
    return SimpleNamespace(table=Table(2), events=[Event("bid", 1, "")])


def test_the_book_is_made_on_the_first_look_and_read_before_each_choice() -> None:
    bot = Bot()
    assert bot._reader is None and bot.posterior is None
    first, second = view(), view()
    bot.choose(first)
    reader = bot._reader
    assert isinstance(reader, Reader) and isinstance(reader, RememberingReader)
    assert bot.posterior is not None and bot.posterior.tries == 7
    bot.choose(second)
    assert bot._reader is reader
    assert reader.read == [("observe", first), ("observe", second)]


def test_a_lent_reader_is_read_and_weighs_the_worlds() -> None:
    bot, lent = Bot(), Reader(weight=0.25)
    bot.use_reader(lent)
    looked = view()
    bot.choose(looked)
    assert bot._reader is lent and lent.read == [("observe", looked)]
    assert bot.posterior is not None and bot.posterior.weight(bid_by_seat_1(), view(0)) == 0.25
    assert bot.posterior.weight(bid_by_seat_1(), view(1)) == 1.0  # a seat's own bid says nothing to it


def test_earlier_matches_are_read_into_the_book_oldest_first() -> None:
    bot = Bot()
    older, newer = view(), view()
    assert remember_matches(bot, [older, newer])
    assert isinstance(bot._reader, Reader)
    assert bot._reader.read == [("remember", older), ("remember", newer)]


def test_a_bot_that_reads_no_words_keeps_no_book() -> None:
    bot = Deaf()
    assert remember_matches(bot, [view()])  # it takes the rematch, and reads nothing of it
    bot.choose(view())
    assert bot._reader is None and bot.posterior is None
