"""Game options: a pydantic model per game, filled from ``-o key=value`` pairs and from the lobby alike.

The model forbids unknown keys, and every error names the option and the values it allows.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from cartas.core.errors import OptionsError


class GameOptions(BaseModel):
    """Base of every game's options: frozen, unknown keys refused. Every game has a ``players`` option."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int


OptionsT = TypeVar("OptionsT", bound=GameOptions)


def allowed_values(field: FieldInfo) -> str:
    """A short English description of what a field accepts, for error messages and ``cartas list``."""
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        return ", ".join(_show(v) for v in typing.get_args(annotation))
    if annotation is bool:
        return "true, false"
    low = high = None
    for meta in field.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    kind = getattr(annotation, "__name__", str(annotation))
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} of at least {low}"
    if isinstance(annotation, types.UnionType):
        return " or ".join(getattr(a, "__name__", str(a)) for a in typing.get_args(annotation))
    return kind


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Split ``key=value`` words; a word without ``=`` is an error that shows the expected form."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionsError(f"option {pair!r} should look like key=value, for example players=4")
        values[key.strip().replace("-", "_")] = value.strip()
    return values


def build_options(model: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Validate ``values`` into ``model``; on error name the option and its allowed values."""
    unknown = sorted(set(values) - set(model.model_fields))
    if unknown:
        known = ", ".join(sorted(model.model_fields))
        raise OptionsError(f"unknown option {', '.join(unknown)}; this game's options are: {known}")
    try:
        return model.model_validate({k: _coerce(v) for k, v in values.items()})
    except ValidationError as error:
        problems = []
        for item in error.errors():
            name = str(item["loc"][0]) if item["loc"] else "options"
            field = model.model_fields.get(name)
            allowed = f" (allowed: {allowed_values(field)})" if field is not None else ""
            problems.append(f"option {name}={values.get(name)!r} is not valid{allowed}: {item['msg']}")
        raise OptionsError("; ".join(problems)) from None


def _coerce(value: Any) -> Any:
    """Turn command-line text into the JSON-like value pydantic expects (``"4"`` to 4, ``"true"`` to True)."""
    if not isinstance(value, str):
        return value
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(value)
    except ValueError:
        return value


def describe_options(model: type[GameOptions]) -> list[tuple[str, str, str]]:
    """``(name, default, allowed)`` for each option, for ``cartas list`` and the docs."""
    rows = []
    for name, field in model.model_fields.items():
        default = "" if field.is_required() else _show(field.default)
        rows.append((name, default, allowed_values(field)))
    return rows
