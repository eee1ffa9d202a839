"""The table page mid-hand, and the lobby, weigh under 300 KB with everything they load on a first visit (issue 28's
budget): summed from the network responses by benchmarks/online/page_speed.py's ``page_weight``, which the benchmark
prints. Weight does not depend on the machine's load, so unlike the paint and draw times it is asserted.
"""

from __future__ import annotations

import pytest
from browser_helpers import benchmark_script, started_table
from playwright.sync_api import Browser
from test_card_table import SIZES, server  # noqa: F401  (the module's server fixture)

pytestmark = pytest.mark.browser

BUDGET_BYTES = 300 * 1024


def test_the_table_mid_hand_and_the_lobby_weigh_under_300_kb(server: str, browser: Browser) -> None:  # noqa: F811
    bench = benchmark_script("page_speed")
    code, (ana,) = started_table(server, "truco", {"players": 4, "points": 15}, ["Ana"])
    context = browser.new_context(viewport=SIZES["phone"])  # a fresh one: nothing cached
    context.add_init_script(bench.seat_script(code, ana))  # the seat where the lobby keeps it, so the hand is drawn
    try:
        table = bench.page_weight(context.new_page(), f"{server}/t/{code}", "#hand svg.card")
    finally:
        context.close()
    context = browser.new_context(viewport=SIZES["phone"])
    try:
        lobby = bench.page_weight(context.new_page(), f"{server}/", "#create")
    finally:
        context.close()
    # What a table loads: its HTML, the stylesheet, its modules, the Spanish deck's art and the labels.
    assert table["html"] > 0 and table["css"] > 0 and table["js"] > 0 and table["card art"] > 0, table
    assert table["total"] <= BUDGET_BYTES, f"the table page weighs {table['total'] / 1024:.1f} KB: {table}"
    assert lobby["total"] <= BUDGET_BYTES, f"the lobby weighs {lobby['total'] / 1024:.1f} KB: {lobby}"
