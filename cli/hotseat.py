"""Hot-seat: several people at one terminal, each handed the keyboard in turn without seeing the others' cards.

Before a person is asked, if someone else was asked last, the screen is cleared (with the scrollback, where the
terminal allows it) and a screen asks the others to pass the keyboard; only after Enter is the next person's
table drawn. Without a terminal there is no screen to clear: the same line is printed, and the Enter read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

from .human import QuitMatch, Reader
from .render import Renderer
from cartas.core.i18n import FRAMEWORK as _

CLEAR_SCREEN = "\033[2J\033[3J\033[H"
"""Erase the screen, then the scrollback (xterm's ``ED 3``; terminals without it ignore it), then go home."""


def person_name(seat: int) -> str:
    """What the pass screen calls a person: the seat's player number, the name the table gives nobody else."""
    return _("Player {number}", number=seat + 1)


class HotSeat:
    """Hands the keyboard from one person to the next; call :meth:`before_turn` before asking ``seat``."""

    def __init__(
        self, renderer: Renderer, reader: Reader, names: Mapping[int, str] | Callable[[int], str] = person_name,
        *, terminal: bool | None = None, on_switch: Callable[[int], None] | None = None,
    ) -> None:
        self.renderer = renderer
        self.reader = reader
        self.name = names if callable(names) else names.__getitem__
        self.terminal = sys.stdout.isatty() if terminal is None else terminal
        self.last: int | None = None
        self.on_switch = on_switch
        """Called with the seat taking over (to give the prompt that person's own ↑ history)."""

    def clear(self) -> None:
        if self.terminal:
            self.renderer.console.file.write(CLEAR_SCREEN)
            self.renderer.console.file.flush()

    def before_turn(self, seat: int) -> None:
        """Nothing when the same person goes on; otherwise hide the screen and wait for the next person."""
        if seat == self.last:
            return
        self.clear()
        self.renderer.line(_("Pass the keyboard to {name}, then press Enter.", name=self.name(seat)), "bold")
        if self.reader("", remember=False) is None:
            raise QuitMatch
        self.clear()
        self.last = seat
        if self.on_switch is not None:
            self.on_switch(seat)

    def hide(self) -> None:
        """Clear the last person's cards off the screen (the match ended, or is being left)."""
        if self.last is not None:
            self.clear()
            self.last = None
