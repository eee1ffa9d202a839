"""The JSON-lines protocol end to end through a real process, the example client, and a kill in mid-match."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

from cartas.core.record import load_record

REPO = Path(__file__).resolve().parents[2]
CARTAS = [sys.executable, "-m", "cartas.cli.main"]


def start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CARTAS, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )


def read(stream: IO[str] | None) -> dict[str, Any]:
    assert stream is not None
    line = stream.readline()
    assert line, "cartas closed its output"
    message: dict[str, Any] = json.loads(line)
    return message


def answer(proc: subprocess.Popen[str], value: object) -> None:
    assert proc.stdin is not None
    proc.stdin.write((value if isinstance(value, str) else json.dumps(value)) + "\n")
    proc.stdin.flush()


def next_decision(proc: subprocess.Popen[str], seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Read messages until a decision or the end; ``seen`` collects them all."""
    while True:
        message = read(proc.stdout)
        seen.append(message)
        if message["type"] in ("decision", "result", "saved"):
            return message


def test_a_program_plays_a_whole_match_and_bad_answers_change_nothing(subprocess_env: dict[str, str]) -> None:
    proc = start(subprocess_env, "play", "alta", "--json", "--seed", "11", "--players", "3", "--seat", "2")
    seen: list[dict[str, Any]] = []
    hello = read(proc.stdout)
    assert hello["type"] == "hello" and hello["protocol"] == 1 and hello["game"] == "alta"
    assert hello["options"] == {"players": 3, "points": 3} and hello["seats"] == [2]
    message = next_decision(proc, seen)
    assert message["type"] == "decision" and message["seat"] == 2
    observation = message["observation"]
    assert observation["seat"] == 2 and observation["legal"] == message["legal"]
    assert len(observation["hand"]) == 2
    for bad, error in [
        ("not json", "not valid JSON"),
        ({"move": 1}, "an answer is an object with an \"action\" field"),
        ({"action": 7}, "index 7 is out of range"),
        ({"action": "13X"}, "is not a move of alta"),
        ({"action": [1]}, "the action must be its text or its index"),
    ]:
        answer(proc, bad)
        reply = read(proc.stdout)
        assert reply["type"] == "error" and error in reply["message"], reply
        again = read(proc.stdout)
        assert again == message  # the same decision again: nothing changed
    answer(proc, {"action": message["legal"][-1]})  # by text
    while message["type"] == "decision":
        message = next_decision(proc, seen)
        if message["type"] == "decision":
            answer(proc, 0)  # by index
    assert message["type"] == "result"
    assert message["winners"] and len(message["scores"]) == 3
    assert proc.wait(timeout=10) == 0
    events = [m for m in seen if m["type"] == "event"]
    assert any(e["kind"] == "win" for e in events)
    assert all(e["to"] in (None, [2]) for e in events)  # only what seat 2 may see
    assert load_record(Path(hello["save"])).finished


def test_end_of_input_saves(subprocess_env: dict[str, str]) -> None:
    proc = start(subprocess_env, "play", "alta", "--json", "--seed", "3")
    out, _ = proc.communicate("", timeout=10)
    last = json.loads(out.splitlines()[-1])
    assert proc.returncode == 0 and last["type"] == "saved"


def test_sigkill_in_mid_match_loses_no_move(subprocess_env: dict[str, str]) -> None:
    proc = start(subprocess_env, "play", "alta", "--json", "--seed", "21", "--players", "4", "-o", "points=5")
    hello = read(proc.stdout)
    seen: list[dict[str, Any]] = []
    played = 0
    for _ in range(4):
        next_decision(proc, seen)
        answer(proc, 0)
        played += 1
    decision = next_decision(proc, seen)
    assert decision["type"] == "decision"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    record = load_record(Path(hello["save"]))
    moves_seen = sum(1 for m in seen if m["type"] == "event" and m["kind"] in ("play", "raise"))
    assert len(record.actions) == moves_seen and not record.finished
    assert sum(1 for seat, _ in record.actions if seat == 0) == played

    resumed = start(subprocess_env, "resume", "--json")
    hello2 = read(resumed.stdout)
    assert hello2["resumed"] and hello2["moves"] == len(record.actions) and hello2["save"] == hello["save"]
    message = next_decision(resumed, [])
    assert message["observation"] == decision["observation"]  # exactly where it was killed
    while message["type"] == "decision":
        answer(resumed, 0)
        message = next_decision(resumed, [])
    assert message["type"] == "result"
    assert resumed.wait(timeout=10) == 0
    final = load_record(Path(hello["save"]))
    assert final.finished and final.actions[: len(record.actions)] == record.actions


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_example_client_plays_a_match(subprocess_env: dict[str, str]) -> None:
    env = dict(subprocess_env, CARTAS=f"{sys.executable} -m cartas.cli.main")
    done = subprocess.run(
        ["node", str(REPO / "examples" / "protocol_client.js"), "alta", "--seed", "5"],
        capture_output=True, text=True, env=env, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("playing Alta (test game) as seat(s) 0\nwinners: ")


def test_the_console_script_exists_and_runs(subprocess_env: dict[str, str]) -> None:
    script = Path(sys.executable).with_name("cartas")
    if not script.exists():
        pytest.skip("the cartas console script is not installed next to this Python")
    done = subprocess.run([str(script), "list", "--json"], capture_output=True, text=True, env=subprocess_env, timeout=30)
    assert done.returncode == 0
    assert "alta" in [game["name"] for game in json.loads(done.stdout)]


def test_errors_never_show_a_traceback(subprocess_env: dict[str, str]) -> None:
    for args in (["play", "nope"], ["play", "alta", "--players", "9"], ["replay", "/nonexistent.json"], ["bench", "alta", "-o", "x"]):
        done = subprocess.run([*CARTAS, *args], capture_output=True, text=True, env=subprocess_env, timeout=30)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr and done.stderr.strip().splitlines()[-1].startswith("Error:")
    assert os.environ.get("CARTAS_PLUGINS") is None  # the subprocess setting did not leak into this process
