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
from .accounts.routes import log_in, log_out, password, revoke, seats, sessions, sign_up, whoami
from .accounts.routes import profile as account_profile
from .analysis.routes import analysis, steps
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

    def route(self) -> BaseRoute:
        if self.socket:
            return WebSocketRoute(self.path, self.handler, name=self.name)
        return Route(self.path, self.handler, methods=None if self.methods is None else list(self.methods),
                     name=self.name)


POST = ("POST",)


def doors(shared: Services) -> list[Door]:
    """Every door, in the order Starlette tries them."""
    return [
        Door("/", lobby_page, "lobby_page"),
        Door("/t/{code}", table_page, "table_page"),
        Door("/t/{code}/match", match_page, "match_page"),
        Door("/decks/{name}.js", deck_art, "deck_art"),
        Door("/api/games", games_list, "games_list"),
        Door("/api/labels", labels, "labels"),
        Door("/api/tables", tables_list, "tables_list", ("GET",)),
        Door("/api/tables", create_table, "create_table", POST),
        Door("/api/tables/{code}", table_info, "table_info"),
        Door("/api/tables/{code}/join", join, "join", POST),
        Door("/api/tables/{code}/leave", leave, "leave", POST),
        Door("/api/tables/{code}/seating", seating, "seating", POST),
        Door("/api/tables/{code}/start", start, "start", POST),
        Door("/api/tables/{code}/rematch", rematch, "rematch", POST),
        Door("/api/tables/{code}/record", record, "record"),
        Door("/api/tables/{code}/analysis", analysis, "analysis"),
        Door("/api/tables/{code}/steps", steps, "steps"),
        Door("/api/tables/{code}/reclaim", reclaim, "reclaim", POST),
        Door("/api/tables/{code}/report", report, "report", POST),
        Door("/account", account_page, "account_page"),
        Door("/leaderboard", leaderboard_page, "leaderboard_page"),
        Door("/play", quickplay_page, "quickplay_page"),
        Door("/api/leaderboard", leaderboard, "leaderboard"),
        Door("/api/quickplay", quickplay.join, "quickplay_join", POST),
        Door("/api/quickplay", quickplay.poll, "quickplay_poll", ("GET",)),
        Door("/api/quickplay", quickplay.leave, "quickplay_leave", ("DELETE",)),
        Door("/api/quickplay/invitations", quickplay.invitations, "quickplay_invitations", ("GET",)),
        Door("/api/quickplay/party/{code}", quickplay.party_page_data, "party", ("GET",)),
        Door("/api/account/matches", my_matches, "my_matches"),
        Door("/u/{username}", profile_page, "profile_page"),
        Door("/api/users/{username}", profile, "profile"),
        Door("/api/account/mutes", mutes, "mutes", ("GET",)),
        Door("/api/account/mutes", set_mute, "set_mute", POST),
        Door("/api/tables/{code}/people", people, "people"),
        Door("/api/account", whoami, "whoami", ("GET",)),
        Door("/api/account/signup", sign_up, "sign_up", POST),
        Door("/api/account/login", log_in, "log_in", POST),
        Door("/api/account/logout", log_out, "log_out", POST),
        Door("/api/account/profile", account_profile, "account_profile", POST),
        Door("/api/account/password", password, "password", POST),
        Door("/api/account/sessions", sessions, "sessions", ("GET",)),
        Door("/api/account/seats", seats, "seats", ("GET",)),
        Door("/api/account/sessions/{session}/revoke", revoke, "revoke", POST),
        Door("/api/account/passkeys", passkeys.listing, "passkeys", ("GET",)),
        Door("/api/account/passkeys/options", passkeys.registration_options, "passkey_options", POST),
        Door("/api/account/passkeys", passkeys.register, "passkey_register", POST),
        Door("/api/account/passkeys/{passkey}/remove", passkeys.remove, "passkey_remove", POST),
        Door("/api/account/passkey-login/options", passkeys.login_options, "passkey_login_options", POST),
        Door("/api/account/passkey-login", passkeys.log_in, "passkey_log_in", POST),
        Door("/api/tv", friends.watch, "tv", ("GET",)),
        Door("/api/friends", friends.listing, "friends", ("GET",)),
        Door("/api/friends", friends.change, "friends_change", POST),
        Door("/api/challenges", friends.challenge, "challenge", POST),
        Door("/api/challenges/{id}", friends.answer, "challenge_answer", POST),
        Door("/api/invitations", friends.make_link, "invitation_make", POST),
        Door("/api/invitations/{token}", friends.show_link, "invitation", ("GET",)),
        Door("/api/invitations/{token}", friends.use_link, "invitation_use", POST),
        Door("/api/metrics", metrics, "metrics"),
        Door("/metrics", prometheus, "prometheus"),
        Door("/healthz", healthz, "healthz"),
        Door("/readyz", readyz, "readyz"),
        Door("/ws/{code}", websocket, "websocket", socket=True),
    ]


def routes(shared: Services) -> list[BaseRoute]:
    """The doors as Starlette routes, and the static files under ``/static``."""
    return [
        *(door.route() for door in doors(shared)),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
