"""How loosely each rival goes in, read from the deals he played to the end: whether a lone player is worth
taking the viuda against.

A julepe player's only words are ``juego`` and ``paso``, and a hand that went in is played out face up, so by the
deal's end everyone has seen the three cards it went in with (unless its dealer obliged, and swapped one face
down). ``medium`` goes in from 0.4 expected tricks; a player who goes in with less (a *loose* hand, by
``medium``'s own count) is weaker alone than ``medium`` assumes, and the viuda, three unknown cards, is then worth
playing against him. A random three-card hand is loose about two times in three at four players, a ``medium``
hand never.

Each rival's share of loose hands has a Beta prior of mean 0.1 and weight 5 (half a loose hand in five), updated
by every hand of his seen to the end: after three hands of a player who goes in with anything, two of them
loose, the mean is 0.31; after ten of ``medium``'s it is 0.03. Only what the seat saw is read
(:meth:`~cartas.core.bots.SeatView.finished_events`), so hidden cards never enter it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from cartas.core import Card, Event
from cartas.core.bots import SeatView

PRIOR_LOOSE = 0.5
"""The prior's loose hands (Beta's first parameter)."""

PRIOR_SOUND = 4.5
"""The prior's sound hands (Beta's second): with :data:`PRIOR_LOOSE`, a mean of 0.1 and a weight of 5 hands."""

Promise = Callable[[Iterable[Card], str, int], float]
"""A bot's count of the tricks a hand expects (hand, trump suit, players at the deal)."""


@dataclass
class LooseBook:
    """Per rival seat, the hands seen going in and how many were loose (below ``bar`` by ``promise``)."""

    seat: int
    promise: Promise
    bar: float
    seen: dict[int, int] = field(default_factory=dict)
    loose: dict[int, int] = field(default_factory=dict)
    _since: int = 0

    def observe(self, view: SeatView) -> None:
        """Read the deals finished since the last look."""
        events, self._since = view.finished_events(self._since)
        for deal in _deals(events):
            self._read_deal(deal)

    def loose_share(self, rival: int) -> float:
        """The posterior mean of the share of ``rival``'s hands that go in loose."""
        return (PRIOR_LOOSE + self.loose.get(rival, 0)) / (PRIOR_LOOSE + PRIOR_SOUND + self.seen.get(rival, 0))

    def _read_deal(self, events: Sequence[Event]) -> None:
        trump = next((event.detail[-1] for event in events if event.kind == "trump"), None)
        if trump is None or any(event.kind == "deal" and event.detail == "ciega" for event in events):
            return  # a blind deal has no words: everyone plays, unseen
        went_in = {event.seat for event in events if event.kind == "juego"}
        obliged = {event.seat for event in events if event.kind == "obligo"}
        players = len({event.seat for event in events if event.kind in ("juego", "paso")} | obliged)
        played: dict[int, list[Card]] = {}
        for event in events:
            if event.kind == "play":
                played.setdefault(event.seat, []).append(Card.parse(event.detail))
        for rival in sorted(went_in - obliged - {self.seat}):
            cards = played.get(rival, [])
            if len(cards) != 3:
                continue
            self.seen[rival] = self.seen.get(rival, 0) + 1
            if self.promise(cards, trump, max(players, 2)) < self.bar:
                self.loose[rival] = self.loose.get(rival, 0) + 1


def _deals(events: Sequence[Event]) -> list[list[Event]]:
    """The events split at each ``deal``: one list a deal (what came before the first deal is dropped)."""
    deals: list[list[Event]] = []
    for event in events:
        if event.kind == "deal":
            deals.append([])
        if deals:
            deals[-1].append(event)
    return deals
