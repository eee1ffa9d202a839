"""An account that logs out (its last session), whose session is revoked, or that the operator disables stops
playing: its open socket is closed with 4401 within a few seconds and its seat token no longer opens the seat,
so the seat goes to the bot after the grace as for any leaver; the other players play on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from online_helpers import Player, Server
from test_ratings import two_people_table

from cartas.cli.main import make_cli
from cartas.online.accounts.routes import COOKIE
from cartas.online.accounts.seat_guard import CHECK_EVERY, CLOSE_SIGNED_OUT


def closed_with(player: Player, timeout: float = CHECK_EVERY * 5 + 10) -> int | None:
    """The close code of ``player``'s socket, reading (and dropping) its frames until it closes."""
    deadline = time.monotonic() + timeout
    while player.closed is None and time.monotonic() < deadline:
        player.receive(0.2)
    return player.closed


def seated(server: Server) -> tuple[str, Player, Player, str, str]:
    code, created, beto_token, _ana, beto = two_people_table(server, rated=False, grace=60)
    ana_socket = server.connect(code, created["token"])
    ana_socket.until("snapshot")
    beto_socket = server.connect(code, beto_token)
    beto_socket.until("snapshot")
    return code, ana_socket, beto_socket, beto_token, beto


def assert_cut(server: Server, code: str, ana: Player, beto: Player, beto_token: str) -> None:
    assert closed_with(beto) == CLOSE_SIGNED_OUT
    assert ana.closed is None  # the other player plays on
    again = server.connect(code, beto_token, lang="en")
    refused = again.until("error")
    assert "holds no seat" in refused["message"]  # the token opens no seat any more
    assert closed_with(again, 5) == CLOSE_SIGNED_OUT


def test_logging_out_closes_the_accounts_socket_and_cuts_its_seat(server: Server) -> None:
    code, ana, beto, beto_token, beto_cookie = seated(server)
    server.client.cookies.clear()
    server.client.cookies.set(COOKIE, beto_cookie)
    assert server.client.post("/api/account/logout").status_code == 200
    assert_cut(server, code, ana, beto, beto_token)


def test_revoking_the_session_closes_the_accounts_socket(server: Server) -> None:
    code, ana, beto, beto_token, beto_cookie = seated(server)
    server.client.cookies.clear()
    server.client.cookies.set(COOKIE, beto_cookie)
    session = server.client.get("/api/account/sessions").json()
    ids = [row["id"] for row in (session["sessions"] if isinstance(session, dict) else session)]
    for one in ids:
        assert server.client.post(f"/api/account/sessions/{one}/revoke").status_code == 200
    assert_cut(server, code, ana, beto, beto_token)


def test_disabling_from_another_process_closes_the_accounts_socket(make_server: Any, tmp_path: Path) -> None:
    db = tmp_path / "guard.sqlite3"
    server: Server = make_server(db=db)
    code, ana, beto, beto_token, _cookie = seated(server)
    assert CliRunner().invoke(make_cli(), ["users", "disable", "beto", "--db", str(db)]).exit_code == 0
    assert_cut(server, code, ana, beto, beto_token)
