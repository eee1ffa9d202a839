"""One seeded match fires the same plugin hook calls, in the same order, at every front end: the terminal (a
real pty), the JSON-lines protocol, the arena (its worker processes included) and the server's websocket.

The recording plugin (``hook_recorder``) also registers a bot that plays its first legal move whatever its
seed, and the program or person at seat 0 answers with the first legal move too, so the four front ends play
the very same match of the deal ``SEED``: only how each drives the table session differs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from online_helpers import Server

import hook_recorder
from cartas.core.plugins.manager import installed_registry
from cartas.online.game.bots import InlineBots
from cartas.online.server.limits import Limits, Rate

HERE = Path(__file__).parent
CARTAS = Path(sys.executable).with_name("cartas")
SEED = 20261125


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A ``cartas`` process's environment that loads the recorder, logging to ``tmp_path/hooks.jsonl``."""
    monkeypatch.setenv(hook_recorder.LOG_ENV, str(tmp_path / "hooks.jsonl"))
    values = dict(os.environ)
    values["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), values.get("PYTHONPATH", "")]))
    values["CARTAS_PLUGINS"] = "hook_recorder"
    values["CARTAS_HOME"] = str(tmp_path / "home")
    values["COLUMNS"] = "100"
    return values


def recorded(env: dict[str, str]) -> list[list[list[Any]]]:
    return hook_recorder.read_log(env[hook_recorder.LOG_ENV])


def at_the_terminal(env: dict[str, str]) -> list[list[list[Any]]]:
    """``cartas play --watch`` at a real terminal: the bots play both seats."""
    child = pexpect.spawn(
        str(CARTAS), ["play", "truco", "--watch", "--bot", "first", "--seed", str(SEED), "--delay", "0", "--no-save"],
        env=dict(env, TERM="xterm-256color"), encoding="utf-8", timeout=60, dimensions=(40, 100),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return recorded(env)


def over_json(env: dict[str, str]) -> list[list[list[Any]]]:
    """``cartas play --json``: this test is the program at seat 0 and always answers the first legal move."""
    process = subprocess.Popen(
        [str(CARTAS), "play", "truco", "--json", "--bot", "first", "--seed", str(SEED), "--no-save"],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    for line in process.stdout:
        message = json.loads(line)
        if message["type"] == "decision":
            process.stdin.write(json.dumps({"id": message["id"], "action": 0}) + "\n")
            process.stdin.flush()
        elif message["type"] == "result":
            break
    process.stdin.close()
    assert process.wait(timeout=60) == 0
    return recorded(env)


def in_the_arena(env: dict[str, str]) -> list[list[list[Any]]]:
    """``cartas arena`` with two worker processes: each plays one side of the deal, both the same match."""
    subprocess.run(
        [str(CARTAS), "arena", "truco", "first", "first", "--games", "2", "--seed", str(SEED), "--jobs", "2", "-q"],
        env=env, check=True, capture_output=True, timeout=120,
    )
    return recorded(env)


def recording_server(make_server: Any, monkeypatch: pytest.MonkeyPatch, db: Path) -> Server:
    """A server over ``db`` that deals ``SEED``, loading its plugins as ``cartas serve`` does: the installed ones
    and those ``CARTAS_PLUGINS`` names (the recorder), whose hooks its tables fire. Bots decide in this process."""
    monkeypatch.setenv("CARTAS_PLUGINS", "hook_recorder")
    monkeypatch.setattr("cartas.online.game.hub.new_seed", lambda: SEED)
    unlimited = Rate(burst=10**6, per_minute=10**9)  # this person answers faster than anyone
    server: Server = make_server(
        db=db, registry=None, bot_runner=InlineBots(installed_registry()),
        limits=Limits(frames=unlimited, address_frames=unlimited),
    )
    return server


def first_moves(player: Any, limit: int | None = None) -> None:
    """Answer the first legal move at every turn of ``player``'s seat, until the result or ``limit`` moves."""
    moves = 0
    while limit is None or moves < limit:
        if player.view is not None and player.view["view"]["legal"]:  # the latest view (or snapshot) asks
            player.view = None
            player.send({"type": "move", "action": 0, "v": player.version})
            player.until("ack")
            moves += 1
            continue
        frame = player.receive(10)
        assert frame is not None, f"the match stalled: {str(player.frames[-3:])[:300]}"
        if frame["type"] == "result":
            return


def over_the_websocket(
    env: dict[str, str], make_server: Any, monkeypatch: pytest.MonkeyPatch, db: Path
) -> list[list[list[Any]]]:
    """A table of ``cartas serve``: a person's websocket at seat 0 answers the first legal move, a bot sits at 1."""
    server = recording_server(make_server, monkeypatch, db)
    first_moves(started_table(server)[2])
    return recorded(env)


def started_table(server: Server) -> tuple[str, dict[str, Any], Any]:
    """A two-player truco table started with its host connected at seat 0 and the ``first`` bot at seat 1:
    its code, what creating it answered (the tokens) and the host's websocket."""
    created = server.create("truco", players=2)
    code = created["code"]
    server.bots(code, created["host_token"], [1], level="first")
    player = server.connect(code, created["token"])
    assert server.host(code, created["host_token"], op="start").status_code == 200
    return code, created, player


def test_the_same_match_fires_the_same_hooks_at_every_front_end(
    env: dict[str, str], make_server: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = Path(env[hook_recorder.LOG_ENV])
    sequences = {}
    for name, play in (("terminal", at_the_terminal), ("json", over_json), ("arena", in_the_arena)):
        log.unlink(missing_ok=True)
        matches = play(env)
        assert len(matches) == (2 if name == "arena" else 1), (name, matches)
        assert all(match == matches[0] for match in matches), f"the arena's two sides played apart: {matches}"
        sequences[name] = matches[0]
    log.unlink(missing_ok=True)
    [sequences["websocket"]] = over_the_websocket(env, make_server, monkeypatch, tmp_path / "online.sqlite3")

    terminal = sequences["terminal"]
    kinds = [call[0] for call in terminal]
    assert kinds[0] == "match_started" and kinds[-1] == "match_finished"
    assert kinds.count("match_started") == kinds.count("match_finished") == 1
    assert kinds.count("hand_finished") == terminal[-1][1] >= 2  # one call per hand, and more than one hand
    assert terminal[0] == ["match_started", 0, 0]
    for name, calls in sequences.items():
        assert calls == terminal, f"{name} fired {calls}, the terminal {terminal}"


def test_a_server_restart_fires_no_hook_again_for_the_moves_it_replays(
    env: dict[str, str], make_server: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The table rebuilt from its stored moves after a restart fires nothing for them; the match then goes on,
    and the two lives of the server together fire the calls of one uninterrupted match, each once."""
    log = Path(env[hook_recorder.LOG_ENV])
    [whole] = over_the_websocket(env, make_server, monkeypatch, tmp_path / "whole.sqlite3")
    log.unlink()

    db = tmp_path / "restart.sqlite3"
    first = recording_server(make_server, monkeypatch, db)
    code, created, player = started_table(first)
    first_moves(player, limit=12)
    before = log.read_text()
    assert "hand_finished" in before and "match_finished" not in before
    first.close_all()
    first.client.__exit__(None, None, None)

    second = recording_server(make_server, monkeypatch, db)
    again = second.connect(code, created["token"])
    again.until("snapshot")
    assert log.read_text() == before  # the rebuild replayed every stored move and fired nothing
    first_moves(again)
    assert recorded(env) == [whole]
