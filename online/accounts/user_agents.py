"""A session's device as people name it ("Chrome · Android"), read from its user-agent string.

The account page lists the open sessions so a person can log out the ones they do not recognise; a raw
user-agent ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 ...") recognises nothing. A few
ordered tests are enough for the browsers and systems people use; no library is added for it. The order
matters because user-agents carry their ancestors' names: Edge and Opera say "Chrome", Chrome says "Safari",
and Android says "Linux".
"""

from __future__ import annotations

BROWSERS = (
    ("Edg", "Edge"), ("OPR", "Opera"), ("SamsungBrowser", "Samsung Internet"), ("Firefox", "Firefox"),
    ("FxiOS", "Firefox"), ("CriOS", "Chrome"), ("Chromium", "Chromium"), ("Chrome", "Chrome"),
    ("Safari", "Safari"),
)
"""(marker in the user-agent, the browser's name), the first marker found wins."""
SYSTEMS = (
    ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
    ("Mac OS X", "Mac"), ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
)


def device_name(agent: str) -> str:
    """"Browser · System" for a user-agent string, either part left out when unknown; the cartas terminal
    and scripts (no browser marker) are named by their first word; "" for no agent at all."""
    browser = next((name for marker, name in BROWSERS if marker in agent), "")
    system = next((name for marker, name in SYSTEMS if marker in agent), "")
    if not browser and not system:
        return agent.split("/")[0].split(" ")[0][:40]
    return " · ".join(part for part in (browser, system) if part)
