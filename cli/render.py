"""Drawing the table in the terminal: colour through rich, or plain text for ``--ascii``, ``NO_COLOR``, ``TERM=dumb``.

Colour only ever adds to the text: a card is always written with its suit letter (``7O``), so a person who
cannot see colour, a dumb terminal and a log file read the same thing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from cartas.cli.i18n import LANGUAGES, Messages
from cartas.cli.language import speaks
from cartas.core.observation import Observation

CARD = re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-9])[OCEB](?![0-9A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])")
SUIT_STYLES: dict[str, str] = {"O": "bold yellow", "C": "bold red", "E": "bold blue", "B": "bold green", "K": "bold magenta"}


def wants_plain(ascii_flag: bool) -> bool:
    """Plain text when asked, or when the environment says colour is unwelcome (https://no-color.org)."""
    return ascii_flag or bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"


def styled(line: str) -> Text:
    """A line with every card coloured by suit (the suit letter stays)."""
    text = Text(line)
    for match in CARD.finditer(line):
        text.stylize(SUIT_STYLES[match.group()[-1]], match.start(), match.end())
    return text


class Renderer:
    """Writes the match for a person: the table, the moves, what just happened, the end."""

    def __init__(self, msg: Messages, plain: bool = False) -> None:
        self.msg = msg
        self.plain = plain
        self.console = Console(
            highlight=False, markup=False, emoji=False, no_color=plain, color_system=None if plain else "auto",
            soft_wrap=True,
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

    def side_labels(self, observation: Observation, names: Mapping[int, str]) -> list[str]:
        """A label for each score: the seat, or the team with its seats when there are teams."""
        teams = observation.teams
        labels = []
        for side in range(len(observation.scores)):
            members = [seat for seat, team in enumerate(teams) if team == side]
            if len(members) == 1:
                labels.append(self.seat_name(members[0], names))
            else:
                seats = ", ".join(self.seat_name(seat, names) for seat in members)
                labels.append(f"{self.msg('team', team=side)} [{seats}]")
        return labels

    def table(
        self,
        title: str,
        observation: Observation,
        game_lines: Sequence[str],
        names: Mapping[int, str],
        recent: Iterable[str] = (),
    ) -> None:
        """The whole table as ``observation.seat`` sees it."""
        msg = self.msg
        # Once the match is over the hand counter has moved past the last hand: no number then.
        self.heading(title if observation.over else f"{title} · {msg('hand_number', number=observation.hand_number + 1)}")
        sides = self.side_labels(observation, names)
        scores = " · ".join(f"{label}: {score}" for label, score in zip(sides, observation.scores, strict=True))
        self.line(f"{msg('scores')}: {scores}")
        parts = [f"{msg('dealer')}: {self.seat_name(observation.dealer, names)}"]
        if observation.mano is not None:
            parts.append(f"{msg('mano')}: {self.seat_name(observation.mano, names)}")
        if observation.to_act:
            parts.append(f"{msg('turn')}: {', '.join(self.seat_name(s, names) for s in observation.to_act)}")
        self.line(" · ".join(parts))
        for text in game_lines:
            self.line(text)
        recent = list(recent)
        if recent:
            self.line(msg("just_now"))
            for text in recent:
                self.line(f"  {text}")
        self.line(f"{msg('your_cards')}: {' '.join(observation.hand) or '-'}", "bold")

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


def output_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--ascii`` and ``--lang``, shared by every command that talks to a person."""
    command = click.option("--ascii", "ascii_", is_flag=True, help="Plain text: no colour, no box drawing.")(speaks(command))
    return click.option(
        "--lang", type=click.Choice(LANGUAGES, case_sensitive=False), default=None,
        help="Language of the screens; else CARTAS_LANG, the game's own language, the locale, English.",
    )(command)
