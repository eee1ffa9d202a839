"""Accounts in the browser: a passkey made with chromium's virtual authenticator (CDP ``WebAuthn``) logs its
person in after a log-out; and a person logged in on a second browser takes their seat back at a running table.

The passkey test reaches the server as ``localhost``: WebAuthn refuses an IP address as the relying party's id,
and ``localhost`` is a secure context over plain http. Screenshots of the passkey part of the account page and
of the login form, at 390 and 1280 px, go to ``$CARTAS_SHOTS`` when it is set."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import account_form, open_seat, serve_fresh, table_state
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytest.importorskip("webauthn", reason="passkeys need the webauthn package (the test and online extras have it)")

pytestmark = pytest.mark.browser

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve_fresh()


def shot(page: Page, name: str, locator: Any = None) -> None:
    folder = os.environ.get("CARTAS_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (locator or page).screenshot(path=str(Path(folder) / f"{name}.png"))


def sign_up(page: Page, server: str, username: str) -> None:
    account_form(page, server, username, "signup")


def log_in(page: Page, server: str, username: str) -> None:
    account_form(page, server, username, "login")


def with_virtual_authenticator(context: BrowserContext, page: Page) -> Any:
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True,
    }})
    return cdp


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_passkey_added_on_the_account_page_logs_in_after_a_log_out(server: str, browser: Browser, size: str) -> None:
    site = server.replace("127.0.0.1", "localhost")
    username = f"pk_{size}"
    context = browser.new_context(viewport=WIDTHS[size])
    page = context.new_page()
    with_virtual_authenticator(context, page)
    sign_up(page, site, username)
    section = page.locator("#passkeys")
    expect(section).to_contain_text("No passkeys yet.")
    section.locator("input[name=passkey-name]").fill("my phone")
    section.locator("#add-passkey").click()
    expect(section.locator("li")).to_have_count(1)
    expect(section.locator("li strong")).to_have_text("my phone")
    expect(section.locator("[role=status]")).to_have_text("Passkey added.")
    shot(page, f"account-passkeys-{WIDTHS[size]['width']}", section)

    page.click("#logout")
    button = page.locator("#passkey-login")
    expect(button).to_be_visible()
    expect(button).to_have_text("Log in with a passkey")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"login-form-{WIDTHS[size]['width']}")
    button.click()
    expect(page.locator("#profile-form")).to_be_visible()
    expect(page.locator("#app")).to_contain_text(f"({username})")
    expect(page.locator("#passkeys li small")).to_contain_text("last used")

    # Removed, the passkey no longer logs in: the page says the server's refusal.
    page.click("#passkeys .remove-passkey")
    expect(page.locator("#passkeys")).to_contain_text("No passkeys yet.")
    page.click("#logout")
    page.click("#passkey-login")
    expect(page.locator("#app .error")).to_contain_text("not known here")
    expect(page.locator("#login-form")).to_be_visible()
    context.close()


def test_a_person_logs_in_on_a_second_browser_and_takes_their_seat_back(server: str, browser: Browser) -> None:
    first = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    sign_up(first, server, "marta")
    # The table is made from the logged-in page (its cookie goes with the request), so the seat is the account's.
    made = first.evaluate("""async () => {
      const post = (path, body, token) => fetch(path, { method: "POST", body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) } })
        .then((r) => r.json());
      const made = await post("/api/tables", { game: "truco", options: { points: 15 }, name: "Marta" });
      await post(`/api/tables/${made.code}/seating`, { op: "bot", seat: 1, level: "easy" }, made.host_token);
      await post(`/api/tables/${made.code}/start`, {}, made.host_token);
      return made;
    }""")
    code = made["code"]
    seat = {"token": made["token"], "seat": 0, "host_token": made["host_token"], "name": "Marta"}
    open_seat(first, server, code, seat)
    expect(first.locator("#hand .card-button, #hand svg.card").first).to_be_visible()
    assert (table_state(first) or {}).get("me") == 0

    second = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(second, server, "marta")
    take = second.locator(".take-seat")
    expect(take).to_have_count(1)
    take.click()
    second.wait_for_url(f"**/t/{code}")
    expect(second.locator("#hand svg.card").first).to_be_visible()
    second.wait_for_function("() => window.cartasTable && window.cartasTable.state.me === 0")
    # The first browser's seat token was issued again: it is a spectator now.
    first.wait_for_function("() => window.cartasTable && window.cartasTable.state.me === null", timeout=15_000)
    expect(first.locator("#hand svg.card")).to_have_count(0)
