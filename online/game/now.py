"""The time now as the store writes it (UTC, ISO 8601 to the second), shared by the table, its clock and rematches."""

from __future__ import annotations

import time


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
