"""The line a person types a move on: editing, history and completion at a terminal, plain lines elsewhere.

At a terminal the prompt goes through the standard library's ``readline`` (GNU readline or libedit), so the
arrows, Ctrl-A and Ctrl-E, ↑ for an earlier input and Tab to complete a move work as in any shell. Completion
offers what may be typed now: the legal moves' words and the commands. Without a terminal (a script, a pipe)
the line is read as it is and echoed, so a scripted match reads like a played one. Questions that are not moves
(a confirmation, "press Enter") are kept out of the history, so ↑ only brings back moves.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from types import ModuleType

from cartas.core.folding import fold_text


def fold(text: str) -> str:
    """Lower case without accents, so ``Subí`` and ``subi`` are the same word (completion ignores both)."""
    return fold_text(text, spaces="keep", strip=False)


def at_terminal() -> bool:
    """Whether a person is reading and typing: both stdin and stdout are a terminal."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def _load_readline() -> ModuleType | None:
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input() still edits the line a little
        return None
    return readline


class Completions:
    """What Tab may complete now: whole moves and commands, matched from the start of the line."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self._matches: list[str] = []

    def offer(self, words: Iterable[str]) -> None:
        self.words = list(dict.fromkeys(w for w in words if w))

    def matches(self, typed: str) -> list[str]:
        """The words that start with what was typed, case and accents aside."""
        start = fold(typed.lstrip())
        return [word for word in self.words if fold(word).startswith(start)]

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th match of the line typed so far."""
        if state == 0:
            self._matches = self.matches(text)
        return self._matches[state] if state < len(self._matches) else None


class PromptInterrupted(KeyboardInterrupt):
    """Ctrl-C at the prompt, after the cursor was moved to a fresh line (so nobody needs to add one)."""


class LineReader:
    """Reads a line after a prompt; ``None`` at the end of input (Ctrl-D, a script that ran out).

    Ctrl-C is let through as :class:`KeyboardInterrupt` after moving to a fresh line, so whatever is said next
    (the match is saved) starts at the left margin instead of after the half-typed move.
    """

    def __init__(self, terminal: bool | None = None) -> None:
        self.terminal = at_terminal() if terminal is None else terminal
        self.completions = Completions()
        self.readline = _load_readline() if self.terminal else None
        self._histories: dict[int, list[str]] = {}
        self._owner: int | None = None
        if self.readline is not None:
            self._set_up(self.readline)

    def _set_up(self, readline: ModuleType) -> None:
        readline.set_completer(self.completions.complete)
        readline.set_completer_delims("")  # a move is several words: complete the whole line
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def history_of(self, person: int) -> None:
        """Make ↑ bring back ``person``'s own inputs only: at a shared terminal one person's typed moves (a card
        played face down) are not the next person's to see."""
        readline = self.readline
        if readline is None or person == self._owner:
            return
        if self._owner is not None:
            length = readline.get_current_history_length()
            self._histories[self._owner] = [readline.get_history_item(i) for i in range(1, length + 1)]
        readline.clear_history()
        for line in self._histories.get(person, []):
            readline.add_history(line)
        self._owner = person

    def __call__(self, prompt: str, words: Iterable[str] = (), *, remember: bool = True) -> str | None:
        """Read a line; ``words`` are what Tab completes, ``remember`` whether ↑ may bring the line back."""
        self.completions.offer(words)
        if not self.terminal:
            return read_piped(prompt)
        try:
            line = input(prompt)
        except EOFError:
            sys.stdout.write("\n")
            sys.stdout.flush()
            return None
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            sys.stdout.flush()
            raise PromptInterrupted from None
        if self.readline is not None:
            self._keep(self.readline, line, remember)
        return line

    @staticmethod
    def _keep(readline: ModuleType, line: str, remember: bool) -> None:
        """Keep moves in the history once each in a row; drop answers and empty lines."""
        length = readline.get_current_history_length()
        if length == 0:
            return
        last = readline.get_history_item(length)
        previous = readline.get_history_item(length - 1) if length > 1 else None
        if last == line and (not remember or not line.strip() or previous == line):
            readline.remove_history_item(length - 1)


def read_piped(prompt: str) -> str | None:
    """A line from a script: echoed after the prompt, so the transcript shows what was "typed"."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line.rstrip("\r\n")
