"""Which event loop serves: ``cartas serve`` logs it at start, beside the build (docs/compiled.md).

uvicorn runs uvloop, libuv's event loop written in C, when it is installed (its ``loop="auto"``), and Python's own
asyncio loop otherwise. Most of a served move's CPU that is not the game's own text is the loop's turns and the
transports' writes, so which loop runs is the second half of "which build runs"; the ``fast`` extra installs
uvloop, and the compiled build's documented install asks for it.
"""

from __future__ import annotations

import asyncio
from importlib import metadata


def describe_loop(loop: asyncio.AbstractEventLoop) -> str:
    """``loop`` as a log says it: ``uvloop 0.23.0``, or ``asyncio (pure Python; the fast extra installs uvloop)``."""
    package = type(loop).__module__.partition(".")[0]
    if package == "asyncio":
        return "asyncio (pure Python; the fast extra installs uvloop)"
    try:
        return f"{package} {metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return package
