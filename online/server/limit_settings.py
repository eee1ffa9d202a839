"""The operator's limits: every field of :class:`~cartas.online.server.limits.Limits` raised or lowered without code.

``cartas serve --limits FILE`` reads a TOML file of ``name = value`` lines, and ``--limit name=value`` (repeatable)
changes one on the command line, after the file. A rate is written ``"burst/per_minute"`` (``"120/900"``: 120
at once, then 900 a minute), a count as a whole number, a cost as a number. An unknown name or a bad value is
one line naming it, and nothing changes: the server does not start. ``--print-limits`` prints the limits in
force in the file's own format, so its output is a limits file to edit (docs/deploy.md, "Limits").

The names are the dataclass's own fields, found at run time, so a limit added to ``Limits`` is an operator's
knob without a line here.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import math
import tomllib
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .limits import Limits, Rate


class LimitError(ValueError):
    """A limit that cannot be set; the message says which and why in one line."""


def kinds() -> dict[str, type]:
    """Each limit's name and its kind: :class:`Rate`, ``int`` or ``float``."""
    hints = typing.get_type_hints(Limits)
    return {spec.name: hints[spec.name] for spec in dataclasses.fields(Limits)}


def _number(text: Any, name: str) -> float:
    if isinstance(text, bool):
        raise LimitError(f"limit {name}: {text!r} is not a number")
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise LimitError(f"limit {name}: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise LimitError(f"limit {name}: {text!r} is not a finite number")
    return value


def parse_value(name: str, value: Any) -> Rate | int | float:
    """The value of limit ``name`` from a string (``"120/900"``, ``"20"``) or a TOML value; :class:`LimitError`
    when the name is unknown or the value does not fit it."""
    kind = kinds().get(name)
    if kind is None:
        raise LimitError(f"no limit {name!r}; the limits are {', '.join(kinds())}")
    if kind is Rate:
        if isinstance(value, Mapping) and set(value) == {"burst", "per_minute"}:
            burst, per_minute = value["burst"], value["per_minute"]
        elif isinstance(value, str) and value.count("/") == 1:
            burst, per_minute = value.split("/")
        else:
            raise LimitError(f"limit {name}: {value!r} is not a rate such as \"120/900\" (burst/per minute)")
        rate = Rate(burst=_number(burst, name), per_minute=_number(per_minute, name))
        if rate.burst < 1 or rate.per_minute <= 0:
            raise LimitError(f"limit {name}: a rate's burst is at least 1 and its per-minute rate above 0, not {value!r}")
        return rate
    number = _number(value, name)
    if kind is int:
        if number != int(number) or number < 1:
            raise LimitError(f"limit {name}: {value!r} is not a whole number of at least 1")
        return int(number)
    if number < 0:
        raise LimitError(f"limit {name}: {value!r} is below 0")
    return number


def from_flags(flags: Iterable[str]) -> dict[str, Rate | int | float]:
    """``--limit name=value`` flags as changes."""
    changes = {}
    for flag in flags:
        name, sep, value = flag.partition("=")
        if not sep:
            raise LimitError(f"--limit {flag!r} is not name=value, such as address_frames=600/5400")
        changes[name.strip()] = parse_value(name.strip(), value.strip())
    return changes


def from_file(path: Path) -> dict[str, Rate | int | float]:
    """The changes a TOML limits file makes."""
    try:
        with path.open("rb") as source:
            table = tomllib.load(source)
    except OSError as problem:
        raise LimitError(f"{path}: {problem.strerror or problem}") from None
    except tomllib.TOMLDecodeError as problem:
        raise LimitError(f"{path}: not TOML ({problem})") from None
    try:
        return {name: parse_value(name, value) for name, value in table.items()}
    except LimitError as problem:
        raise LimitError(f"{path}: {problem}") from None


def with_changes(changes: Mapping[str, Any], base: Limits | None = None) -> Limits:
    """``base`` (the defaults) with ``changes`` made (values from :func:`parse_value`)."""
    return dataclasses.replace(base or Limits(), **changes)


@cache
def notes() -> dict[str, str]:
    """Each limit's docstring's first sentence, read from the class's source (for ``--print-limits``)."""
    found: dict[str, str] = {}
    body = ast.parse(inspect.getsource(Limits)).body[0]
    assert isinstance(body, ast.ClassDef)
    for field, after in zip(body.body, body.body[1:], strict=False):
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name):
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                found[field.target.id] = " ".join(after.value.value.replace("``", "").split()).split(": ")[0].split(". ")[0].rstrip(".")
    return found


def _shown(value: Rate | int | float) -> str:
    if isinstance(value, Rate):
        return f'"{value.burst:g}/{value.per_minute:g}"'
    return f"{value:g}" if isinstance(value, float) else str(value)


def printed(limits: Limits) -> str:
    """The limits in force as a limits file: a comment saying what each is, then ``name = value``."""
    lines = ["# cartas serve --limits FILE: rates are \"burst/per_minute\" (docs/deploy.md, \"Limits\")"]
    for name in kinds():
        note = notes().get(name)
        if note:
            lines.append(f"# {note}")
        lines.append(f"{name} = {_shown(getattr(limits, name))}")
    return "\n".join(lines)
