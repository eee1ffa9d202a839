"""A seat's observation: everything that seat may know, as a JSON-serialisable pydantic model.

It is what the terminal shows, what the JSON protocol sends and what a bot reads. It never holds another
seat's hidden cards; the conformance suite in :mod:`cartas.testing` checks that for every game.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class EventView(BaseModel):
    """An event as one seat sees it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int
    detail: str = ""


class Observation(BaseModel):
    """What ``seat`` knows now. ``table`` holds the game's own public (and seat-visible) fields."""

    model_config = ConfigDict(frozen=True)

    game: str
    seat: int
    players: int
    teams: list[int] = Field(description="the team of each seat (every seat its own team when there are none)")
    dealer: int
    mano: int | None = Field(default=None, description="the seat that leads the hand")
    hand_number: int = Field(description="hands played before this one")
    to_act: list[int]
    hand: list[str] = Field(description="the cards this seat holds and can see")
    scores: list[int] = Field(description="each side's score (chips in julepe, penalty points in chinchón)")
    over: bool
    legal: list[str] = Field(description="this seat's legal actions now, in canonical text")
    table: dict[str, Any] = Field(default_factory=dict)
    events: list[EventView] = Field(default_factory=list, description="this hand's events visible to this seat")


_FIELDS = frozenset(Observation.model_fields)
_new = object.__new__
_set = object.__setattr__


def built_observation(fields: dict[str, Any]) -> Observation:
    """An :class:`Observation` of ``fields`` as the engine built them (:meth:`State.make_observation`): every
    field given, each already of its declared type (lists of ints and strings, :class:`EventView` events, a
    plain ``table``), so pydantic's validation, which would find nothing to change, is skipped.

    Not public: what a game or a client hands in is validated as always. A server builds an observation for
    every seat and spectator on every move; validating each was about half its cost outside the engine. The
    model is the one ``Observation(**fields)`` makes (same fields, equal, same JSON; a test checks it), built as
    pydantic's own ``model_construct`` builds one, without its per-field loop.
    """
    observation: Observation = _new(Observation)
    _set(observation, "__dict__", fields)
    _set(observation, "__pydantic_fields_set__", set(_FIELDS))
    _set(observation, "__pydantic_extra__", None)
    _set(observation, "__pydantic_private__", None)
    return observation
