"""The one reader of untrusted JSON: every hostile input is refused with one line, cheaply, and nothing else is."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.core.errors import CartasError
from cartas.core.wire import MAX_DEPTH, MAX_INT_DIGITS, MAX_LINE_BYTES, WireError, read_json, read_line


def refusal(data: bytes | str, **kwargs: int) -> str:
    with pytest.raises(WireError) as caught:
        read_json(data, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_plain_json_reads_as_json() -> None:
    assert read_json(b'{"action": "1E", "id": 3}') == {"action": "1E", "id": 3}
    assert read_json('{"action": "envido", "n": [1.5, -2, null, true]}\n') == {"action": "envido", "n": [1.5, -2, None, True]}
    assert read_json("\"ñandú\"".encode()) == "ñandú"


def test_the_error_is_a_cartas_error_and_a_value_error() -> None:
    assert issubclass(WireError, CartasError) and issubclass(WireError, ValueError)


def test_a_deep_line_is_refused_and_one_at_the_limit_is_read() -> None:
    assert "nested more than 64 levels" in refusal(b"[" * 100_000 + b"]" * 100_000, max_bytes=1_000_000)
    assert "nested more than 64 levels" in refusal(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert "nested more than 64 levels" in refusal(b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1))
    assert read_json(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None


def test_a_huge_integer_is_refused_by_its_length() -> None:
    assert refusal(b"1" * 5000) == "the message holds an integer of more than 40 digits"
    assert "40 digits" in refusal(b'{"action": -' + b"9" * 41 + b"}")
    assert read_json(b"-" + b"9" * MAX_INT_DIGITS) == -int("9" * MAX_INT_DIGITS)


def test_invalid_utf8_names_the_byte() -> None:
    assert refusal(b'{"action": "\xff"}') == "the message is not valid UTF-8 (byte 12 is 0xff)"


def test_not_json_quotes_only_a_short_prefix() -> None:
    message = refusal(b"truco " + b"x" * 1000)
    assert message.startswith("the message is not valid JSON (Expecting value at column 1; it starts 'truco xxx")
    assert len(message) < 120


def test_nan_infinity_and_lone_surrogates_are_refused() -> None:
    assert "NaN" in refusal(b"[NaN]")
    assert "Infinity" in refusal(b"-Infinity")
    assert "too large for a float" in refusal(b"1e999")
    assert "lone surrogate" in refusal(b'"\\ud800"')
    assert "lone surrogate" in refusal(b'{"\\udfff": 1}')


def test_a_ten_megabyte_line_is_refused_at_once_without_echo(monkeypatch: pytest.MonkeyPatch) -> None:
    """At once: by its length, before any of it is decoded or parsed (which took seconds for ten megabytes)."""
    data = b'{"action": "' + b"7" * 10_000_000 + b'"}'

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the message was parsed")

    monkeypatch.setattr("cartas.core.wire.json.loads", never)
    message = refusal(data)
    assert message == f"the message is {len(data)} bytes, longer than the limit of {MAX_LINE_BYTES} bytes"
    assert "longer than the limit of 10 bytes" in refusal("ñ" * 11, max_bytes=10)
    assert "longer than the limit of 10 bytes" in refusal("ñ" * 6, max_bytes=10)


def test_the_errors_name_what_was_read() -> None:
    with pytest.raises(WireError, match=r"^saves/x\.json is not valid JSON \(Expecting value at line 2 column 3; "):
        read_json(b"{\"a\":\n  }", name="saves/x.json")


def test_read_line_skips_a_long_line_whole_and_goes_on() -> None:
    stream = io.BytesIO(b"x" * 300 + b"\n" + b'{"action": 0}\r\n' + b"y" * 100 + b"\n" + b"last")
    with pytest.raises(WireError, match="a line of 301 bytes is longer than the limit of 100 bytes"):
        read_line(stream, max_bytes=100)
    assert read_line(stream, max_bytes=100) == b'{"action": 0}'
    assert read_line(stream, max_bytes=100) == b"y" * 100
    assert read_line(stream, max_bytes=100) == b"last"
    assert read_line(stream, max_bytes=100) is None


class _MeteredStream(io.BytesIO):
    """A stream that keeps the largest piece asked of it, to show a reader never holds more than that."""

    largest = 0

    def readline(self, size: int | None = -1, /) -> bytes:
        assert size is not None and size > 0, "a whole line was asked for, however long"
        self.largest = max(self.largest, size)
        return super().readline(size)


def test_read_line_reads_a_ten_megabyte_line_in_pieces_of_the_limit() -> None:
    """Skipping a huge line holds no more than the limit at a time (holding it whole cost 10 to 16 s of CPU)."""
    stream = _MeteredStream(b"7" * 10_000_000 + b"\n" + b'{"action": 0}\n')
    with pytest.raises(WireError, match="a line of 10000001 bytes"):
        read_line(stream)
    assert read_line(stream) == b'{"action": 0}'
    assert stream.largest == MAX_LINE_BYTES + 1


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_give_a_value_or_a_one_line_wire_error(data: bytes) -> None:
    try:
        read_json(data)
    except WireError as error:
        assert "\n" not in str(error) and len(str(error)) < 200


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_every_ordinary_json_value_reads_back(value: object) -> None:
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError:
        return  # hypothesis' text may hold lone surrogates, which are refused on purpose
    assert read_json(text) == value
