"""Corrupt and hostile save files: ``resume`` and ``replay`` refuse each with a one-line reason, never a traceback.

The corpus mutates one real save thirty ways (bad bytes, deep or huge JSON, wrong types, a seat key that is
not a number, moves that do not replay); hypothesis then feeds the save reader arbitrary bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartas.core.errors import RecordError
from cartas.core.record import load_record


def edit(change: Callable[[dict[str, Any]], object]) -> Callable[[bytes], bytes]:
    """A mutation that changes the parsed save and writes it back as JSON."""

    def mutate(original: bytes) -> bytes:
        data = json.loads(original)
        change(data)
        return json.dumps(data).encode()

    return mutate


def setting(key: str, value: object) -> Callable[[bytes], bytes]:
    return edit(lambda data: data.__setitem__(key, value))


def raw(replace: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
    return replace


MUTATIONS: dict[str, Callable[[bytes], bytes]] = {
    "empty": raw(lambda b: b""),
    "truncated": raw(lambda b: b[: len(b) // 2]),
    "bad utf-8 inside a string": raw(lambda b: b.replace(b'"alta"', b'"al\xfft\xc3a"', 1)),
    "bad utf-8 at the start": raw(lambda b: b"\xff\xfe" + b),
    "byte order mark": raw(lambda b: b"\xef\xbb\xbf" + b),
    "flipped byte 1": raw(lambda b: b[:1] + bytes([b[1] ^ 0x80]) + b[2:]),
    "flipped byte in the middle": raw(lambda b: b[:40] + bytes([b[40] ^ 0xFF]) + b[41:]),
    "flipped byte near the end": raw(lambda b: b[:-5] + bytes([b[-5] ^ 0x01]) + b[-4:]),
    "nul bytes": raw(lambda b: b.replace(b'"seed"', b'"se\x00ed"', 1)),
    "deep json": raw(lambda b: b"[" * 100_000 + b"]" * 100_000),
    "deep options": setting("options", json.loads("[" * 70 + "]" * 70)),
    "huge integer seed": raw(lambda b: json.dumps({**json.loads(b), "seed": 0}).encode().replace(b'"seed": 0', b'"seed": ' + b"7" * 5000)),
    "huge float seed": raw(lambda b: json.dumps({**json.loads(b), "seed": 0}).encode().replace(b'"seed": 0', b'"seed": 1e999')),
    "nan seed": raw(lambda b: json.dumps({**json.loads(b), "seed": 0}).encode().replace(b'"seed": 0', b'"seed": NaN')),
    "seed as text": setting("seed", "abc"),
    "non-integer seat key": setting("players", {"x": "human", "1": "easy"}),
    "negative seat key": setting("players", {"-1": "human", "1": "easy"}),
    "player not text": setting("players", {"0": ["human"], "1": "easy"}),
    "actions not a list": setting("actions", "1E 4C"),
    "action of three items": setting("actions", [[0, "1E", "x"]]),
    "action by seat 99": setting("actions", [[99, "1E"]]),
    "action by a huge seat": raw(lambda b: json.dumps({**json.loads(b), "actions": [[0, "raise"]]}).encode().replace(b"[[0,", b"[[" + b"9" * 39 + b",")),
    "action that is no move": setting("actions", [[0, "zzz"]]),
    "lone surrogate action": raw(lambda b: json.dumps({**json.loads(b), "actions": [[0, "raise"]]}).encode().replace(b'"raise"', b'"\\ud800"')),
    "unknown option": setting("options", {"players": 2, "points": 3, "colour": "red"}),
    "option out of range": setting("options", {"players": 99, "points": 3}),
    "unknown game": setting("game", "nope"),
    "game name that is a path": setting("game", "../../../escaped"),
    "other format": setting("format", "cartas-record/99"),
    "a list, not an object": raw(lambda b: b"[1, 2, 3]"),
    "null": raw(lambda b: b"null"),
    "position garbage": setting("position", {"hands": [["13X"]]}),
    "position of wrong type": setting("position", [1, 2]),
    "winners not a list": setting("winners", 5),
}


@pytest.fixture
def real_save(run: Callable[..., Result], saves: Callable[[], list[Path]]) -> Path:
    run("play", "alta", "--ascii", "--seed", "5", "--dealer", "1", "--deal=1E 4C / 7O 5B", input="raise\nquit\n")
    return saves()[0]


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_mutated_save_is_refused_in_one_line_and_left_as_it_is(
    name: str, real_save: Path, run: Callable[..., Result]
) -> None:
    assert len(MUTATIONS) >= 30
    corrupt = MUTATIONS[name](real_save.read_bytes())
    real_save.write_bytes(corrupt)
    for args in (["replay", str(real_save), "--ascii"], ["resume", str(real_save), "--ascii"], ["resume", "--ascii"]):
        result = run(*args, input="quit\n")  # catch_exceptions=False: a traceback fails the test
        if result.exit_code != 0:
            lines = result.output.strip().splitlines()
            assert lines[-1].startswith("Error: ") and len(lines[-1]) < 400, result.output
            assert "Traceback" not in result.output
    if name != "byte order mark":
        assert real_save.read_bytes() == corrupt or load_record(real_save)  # refused files are never rewritten


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.builds(lambda pre, post: pre + b'{"format": "cartas-record/1"' + post, st.binary(max_size=20), st.binary(max_size=200)))
def test_the_save_reader_gives_a_record_or_a_one_line_reason(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    try:
        load_record(path)
    except RecordError as error:
        assert "\n" not in str(error)
