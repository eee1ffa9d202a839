"""The server says the same thing it said before: a few seeded matches of every game, played through the app's
websocket by a person who always answers the first legal move with bots in every other seat, give byte-identical
frames at the person's seat and at a spectator's, and the same stored record.

A change meant to move code (not to change what the server says) must keep these digests. The match's table code,
tokens and each connection's id are random, so they are replaced by fixed names before hashing; nothing else is.
If a digest differs, the server now says something else: find out what before writing a new digest.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from online_helpers import Player, Server

from cartas.online.game import hub as hub_module
from cartas.online.server.limits import Limits, Rate

SEED = 4520261207

MATCHES: dict[str, tuple[str, dict[str, Any], str]] = {
    # name: (game, options, the bots' level)
    "truco-2": ("truco", {"players": 2, "points": 15}, "medium"),
    "truco-4": ("truco", {"players": 4, "points": 15}, "random"),
    "truco_paulista-2": ("truco_paulista", {"players": 2}, "medium"),
    "chinchon-2": ("chinchon", {"players": 2, "points": 50}, "random"),
    "remigio-3": ("remigio", {"players": 3, "points": 100}, "random"),
    "tresillo-4": ("tresillo", {"players": 4, "deals": 3}, "random"),
}

DIGESTS = {
    "truco-2": "2a5273ccd640afe89c2c23aa249f25b0b39a1a6f78f2cf13a42787444f9199cd",
    "truco-4": "a35afdc4138a0685a4dd9513d06a2fae6be6b4af089fb7017da074d2d81d7b2e",
    "truco_paulista-2": "09d80071feeee043ddaa4bb5208b9031142ba51f03d648f746d60786c03b3205",
    "chinchon-2": "2e7b5ab1126603c7c34b7260429a09c451c425727956866cfa356fdf25dbf573",
    "remigio-3": "792346859c949b916b5d59a5881d980c77abb28148ecf506fd2443a441635565",
    "tresillo-4": "79b6dbfb06f57473a7874e1326a4d15203afa66c0fc9fa7b6a4919b6cabedbae",
}


def first_moves(player: Player, watcher: Player) -> None:
    """Answer the first legal move at every turn of ``player``'s seat until the result."""
    while True:
        if player.view is not None and player.view["view"]["legal"]:
            player.view = None
            player.send({"type": "move", "action": 0, "v": player.version})
            player.until("ack")
            continue
        frame = player.receive(10)
        assert frame is not None, f"the match stalled: {str(player.frames[-3:])[:300]}"
        if frame["type"] == "result":
            break
    watcher.until("result")
    player.drain()
    watcher.drain()


def normalised(text: str, secrets: dict[str, str]) -> str:
    for secret, name in secrets.items():
        text = text.replace(secret, name)
    return text


def digest(server: Server, name: str) -> tuple[str, list[str]]:
    game, options, level = MATCHES[name]
    created = server.create(game, **options)
    code = created["code"]
    seats = range(1, options["players"])
    server.bots(code, created["host_token"], list(seats), level=level)
    player = server.connect(code, created["token"])
    watcher = server.connect(code, None)
    assert server.host(code, created["host_token"], op="start").status_code == 200
    first_moves(player, watcher)
    secrets = {code: "CODE", created["token"]: "TOKEN", created["host_token"]: "HOST"}
    texts = [normalised(m, secrets) for m in player.messages]
    texts += ["--- spectator"] + [normalised(m, secrets) for m in watcher.messages]
    record = server.table(code).record().model_dump_json()
    texts += ["--- record", record]
    return hashlib.sha256("\n".join(texts).encode()).hexdigest(), texts


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_the_same_seeded_match_sends_the_same_frames(
    name: str, make_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "new_seed", lambda: SEED)
    unlimited = Rate(burst=10**6, per_minute=10**9)  # this person answers faster than anyone
    server = make_server(limits=Limits(frames=unlimited, address_frames=unlimited))
    got, texts = digest(server, name)
    assert got == DIGESTS[name], f"{name}: {got}\n" + "\n".join(t[:200] for t in texts[:6])
