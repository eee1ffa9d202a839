"""The book of the rivals a game's own bot keeps for its match: made on the bot's first look, read before each
choice, carried into a rematch, or lent by the core's ``hard`` bot, which has seen the match itself.

Every game whose bot reads its rivals keeps the book the same way, so a game's bot inherits it from
:class:`BookKeeping`, typed by its reader, and keeps only its decisions.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from ..base import SeatView
from .model import BiddingModel, RememberingReader
from .posterior import Posterior, bidding_weight

ReaderT = TypeVar("ReaderT", bound=RememberingReader)
"""The game's own reader of the rivals (truco's ``TrucoRivalReader``), so its bot reads its own book typed."""


class BookKeeping(Generic[ReaderT]):
    """A mixin for a game's bot that reads each rival's habits as the match goes (docs/bots.md).

    The bot class sets :attr:`bidding`, :attr:`rival_reader` and :attr:`posterior_tries`, calls
    :meth:`_read_book` at the start of each choice, and samples its worlds from :attr:`posterior`. The
    reader is made on the first look, not in ``__init__``: the core's ``hard`` makes a base bot for every
    decision and lends it the reader it keeps (:meth:`use_reader`), so a reader made up front would be thrown
    away each time. A bot whose :attr:`bidding` is ``None`` (a play-out variant, which reads no words for
    time) keeps no book: reading one would cost the time it saves and change nothing it draws.
    """

    bidding: ClassVar[BiddingModel | None]
    """What the rivals' words say about their cards, read alike for every rival; ``None``: no book is kept."""
    rival_reader: type[ReaderT]
    """Makes the reader of each rival's habits the bot keeps for its match (read by the core's ``hard`` too,
    through :func:`cartas.core.bots.inference.reader_for`). Set on the class, as a class attribute; it is not
    annotated ``ClassVar`` because mypy 1.x (1.15 refuses it; pyproject allows from 1.8) and pyright refuse a
    type variable in a ``ClassVar``, and the variable is what checks that the class a game sets makes the reader
    its bot reads."""
    posterior_tries: ClassVar[int]
    """Worlds drawn at most for one sample that fits the rivals' words (:class:`Posterior`)."""
    posterior: Posterior | None = None
    """The posterior the bot draws its worlds from: the book's, once the bot has one."""
    _reader: ReaderT | None = None

    def use_reader(self, reader: ReaderT) -> None:
        """Read the rivals with ``reader`` (the core's ``hard`` bot lends its own, which has seen the match)."""
        self._reader = reader
        self.posterior = Posterior(bidding_weight(reader), tries=self.posterior_tries)

    def remember(self, view: SeatView) -> None:
        """Read an earlier match at this table (a rematch's) into the book before this one begins: a rival's
        habits carry over (:func:`cartas.core.bots.remember_matches`)."""
        if self.bidding is not None:
            self._book().remember(view)

    def _read_book(self, view: SeatView) -> None:
        """Read the hands finished since the last turn into the book of the rivals (a bot that reads no words,
        as the play-outs' own, keeps none)."""
        if self.bidding is not None:
            self._book().observe(view)

    def _book(self) -> ReaderT:
        """The reader of the rivals, made on first use."""
        if self._reader is None:
            self.use_reader(self.rival_reader())
        assert self._reader is not None
        return self._reader
