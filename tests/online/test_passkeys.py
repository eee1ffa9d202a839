"""Passkeys over the HTTP API with a software authenticator (real ES256 signatures checked by py_webauthn):
add one, log in with it, and the refusals: a challenge answered twice, another site's origin, a removed passkey,
a disabled account, a counter going backwards, another session's challenge, and the login rate limit."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("webauthn", reason="passkeys need the webauthn package (the test and online extras have it)")

from online_helpers import Server  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from soft_authenticator import SoftAuthenticator  # noqa: E402

from cartas.online.accounts.routes import COOKIE  # noqa: E402


def sign_up(server: Server, username: str) -> None:
    server.client.cookies.clear()
    response = server.client.post("/api/account/signup", json={"username": username, "password": "correct horse"})
    assert response.status_code == 201, response.text


def add_passkey(server: Server, key: SoftAuthenticator, name: str | None = "phone") -> Any:
    asked = server.client.post("/api/account/passkeys/options")
    assert asked.status_code == 200, asked.text
    options = asked.json()["options"]
    return server.client.post("/api/account/passkeys", json={
        "ticket": asked.json()["ticket"], "credential": key.create(options), "name": name,
    })


def login_options(server: Server) -> dict[str, Any]:
    server.client.cookies.clear()
    asked = server.client.post("/api/account/passkey-login/options")
    assert asked.status_code == 200, asked.text
    found: dict[str, Any] = asked.json()
    return found


def passkey_login(server: Server, ticket: str, credential: dict[str, Any]) -> Any:
    server.client.cookies.clear()
    return server.client.post("/api/account/passkey-login", json={"ticket": ticket, "credential": credential})


def with_passkey(server: Server, username: str = "ana") -> SoftAuthenticator:
    sign_up(server, username)
    key = SoftAuthenticator()
    added = add_passkey(server, key)
    assert added.status_code == 201, added.text
    return key


def test_a_passkey_is_added_listed_and_logs_in_with_the_same_cookie(server: Server) -> None:
    sign_up(server, "ana")
    key = SoftAuthenticator()
    asked = server.client.post("/api/account/passkeys/options").json()
    options = asked["options"]
    assert options["rp"]["id"] == "testserver" and options["user"]["name"] == "ana"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    added = server.client.post("/api/account/passkeys", json={
        "ticket": asked["ticket"], "credential": key.create(options), "name": "my phone"})
    assert added.status_code == 201, added.text
    listed = server.client.get("/api/account/passkeys").json()
    assert [(p["name"], p["transports"], p["used"]) for p in listed] == [("my phone", ["internal"], None)]
    db = server.app.state.accounts().db.db
    assert db.execute("SELECT sign_count FROM passkeys").fetchone()[0] == 0
    # A second registration of the same authenticator is excluded by the options and refused if sent anyway.
    again = server.client.post("/api/account/passkeys/options").json()
    assert [c["id"] for c in again["options"]["excludeCredentials"]] == [listed[0]["id"]]

    found = login_options(server)
    assert found["options"]["rpId"] == "testserver" and found["options"]["userVerification"] == "preferred"
    assert "allowCredentials" not in found["options"] or found["options"]["allowCredentials"] == []
    response = passkey_login(server, found["ticket"], key.get(found["options"]))
    assert response.status_code == 200, response.text
    assert response.json()["username"] == "ana"
    cookie = response.headers["set-cookie"].lower()
    assert f"{COOKIE}=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert server.client.get("/api/account").json()["account"]["username"] == "ana"
    assert db.execute("SELECT sign_count FROM passkeys").fetchone()[0] == 1
    assert server.client.get("/api/account/passkeys").json()[0]["used"] is not None


def test_a_challenge_answered_twice_is_refused_the_second_time(server: Server) -> None:
    key = with_passkey(server)
    found = login_options(server)
    answer = key.get(found["options"])
    assert passkey_login(server, found["ticket"], answer).status_code == 200
    replayed = passkey_login(server, found["ticket"], answer)
    assert replayed.status_code == 400 and "used already or has expired" in replayed.json()["error"]
    assert COOKIE not in replayed.cookies


def test_an_answer_signed_for_another_origin_is_refused(server: Server) -> None:
    key = with_passkey(server)
    found = login_options(server)
    refused = passkey_login(server, found["ticket"], key.get(found["options"], origin="https://evil.example"))
    assert refused.status_code == 401 and "not accepted" in refused.json()["error"]
    assert server.client.get("/api/account").json()["account"] is None


def test_a_registration_for_another_origin_is_refused_and_nothing_is_kept(server: Server) -> None:
    sign_up(server, "ana")
    asked = server.client.post("/api/account/passkeys/options").json()
    credential = SoftAuthenticator().create(asked["options"], origin="https://evil.example")
    refused = server.client.post("/api/account/passkeys", json={"ticket": asked["ticket"], "credential": credential})
    assert refused.status_code == 401
    assert server.client.get("/api/account/passkeys").json() == []


def test_a_removed_passkey_logs_nobody_in(server: Server) -> None:
    key = with_passkey(server)
    listed = server.client.get("/api/account/passkeys").json()
    assert server.client.post(f"/api/account/passkeys/{listed[0]['id']}/remove").status_code == 200
    assert server.client.get("/api/account/passkeys").json() == []
    found = login_options(server)
    refused = passkey_login(server, found["ticket"], key.get(found["options"]))
    assert refused.status_code == 401 and "not known here" in refused.json()["error"]


def test_a_disabled_account_cannot_log_in_by_passkey(server: Server) -> None:
    import asyncio

    key = with_passkey(server)
    asyncio.run(server.app.state.accounts().set_disabled("ana", True))
    found = login_options(server)
    refused = passkey_login(server, found["ticket"], key.get(found["options"]))
    assert refused.status_code == 403 and "disabled" in refused.json()["error"]
    assert server.client.get("/api/account").json()["account"] is None


def test_a_signature_counter_going_backwards_is_refused(server: Server) -> None:
    key = with_passkey(server)
    found = login_options(server)
    assert passkey_login(server, found["ticket"], key.get(found["options"], count=5)).status_code == 200
    found = login_options(server)
    refused = passkey_login(server, found["ticket"], key.get(found["options"], count=4))
    assert refused.status_code == 401 and "sign count" in refused.json()["error"]
    db = server.app.state.accounts().db.db
    assert db.execute("SELECT sign_count FROM passkeys").fetchone()[0] == 5


def test_a_registration_challenge_belongs_to_the_session_that_asked(server: Server) -> None:
    sign_up(server, "ana")
    asked = server.client.post("/api/account/passkeys/options").json()
    sign_up(server, "beto")  # another session (and account) answers Ana's challenge
    credential = SoftAuthenticator().create(asked["options"])
    refused = server.client.post("/api/account/passkeys", json={"ticket": asked["ticket"], "credential": credential})
    assert refused.status_code == 400 and "used already or has expired" in refused.json()["error"]
    assert server.client.get("/api/account/passkeys").json() == []


def test_passkey_routes_need_a_login_except_the_login_itself(server: Server) -> None:
    server.client.cookies.clear()
    assert server.client.get("/api/account/passkeys").status_code == 401
    assert server.client.post("/api/account/passkeys/options").status_code == 401
    assert server.client.post("/api/account/passkey-login/options").status_code == 200


def test_bad_passkey_answers_are_slowed_per_address_apart_from_passwords(server: Server) -> None:
    key = with_passkey(server)
    statuses = []
    for _ in range(4):  # each answer takes a token for its challenge and 2 more for being bad: 10 at first
        found = login_options(server)
        answer = key.get(found["options"], origin="https://x.example")
        statuses.append(passkey_login(server, found["ticket"], answer).status_code)
    assert statuses == [401, 401, 401, 401]
    held = server.client.post("/api/account/passkey-login/options")
    assert held.status_code == 429 and held.json()["error"].startswith("too many logins from your address")
    other = TestClient(server.app, client=("198.51.100.7", 4000))
    found = other.post("/api/account/passkey-login/options").json()
    assert other.post("/api/account/passkey-login", json={
        "ticket": found["ticket"], "credential": key.get(found["options"])}).status_code == 200


def test_wrong_passwords_for_an_account_never_hold_its_passkey_back(server: Server) -> None:
    key = with_passkey(server)
    for _ in range(5):
        server.client.cookies.clear()
        server.client.post("/api/account/login", json={"username": "ana", "password": "wrong guess"})
    server.client.cookies.clear()
    held = server.client.post("/api/account/login", json={"username": "ana", "password": "correct horse"})
    assert held.status_code == 429
    found = login_options(server)
    assert passkey_login(server, found["ticket"], key.get(found["options"])).status_code == 200


def test_the_relying_party_is_the_pages_origin_when_the_origin_check_allows_it(server: Server) -> None:
    from starlette.datastructures import Headers

    from cartas.online.accounts.passkeys import relying_party

    proxied = Headers({"host": "127.0.0.1:8000", "origin": "https://cartas.example"})
    assert relying_party(proxied, ["https://cartas.example"]).id == "cartas.example"
    assert relying_party(proxied, ["https://cartas.example"]).origins == ("https://cartas.example",)
    assert relying_party(proxied).id == "127.0.0.1"  # an origin nobody allowed is not believed
    program = relying_party(Headers({"host": "localhost:8000"}))
    assert program.origins == ("http://localhost:8000", "https://localhost:8000")


def test_a_malformed_answer_is_one_line_and_keeps_nothing(server: Server) -> None:
    key = with_passkey(server)
    asked = server.client.post("/api/account/passkeys/options").json()
    broken = SoftAuthenticator().create(asked["options"])
    del broken["response"]["attestationObject"]
    refused = server.client.post("/api/account/passkeys", json={"ticket": asked["ticket"], "credential": broken})
    assert refused.status_code == 401 and "\n" not in refused.json()["error"]
    assert len(server.client.get("/api/account/passkeys").json()) == 1
    found = login_options(server)
    answer = key.get(found["options"])
    answer["response"]["signature"] = "not base64url at all!"
    refused = passkey_login(server, found["ticket"], answer)
    assert refused.status_code == 401 and "not accepted" in refused.json()["error"]
    assert passkey_login(server, "made-up", key.get(found["options"])).status_code == 400


def test_a_passkey_name_with_a_hidden_character_is_refused(server: Server) -> None:
    sign_up(server, "ana")
    for name in ("\u3164", "my\u202ephone", "\u2800"):
        refused = add_passkey(server, SoftAuthenticator(), name)
        assert refused.status_code == 400 and "invisible" in refused.json()["error"], refused.text
    assert server.client.get("/api/account/passkeys").json() == []
