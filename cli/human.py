"""The terminal agent: a person choosing moves by number or by words, with help, hints, rules and quit.

Input that is not a legal move is explained and asked again; it never changes the match. End of input (a
script that ran out, Ctrl-D) is the same as ``quit``: the match is already saved, so nothing is lost.
A move that loses the match on the spot is marked in the list and played only after a yes; a forced move (the
only legal one) can play itself. Several people at one terminal are handed the keyboard in turn
(:mod:`cartas.cli.hotseat`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from .hints import show_hint
from .i18n import COMMAND_WORDS, Messages, command_of
from .pager import show_document
from .prompt import LineReader, read_piped
from .render import Renderer
from cartas.core.bots.base import BotFactory, SeatView
from cartas.core.errors import ActionParseError
from cartas.core.folding import fold_text
from cartas.core.game import Game
from cartas.core.i18n import FRAMEWORK as _
from cartas.core.naming import TableNames
from cartas.core.observation import Observation
from cartas.core.state import Action

YES = frozenset({"y", "yes", "s", "si", "sí", "sim"})
"""Answers that confirm, in every language the framework speaks (anything else, Enter included, is no)."""


class Reader(Protocol):
    """Reads one line after showing a prompt; ``None`` at the end of input. ``words`` are what Tab may
    complete; ``remember=False`` keeps the answer out of the ↑ history (a yes, an Enter)."""

    def __call__(self, prompt: str, words: Iterable[str] = (), *, remember: bool = True) -> str | None: ...


class QuitMatch(Exception):
    """The player (or the end of input) asked to leave; the match stays saved and can be resumed."""


class MoveError(Exception):
    """Typed text that is not a legal move now; the message says why, in the player's language."""


def fold(text: str) -> str:
    """Lower case without accents, so ``Subí`` and ``subi`` are the same word."""
    return fold_text(text)


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


def in_hand_order(legal: Sequence[Action], hand: Sequence[str]) -> list[Action]:
    """The legal moves with those naming a card of the hand (``play 1B``, ``discard 7O``) listed in the order
    "Your cards" shows the cards, each verb's moves in the places they held, so the list reads like the hand
    above it; the other moves keep their places."""
    place = {card: index for index, card in enumerate(hand)}
    slots: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        verb, _space, card = str(action).partition(" ")
        if card in place:
            slots.setdefault(verb, []).append(index)
    ordered = list(legal)
    for indexes in slots.values():
        moves = sorted((legal[index] for index in indexes), key=lambda action: place[str(action).partition(" ")[2]])
        for index, action in zip(indexes, moves, strict=True):
            ordered[index] = action
    return ordered


def read_line(prompt: str, words: Iterable[str] = (), *, remember: bool = True) -> str | None:
    """Read a line from stdin with no editing; when stdin is not a terminal, echo it so a scripted game reads
    like a real one (:class:`cartas.cli.prompt.LineReader` is the editing prompt)."""
    return read_piped(prompt)


def completion_words(legal: Sequence[Action], spoken: Callable[[Action], str]) -> list[str]:
    """What Tab completes at the move prompt: each move as printed and as players say it, and the commands."""
    words = [str(action) for action in legal] + [spoken(action) for action in legal]
    return words + [word for names in COMMAND_WORDS.values() for word in names if len(word) > 1]


class HumanAgent:
    """Shows the table to a person and reads a move; ``recent`` is filled by the match with what others did."""

    def __init__(
        self,
        game: Game,
        renderer: Renderer,
        names: TableNames,
        recent: list[str],
        hint_bot: tuple[str, BotFactory] | None,
        reader: Reader | None = None,
        *,
        auto_forced: bool = False,
        handover: Callable[[int], None] | None = None,
    ) -> None:
        self.game = game
        self.renderer = renderer
        self.msg = renderer.msg
        self.names = names
        self.recent = recent
        self.hint_bot = hint_bot
        self.reader: Reader = LineReader() if reader is None else reader
        self.auto_forced = auto_forced
        self.handover = handover
        """Called with the seat before a person is asked (hot-seat: hide the last person's cards)."""

    def show(self, view: SeatView) -> None:
        observation = view.observation()
        self.renderer.table(self.game, observation, self.names, self.recent)
        self.recent.clear()

    def spoken(self, action: Action) -> str:
        return self.game.action_text(action)

    def losing(self, observation: Observation, legal: Sequence[Action]) -> set[Action]:
        """The legal moves that lose the match on the spot (the game says which)."""
        return {action for action in legal if self.game.loses_match_now(observation, action)}

    def list_moves(self, legal: Sequence[Action], losing: set[Action]) -> None:
        mark = _("loses the match")
        self.renderer.moves([f"{self.spoken(a)}   (!) {mark}" if a in losing else self.spoken(a) for a in legal])

    def confirmed(self, action: Action) -> bool:
        """Whether the person really means a move that loses the match; anything but yes is no."""
        self.renderer.error(_("{move} loses the match on the spot.", move=self.spoken(action)))
        answer = self.reader(_("Play it anyway? [y/N] "), ("y", "n"), remember=False)
        if answer is None:
            raise QuitMatch
        return fold(answer) in YES

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if self.auto_forced and len(legal) == 1:
            # Nothing to decide: say what was played, in one line, and carry the table over to the next choice.
            # At a shared terminal the screen may be another person's, so the move itself is not named there.
            if self.handover is None:
                self.renderer.line(_("Only one move was possible: {move}", move=self.spoken(legal[0])))
            else:
                who = self.names.seat(view.seat)
                self.renderer.line(_("{name} had only one move; it was played.", name=who))
            return legal[0]
        if self.handover is not None:
            self.handover(view.seat)
        self.show(view)
        observation = view.observation()
        legal = in_hand_order(legal, self.game.presentation().table_view(observation, self.names).hand)
        losing = self.losing(observation, legal)
        self.renderer.line(self.msg("your_turn", seat=view.seat), "bold")
        self.list_moves(legal, losing)
        words = completion_words(legal, self.spoken)
        while True:
            text = self.reader(self.msg("prompt"), words)
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
                self.list_moves(legal, losing)
            elif command == "hint":
                self.hint(view)
            else:
                try:
                    action = match_move(self.game, legal, text, self.msg)
                except MoveError as error:
                    self.renderer.error(str(error))
                    continue
                if action not in losing or self.confirmed(action):
                    return action
                self.list_moves(legal, losing)

    def rules(self) -> None:
        try:
            text = self.game.rules_text()
        except (OSError, ModuleNotFoundError) as error:  # a plugin without its rules file must not end the match
            self.renderer.error(self.msg("no_rules", game=self.game.title_text(), error=error))
        else:
            show_document(self.renderer, text)

    def hint(self, view: SeatView) -> None:
        """Each legal move measured by play-outs from this seat's view only, best first (see :mod:`cartas.cli.hints`)."""
        show_hint(self.renderer, self.game, view, self.hint_bot)
