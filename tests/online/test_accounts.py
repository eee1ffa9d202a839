"""Accounts over the HTTP API: sign-up and login, the session cookie's flags, wrong passwords slowed by the
limiter, sessions listed and revoked, the profile, and a seat taken back from another browser."""

from __future__ import annotations

from typing import Any

from online_helpers import Server

from cartas.online.accounts.passwords import HASHER
from cartas.online.accounts.service import Accounts
from cartas.online.accounts.routes import COOKIE


def sign_up(server: Server, username: str, password: str = "correct horse", **extra: Any) -> Any:
    server.client.cookies.clear()
    return server.client.post("/api/account/signup", json={"username": username, "password": password, **extra})


def log_in(server: Server, username: str, password: str = "correct horse", **headers: str) -> Any:
    server.client.cookies.clear()
    return server.client.post("/api/account/login", json={"username": username, "password": password}, headers=headers)


def cookie_of(response: Any) -> str:
    token = response.cookies.get(COOKIE)
    assert token, response.headers.get("set-cookie")
    return str(token)


def test_sign_up_logs_in_and_the_password_is_kept_as_an_argon2id_hash(server: Server) -> None:
    response = sign_up(server, "Ana_1", display="Ana")
    assert response.status_code == 201, response.text
    assert response.json()["username"] == "ana_1" and response.json()["display"] == "Ana"
    me = server.client.get("/api/account").json()["account"]
    assert me["username"] == "ana_1"
    db = server.app.state.accounts().db.db
    stored = db.execute("SELECT password FROM accounts WHERE username = 'ana_1'").fetchone()[0]
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert HASHER.verify(stored, "correct horse")


def test_a_taken_username_or_a_short_password_is_refused_with_one_line(server: Server) -> None:
    assert sign_up(server, "ana").status_code == 201
    taken = sign_up(server, "ANA")
    assert taken.status_code == 409 and taken.json() == {"error": "the username 'ana' is taken"}
    short = sign_up(server, "beto", password="short")
    assert short.status_code == 400 and "at least 8" in short.json()["error"]
    count = server.app.state.accounts().db.db.execute("SELECT count(*) FROM accounts").fetchone()[0]
    assert count == 1


def test_the_cookie_is_httponly_samesite_lax_and_secure_only_behind_tls(server: Server) -> None:
    sign_up(server, "ana")
    plain = log_in(server, "ana").headers["set-cookie"].lower()
    assert "httponly" in plain and "samesite=lax" in plain and "path=/" in plain
    assert "secure" not in plain
    proxied = log_in(server, "ana", **{"X-Forwarded-Proto": "https"}).headers["set-cookie"].lower()
    assert "secure" in proxied and "httponly" in proxied and "samesite=lax" in proxied


def test_wrong_passwords_are_slowed_by_the_limiter_then_the_right_one_waits_too(server: Server) -> None:
    sign_up(server, "ana")
    statuses = [log_in(server, "ana", "wrong password").status_code for _ in range(3)]
    assert statuses[:2] == [401, 401]
    refused = log_in(server, "ana", "wrong password")
    assert refused.status_code == 429 and "too many logins as 'ana'" in refused.json()["error"]
    # Five attempts would pass with right passwords; the wrong ones cost three tokens each, so even the right
    # password is refused until the bucket refills.
    assert log_in(server, "ana").status_code == 429
    # Another username from another address is not held up.
    sign_up(server, "beto")
    assert log_in(server, "beto").status_code == 200


def test_an_unknown_username_answers_as_a_wrong_password_does(server: Server) -> None:
    response = log_in(server, "nobody", "whatever password")
    assert response.status_code == 401 and response.json() == {"error": "wrong username or password"}


