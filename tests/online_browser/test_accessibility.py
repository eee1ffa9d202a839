"""An accessibility scan with axe-core of the lobby, of a table mid-hand and of the match page of a finished match,
at 390 and 1280 px: no serious or critical violation.

axe-core comes from the npm registry into the git-ignored ``.ci/node`` (installed here on first use when ``npm`` is
on the PATH; ``CARTAS_AXE`` may name an ``axe.min.js`` instead); it is test tooling only, never served.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import Shots, shots_on_failure, open_seat, play_by_socket_until, started_table
from playwright.sync_api import Browser, Page
from test_card_table import SIZES, server  # noqa: F401  (the module's server fixture)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".ci" / "node"
BAD = {"serious", "critical"}


@pytest.fixture(scope="module")
def axe() -> Path:
    wanted = os.environ.get("CARTAS_AXE")
    path = Path(wanted) if wanted else NODE / "node_modules" / "axe-core" / "axe.min.js"
    if not path.exists() and not wanted and shutil.which("npm"):
        NODE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", str(NODE), "--no-audit", "--no-fund", "--silent", "axe-core@4"],
                       check=False, timeout=300, capture_output=True)
    if not path.exists():
        pytest.skip(f"the accessibility scan needs axe-core at {path} (npm install --prefix .ci/node axe-core)")
    return path


def violations(page: Page, axe: Path) -> list[str]:
    page.add_script_tag(path=str(axe))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[(n['target'], n.get('failureSummary')) for n in v['nodes']][:2]}"
        for v in found if v.get("impact") in BAD
    ]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_lobby_and_a_table_mid_hand_have_no_serious_violation(
    server: str, browser: Browser, axe: Path, size: str  # noqa: F811
) -> None:
    shots = Shots()
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)  # to inject axe only
    with shots_on_failure(shots, [context]):
        page = shots.watch("page", context.new_page())
        page.goto(f"{server}/")
        page.wait_for_selector("#create-form #create")
        problems = [f"lobby: {v}" for v in violations(page, axe)]
        code, (ana,) = started_table(server, "truco", {"players": 4, "points": 15}, ["Ana"])
        open_seat(page, server, code, ana)
        page.wait_for_selector("#hand svg.card")
        problems += [f"table: {v}" for v in violations(page, axe)]
        page.emulate_media(color_scheme="dark")
        problems += [f"table, dark: {v}" for v in violations(page, axe)]
        page.emulate_media(color_scheme="light")
        code, (ana,) = started_table(server, "chinchon", {"players": 2}, ["Ana"])
        open_seat(page, server, code, ana)
        page.wait_for_selector("#stock")
        problems += [f"chinchón: {v}" for v in violations(page, axe)]
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_match_page_of_a_finished_match_has_no_serious_violation(
    server: str, browser: Browser, axe: Path, size: str  # noqa: F811
) -> None:
    shots = Shots()
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    with shots_on_failure(shots, [context]):
        page = shots.watch("page", context.new_page())
        code, (ana,) = started_table(server, "truco", {"players": 2, "points": 15}, ["Ana"])
        open_seat(page, server, code, ana)
        play_by_socket_until(page, "() => Boolean(window.cartasTable.state.result)", timeout_s=90, preferred="mazo")
        page.goto(f"{server}/t/{code}/match")
        page.wait_for_selector("#board svg.card")
        problems = [f"match, first step: {v}" for v in violations(page, axe)]
        page.click("#step-next")  # a card on the table, the stepper moved off its first step
        page.wait_for_selector("#step-first:not([disabled])")
        problems += [f"match, a step in: {v}" for v in violations(page, axe)]
        page.emulate_media(color_scheme="dark")
        problems += [f"match, dark: {v}" for v in violations(page, axe)]
        assert not problems, "\n".join(problems)
