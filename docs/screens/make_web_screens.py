"""Regenerate the browser table's screenshots in docs/screens/web/: every game mid-hand, on a phone and a laptop.

    .venv/bin/python docs/screens/make_web_screens.py [--out docs/screens/web] [--frames FILE]

It starts ``cartas serve`` (benchmarks/online/serve_helpers.py) on a free loopback port over a temporary database, opens a
table per game with bots in every other seat (no bot delay), joins seat 1 as "Ana" in Debian's chromium
(/usr/bin/chromium, through Playwright), makes a few of Ana's moves (cards first, so the table shows played cards)
and takes a screenshot at 390x844 and 1280x800. ``--frames`` writes every websocket frame the page received, as JSON
lines, for looking at. Seeds are random, so the cards differ from run to run; the layout is what the pictures are
for. The ``*-summary`` pictures are taken at the end of the first hand, with the summary above the table.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "benchmarks" / "online"))  # the server and API helpers the scripts share
from serve_helpers import cartas_serve, start_table  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
TABLES: list[tuple[str, str, dict[str, Any], int]] = [
    # (file name, game, options, Ana's moves before the picture)
    ("truco-2p", "truco", {"players": 2, "points": 15}, 2),
    ("truco-4p", "truco", {"players": 4, "points": 15}, 2),
    ("truco-6p", "truco", {"players": 6, "points": 15}, 1),
    ("paulista", "truco_paulista", {"players": 4}, 1),
    ("chinchon", "chinchon", {"players": 3}, 4),
    ("julepe", "tresillo", {"players": 4}, 2),
    # -1: play until the end-of-hand summary shows (the hand's shown cards, the score change)
    ("truco-summary", "truco", {"players": 2, "points": 15}, -1),
    ("chinchon-summary", "chinchon", {"players": 2}, -1),
]
SUMMARY_JS = "() => Boolean(document.getElementById('summary'))"

DARK = {"truco-4p"}
"""The tables also shot in dark mode (the system's choice, as prefers-color-scheme says)."""

PICK_JS = """() => {
  const t = window.cartasTable; if (!t || !t.state.view) return null;
  const legal = t.state.view.legal || [];
  if (!legal.length) return null;
  const calm = (a) => !/^(seña|truco|retruco|vale|envido|real|falta|flor|mazo|close|cierro)/.test(a.text);
  const card = legal.find((a) => a.card && calm(a));
  const draw = legal.find((a) => /^(draw|take|stock)/.test(a.text));
  const answer = legal.find((a) => a.text === "quiero");
  const pick = answer || draw || card || legal.find(calm) || legal[0];
  t.socket.send({ type: "move", action: pick.text, v: t.socket.version });
  return pick.text;
}"""


def shoot(out: Path, frames_file: Path | None, only: set[str] | None = None) -> list[Path]:
    from playwright.sync_api import sync_playwright

    made_files: list[Path] = []
    with tempfile.TemporaryDirectory() as folder, cartas_serve(Path(folder)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        frames = frames_file.open("w", encoding="utf-8") if frames_file else None
        try:
            for name, game, options, moves in TABLES:
                if only and name not in only:
                    continue
                code, (seat,) = start_table(server, game, options, ["Ana"])
                context = browser.new_context(viewport=SIZES["laptop"], color_scheme="light")
                page = context.new_page()
                if frames:
                    page.on("websocket", lambda ws, n=name: ws.on(
                        "framereceived", lambda payload: frames.write(f'{{"table":"{n}","frame":{payload}}}\n')))
                page.goto(f"{server}/")
                page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"cartas:{code}", json.dumps(seat)])
                page.goto(f"{server}/t/{code}")
                page.wait_for_function("() => window.cartasTable && window.cartasTable.state.view")
                done = 0
                for _ in range(60 if moves >= 0 else 600):
                    if done >= moves >= 0 or (moves < 0 and page.evaluate(SUMMARY_JS)):
                        break
                    if page.evaluate(PICK_JS):
                        done += 1
                    page.wait_for_timeout(400 if moves >= 0 else 60)
                page.wait_for_timeout(700)
                for size, viewport in SIZES.items():
                    page.set_viewport_size(viewport)
                    page.wait_for_timeout(300)
                    path = out / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    made_files.append(path)
                if name in DARK:  # the same table in dark mode, on the phone
                    page.emulate_media(color_scheme="dark")
                    page.set_viewport_size(SIZES["phone"])
                    page.wait_for_timeout(300)
                    path = out / f"{name}-phone-dark.png"
                    page.screenshot(path=str(path))
                    made_files.append(path)
                context.close()
        finally:
            if frames:
                frames.close()
            browser.close()
    return made_files


def shrink(path: Path) -> None:
    """Quantise ``path`` to 64 colours with ImageMagick, where it is installed, so the pictures stay small in git
    (about 30 KB on a phone, 50 KB on a laptop, against 150-300 KB as shot)."""
    convert = shutil.which("convert")
    if convert:
        subprocess.run([convert, str(path), "+dither", "-colors", "64", f"PNG8:{path}"], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "web")
    parser.add_argument("--frames", type=Path, default=None)
    parser.add_argument("--only", nargs="*", help="these pictures only (truco-2p, chinchon, ...)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out, args.frames, set(args.only) if args.only else None):
        shrink(path)
        print(path)


if __name__ == "__main__":
    main()
