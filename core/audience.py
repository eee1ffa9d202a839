"""Audiences: who is shown a match (one seat, the public, or everyone) and what of it each may see.

An event names the seats allowed to see it (``Event.visible_to``). An action's text can say more than the events
that others see: truco paulista's ``hide 11B`` names a card played face down, julepe's ``discard 4B`` a card the
dealer lays aside unseen, truco's ``seña ancho_espada`` a sign meant for the partners. The rule is that an
action's text must not tell an audience what the events hide from it: when the action caused an event about its
own seat that the audience may not see, and the action's text repeats a word of that event's detail, the
audience is told only that the seat moved (and sees the events it may see).

Everything that shows moves or events to someone (``cartas replay``, the conformance checks of
:mod:`cartas.testing`) asks an :class:`Audience`, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .events import Event


@dataclass(frozen=True)
class Audience:
    """Who is watching: ``seat`` (a seat's own view), the public (no seat: only public events), or everyone.

    ``seats`` are further seats watched together with ``seat`` (a program that plays several seats over the
    JSON-lines protocol sees what any of them may see).
    """

    seat: int | None = None
    everything: bool = False
    seats: tuple[int, ...] = ()

    def sees(self, event: Event) -> bool:
        """Whether this audience may see ``event``."""
        if self.everything or event.visible_to is None:
            return True
        if self.seat is not None and self.seat in event.visible_to:
            return True
        return any(seat in event.visible_to for seat in self.seats)

    def action_text(self, seat: int, action: object, events: Iterable[Event]) -> str | None:
        """The text of ``seat``'s ``action`` as this audience may see it, or ``None`` if it must not see it.

        ``events`` are the events the action caused. A seat always sees its own actions.
        """
        text = str(action)
        if self.everything or seat == self.seat or seat in self.seats:
            return text
        words = set(text.lower().split())
        for event in events:
            if event.seat == seat and not self.sees(event) and words & set(event.detail.lower().split()):
                return None
        return text


PUBLIC = Audience()
"""What the whole table sees: public events, and every move whose text hides nothing."""
EVERYONE = Audience(everything=True)
"""Everything, private events and face-down cards included (``cartas replay --reveal``)."""
