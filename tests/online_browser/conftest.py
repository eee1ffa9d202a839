"""Fixtures of the browser tests: Debian's chromium, launched once per module.

Playwright is imported only inside the fixture, so collecting the rest of the suite never needs it; the tests
themselves skip, with a message, where chromium or the online extra is missing (see browser_helpers).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so the tests import browser_helpers


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from browser_helpers import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