def test_sessions_are_listed_and_a_revoked_one_is_refused(server: Server) -> None:
    sign_up(server, "ana")
    first = cookie_of(log_in(server, "ana"))
    second = cookie_of(log_in(server, "ana"))
    server.client.cookies.set(COOKIE, second)
    listed = server.client.get("/api/account/sessions").json()
    assert len(listed) == 3  # the sign-up's session and two logins
    assert [item["current"] for item in listed].count(True) == 1
    others = [item["id"] for item in listed if not item["current"]]
    server.client.cookies.set(COOKIE, first)
    first_id = next(i["id"] for i in server.client.get("/api/account/sessions").json() if i["current"])
    server.client.cookies.set(COOKIE, second)
    assert server.client.post(f"/api/account/sessions/{first_id}/revoke").status_code == 200
    assert first_id in others
    server.client.cookies.set(COOKIE, first)
    assert server.client.get("/api/account").json()["account"] is None
    assert server.client.get("/api/account/sessions").status_code == 401
    server.client.cookies.set(COOKIE, second)
    assert server.client.get("/api/account").json()["account"]["username"] == "ana"
    assert server.client.post(f"/api/account/sessions/{first_id}/revoke").status_code == 404


def test_logging_out_revokes_the_session(server: Server) -> None:
    token = cookie_of(sign_up(server, "ana"))
    assert server.client.post("/api/account/logout").status_code == 200
    server.client.cookies.set(COOKIE, token)
    assert server.client.get("/api/account").json()["account"] is None


def test_the_profile_changes_only_to_allowed_values(server: Server) -> None:
    sign_up(server, "ana")
    profile = {"display": "Ana M.", "avatar": "luna", "deck": "contrast"}
    changed = server.client.post("/api/account/profile", json=profile)
    assert changed.status_code == 200, changed.text
    assert changed.json()["display"] == "Ana M." and changed.json()["avatar"] == "luna"
    bad = server.client.post("/api/account/profile", json={"display": "Otra", "avatar": "dragon"})
    assert bad.status_code == 400 and "avatar must be one of" in bad.json()["error"]
    assert server.client.get("/api/account").json()["account"]["display"] == "Ana M."
    reserved = server.client.post("/api/account/profile", json={"display": "Vos"})
    assert reserved.status_code == 400


def test_a_seat_taken_while_logged_in_is_taken_back_from_another_browser(server: Server) -> None:
    server.client.cookies.clear()
    created = server.create("truco", name="Host")
    sign_up(server, "ana", display="Ana")
    joined = server.client.post(f"/api/tables/{created['code']}/join", json={}).json()
    assert joined["seat"] == 1
    assert server.client.get(f"/api/tables/{created['code']}").json()["seats"][1]["name"] == "Ana"
    old = server.connect(created["code"], joined["token"])
    assert old.until("welcome")["seat"] == 1
    # Another browser: log in there, find the table among the account's, and ask for the seat.
    log_in(server, "ana")
    listed = server.client.get("/api/account/seats").json()
    assert [(t["code"], t["status"]) for t in listed] == [(created["code"], "lobby")]
    taken = server.client.post(f"/api/tables/{created['code']}/reclaim")
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 1 and taken.json()["token"] != joined["token"]
    assert old.until("welcome")["seat"] is None  # the old browser is a spectator now
    again = server.client.post(f"/api/tables/{created['code']}/reclaim")
    assert again.status_code == 200  # the account still holds the seat under the new token
    server.client.cookies.clear()
    assert server.client.post(f"/api/tables/{created['code']}/reclaim").status_code == 401
    sign_up(server, "beto")
    assert server.client.post(f"/api/tables/{created['code']}/reclaim").status_code == 404


def test_the_operator_disables_and_resets_through_the_service(server: Server) -> None:
    sign_up(server, "ana")
    accounts: Accounts = server.app.state.accounts()

    async def disable() -> None:
        await accounts.set_disabled("ana", True)

    server.client.portal.call(disable)  # type: ignore[union-attr]
    assert server.client.get("/api/account").json()["account"] is None
    assert log_in(server, "ana").status_code == 403

    async def reset() -> str:
        await accounts.set_disabled("ana", False)
        return await accounts.reset_password("ana", "brand new password")

    assert server.client.portal.call(reset) == "brand new password"  # type: ignore[union-attr]
    assert log_in(server, "ana").status_code == 401
    assert log_in(server, "ana", "brand new password").status_code == 200


def test_without_the_webauthn_package_the_passkey_routes_answer_501_and_passwords_work(
    server: Server, monkeypatch: Any
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "cartas.online.accounts.passkeys", None)  # an import of it now fails
    refused = server.client.post("/api/account/passkey-login/options")
    assert refused.status_code == 501 and "webauthn" in refused.json()["error"]
    assert sign_up(server, "ana").status_code == 201
    assert log_in(server, "ana").status_code == 200
