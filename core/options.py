"""Game options: a pydantic model per game, filled from ``-o key=value`` pairs and from the lobby alike.

The model forbids unknown keys, and every error names the option and the values it allows.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from .errors import OptionsError
from .i18n import FRAMEWORK as _


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


def spoken_allowed(field: FieldInfo) -> str:
    """What a field accepts, in the language being spoken, for the refusals a person reads (the values
    themselves are the words typed: ``true``, ``4``)."""
    annotation = field.annotation
    if typing.get_origin(annotation) is Literal or annotation is bool:
        return allowed_values(field)
    low = high = None
    for meta in field.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    if annotation is int and low is not None and high is not None:
        return _("a whole number from {low} to {high}", low=low, high=high)
    if annotation is int and low is not None:
        return _("a whole number of at least {low}", low=low)
    if annotation is int:
        return _("a whole number")
    return allowed_values(field)


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
            raise OptionsError(_("option {pair} should look like key=value, for example players=4", pair=repr(pair)))
        values[key.strip().replace("-", "_")] = value.strip()
    return values


def build_options(model: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Validate ``values`` into ``model``; on error name the option and its allowed values."""
    unknown = sorted(set(values) - set(model.model_fields))
    if unknown:
        known = ", ".join(sorted(model.model_fields))
        raise OptionsError(_("unknown option {names}; this game's options are: {known}", names=", ".join(unknown),
                             known=known))
    try:
        return model.model_validate({k: _coerce(v) for k, v in values.items()})
    except ValidationError as error:
        raise OptionsError("; ".join(_problem(model, values, item) for item in error.errors())) from None


def _problem(model: type[GameOptions], values: Mapping[str, Any], item: Any) -> str:
    """One refusal in the language spoken: the option and what it allows, or the game's own reason (a check
    across options raises a ``ValueError`` whose message the game wrote, in its own domain)."""
    context_error = item.get("ctx", {}).get("error")
    if item["type"] == "value_error" and isinstance(context_error, ValueError):
        return str(context_error)
    name = str(item["loc"][0]) if item["loc"] else ""
    field = model.model_fields.get(name)
    if field is None:
        return _("the options are not valid: {reason}", reason=item["msg"])
    return _("option {name}={value} is not valid (allowed: {allowed})", name=name, value=repr(values.get(name)),
             allowed=spoken_allowed(field))


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


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game as every front end describes it: ``cartas list``, the terminal's lobby and the
    server's game list all read options through :func:`option_infos`, so they cannot disagree."""

    name: str
    kind: str
    """``choice`` (one of :attr:`choices`), ``bool``, ``int``, ``float`` or ``str``."""
    choices: tuple[Any, ...] | None
    default: Any
    """The default value, or ``None`` when the option must be given."""
    required: bool
    allowed: str
    """What it accepts, in short English (``int from 1 to 60``)."""
    description: str
    choice_labels: tuple[str, ...] | None = None
    """Each choice as a person reads it, in English, in the order of :attr:`choices` (``"malas and buenas"`` for
    ``malas_buenas``); a game translates them with :meth:`cartas.core.game.Game.choice_text`. The value itself
    stays what programs, saves and ``-o key=value`` use."""

    @property
    def default_text(self) -> str:
        """The default as ``cartas list`` writes it (``true``, ``30``), or ``""`` when there is none."""
        return "" if self.required else _show(self.default)


_KINDS: dict[object, str] = {bool: "bool", int: "int", float: "float"}

CHOICE_LABELS = "choice_labels"
"""The key of a field's ``json_schema_extra`` that names its choices for people::

    falta_mode: Literal["malas_buenas", "to_game"] = Field(
        "malas_buenas", json_schema_extra={"choice_labels": {"malas_buenas": mark("malas and buenas"), ...}})
"""


def choice_label(field: FieldInfo, value: Any) -> str:
    """The English label of one choice of ``field``: the game's own (:data:`CHOICE_LABELS`), else the value as
    written with spaces for underscores (a number stays a number)."""
    extra = field.json_schema_extra
    labels = extra.get(CHOICE_LABELS) if isinstance(extra, dict) else None
    if isinstance(labels, dict):
        label = labels.get(value)
        if isinstance(label, str):
            return label
    return _show(value).replace("_", " ")


def option_info(model: type[GameOptions], name: str) -> OptionInfo:
    """The option ``name`` of ``model``, described."""
    field = model.model_fields[name]
    annotation = field.annotation
    choices = typing.get_args(annotation) if typing.get_origin(annotation) is Literal else None
    kind = "choice" if choices is not None else _KINDS.get(annotation, "str")
    required = field.is_required()
    labels = None if choices is None else tuple(choice_label(field, choice) for choice in choices)
    return OptionInfo(
        name, kind, choices, None if required else field.default, required, allowed_values(field),
        field.description or "", labels,
    )


def option_infos(model: type[GameOptions]) -> list[OptionInfo]:
    """Every option of ``model``, in the order it declares them."""
    return [option_info(model, name) for name in model.model_fields]


def describe_options(model: type[GameOptions]) -> list[tuple[str, str, str]]:
    """``(name, default, allowed)`` for each option, for ``cartas list`` and the docs."""
    return [(info.name, info.default_text, info.allowed) for info in option_infos(model)]
