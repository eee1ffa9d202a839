"""Game options: validation, errors naming the option and its allowed values, and -o pairs."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field, ValidationError

from cartas.core import GameOptions, OptionsError
from cartas.core.options import build_options, describe_options, parse_option_pairs


class TrucoLike(GameOptions):
    players: Literal[2, 4, 6] = 2
    points: Literal[15, 30] = 30
    flor: bool = False
    rounds: int = Field(default=8, ge=1, le=20)
    bonus: int = Field(default=0, ge=0)


def test_defaults_and_text_values_from_the_command_line() -> None:
    assert build_options(TrucoLike, {}) == TrucoLike()
    options = build_options(TrucoLike, {"players": "4", "flor": "yes", "points": "15", "rounds": "3"})
    assert (options.players, options.flor, options.points, options.rounds) == (4, True, 15, 3)
    assert build_options(TrucoLike, {"flor": "OFF"}).flor is False


def test_options_are_frozen_and_forbid_unknown_keys() -> None:
    options = TrucoLike()
    with pytest.raises(ValidationError):
        options.flor = True
    with pytest.raises(ValidationError):
        TrucoLike(zzz=1)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("values", "name", "allowed"),
    [
        ({"players": "5"}, "players='5'", "allowed: 2, 4, 6"),
        ({"points": 20}, "points=20", "allowed: 15, 30"),
        ({"flor": "maybe"}, "flor='maybe'", "allowed: true, false"),
        ({"rounds": "0"}, "rounds='0'", "allowed: a whole number from 1 to 20"),
        ({"bonus": "-1"}, "bonus='-1'", "allowed: a whole number of at least 0"),
    ],
)
def test_a_bad_value_names_the_option_and_its_allowed_values(values: dict[str, object], name: str, allowed: str) -> None:
    with pytest.raises(OptionsError) as error:
        build_options(TrucoLike, values)
    assert f"option {name} is not valid ({allowed})" in str(error.value)


def test_every_bad_option_is_reported() -> None:
    with pytest.raises(OptionsError) as error:
        build_options(TrucoLike, {"players": 3, "points": 1})
    assert "players=3" in str(error.value) and "points=1" in str(error.value)


def test_unknown_options_are_listed_with_the_known_ones() -> None:
    with pytest.raises(OptionsError) as error:
        build_options(TrucoLike, {"flr": "true", "zzz": 1, "players": 2})
    assert str(error.value) == (
        "unknown option flr, zzz; this game's options are: bonus, flor, players, points, rounds"
    )


def test_option_pairs() -> None:
    assert parse_option_pairs(["players=4", " flor = true ", "max-points=30", "name=a=b"]) == {
        "players": "4", "flor": "true", "max_points": "30", "name": "a=b"}
    assert parse_option_pairs([]) == {}


@pytest.mark.parametrize("pair", ["players", "=4", " =4"])
def test_a_pair_without_key_or_equals_shows_the_expected_form(pair: str) -> None:
    with pytest.raises(OptionsError) as error:
        parse_option_pairs([pair])
    assert repr(pair) in str(error.value)
    assert "key=value" in str(error.value)


def test_describe_options_rows() -> None:
    assert describe_options(TrucoLike) == [
        ("players", "2", "2, 4, 6"),
        ("points", "30", "15, 30"),
        ("flor", "false", "true, false"),
        ("rounds", "8", "int from 1 to 20"),
        ("bonus", "0", "int of at least 0"),
    ]
