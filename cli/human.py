"""The terminal agent: a person choosing moves by number or by words, with help, hints, rules and quit.

Input that is not a legal move is explained and asked again; it never changes the match. End of input (a
script that ran out, Ctrl-D) is the same as ``quit``: the match is already saved, so nothing is lost.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Sequence

from cartas.cli.hints import show_hint
from cartas.cli.i18n import Messages, command_of
from cartas.cli.render import Renderer
from cartas.core.bots import BotFactory, SeatView
from cartas.core.errors import ActionParseError
from cartas.core.game import Game
from cartas.core.naming import TableNames
from cartas.core.state import Action

Reader = Callable[[str], "str | None"]
"""Reads one line after showing a prompt; ``None`` at the end of input."""


class QuitMatch(Exception):
    """The player (or the end of input) asked to leave; the match stays saved and can be resumed."""


class MoveError(Exception):
    """Typed text that is not a legal move now; the message says why, in the player's language."""


def fold(text: str) -> str:
    """Lower case without accents, so ``Subí`` and ``subi`` are the same word."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def match_move(game: Game, legal: Sequence[Action], text: str, msg: Messages) -> Action:
    """The legal move that ``text`` names: its number, its canonical words or an alias the game accepts."""
    typed = text.strip()
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise MoveError(msg("bad_number", number=number, count=len(legal)))
    reason = ""
    for candidate in dict.fromkeys((typed, fold(typed))):
        try:
            action = game.parse_action(candidate)
        except ActionParseError as error:
            reason = str(error)
            continue
        if action in legal:
            return action
        raise MoveError(msg("not_legal", move=action, legal=", ".join(map(str, legal))))
    for action in legal:
        if fold(str(action)) == fold(typed):
            return action
    raise MoveError(msg("not_understood", reason=reason.rstrip(".") + "."))


def read_line(prompt: str) -> str | None:
    """Read a line from stdin; when stdin is not a terminal, echo it so a scripted game reads like a real one."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line.rstrip("\r\n")


class HumanAgent:
    """Shows the table to a person and reads a move; ``recent`` is filled by the match with what others did."""

    def __init__(
        self,
        game: Game,
        renderer: Renderer,
        names: TableNames,
        recent: list[str],
        hint_bot: tuple[str, BotFactory] | None,
        reader: Reader = read_line,
    ) -> None:
        self.game = game
        self.renderer = renderer
        self.msg = renderer.msg
        self.names = names
        self.recent = recent
        self.hint_bot = hint_bot
        self.reader = reader

    def show(self, view: SeatView) -> None:
        observation = view.observation()
        self.renderer.table(self.game, observation, self.names, self.recent)
        self.recent.clear()

    def choose(self, view: SeatView) -> Action:
        self.show(view)
        legal = view.legal_actions()
        self.renderer.line(self.msg("your_turn", seat=view.seat), "bold")
        self.renderer.moves([str(a) for a in legal])
        while True:
            text = self.reader(self.msg("prompt"))
            if text is None:
                raise QuitMatch
            if not text.strip():
                continue
            command = command_of(fold(text))
            if command == "quit":
                raise QuitMatch
            if command == "help":
                self.renderer.line(self.msg("help"))
            elif command == "rules":
                self.rules()
            elif command == "table":
                self.show(view)
                self.renderer.moves([str(a) for a in legal])
            elif command == "hint":
                self.hint(view)
            else:
                try:
                    return match_move(self.game, legal, text, self.msg)
                except MoveError as error:
                    self.renderer.error(str(error))

    def rules(self) -> None:
        try:
            text = self.game.rules_text()
        except (OSError, ModuleNotFoundError) as error:  # a plugin without its rules file must not end the match
            self.renderer.error(f"{self.game.name} has no rules document ({error})")
        else:
            self.renderer.markdown(text)

    def hint(self, view: SeatView) -> None:
        """Each legal move measured by play-outs from this seat's view only, best first (see :mod:`cartas.cli.hints`)."""
        show_hint(self.renderer, self.game, view, self.hint_bot)
