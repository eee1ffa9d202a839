"""The one place a person is told something happened to them outside a table (a friend request, a challenge).

The page learns it by reading ``GET /api/friends`` (the lobby's badge); a push channel is another room's
business and will hang here, so every caller already goes through :func:`notify`.
"""

from __future__ import annotations

from typing import Any

KINDS = ("friend_request", "friend_accepted", "challenge", "challenge_answered")


def notify(account_id: str, kind: str, payload: dict[str, Any]) -> None:
    """Tell ``account_id`` about ``kind``: nothing beyond the page's own reading yet (the hook point for push)."""
    del account_id, kind, payload
