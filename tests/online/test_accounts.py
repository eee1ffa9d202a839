"""Accounts over the HTTP API: sign-up and login, the session cookie's flags, wrong passwords slowed by the
limiter, sessions listed and revoked, the profile, and a seat taken back from another browser."""

from __future__ import annotations

from typing import Any

from online_helpers import Server
from starlette.testclient import TestClient

from cartas.online.accounts.passwords import HASHER
from cartas.online.accounts.service import Accounts
from cartas.online.accounts.devices import COOKIE as DEVICE
from cartas.online.accounts.routes import COOKIE
from cartas.online.server.limits import Limits, Rate


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


# --- nobody else can lock an owner out; spraying is held per address and in total ------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def at(server: Server, address: str, **cookies: str) -> TestClient:
    """A client of ``server`` from another address, with ``cookies``."""
    return TestClient(server.app, client=(address, 4000), cookies=cookies)


def login_as(client: TestClient, username: str, password: str = "correct horse") -> Any:
    return client.post("/api/account/login", json={"username": username, "password": password})


def test_a_strangers_wrong_passwords_never_keep_the_owner_out(make_server: Any) -> None:
    """The attack: two wrong passwords for the account, then one every 20 s; the owner's right password was
    refused with "too many logins as 'victim_1'" from every address, and passkey logins drew on the same limit."""
    clock = FakeClock()
    server = make_server(clock=clock)
    owner = at(server, "198.51.100.7")
    signed = owner.post("/api/account/signup", json={"username": "victim_1", "password": "correct horse"})
    assert signed.status_code == 201
    device = signed.cookies.get(DEVICE)
    assert device and "httponly" in signed.headers["set-cookie"].lower()
    attacker = at(server, "203.0.113.9")
    assert [login_as(attacker, "victim_1", "wrong guess").status_code for _ in range(2)] == [401, 401]
    for _ in range(6):
        clock.now += 20
        login_as(attacker, "victim_1", "wrong guess")
    held = login_as(attacker, "victim_1")
    assert held.status_code == 429 and "too many logins as 'victim_1' from your address" in held.json()["error"]
    # The owner from another address, never seen before, gets in.
    assert login_as(at(server, "192.0.2.44"), "victim_1").status_code == 200
    # The owner's browser, even behind the attacker's address (one public address for a whole club), gets in.
    assert login_as(at(server, "203.0.113.9", **{DEVICE: device}), "victim_1").status_code == 200


def test_a_device_cookie_is_signed_for_its_account_and_has_a_budget_of_its_own(make_server: Any) -> None:
    clock = FakeClock()
    server = make_server(clock=clock)
    owner = at(server, "198.51.100.7")
    owner.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    at(server, "198.51.100.8").post("/api/account/signup", json={"username": "beto", "password": "correct horse"})
    device = owner.cookies[DEVICE]
    attacker = at(server, "203.0.113.9")
    for _ in range(3):
        login_as(attacker, "beto", "wrong guess")
        login_as(attacker, "ana", "wrong guess")
    # Ana's device is not Beto's: at Beto's account it is a stranger's browser, held like its address.
    assert login_as(at(server, "203.0.113.9", **{DEVICE: device}), "beto").status_code == 429
    forged = device[:-4] + ("0000" if not device.endswith("0000") else "1111")
    assert login_as(at(server, "203.0.113.9", **{DEVICE: forged}), "ana").status_code == 429
    # The device's own bucket slows a stolen cookie's guesses as a username's bucket would.
    thief = at(server, "192.0.2.50", **{DEVICE: device})
    statuses = [login_as(thief, "ana", "wrong guess").status_code for _ in range(3)]
    assert statuses == [401, 401, 429]
    assert "too many logins from this browser" in login_as(thief, "ana", "wrong guess").json()["error"]
    # Logging in again (once the device's bucket has refilled) keeps the same device, and a second account joins
    # the cookie.
    clock.now += 60
    again = login_as(owner, "ana")
    assert again.status_code == 200 and owner.cookies[DEVICE] == device
    assert login_as(owner, "beto").status_code == 200
    both = owner.cookies[DEVICE].split("~")
    assert len(both) == 2 and device in both


def test_a_changed_password_forgets_the_accounts_devices(make_server: Any) -> None:
    clock = FakeClock()
    server = make_server(clock=clock)
    owner = at(server, "198.51.100.7")
    owner.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    device = owner.cookies[DEVICE]
    assert owner.post("/api/account/password", json={"old": "correct horse", "new": "battery staple"}).status_code == 200
    attacker = at(server, "203.0.113.9")
    for _ in range(3):
        login_as(attacker, "ana", "wrong guess")
    assert login_as(at(server, "203.0.113.9", **{DEVICE: device}), "ana", "battery staple").status_code == 429


def test_one_password_sprayed_over_many_accounts_is_held_per_address_then_in_total(make_server: Any) -> None:
    clock = FakeClock()
    limits = Limits(logins=Rate(100, 100), failed_logins=Rate(3, 1), all_failed_logins=Rate(5, 5))
    server = make_server(clock=clock, limits=limits)
    owner = at(server, "198.51.100.7")
    owner.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    device = owner.cookies[DEVICE]
    sprayer = at(server, "203.0.113.9")
    assert [login_as(sprayer, f"user_{n}", "Summer2026!").status_code for n in range(4)] == [401, 401, 401, 429]
    refused = login_as(sprayer, "user_9", "Summer2026!").json()["error"]
    assert refused == "too many failed logins from your address; try again in 60 s"
    # Other addresses are not held by that address's failures, until the whole server's are spent.
    other = at(server, "203.0.113.10")
    assert [login_as(other, f"user_{n}", "Summer2026!").status_code for n in range(3)] == [401, 401, 429]
    spent = login_as(at(server, "192.0.2.44"), "ana")
    assert spent.status_code == 429
    assert spent.json()["error"].startswith("too many failed logins on this server; log in from a browser you used")
    # A browser that logged in before still gets in.
    assert login_as(at(server, "192.0.2.44", **{DEVICE: device}), "ana").status_code == 200
    clock.now += 12
    assert login_as(at(server, "192.0.2.44"), "ana").status_code == 200


def test_the_device_cookie_has_the_session_cookies_flags_and_outlives_a_logout(server: Server) -> None:
    response = sign_up(server, "ana")
    device = next(c for c in response.headers.get_list("set-cookie") if c.startswith(f"{DEVICE}="))
    assert "httponly" in device.lower() and "samesite=lax" in device.lower() and "secure" not in device.lower()
    proxied = log_in(server, "ana", **{"X-Forwarded-Proto": "https"})
    device = next(c for c in proxied.headers.get_list("set-cookie") if c.startswith(f"{DEVICE}="))
    assert "; secure" in device.lower() and "max-age=31536000" in device.lower()
    server.client.cookies.set(DEVICE, proxied.cookies[DEVICE])
    logged_out = server.client.post("/api/account/logout")
    assert all(not c.startswith(f"{DEVICE}=") for c in logged_out.headers.get_list("set-cookie"))
