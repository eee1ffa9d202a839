"""The one place that reads JSON from outside: protocol lines, external bots' answers, websocket frames, saves.

Whatever arrives is untrusted: it may be megabytes long, not UTF-8, nested a hundred thousand levels deep or
hold an integer of thousands of digits. Python's ``json`` turns those into a ``RecursionError``, a
``UnicodeDecodeError`` or a ``ValueError`` from the integer digit limit, each a traceback where the sender
deserves a reason. :func:`read_json` refuses all of them with one :class:`WireError`, whose message is one
line and never echoes more than a short prefix of what was sent. It refuses by length before parsing, so a
10 MB line costs nothing; :func:`read_line` reads a line from a stream without ever holding more than the cap.
"""

from __future__ import annotations

import json
import math
from typing import Any, BinaryIO

from .errors import CartasError

MAX_LINE_BYTES = 64 * 1024
"""The default cap of one message: a decision's answer is a few bytes, a whole observation a few kilobytes."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted; cartas' own messages are never deeper than 6."""
MAX_INT_DIGITS = 40
"""The most digits an integer may have; 40 digits is more than any seed, index or score needs."""
PREFIX_CHARS = 24
"""How much of a refused message an error quotes: enough to recognise it, never the whole of it."""


class WireError(CartasError):
    """Text from outside that cannot be accepted as JSON; the message says why in one line."""


def read_json(data: bytes | str, *, max_bytes: int = MAX_LINE_BYTES, name: str = "the message") -> Any:
    """The JSON value in ``data`` (one line, frame or file), or a :class:`WireError` saying why not.

    ``name`` is how the errors call ``data``: ``"the message"``, or a file's path.
    """
    try:
        return _read_json(data, max_bytes)
    except _Refused as reason:
        raise WireError(f"{name} {reason}") from None


class _Refused(Exception):
    """Why data was refused, as the end of a sentence whose subject :func:`read_json` supplies."""


def _read_json(data: bytes | str, max_bytes: int) -> Any:
    raw = _as_bytes(data, max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _Refused(f"is not valid UTF-8 (byte {error.start} is {raw[error.start]:#04x})") from None
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise _Refused(f"is not valid JSON ({error.msg} at {_where(error)}; it starts {_prefix(text)})") from None
    except RecursionError:
        raise _Refused(f"is nested more than {MAX_DEPTH} levels deep") from None
    except ValueError:  # the hooks below refuse what Python's own limits would; this is a last guard
        raise _Refused("holds a number Python cannot read") from None
    _check_shape(value)
    return value


def read_line(stream: BinaryIO, *, max_bytes: int = MAX_LINE_BYTES) -> bytes | None:
    """The next line of ``stream`` (without its newline), or ``None`` at end of input.

    A line longer than ``max_bytes`` is read to its end in pieces of at most ``max_bytes`` and thrown away,
    so that the next call starts at the next line, and refused with a :class:`WireError`.
    """
    line = stream.readline(max_bytes + 1)
    if not line:
        return None
    if len(line) <= max_bytes or (len(line) == max_bytes + 1 and line.endswith(b"\n")):
        return line.rstrip(b"\r\n")
    length = len(line)
    while not line.endswith(b"\n"):
        line = stream.readline(max_bytes + 1)
        if not line:
            break
        length += len(line)
    raise WireError(f"a line of {length} bytes is longer than the limit of {max_bytes} bytes; it was skipped")


def _as_bytes(data: bytes | str, max_bytes: int) -> bytes:
    """``data`` as UTF-8 bytes, refusing anything over ``max_bytes`` before doing any work on it."""
    if isinstance(data, str):
        if len(data) > max_bytes:  # a character is at least one byte, so this is over the cap already
            raise _Refused(f"is longer than the limit of {max_bytes} bytes")
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise _Refused("is not valid UTF-8 (it holds a lone surrogate)") from None
    if len(data) > max_bytes:
        raise _Refused(f"is {len(data)} bytes, longer than the limit of {max_bytes} bytes")
    return data


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"holds an integer of more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"holds a number too large for a float ({_prefix(text)})")
    return value


def _no_constant(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not JSON")


def _check_shape(value: Any) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and strings that cannot be written back as UTF-8.

    It walks without recursing, since the value may be deep. A ``\\ud800`` escape parses to a lone surrogate,
    which would break the first message that quotes it back (an error naming a bad action, say).
    """
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict | list):
            depth += 1
            if depth > MAX_DEPTH:
                raise _Refused(f"is nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key in item:
                    _check_text(key)
                item = item.values()
            pending.extend((child, depth) for child in item)


def _check_text(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise _Refused("holds a lone surrogate (\\ud800 to \\udfff), which is not text") from None


def _where(error: json.JSONDecodeError) -> str:
    return f"column {error.colno}" if error.lineno == 1 else f"line {error.lineno} column {error.colno}"


def _prefix(text: str) -> str:
    return repr(text[:PREFIX_CHARS]) + ("..." if len(text) > PREFIX_CHARS else "")
