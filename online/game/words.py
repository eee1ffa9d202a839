"""The words of the web lobby and table, in the framework's gettext domain like every other word cartas shows.

The pages fetch them once (``GET /api/labels``) for every language the site speaks, so the browser and the terminal
translate through the same catalogs and a translator edits one file per language. Keys are what the page code asks
for (``t("your_hand")``); values are the English messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cartas.core.i18n import FRAMEWORK, mark, speaking
from cartas.core.naming import LEVEL_NAMES
from ..friends.words import FRIENDS_LABELS
from ..quickplay.words import PEOPLE_LABELS
from .clock import CLOCK_LABELS
from .turns import TURNS_LABELS
from ..push.words import PUSH_LABELS
from ..analysis.words import ANALYSIS_LABELS
from ..accounts.site_words import SITE_LABELS

if TYPE_CHECKING:
    from cartas.core.game import Game

SITE_LANGUAGES: tuple[str, ...] = ("es-AR", "pt-BR", "es", "en")
"""The languages the pages offer, as BCP-47 tags (the games' own languages, then English)."""

ACCOUNT_LABELS: dict[str, str] = {
    "account": mark("Account"),
    "account_optional": mark("An account is optional: it keeps your name, your seats and your ratings."),
    "username": mark("Username"),
    "password": mark("Password"),
    "display_name": mark("Name shown at the table"),
    "sign_up": mark("Sign up"),
    "log_in": mark("Log in"),
    "log_out": mark("Log out"),
    "log_out_session": mark("Log it out"),
    "profile": mark("Profile"),
    "sessions": mark("Where you are logged in"),
    "this_browser": mark("This browser"),
    "avatar": mark("Avatar"),
    "deck": mark("Cards"),
    "deck_classic": mark("classic"),
    "deck_contrast": mark("high contrast"),
    "save": mark("Save"),
    "saved": mark("Saved."),
    "rated_table": mark("Rated table (players need an account)"),
    "leaderboard": mark("Leaderboard"),
    "your_ratings": mark("Your ratings"),
    "your_matches": mark("Your matches"),
    "no_matches": mark("No finished matches yet."),
    "no_ratings": mark("Nobody is rated at this game yet."),
    "won": mark("won"),
    "lost": mark("lost"),
    "casual": mark("casual"),
    "rated": mark("rated"),
    "rivals": mark("Rivals"),
    "partner_label": mark("Partner"),
    "rating": mark("Rating"),
    "matches_played": mark("Matches"),
    "format": mark("Format"),
    "play_now": mark("Play now"),
    "your_tables": mark("Your tables in play"),
    "take_seat_here": mark("Take my seat here"),
    "looking_for_players": mark("Looking for players…"),
    "leave_queue": mark("Stop looking"),
    "accept_bots_after": mark("Play with bots after (seconds; empty: people only)"),
}
"""The account page's words (docs/accounts.md)."""

LABELS: dict[str, str] = {
    "absence": mark("When someone is away"),
    "grace": mark("Seconds before a bot plays for them"),
    "absent_level": mark("Level of that bot"),
    "vira": mark("vira"),
    "trump": mark("trump"),
    "upcard": mark("upcard"),
    "lobby_title": mark("cartas: play online"),
    "language": mark("Language"),
    "create_table": mark("Create a table"),
    "your_name": mark("Your name"),
    "game": mark("Game"),
    "players": mark("Players"),
    "create": mark("Create"),
    "open_tables": mark("Open tables"),
    "no_open_tables": mark("No open tables right now."),
    "join": mark("Join"),
    "free_seats": mark("free"),
    "host": mark("host"),
    "points": mark("points"),
    "invite_link": mark("Invite link"),
    "copy": mark("Copy"),
    "copied": mark("Copied"),
    "open_table": mark("Go to the table"),
    "table": mark("Table"),
    "seat": mark("Seat"),
    "any_seat": mark("any free seat"),
    "join_table": mark("Join this table"),
    "empty": mark("empty"),
    "human": mark("person"),
    "bot": mark("bot"),
    "team": mark("team"),
    "team_number": mark("Team {number}"),
    "bot_number": mark("Bot {number}"),
    "bot_number_level": mark("Bot {number} ({level})"),
    "side_us": mark("Us"),
    "side_them": mark("Them"),
    "add_bot": mark("Add bot"),
    "remove": mark("Remove"),
    "move_up": mark("Up"),
    "move_down": mark("Down"),
    "rotate_partners": mark("Rotate partners"),
    "swap_opponents": mark("Swap opponents"),
    "start": mark("Start"),
    "waiting_host": mark("Waiting for the host to start."),
    "state_connecting": mark("connecting"),
    "state_online": mark("online"),
    "state_reconnecting": mark("reconnecting"),
    "state_offline": mark("offline"),
    "state_replaced": mark("opened in another tab"),
    "state_refused": mark("refused"),
    "presence_online": mark("online"),
    "presence_away": mark("away"),
    "presence_bot": mark("bot plays"),
    "your_hand": mark("Your hand"),
    "card_back": mark("face-down card"),
    "you": mark("you"),
    "mano": mark("mano"),
    "dealer": mark("deals"),
    "turn": mark("to play"),
    "trick": mark("Trick"),
    "centre": mark("Centre"),
    "scores": mark("Scores"),
    "side": mark("Side"),
    "events": mark("What happened"),
    "chat": mark("Chat"),
    "send": mark("Send"),
    "hand_over": mark("Hand over"),
    "hand_summary": mark("End of the hand"),
    "shown_cards": mark("Cards shown"),
    "score_change": mark("Score change"),
    "continue": mark("Continue"),
    "match_over": mark("Match over"),
    "winners": mark("Winners"),
    "record": mark("Match record"),
    "melds": mark("Your melds"),
    "loose": mark("Loose cards"),
    "loose_points": mark("Loose points"),
    "spectator": mark("You are watching."),
    "waiting_for": mark("Waiting for"),
    "lobby_phase": mark("Seating"),
    "back_to_lobby": mark("Lobby"),
    "token_refused": mark("This browser's seat was refused; join again."),
    "not_found": mark("No such table."),
    "level": mark("Level"),
    "options": mark("Options"),
    "watch": mark("Watch"),
    # The card table (static/table/*.js).
    "pie": mark("pie"),
    "cards_in_hand": mark("cards in hand"),
    "won_trick": mark("won this trick"),
    "sena": mark("sign"),
    "discard_pile": mark("discard pile"),
    "stock": mark("stock"),
    "manilhas": mark("manilhas"),
    "manilha": mark("manilha"),
    "cutter": mark("cuts"),
    "tricks_won": mark("tricks won"),
    "your_moves": mark("Your moves"),
    "your_turn": mark("Your turn"),
    "your_answer": mark("your answer"),
    "confirm_mazo": mark("Sure? Tap again to fold"),
    "close_mode": mark("Close…"),
    "match_page": mark("The match, move by move"),
    "see_match": mark("See the match move by move"),
    "step": mark("Step"),
    "step_first": mark("First step"),
    "step_prev": mark("Previous step"),
    "step_next": mark("Next step"),
    "step_last": mark("Last step"),
    "first_deal": mark("the first deal"),
    "hidden_move": mark("a move you did not see"),
    "seen_as": mark("As seen by"),
    "seen_as_spectator": mark("As a spectator saw it"),
    "seen_as_seat": mark("As my seat saw it"),
    "draw_prompt": mark("Draw from the stock or the discard pile"),
    "discard_prompt": mark("Discard a card, or close"),
    "discard_only": mark("Discard a card"),
    "close_pick": mark("Tap the card to close with"),
    "we_won": mark("We won!"),
    "we_lost": mark("We lost"),
    "you_won": mark("You won!"),
    "you_lost": mark("You lost"),
    "rematch": mark("Rematch"),
    "rematch_waiting": mark("Waiting for the others…"),
    "dark_mode": mark("Dark mode"),
    "sound": mark("Sound"),
    "while_away": mark("While you were away"),
    "moves_played": mark("moves"),
    "played_for_you": mark("played for you"),
    "hands_ended": mark("hands ended"),
    # The built-in bot levels as players read them (``medio``); the pages keep the canonical name as the value.
    **{f"level_{level}": message for level, message in LEVEL_NAMES.items()},
    **ACCOUNT_LABELS,
    **PEOPLE_LABELS,
    **FRIENDS_LABELS,
    **CLOCK_LABELS,
    **TURNS_LABELS,
    **PUSH_LABELS,
    **ANALYSIS_LABELS,
    **SITE_LABELS,
}


def site_language(tag: object) -> str | None:
    """The site language closest to a browser's BCP-47 tag (``pt`` and ``pt-PT`` read ``pt-BR``, ``es-MX`` reads
    ``es``, ``en-GB`` reads ``en``), or None for what is not a tag of one of them."""
    if not isinstance(tag, str) or not 2 <= len(tag) <= 35:
        return None
    if tag in SITE_LANGUAGES:
        return tag
    base = tag.replace("_", "-").split("-")[0].lower()
    if tag.replace("_", "-").lower() == "es-ar":
        return "es-AR"
    return {"pt": "pt-BR", "es": "es", "en": "en"}.get(base)


def labels_in(language: str) -> dict[str, str]:
    """Every label translated into ``language`` (English where a catalog lacks one)."""
    with speaking(language):
        return {key: FRAMEWORK(text) for key, text in LABELS.items()}


def all_labels() -> dict[str, dict[str, str]]:
    """The labels of every site language, as the pages load them."""
    return {language: labels_in(language) for language in SITE_LANGUAGES}


def title_texts(game: Game) -> dict[str, str]:
    """The game's title in each site language, as the pages show it to each reader (``{"es": "Truco argentino",
    "en": "Argentine truco", ...}``); ``title`` beside it stays the game's own (English) title for programs."""
    texts: dict[str, str] = {}
    for language in SITE_LANGUAGES:
        with speaking(language):
            texts[language] = game.title_text()
    return texts
