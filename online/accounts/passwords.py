"""Password hashing with argon2id (argon2-cffi), off the event loop.

Parameters: argon2id, time cost 2, memory 19 MiB (19,456 KiB), parallelism 1, a 16-byte salt and a 32-byte
hash: the first of OWASP's recommended argon2id settings. argon2-cffi's default (RFC 9106's "low memory"
profile: 64 MiB, time 3, parallelism 4) took several hundred milliseconds on this loaded 2-core machine, over
the 300 ms a login may take; these keep a guess costly (19 MiB of memory per try) while a login stays well
under it (measured in docs/accounts.md). A hash made with other parameters still verifies, and is replaced at
the next successful login (:func:`needs_rehash`).

A hash takes a hundred milliseconds or so of CPU, so it runs in a worker thread, and a semaphore (one per
application, :class:`~cartas.online.accounts.service.Accounts`) lets only two run at once: a burst of logins
waits its turn instead of taking the whole machine's memory and cores.
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

HASHER = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1, hash_len=32, salt_len=16)
DUMMY = HASHER.hash("not a password anybody has")
"""Verified against when the username does not exist, so a login takes as long whether or not it does."""


def hash_now(password: str) -> str:
    """The argon2id hash of ``password`` (blocking: call :func:`hash_password` from the event loop)."""
    return HASHER.hash(password)


def verify_now(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (the dummy hash when None, to take the same time); blocking."""
    try:
        return HASHER.verify(stored or DUMMY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash was made with other parameters than :data:`HASHER`'s."""
    try:
        return HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


async def hash_password(password: str, gate: asyncio.Semaphore) -> str:
    async with gate:
        return await asyncio.to_thread(hash_now, password)


async def verify_password(stored: str | None, password: str, gate: asyncio.Semaphore) -> bool:
    async with gate:
        return await asyncio.to_thread(verify_now, stored, password)
