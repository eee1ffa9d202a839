"""A Brazilian at a table whose host speaks Spanish: the page speaks the reader's language, switching the
header's select re-renders the game's text from the server, and truco paulista is drawn with the French deck.

Run with ``-m browser``; ``CARTAS_SCREENSHOTS=<dir>`` keeps screenshots of the paulista table at 390 and
1280 px (docs/screens/ has the ones the docs show).
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import serve_fresh

pytestmark = pytest.mark.browser

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def paulista_against_a_bot(server: str, **options: Any) -> dict[str, Any]:
    """A started two-player paulista table: Ana at seat 0, a bot at seat 1."""
    made = post(f"{server}/api/tables", {"game": "truco_paulista", "name": "Ana", "options": {"players": 2, **options}})
    code, host = made["code"], made["host_token"]
    post(f"{server}/api/tables/{code}/seating", {"op": "bot", "seat": 1, "level": "easy"}, host)
    post(f"{server}/api/tables/{code}/start", {}, host)
    return made


def open_seat(browser: Any, server: str, made: dict[str, Any], locale: str, size: dict[str, int]) -> Any:
    """The table page for Ana's seat in a browser whose language is ``locale`` and nothing chosen yet."""
    context = browser.new_context(locale=locale, viewport=size)
    page = context.new_page()
    page.goto(f"{server}/")
    seat = {"token": made["token"], "seat": made["seat"], "host_token": made["host_token"], "name": "Ana"}
    page.evaluate("([code, seat]) => localStorage.setItem(`cartas:${code}`, JSON.stringify(seat))",
                  [made["code"], seat])
    page.goto(f"{server}/t/{made['code']}")
    page.wait_for_selector("#hand svg.card")
    return page


MOVES = {
    "es-AR": ("juego ", "tapo ", "truco", "acepto (aceito)", "corro", "seis", "nueve", "doce"),
    "pt-BR": ("jogo ", "escondo ", "truco", "aceito", "corro", "seis", "nove", "doze"),
    "en": ("play ", "hide ", "truco", "accept (aceito)", "run (corro)", "seis", "nove", "doze"),
}
"""How each language starts each paulista move a player can meet in the first hand."""


SHOWN_MOVES = """() => [...document.querySelectorAll('#hand .card-button:not(.idle)')].map((b) => b.title)
  .concat([...document.querySelectorAll('#actions .action[data-action]')].map((b) => b.title || [...b.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim()))"""
"""The labels of the moves the page offers: the cards of the hand (their buttons' names, also their titles) and
the calls in the action bar (a button reads the call as it is said, "Truco!"; its title is the move's label where
that differs, else its words are the label, without the keyboard letter)."""

DEALS = {"es-AR": "reparto", "pt-BR": "dá as cartas", "en": "deals"}


def wait_until_spoken(page: Any, language: str) -> None:
    """The log's deal line and every move offered are in ``language`` (the server's text, drawn again)."""
    page.wait_for_function(
        f"([starts, deal]) => {{ const moves = ({SHOWN_MOVES})();"
        " return moves.length > 0 && moves.every((m) => starts.some((s) => m.startsWith(s)))"
        " && document.querySelector('#log').textContent.includes(deal); }",
        arg=[list(MOVES[language]), DEALS[language]],
    )


def test_the_select_switches_the_game_text_and_the_buttons(server: str, browser: Any) -> None:
    made = paulista_against_a_bot(server)
    page = open_seat(browser, server, made, "es-AR", WIDTHS["desktop"])
    assert page.evaluate("document.documentElement.lang") == "es-AR"
    wait_until_spoken(page, "es-AR")  # our turn: the bot waits for us from now on
    page.select_option("select.lang", "pt-BR")
    wait_until_spoken(page, "pt-BR")
    page.select_option("select.lang", "en")
    wait_until_spoken(page, "en")
    assert page.evaluate("localStorage.getItem('cartas:lang')") == "en"
    page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_paulista_is_drawn_with_the_french_deck_in_portuguese(server: str, browser: Any, width: str) -> None:
    made = paulista_against_a_bot(server)
    page = open_seat(browser, server, made, "pt-BR", WIDTHS[width])
    page.wait_for_selector("#hand svg.card[data-deck='french']")
    names = [card.get_attribute("aria-label") or "" for card in page.locator("#hand svg.card").all()]
    assert len(names) == 3 and all(" de " in name for name in names)
    assert not any(word in name for name in names for word in ("sota", "caballo", "oros", "bastos"))
    folder = os.environ.get("CARTAS_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"paulista-french-{WIDTHS[width]['width']}.png"), full_page=True)
    page.context.close()


def test_the_spanish_deck_stays_an_option(server: str, browser: Any) -> None:
    """And its cards are named in the reader's language: "ás de paus" for a Brazilian, "ace of clubs" for an
    English reader (they were Spanish for everyone)."""
    made = paulista_against_a_bot(server, deck="spanish")
    page = open_seat(browser, server, made, "pt-BR", WIDTHS["desktop"])
    assert page.locator("#hand svg.card[data-deck='spanish']").count() == 3
    for language, of, suits in (("pt-BR", " de ", ("ouros", "copas", "espadas", "paus")),
                                ("en", " of ", ("coins", "cups", "swords", "clubs"))):
        page.select_option("select.lang", language)
        wait_until_spoken(page, language)
        names = [card.get_attribute("aria-label") or "" for card in page.locator("#hand svg.card").all()]
        cards = [name.split(",")[0] for name in names]  # a manilha's name ends ", manilha"
        assert len(cards) == 3 and all(of in card and card.split(of)[-1] in suits for card in cards), names
    page.context.close()


LOBBY = {
    "pt-BR": (["malas e boas", "até o final"], ["baralho francês", "baralho espanhol"], "a mesa está cheia"),
    "en": (["malas and buenas", "to the target"], ["French deck", "Spanish deck"], "the table is full"),
}
"""What a reader sees in the lobby: truco's falta envido choices, paulista's deck choices, a full table refused."""


@pytest.mark.parametrize("locale", sorted(LOBBY))
def test_the_lobby_shows_choices_and_refusals_in_the_readers_language(server: str, browser: Any, locale: str) -> None:
    falta, decks, full = LOBBY[locale]
    made = post(f"{server}/api/tables", {"game": "truco", "name": "Ana", "options": {"players": 2}})
    post(f"{server}/api/tables/{made['code']}/join", {"name": "Beto"})  # now full
    context = browser.new_context(locale=locale, viewport=WIDTHS["phone"])
    page = context.new_page()
    page.goto(f"{server}/?game=truco")
    page.wait_for_selector("#opt-falta_mode", state="attached")  # folded under "Options"
    shown = page.eval_on_selector_all("#opt-falta_mode option", "options => options.map((o) => o.textContent)")
    values = page.eval_on_selector_all("#opt-falta_mode option", "options => options.map((o) => o.value)")
    assert (shown, values) == (falta, ["malas_buenas", "to_game"])  # the words change, the value sent does not
    page.select_option("#game", "truco_paulista")
    page.wait_for_selector("#opt-deck", state="attached")
    assert page.eval_on_selector_all("#opt-deck option", "options => options.map((o) => o.textContent)") == decks
    # The page's own call to a full table comes back in the reader's language.
    refused = page.evaluate(
        """async (code) => { const { api } = await import('/static/api.js');
             try { await api('POST', `/api/tables/${code}/join`, { name: 'Caro' }); return ''; }
             catch (error) { return error.message; } }""", made["code"])
    assert refused == full
    context.close()
