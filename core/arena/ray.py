"""Arena matches on a Ray cluster: the jobs of the local pool, sent to Ray workers instead (extra ``ray``).

The arena stays the same: the schedule, the per-seat seeds and the ordering of results by match index do not
depend on where a match is played, so a run on a cluster gives the results a run on one core gives. Every
node of the cluster needs cartas (and any third-party game being played) installed in the Python it runs.

``address`` is what ``ray.init`` takes: ``auto`` for the cluster this machine belongs to (after
``ray start --head``), or ``HOST:PORT`` of a head node; ``local`` starts a private Ray instance on this
machine for the run. (Other forms ``ray.init`` knows, such as ``ray://`` for Ray Client, are passed on as
they are, untested.) Ray is imported only when asked for, so the arena works
without it.
"""

from __future__ import annotations

import importlib
import socket
from collections.abc import Generator, Sequence
from typing import Any

from .runner import MatchJob, MatchResult, Runner, play_match
from ..errors import ArenaError

LOCAL = "local"
"""The address that starts a private Ray instance on this machine instead of joining a cluster."""

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a head node's port to answer before the arena gives up on it."""


def import_ray() -> Any:
    """The ``ray`` module, or an :class:`ArenaError` that says how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise ArenaError("--ray needs Ray, an optional extra: pip install 'cartas[ray]'") from error


def ray_runner(address: str) -> Runner:
    """A :data:`cartas.core.arena.runner.Runner` that plays every match as a Ray task on the cluster at ``address``."""
    ray = import_ray()
    check_reachable(address)

    def run(jobs: Sequence[MatchJob]) -> Generator[MatchResult, None, None]:
        joined = not ray.is_initialized()
        if joined:
            _connect(ray, address)
        remote_match = ray.remote(play_match)
        pending = [remote_match.remote(job) for job in jobs]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:  # a decision or an error: drop the matches not yet played
                ray.cancel(ref)
            if joined:
                ray.shutdown()

    return run


def check_reachable(address: str) -> None:
    """Fail at once, with the reason, when a ``HOST:PORT`` head node does not answer.

    Ray itself keeps retrying an unreachable head for minutes; ``auto``, ``local`` and addresses with a scheme
    (``ray://``) are left to Ray.
    """
    if address == LOCAL or address == "auto" or "://" in address:
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ArenaError(f"--ray takes auto, local or the HOST:PORT of a head node, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as error:
        raise ArenaError(f"no Ray head node answers at {address}: {error}") from error


def _connect(ray: Any, address: str) -> None:
    """Join the cluster (or start the private instance), keeping Ray's own logs off the arena's output."""
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "WARNING"}
    try:
        if address == LOCAL:
            ray.init(include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as error:
        raise ArenaError(f"cannot reach a Ray cluster at {address!r}: {error}") from error
