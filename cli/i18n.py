"""The framework's own messages, by the names the command line calls them, in whatever language is being spoken.

Only what the framework says lives here (prompts, help, results, errors); what a game says (its events, its
table, its moves, its rules) comes from the game's own domain. The messages are English gettext ids of the
framework's domain (:data:`cartas.core.i18n.FRAMEWORK`), translated in ``core/i18n/locale``; a missing
translation falls back to English, and a test finds it.
"""

from __future__ import annotations

from cartas.core.i18n import FRAMEWORK, LANGUAGES, mark, speaking

__all__ = ["COMMAND_WORDS", "LANGUAGES", "Messages", "command_of"]

_MESSAGES: dict[str, str] = {
    "your_turn": mark("Your turn."),
    "legal_moves": mark("Legal moves:"),
    "prompt": mark("Move (number or words, ? for help): "),
    "help": mark(
        "Type the number of a move or its words (any case, accents optional).\n"
        "Commands: help or ? (this list), hint (what the strongest bot would do), rules (the rules),\n"
        "table (show the table again), quit (save and leave; continue later with 'cartas resume')."
    ),
    "bad_number": mark("There is no move {number}: choose 1 to {count}."),
    "not_understood": mark("Not understood: {text}. Type ? for help."),
    "not_legal": mark("{move} is not a legal move now. Legal: {legal}."),
    "hint": mark("The {level} bot would play: {move}"),
    "hint_estimate": mark("  {move}: wins {value:.0%} of its tries ({visits})"),
    "no_hint": mark("No bot is available for a hint."),
    "no_rules": mark("{game} has no rules document ({error})"),
    "saved": mark("Match saved to {path}. Continue it with: cartas resume"),
    "not_saved": mark("Match left unsaved (--no-save)."),
    "winners": mark("Winners: {seats}."),
    "you_win": mark("You win!"),
    "you_lose": mark("You lose."),
    "final_scores": mark("Final scores: {scores}"),
    "scores": mark("Scores"),
    "dealer": mark("Dealer"),
    "mano": mark("Mano"),
    "turn": mark("To act"),
    "your_cards": mark("Your cards"),
    "hand_number": mark("Hand {number}"),
    "just_now": mark("Just now:"),
    "seat": mark("seat {seat}"),
    "unseen_move": mark("(a move not seen)"),
    "you": mark("you"),
    "team": mark("team {team}"),
    "match_over": mark("The match is over."),
    "ask_players": mark("Number of players"),
    "ask_points": mark("Points to play to"),
    "ask_seat": mark("Your seat"),
    "ask_bot": mark("Bot level"),
    "seating": mark("Seats:"),
    "seat_title": mark("Seat {seat}"),
    "players_list": mark("Players:"),
    "ask_teams": mark("Teams (players by name or number, / between teams)"),
    "ask_order": mark("Seat order, from seat 1 (partners alternate)"),
    "teams_answer": mark("teams"),
    "order_answer": mark("order"),
    "resuming": mark("Resuming {game} after {moves} moves ({path})."),
    "nothing_to_resume": mark("there is no unfinished match to resume; start one with: cartas play GAME"),
    "finished_save": mark("the match in {path} is finished; step through it with: cartas replay {path}"),
    "no_players_in_save": mark("{path} does not say who plays each seat, so it cannot be resumed here"),
}


class Messages:
    """The framework's messages by name: ``msg("your_turn", seat=2)``, in the language being spoken
    (:func:`cartas.core.i18n.speaking`), or in ``lang`` when one is given."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        if self.lang is None:
            return FRAMEWORK(_MESSAGES[key], **values)
        with speaking(self.lang):
            return FRAMEWORK(_MESSAGES[key], **values)


COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "ayuda", "ajuda", "h"),
    "hint": ("hint", "pista", "dica"),
    "rules": ("rules", "reglas", "regras", "reglamento"),
    "table": ("table", "mesa", "t"),
    "quit": ("quit", "exit", "salir", "sair", "q"),
}
"""Words that are commands rather than moves, in every language (a game's moves never use these words)."""


def command_of(word: str) -> str | None:
    """The command a typed word names, or ``None`` if it is not a command."""
    for command, words in COMMAND_WORDS.items():
        if word in words:
            return command
    return None
