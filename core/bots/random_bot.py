"""The core's default plugin: the random bot, which plays every game (``--bot random``)."""

from __future__ import annotations

from collections.abc import Callable

from .base import BotFactory, RandomBot
from ..plugins.hookspecs import hookimpl


@hookimpl
def register_bots(register: Callable[[str, str, BotFactory], None]) -> None:
    register("*", "random", RandomBot)
