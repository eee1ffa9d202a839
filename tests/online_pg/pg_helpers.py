"""Helpers of the store tests, importable from the test modules (conftest.py is not)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from cartas.online.store.tables import AsyncStore

ENV = "CARTAS_TEST_POSTGRES"
"""The variable that hands the tests a Postgres server's URL."""
T = TypeVar("T")
StoreUser = Callable[[Callable[[AsyncStore], Awaitable[Any]]], Any]


def run(coroutine: Awaitable[T]) -> T:
    """Run one coroutine to its end on a new event loop (the store tests need no long-lived loop)."""

    async def main() -> T:
        return await coroutine

    return asyncio.run(main())
