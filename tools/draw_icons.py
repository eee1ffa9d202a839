"""Draws the site's PNG icons (192 and 512 px, and the 180-px apple-touch-icon) from ``online/static/icon.svg``.

Phones install a web app from PNG icons (iOS reads only ``apple-touch-icon``, Android wants 192 and 512 px in the
manifest); the SVG stays the source of truth. The PNGs are committed, so serving needs nothing: this script is run
by hand after the SVG changes, through Debian's chromium and playwright (the browser tests' own tools, so no
image library joins the dependencies).

Usage: python tools/draw_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "online" / "static"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
CHROMIUM = "/usr/bin/chromium"


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            # iOS draws its own rounded mask over the apple-touch-icon, so that one fills the square.
            corner = "0" if name.startswith("apple") else "96"
            body = svg.replace('rx="96"', f'rx="{corner}"', 1)
            page.set_content(
                "<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>{body}</div></body></html>"
            )
            page.eval_on_selector("svg", f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}")
            page.screenshot(path=str(STATIC / name), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
