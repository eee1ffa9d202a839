"""The site's icons: PNGs at 192 and 512 px in the manifest, an apple-touch-icon of 180 px in every page's head.

Phones install a web app only from PNG icons (an SVG alone is not enough on iOS nor for Android's install
prompt), so each listed PNG must exist at the size the manifest says.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

from cartas.online.server.pages import SITE_PAGES, Pages

STATIC = Path(__file__).resolve().parents[2] / "online" / "static"


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_lists_png_icons_of_192_and_512_px_at_their_true_size() -> None:
    manifest = json.loads((STATIC / "manifest.json").read_text(encoding="utf-8"))
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    sizes = {icon["sizes"] for icon in pngs}
    assert {"192x192", "512x512"} <= sizes
    for icon in pngs:
        file = STATIC / icon["src"].removeprefix("/static/")
        width, height = png_size(file)
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_names_an_apple_touch_icon_of_180_px() -> None:
    assert png_size(STATIC / "apple-touch-icon.png") == (180, 180)
    pages = Pages(STATIC)
    for name in SITE_PAGES:
        body = pages.pages[name].body.decode()
        assert '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png" sizes="180x180">' in body, name
        assert 'href="/static/icon-192.png"' in body, name
