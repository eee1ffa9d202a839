"""Drawing the table in the terminal: colour through rich, or plain text for ``--ascii``, ``NO_COLOR``, ``TERM=dumb``.

Colour only ever adds to the text: a card is always written with its suit letter (``7O``), so a person who
cannot see colour, a dumb terminal and a log file read the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from .i18n import Messages
from .output import output_options as output_options, wants_plain as wants_plain  # re-exported where they were
from .screen import styled, table_screen
from cartas.core.game import Game
from cartas.core.naming import TableNames
from cartas.core.observation import Observation


class Renderer:
    """Writes the match for a person: the table, the moves, what just happened, the end."""

    def __init__(self, msg: Messages, plain: bool = False, width: int | None = None) -> None:
        self.msg = msg
        self.plain = plain
        self.console = Console(
            highlight=False, markup=False, emoji=False, no_color=plain, color_system=None if plain else "auto",
            soft_wrap=True, width=width,
        )

    def line(self, text: str = "", style: str = "") -> None:
        if self.plain or not text:
            self.console.print(text)
        else:
            rich_text = styled(text)
            if style:
                rich_text.stylize(style)
            self.console.print(rich_text)

    def heading(self, text: str) -> None:
        if self.plain:
            self.console.print(f"== {text} ==")
        else:
            self.console.print(Rule(styled(text), style="dim"))

    def markdown(self, text: str) -> None:
        """A rules document: rich Markdown, or the source text itself when plain (it is readable as it is)."""
        if self.plain:
            self.console.print(text)
        else:
            self.console.print(Markdown(text), soft_wrap=False)  # Markdown lays out its own lines

    def error(self, text: str) -> None:
        self.line(text, "bold red")

    def seat_name(self, seat: int, names: Mapping[int, str]) -> str:
        label = self.msg("seat", seat=seat)
        who = names.get(seat)
        return f"{label} ({who})" if who else label

    def table(
        self, game: Game, observation: Observation, names: TableNames, recent: Iterable[str] = ()
    ) -> None:
        """The whole table as ``observation.seat`` sees it, drawn from the game's table view."""
        viewer = observation.seat if observation.seat >= 0 else None
        view = game.presentation().table_view(observation, names)
        labels = {
            "hand": self.msg("hand_number", number=view.hand_number + 1), "just_now": self.msg("just_now"),
            "your_cards": self.msg("your_cards"),
        }
        screen = table_screen(view, names, game.title_text(), viewer, list(recent), self.plain, labels)
        self.console.print(screen, soft_wrap=False)

    def grid(self, headers: Sequence[str], rows: Iterable[Sequence[str]], title: str | None = None) -> None:
        """A table of figures, drawn with ASCII characters when plain."""
        table = RichTable(*headers, title=title, box=box.ASCII if self.plain else box.HEAVY_HEAD)
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    def moves(self, legal: Sequence[str]) -> None:
        """The legal moves, numbered from 1."""
        self.line(self.msg("legal_moves"))
        width = len(str(len(legal)))
        for number, move in enumerate(legal, 1):
            self.line(f"  {number:>{width}}. {move}")
