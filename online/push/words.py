"""What a notification says, in the reader's language: the game, the table and whose turn, never a card.

A push payload goes through a push service the server does not run, and a lock screen shows it to whoever holds
the phone: so it says only what the table's link already tells anyone (the game's name and the table's code).
"""

from __future__ import annotations

from cartas.core.i18n import FRAMEWORK as _
from cartas.core.i18n import mark, speaking

KINDS: dict[str, str] = {
    "turn": mark("Your turn at a turn-based table"),
    "invite": mark("An invitation or a challenge"),
    "starting": mark("A table about to start"),
    "rematch": mark("A rematch offer"),
}
"""The kinds of notification a person may choose, with the words the account page shows for each."""

PUSH_LABELS: dict[str, str] = {
    "push_title": mark("Notifications"),
    "push_on": mark("Notify this device"),
    "push_off": mark("Stop notifying this device"),
    "push_unsupported": mark("This browser cannot receive notifications."),
}
"""The account page's words for its notifications section (cartas.online.game.words serves them)."""

TITLES: dict[str, str] = {
    "turn": mark("Your turn at {game}"),
    "invite": mark("An invitation to {game}"),
    "starting": mark("Your {game} table is about to start"),
    "rematch": mark("A rematch of {game} is offered"),
}


def notification(kind: str, game: str, code: str, language: str) -> dict[str, str]:
    """The payload's text for ``kind`` at table ``code`` of ``game`` (its title as the reader reads it)."""
    with speaking(language):
        return {
            "title": _(TITLES[kind], game=game),
            "body": _("Table {code}", code=code),
            "url": f"/t/{code}",
            "tag": f"{kind}-{code}",
        }
