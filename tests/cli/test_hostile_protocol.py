"""Hostile lines on the JSON-lines protocol: each gets a one-line ``error`` and the decision again, never a
traceback; a line over the cap is skipped cheaply and never echoed; a stale answer is not played later."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartas_tiny
from cartas.cli.human import QuitMatch
from cartas.cli.protocol import AnswerError, read_answer, receive
from cartas.core.wire import MAX_LINE_BYTES, WireError

CARTAS = [sys.executable, "-m", "cartas.cli.main"]


def converse(env: dict[str, str], lines: list[bytes], *args: str) -> tuple[list[dict[str, Any]], str, float]:
    """Play alta over the protocol feeding ``lines`` then ``quit``; the messages, stderr and seconds taken."""
    started = time.perf_counter()
    done = subprocess.run(
        [*CARTAS, "play", "alta", "--json", "--seed", "11", "--dealer", "1", "--deal=1E 4C / 7O 5B", *args],
        input=b"".join(line + b"\n" for line in lines) + b'{"command": "quit"}\n',
        capture_output=True, env=env, timeout=60,
    )
    elapsed = time.perf_counter() - started
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return [json.loads(line) for line in done.stdout.splitlines()], done.stderr.decode(errors="replace"), elapsed


HOSTILE = {
    b"[" * 100_000 + b"]" * 100_000: f"longer than the limit of {MAX_LINE_BYTES} bytes",
    b"[" * 30_000 + b"]" * 30_000: "nested more than 64 levels deep",
    b'{"action": ' + b"1" * 5000 + b"}": "an integer of more than 40 digits",
    b'{"action": "\xff\xfe"}': "not valid UTF-8 (byte 12 is 0xff)",
    b'{"action": "\\ud800"}': "lone surrogate",
    b'{"action": NaN}': "holds NaN",
}


def test_hostile_lines_get_an_error_and_the_same_decision(subprocess_env: dict[str, str]) -> None:
    messages, stderr, _ = converse(subprocess_env, list(HOSTILE))
    assert "Traceback" not in stderr
    decisions = [m for m in messages if m["type"] == "decision"]
    errors = [m for m in messages if m["type"] == "error"]
    assert len(errors) == len(HOSTILE)
    for error, reason in zip(errors, HOSTILE.values(), strict=True):
        assert reason in error["message"] and len(error["message"]) < 200
    assert all(d == decisions[0] for d in decisions) and len(decisions) == len(HOSTILE) + 1
    assert messages[-1]["type"] == "saved" and messages[-1]["moves"] == 0


def test_a_ten_megabyte_line_is_skipped_fast_and_not_echoed(subprocess_env: dict[str, str]) -> None:
    huge = b'{"action": "' + b"7" * 10_000_000 + b'"}'
    messages, stderr, _ = converse(subprocess_env, [huge, b'{"action": "raise"}'])
    assert "Traceback" not in stderr
    error = next(m for m in messages if m["type"] == "error")
    assert error["message"] == f"a line of {len(huge) + 1} bytes is longer than the limit of {MAX_LINE_BYTES} bytes; it was skipped"
    assert sum(len(json.dumps(m)) for m in messages) < 20_000  # nothing of the 10 MB comes back
    # that it is skipped in pieces, never held whole, is tests/core/test_wire.py's to show (no timing here)
    assert messages[-1]["moves"] >= 1  # the line after it was read as the answer


def test_decisions_are_numbered_and_a_stale_answer_is_refused(subprocess_env: dict[str, str]) -> None:
    messages, _, _ = converse(subprocess_env, [b'{"action": "raise", "id": 1}', b'{"action": 0, "id": 1}'])
    decisions = [m for m in messages if m["type"] == "decision"]
    assert [d["id"] for d in decisions[:2]] == [1, 2]
    error = next(m for m in messages if m["type"] == "error")
    assert error["id"] == 2 and "this answer is to decision 1, but decision 2 is asked" in error["message"]
    assert messages[-1] == {**messages[-1], "type": "saved", "moves": 1}


GAME = cartas_tiny.GAME
STATE = GAME.start({"players": 2}, seed=3)
LEGAL = STATE.legal_actions(STATE.to_act[0])


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.lists(st.binary(max_size=30)).map(b"\n".join))
def test_the_protocol_reader_gives_an_action_or_a_one_line_error(data: bytes) -> None:
    stdin, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        while True:
            try:
                line = receive()
            except WireError as error:
                assert "\n" not in str(error)
                continue
            if line is None:
                break
            try:
                assert read_answer(GAME, LEGAL, line, 4) in LEGAL
            except AnswerError as error:
                assert "\n" not in str(error) and len(str(error)) < 300
            except QuitMatch:
                pass
    finally:
        sys.stdin = stdin


@pytest.mark.parametrize("line", [b"\n" * 3, b" \t \n"])
def test_blank_lines_are_skipped(line: bytes) -> None:
    stdin, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(line + b'{"action": 0}\n'))
    try:
        assert receive() == b'{"action": 0}'
    finally:
        sys.stdin = stdin


@pytest.mark.parametrize(("echoed", "shown"), [('"4"', '"4"'), ("4.0", "4.0"), ("true", "true"), ("null", "null"),
                                               ('[4]', "[4]"), ('"' + "4" * 40 + '"', '"' + "4" * 23 + "...")])
def test_an_id_that_is_not_a_number_is_refused_in_one_clear_line(echoed: str, shown: str) -> None:
    """``"4"`` was refused as "this answer is to decision 4, but decision 4 is asked"; ``true`` and ``4.0`` were
    taken as decision 4."""
    with pytest.raises(AnswerError) as caught:
        read_answer(GAME, LEGAL, '{"action": 0, "id": %s}' % echoed, 4)
    assert str(caught.value) == f'the answer\'s "id" must be the number of the decision it answers, 4, not {shown}'
    assert read_answer(GAME, LEGAL, '{"action": 0, "id": 4}', 4) == LEGAL[0]
