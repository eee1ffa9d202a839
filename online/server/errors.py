"""The one error a request is turned down with, anywhere on the server: an HTTP status and a one-line reason.

The table actor, the accounts, quick play, moderation and analysis all refuse with it, and the routes answer it
the same way (the status, and ``{"error": message}``), so it lives with the plumbing, not with any one room.
"""

from __future__ import annotations


class Refused(Exception):
    """A request the table turns down: an HTTP status and a one-line reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
