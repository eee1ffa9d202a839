"""The words of the lobby's friends panel, challenges and tables to watch, merged into
:data:`cartas.online.game.words.LABELS` like the other rooms' words."""

from __future__ import annotations

from cartas.core.i18n import mark

FRIENDS_LABELS: dict[str, str] = {
    "friends": mark("Friends"),
    "friends_login": mark("Log in to see your friends and challenge them."),
    "no_friends": mark("No friends yet: ask someone by username or send a link."),
    "add_friend": mark("Add a friend"),
    "ask": mark("Ask"),
    "asked_you": mark("{name} wants to be your friend"),
    "asked_by_you": mark("waiting for {name} to accept"),
    "accept": mark("Accept"),
    "decline": mark("Decline"),
    "block": mark("Block"),
    "online": mark("online"),
    "offline": mark("offline"),
    "at_table": mark("at table {code}"),
    "challenge": mark("Challenge"),
    "challenges": mark("Challenges"),
    "challenge_from": mark("{name} challenges you to {game}"),
    "challenge_to": mark("You challenged {name} to {game}"),
    "challenge_ready": mark("Your match against {name} is ready"),
    "go_to_table": mark("Go to the table"),
    "friend_link": mark("A link that makes friends"),
    "watch": mark("Tables to watch"),
    "no_tables_to_watch": mark("Nobody is playing right now."),
    "friends_tables": mark("Your friends are playing"),
    "watch_table": mark("Watch"),
    "no_spectators": mark("Private table (nobody may watch)"),
}
