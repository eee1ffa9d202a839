"""The table's seat picker and the lobby's absent-player picker name the games' personalities with their
strength, in the reader's language, and seat one by its level (issue 32, item 5).

Run with ``-m browser``.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import serve_fresh

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"},
                                     method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_seat_picker_offers_the_personalities_by_name(browser: Any, server: str) -> None:
    made = post(f"{server}/api/tables", {"game": "truco_paulista", "name": "Ana", "options": {"players": 2}})
    context = browser.new_context(locale="pt-BR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/")
    seat = {"token": made["token"], "seat": made["seat"], "host_token": made["host_token"], "name": "Ana"}
    page.evaluate("([code, seat]) => localStorage.setItem(`cartas:${code}`, JSON.stringify(seat))", [made["code"], seat])
    page.goto(f"{server}/t/{made['code']}")
    picker = page.locator("#level-1")
    picker.wait_for(state="attached")
    texts = picker.locator("option").all_inner_texts()
    assert "médio" in texts
    bluffer = next(text for text in texts if text.startswith("O Blefador"))
    assert bluffer == "O Blefador" or " · " in bluffer and bluffer.endswith("contra médio")
    assert picker.locator("option[value=blefador]").inner_text() == bluffer
    context.close()


@pytest.mark.parametrize(("game", "level", "title"), [
    ("truco", "mentiroso", "El Mentiroso"), ("tresillo", "prudente", "El Prudente"),
    ("tresillo", "ciego", "El de la Ciega"),
])
def test_the_lobby_offers_them_for_an_absent_player(browser: Any, server: str, game: str, level: str,
                                                    title: str) -> None:
    context = browser.new_context(locale="es-AR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{server}/?game={game}")
    picker = page.locator("#bot-level")
    picker.wait_for(state="attached")
    assert (picker.locator(f"option[value={level}]").text_content() or "").startswith(title)
    context.close()
