"""Web Push (cartas.online.push): a device subscribed to "your turn" receives it from a local push service that
checks the VAPID JWT signature (RFC 8292) and whose payload the test decrypts as RFC 8291 aes128gcm with the
subscription's private key; the payload names no card; a subscription the push service says is gone is deleted;
the VAPID key is made once and kept in the data folder."""

from __future__ import annotations

import base64
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from online_helpers import Server

sys.path.insert(0, str(Path(__file__).parent))
from clock_helpers import settle  # noqa: E402
from test_ratings import account, as_  # noqa: E402
from test_turns import DAY, Wall, to_act, with_wall  # noqa: E402

from cartas.online.push.keys import KEY_FILE  # noqa: E402


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on 127.0.0.1 that keeps what it is sent, answering ``status`` (201 by default)."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.http = HTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.http.server_port}/push/{name}"

    def wait(self, count: int) -> None:
        deadline = time.monotonic() + 10
        while len(self.received) < count:
            assert time.monotonic() < deadline, "the push never came"
            time.sleep(0.01)

    def close(self) -> None:
        self.http.shutdown()


@pytest.fixture
def push_service() -> Any:
    service = PushService()
    yield service
    service.close()


class Device:
    """A browser's push subscription: its key pair and auth secret (RFC 8291)."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        found: dict[str, Any] = json.loads(plain)
        return found


def check_vapid(headers: dict[str, str], server_key: str, endpoint: str) -> dict[str, Any]:
    """The VAPID header's JWT, checked: signed (ES256) by the server's key, for the endpoint's origin, unexpired."""
    authorization = headers["authorization"]
    match = re.fullmatch(r"vapid t=([^,]+),\s*k=(\S+)", authorization)
    assert match is not None, authorization
    token, key = match.groups()
    assert key == server_key
    head, claims, signature = token.split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises when forged
    payload: dict[str, Any] = json.loads(unb64(claims))
    origin = "/".join(endpoint.split("/")[:3])
    assert payload["aud"] == origin and payload["exp"] > time.time() and payload["sub"].startswith("mailto:")
    assert headers["content-encoding"] == "aes128gcm"
    return payload


CARD = re.compile(r"\b(1[0-2]|[1-9])[EOCB]\b|espadas|oros|copas|bastos|swords|coins|cups|clubs", re.IGNORECASE)


def test_your_turn_reaches_a_subscribed_device_signed_encrypted_and_without_a_card(
    server: Server, push_service: PushService
) -> None:
    server.client.portal.call(lambda: None)
    server.app.state.services.state["push"].allow_http = True
    wall = Wall()
    with_wall(server, wall)
    ana, beto = account(server, "ana"), account(server, "beto")
    key = server.client.get("/api/push/key").json()
    assert set(key["kinds"]) == {"turn", "invite", "starting", "rematch"}
    device = Device(push_service.endpoint("beto-phone"))
    as_(server, beto)
    headers = {"X-Cartas-Language": "es"}
    answer = server.client.post("/api/push/subscribe", json={"subscription": device.subscription(), "kinds": ["turn"]},
                                headers=headers)
    assert answer.status_code == 200, answer.text
    # A turn-based truco; Ana plays whenever it is her turn, Beto is not connected and is told.
    as_(server, ana)
    body = {"game": "truco", "name": "Ana", "options": {"players": 2, "points": 15}, "turns": DAY}
    created = server.client.post("/api/tables", json=body).json()
    code = created["code"]
    as_(server, beto)
    server.client.post(f"/api/tables/{code}/join", json={})
    assert server.host(code, created["host_token"], "start").status_code == 200
    if to_act(server, code) == 0:
        ana_socket = server.connect(code, created["token"])
        view = ana_socket.my_turn()
        ana_socket.send({"type": "move", "action": 0, "v": view["v"]})
        assert ana_socket.until("ack")["type"] == "ack"
        settle(server, code)
    assert to_act(server, code) == 1
    push_service.wait(1)
    path, got, raw = push_service.received[-1]
    assert path == "/push/beto-phone"
    check_vapid(got, key["key"], device.endpoint)
    payload = device.decrypt(raw)
    assert payload["url"] == f"/t/{code}" and code in payload["body"] and "truco" in payload["title"]
    assert payload["title"].startswith("Te toca")  # the reader's language, as the device subscribed
    assert CARD.search(json.dumps(payload, ensure_ascii=False)) is None, payload


def test_a_subscription_the_push_service_says_is_gone_is_deleted(server: Server, push_service: PushService) -> None:
    server.client.portal.call(lambda: None)
    pusher = server.app.state.services.state["push"]
    pusher.allow_http = True
    beto = account(server, "beto")
    device = Device(push_service.endpoint("old"))
    as_(server, beto)
    server.client.post("/api/push/subscribe", json={"subscription": device.subscription()})
    assert len(server.client.get("/api/push/subscriptions").json()["subscriptions"]) == 1
    push_service.status = 410
    from cartas.online.push.sender import Request

    owners = {"h": "x"}

    async def owned(code: str) -> dict[str, str]:
        rows = await pusher.db.rows("SELECT id FROM accounts WHERE username = 'beto'")
        return {"h": rows[0][0]}

    pusher.accounts_of = owned
    assert server.client.portal.call(pusher.deliver, Request("rematch", "ABCDEF", "truco", ("h",))) == 0
    assert owners and server.client.get("/api/push/subscriptions").json()["subscriptions"] == []


def test_an_http_endpoint_is_refused_outside_tests_and_the_key_is_made_once(server: Server, tmp_path: Path) -> None:
    as_(server, account(server, "ana"))
    device = Device("http://127.0.0.1:9/push/x")
    answer = server.client.post("/api/push/subscribe", json={"subscription": device.subscription()})
    assert answer.status_code == 400
    key_file = tmp_path / "data" / KEY_FILE
    assert key_file.exists() and oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert server.client.get("/api/push/key").json()["key"] == server.app.state.services.state["push_key"]


def test_the_push_key_goes_with_the_backup_and_comes_back_with_the_restore(tmp_path: Path) -> None:
    from cartas.online.push.keys import back_up_key, beside, load_or_make, public_key_text, restore_key

    home, other = tmp_path / "home", tmp_path / "other"
    key = public_key_text(load_or_make(home))
    assert public_key_text(load_or_make(home)) == key  # made once
    backup = tmp_path / "backup.sqlite3"
    assert back_up_key(home, backup) and oct(beside(backup).stat().st_mode & 0o777) == "0o600"
    assert restore_key(backup, other) and public_key_text(load_or_make(other)) == key
