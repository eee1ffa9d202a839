"""The words issue 47 adds to the account, profile, leaderboard, lobby and quick-play pages (the rating as one
number, the history's labelled score, one tap to play the machine), merged into
:data:`cartas.online.game.words.LABELS` like the account page's."""

from __future__ import annotations

from cartas.core.i18n import mark

SITE_LABELS: dict[str, str] = {
    "you_label": mark("You"),
    "rival_label": mark("Rival"),
    "us_label": mark("Us"),
    "them_label": mark("Them"),
    "provisional_note": mark("? provisional: fewer than 10 rated matches"),
    "rating_changes": mark("Ratings"),
    "play_machine": mark("Play the machine"),
    "guest_name": mark("Player"),
    "play_machine_hint": mark("Your last game and options, bots at your last level"),
    "points_to_win": mark("Points to win"),
    "bots_wait": mark("If nobody comes"),
    "bots_never": mark("Wait for people only"),
    "bots_after_seconds": mark("Bots after {n} seconds"),
}
