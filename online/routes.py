"""Every door of the server in one table: each HTTP route and the websocket, with the handler its room exposes
and a name (so a budget, a metric or a test can speak of one door).

The order is Starlette's matching order. A handler is a function of the request (or the websocket) that reads
what it needs from the application's :class:`~cartas.online.services.Services`, so none is a closure of the
application's factory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from .accounts import passkey_routes as passkeys
from .accounts.rating_routes import leaderboard, my_matches
from .friends import routes as friends
from .push import routes as push
from .accounts.routes import log_in, log_out, password, revoke, seats, sessions, sign_up, turn_games, whoami
from .accounts.routes import profile as account_profile
from .analysis.routes import analysis, start_analysis, steps
from .game.routes import (
    create_table, games_list, join, labels, leave, reclaim, record, rematch, seating, start, table_info, tables_list,
)
from .friends import routes as friends
from .game.socket import websocket
from .moderation.report_route import report
from .moderation.routes import mutes, people, profile, profile_page, set_mute
from .quickplay import routes as quickplay
from .server.routes import (
    STATIC, account_page, deck_art, healthz, leaderboard_page, lobby_page, match_page, metrics, prometheus,
    quickplay_page, readyz, table_page,
)
from .server.budgets import PAGE, Budget, read
from .services import Services


@dataclass(frozen=True)
class Door:
    """One way into the server: a path, the methods it answers (None: GET and HEAD), its handler and its name."""

    path: str
    handler: Callable[..., Any]
    name: str
    methods: tuple[str, ...] | None = None
    socket: bool = False
    """A websocket door (``/ws/CODE``) rather than an HTTP route."""
    budget: Budget | None = None
    """What a request may cost (:mod:`cartas.online.server.budgets`); a test fails when a door has none."""

    def route(self) -> BaseRoute:
        if self.socket:
            return WebSocketRoute(self.path, self.handler, name=self.name)
        return Route(self.path, self.handler, methods=None if self.methods is None else list(self.methods),
                     name=self.name)


POST = ("POST",)


def doors(shared: Services | None = None) -> list[Door]:
    """Every door, in the order Starlette tries them (``shared`` is not needed to list them)."""
    return [
        Door("/", lobby_page, "lobby_page", budget=PAGE),
        Door("/t/{code}", table_page, "table_page", budget=PAGE),
        Door("/t/{code}/match", match_page, "match_page", budget=PAGE),
        Door("/decks/{name}.js", deck_art, "deck_art", budget=PAGE),
        Door("/api/games", games_list, "games_list", budget=read()),
        Door("/api/labels", labels, "labels", budget=read()),
        Door("/api/tables", tables_list, "tables_list", ("GET",),
            budget=Budget(address=("reads",), note="a page of at most 200 through an index")),
        Door("/api/tables", create_table, "create_table", POST,
            budget=Budget(address=("tables",), total=("all_tables",))),
        Door("/api/tables/{code}", table_info, "table_info", budget=read()),
        Door("/api/tables/{code}/join", join, "join", POST, budget=Budget(address=("joins",), total=("all_joins",))),
        Door("/api/tables/{code}/leave", leave, "leave", POST,
            budget=read("changes only the caller's own seat (its token); the table's actor takes one change at a "
                        "time")),
        Door("/api/tables/{code}/seating", seating, "seating", POST,
            budget=read("the host's token only; the table's actor takes one change at a time")),
        Door("/api/tables/{code}/start", start, "start", POST, budget=read("the host's token only, once per table")),
        Door("/api/tables/{code}/rematch", rematch, "rematch", POST,
            budget=read("a seat's token at a finished table, one rematch per table; the table counts as the host's")),
        Door("/api/tables/{code}/record", record, "record",
            budget=read("a finished or own table's record, built by the table's actor")),
        Door("/api/tables/{code}/analysis", analysis, "analysis", ("GET",),
            budget=read("reads a done or queued analysis; never starts one")),
        Door("/api/tables/{code}/analysis", start_analysis, "analysis_start", POST,
            budget=Budget(address=("analyses",), total=("all_analyses",), note="per address and per account at most 2 "
                "queued or running, 8 in line, 1 running, in its own niced process; cancelled when nobody asks for 20 "
                "s")),
        Door("/api/tables/{code}/steps", steps, "steps", budget=read("a replay of one table's record by its actor")),
        Door("/api/tables/{code}/reclaim", reclaim, "reclaim", POST, budget=read("a seat's token only")),
        Door("/api/tables/{code}/report", report, "report", POST,
            budget=Budget(total=("all_reports",), note="per reporter (account, else address) 3 at once then 1 per 5 "
                "minutes (`moderation.REPORT_RATE`); one per player per table")),
        Door("/account", account_page, "account_page", budget=PAGE),
        Door("/leaderboard", leaderboard_page, "leaderboard_page", budget=PAGE),
        Door("/play", quickplay_page, "quickplay_page", budget=PAGE),
        Door("/api/leaderboard", leaderboard, "leaderboard", budget=read("one indexed query, a page")),
        Door("/api/quickplay", quickplay.join, "quickplay_join", POST,
            budget=Budget(address=("tables", "quickplay_tickets"), account=("tables", "quickplay_tickets"),
                          total=("quickplay_waiting",),
                          note="a ticket takes a table from the table budget; one waiting ticket per account")),
        Door("/api/quickplay", quickplay.poll, "quickplay_poll", ("GET",), budget=read()),
        Door("/api/quickplay", quickplay.leave, "quickplay_leave", ("DELETE",),
            budget=read("drops the caller's own ticket")),
        Door("/api/quickplay/invitations", quickplay.invitations, "quickplay_invitations", ("GET",), budget=read()),
        Door("/api/quickplay/party/{code}", quickplay.party_page_data, "party", ("GET",), budget=read()),
        Door("/api/tv", friends.watch, "tv", ("GET",),
            budget=Budget(address=("reads",), note="the open-tables list's reads; a page of live tables")),
        Door("/api/friends", friends.listing, "friends", ("GET",),
            budget=read("the logged-in account's own friends, requests, challenges and blocks, one query each")),
        Door("/api/friends", friends.change, "friends_change", POST,
            budget=Budget(address=("friend_requests",), account=("friend_requests",), total=("all_friend_actions",))),
        Door("/api/challenges", friends.challenge, "challenge", POST,
            budget=Budget(address=("challenges",), account=("challenges",), total=("all_friend_actions",))),
        Door("/api/challenges/{id}", friends.answer, "challenge_answer", POST,
            budget=Budget(address=("challenges",), account=("challenges",), total=("all_friend_actions",))),
        Door("/api/invitations", friends.make_link, "invitation_make", POST,
            budget=Budget(address=("invitation_links",), account=("invitation_links",),
                          total=("all_friend_actions",))),
        Door("/api/invitations/{token}", friends.show_link, "invitation", ("GET",),
            budget=read("one indexed query by the token's hash")),
        Door("/api/invitations/{token}", friends.use_link, "invitation_use", POST,
            budget=Budget(address=("invitation_links",), account=("invitation_links",),
                          total=("all_friend_actions",))),
        Door("/api/account/turns", turn_games, "turn_games", ("GET",),
            budget=read("the logged-in account's own turn-based tables (at most `turn_tables`), one indexed query")),
        Door("/api/push/key", push.public_key, "push_key", ("GET",), budget=read("the server's public VAPID key")),
        Door("/api/push/subscribe", push.subscribe, "push_subscribe", POST,
            budget=read("the logged-in account's own devices, at most 10 (older ones replaced); sending is held per "
                        "account 10 then 10 a minute, and in total 200 then 600 a minute, in a queue of 1,000")),
        Door("/api/push/unsubscribe", push.unsubscribe, "push_unsubscribe", POST,
            budget=read("removes one of the caller's own subscriptions")),
        Door("/api/push/subscriptions", push.listing, "push_subscriptions", ("GET",),
            budget=read("the logged-in account's own devices, at most 10")),
        Door("/sw.js", push.service_worker, "service_worker", ("GET",), budget=PAGE),
        Door("/api/account/matches", my_matches, "my_matches",
            budget=read("the logged-in account's own matches, a page")),
        Door("/u/{username}", profile_page, "profile_page", budget=PAGE),
        Door("/api/users/{username}", profile, "profile", budget=read()),
        Door("/api/account/mutes", mutes, "mutes", ("GET",), budget=read()),
        Door("/api/account/mutes", set_mute, "set_mute", POST,
            budget=read("the logged-in account's own list, bounded in size")),
        Door("/api/tables/{code}/people", people, "people", budget=read()),
        Door("/api/account", whoami, "whoami", ("GET",), budget=read()),
        Door("/api/account/signup", sign_up, "sign_up", POST,
            budget=Budget(address=("logins",), note="password hashing: two at once on the server")),
        Door("/api/account/login", log_in, "log_in", POST,
            budget=Budget(address=("logins", "failed_logins"), account=("login_tries", "device_logins"),
                          total=("all_failed_logins",), note="per username and address, or per known device; "
                          "password hashing two at once (docs/accounts.md)")),
        Door("/api/account/logout", log_out, "log_out", POST, budget=read("the caller's own session")),
        Door("/api/account/profile", account_profile, "account_profile", POST,
            budget=read("the logged-in account's own profile")),
        Door("/api/account/password", password, "password", POST,
            budget=read("the logged-in account's own password, the old one checked; no bucket yet, password hashing "
                "two at once on the server")),
        Door("/api/account/sessions", sessions, "sessions", ("GET",), budget=read()),
        Door("/api/account/seats", seats, "seats", ("GET",), budget=read()),
        Door("/api/account/sessions/{session}/revoke", revoke, "revoke", POST,
            budget=read("the logged-in account's own session")),
        Door("/api/account/passkeys", passkeys.listing, "passkeys", ("GET",), budget=read()),
        Door("/api/account/passkeys/options", passkeys.registration_options, "passkey_options", POST,
            budget=read("the logged-in account's own passkeys; one challenge kept per session")),
        Door("/api/account/passkeys", passkeys.register, "passkey_register", POST,
            budget=read("the logged-in account's own passkeys")),
        Door("/api/account/passkeys/{passkey}/remove", passkeys.remove, "passkey_remove", POST,
            budget=read("the logged-in account's own passkeys")),
        Door("/api/account/passkey-login/options", passkeys.login_options, "passkey_login_options", POST,
            budget=Budget(address=("passkey_logins",))),
        Door("/api/account/passkey-login", passkeys.log_in, "passkey_log_in", POST,
            budget=Budget(address=("passkey_logins",), note="a bad answer takes 2 more")),
        Door("/api/metrics", metrics, "metrics", budget=read()),
        Door("/metrics", prometheus, "prometheus", budget=read()),
        Door("/healthz", healthz, "healthz", budget=read()),
        Door("/readyz", readyz, "readyz", budget=read()),
        Door("/ws/{code}", websocket, "websocket", socket=True,
            budget=Budget(address=("connects", "sockets"), note="per frame: the frame types below")),
    ]


def routes(shared: Services) -> list[BaseRoute]:
    """The doors as Starlette routes, and the static files under ``/static``."""
    return [
        *(door.route() for door in doors(shared)),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
