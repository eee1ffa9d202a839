"""Events: what happened in a match, and who may see it. They feed the screen, the JSON protocol and logs."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One thing that happened: ``kind`` (a game's own word, such as ``"truco"`` or ``"trick"``), the seat it
    concerns (-1 for none), a short ``detail`` in notation (``"1E"``, ``"33"``), and the seats allowed to see
    it (``None`` for everyone)."""

    kind: str
    seat: int
    detail: str = ""
    visible_to: tuple[int, ...] | None = None

    def visible(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to
