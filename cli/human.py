"""The terminal agent: a person choosing moves by number or by words, with help, hints, rules and quit.

Input that is not a legal move is explained and asked again; it never changes the match. End of input (a
script that ran out, Ctrl-D) is the same as ``quit``: the match is already saved, so nothing is lost.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Sequence

from cartas.cli.i18n import Messages, command_of
from cartas.cli.render import Renderer
from cartas.core.bots import BotFactory, SeatView
from cartas.core.errors import ActionParseError
from cartas.core.game import Game
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
    understood = game.understand(typed, legal)
    if understood is not None:
        return understood
    for candidate in dict.fromkeys((typed, fold(typed))):
        try:
            action = game.parse_action(candidate)
        except ActionParseError:
            continue
        if action in legal:
            return action
        raise MoveError(msg("not_legal", move=game.action_text(action), legal=", ".join(map(game.action_text, legal))))
    for action in legal:
        if fold(str(action)) == fold(typed):
            return action
    raise MoveError(msg("not_understood", text=typed))


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
        names: dict[int, str],
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
        self.renderer.table(self.game.title, observation, self.game.table_lines(observation), self.names, self.recent)
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
            self.renderer.error(self.msg("no_rules", game=self.game.title, error=error))
        else:
            self.renderer.markdown(text)

    def hint(self, view: SeatView) -> None:
        """What the strongest bot would play here; it sees only this seat's view, like any bot."""
        if self.hint_bot is None:
            self.renderer.line(self.msg("no_hint"))
            return
        level, factory = self.hint_bot
        bot = factory(len(view.observation().events))
        self.renderer.line(self.msg("hint", level=level, move=bot.choose(view)))
        estimates = getattr(bot, "estimates", None)
        if callable(estimates):  # search bots can say how each move fared, which teaches more than the move
            ranked = sorted(estimates(view).items(), key=lambda item: -item[1].value)
            for action, estimate in ranked:
                self.renderer.line(self.msg("hint_estimate", move=action, value=estimate.value, visits=estimate.visits))
