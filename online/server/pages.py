"""The site's HTML pages, made from one skeleton when the server starts.

Every page is the same document: the head (charset, viewport, title, theme colour, manifest, icon, the site's
style sheet), the bar (the brand, the language picker), and an empty ``<main id="app">`` its script draws into.
With no build step nothing could include a common part, so seven files repeated it; now the skeleton is written
once, ``static/page.html``, and a page is what differs (:class:`PageSpec`: its scripts and style sheets, the
bar's own items, the classes of its ``<main>``), listed in :data:`SITE_PAGES`. The server fills the skeleton
when it starts (:class:`Pages`, ``string.Template``: no template engine, no new dependency) and keeps the pages
in memory: a page costs what a file did, with an ``ETag`` (a hash of what is sent, so a changed page is fetched
again), ``Last-Modified`` and a 304 for a browser that already has it. The Content-Security-Policy is
unchanged: nothing is inline.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path
from string import Template

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

SKELETON = "page.html"
"""The document every page is made from, beside the scripts in ``static``."""
NOT_INSTALLED = "the web client is not installed (cartas.online/static)"


@dataclass(frozen=True)
class PageSpec:
    """What one page adds to the skeleton: its module scripts and style sheets (files in ``static``), the bar's
    items between the brand and the language picker (HTML), and the classes of its ``<main>``."""

    scripts: tuple[str, ...]
    main: str
    styles: tuple[str, ...] = ("account.css",)
    bar: tuple[str, ...] = ()

    def fill(self, skeleton: Template) -> str:
        loads = [f'<link rel="stylesheet" href="/static/{name}">' for name in self.styles]
        loads += [f'<script type="module" src="/static/{name}"></script>' for name in self.scripts]
        text = skeleton.substitute(loads="\n  ".join(loads), bar="\n    ".join(self.bar), main=self.main)
        return "\n".join(line for line in text.split("\n") if line.strip() or not line)


TITLE = '<span id="title" class="title"></span>'
"""The bar's slot for the table's title (the game, the table's code)."""

SITE_PAGES: dict[str, PageSpec] = {
    "index.html": PageSpec(("lobby.js", "account-link.js"), "lobby-page", bar=(
        '<a class="account-link" id="play-link" href="/play"></a>',
        '<a class="account-link" id="account-link" href="/account"></a>',
    )),
    "table.html": PageSpec(("table.js",), "table-page", styles=(), bar=(
        TITLE, '<span id="conn" class="conn" data-state="connecting"></span>',
    )),
    "match.html": PageSpec(("match.js",), "table-page match-page", styles=("analysis.css",), bar=(TITLE,)),
    "account.html": PageSpec(("account.js",), "account-page"),
    "quickplay.html": PageSpec(("quickplay.js",), "account-page quickplay-page"),
    "leaderboard.html": PageSpec(("leaderboard.js",), "board-page"),
    "profile.html": PageSpec(("profile.js",), "board-page profile-page"),
}
"""The site's pages by name, as the routes ask for them."""


class Page:
    """One page as sent: its bytes, their ETag and the skeleton's time."""

    def __init__(self, body: bytes, modified: float) -> None:
        self.body = body
        self.etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        self.last_modified = formatdate(modified, usegmt=True)

    def response(self, request: Request) -> Response:
        headers = {"ETag": self.etag, "Last-Modified": self.last_modified}
        if self.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(self.body, media_type="text/html", headers=headers)


class Pages:
    """The pages of ``specs`` made from ``static``'s skeleton once (the server's start-up); with no skeleton (a
    server installed without its web client) every page answers 404 with a line saying so."""

    def __init__(self, static: Path, specs: dict[str, PageSpec] | None = None) -> None:
        skeleton_file = static / SKELETON
        self.pages: dict[str, Page] = {}
        if not skeleton_file.is_file():
            return
        skeleton = Template(skeleton_file.read_text(encoding="utf-8"))
        modified = skeleton_file.stat().st_mtime
        for name, spec in (SITE_PAGES if specs is None else specs).items():
            self.pages[name] = Page(spec.fill(skeleton).encode("utf-8"), modified)

    def response(self, name: str, request: Request) -> Response:
        found = self.pages.get(name)
        if found is None:
            return PlainTextResponse(NOT_INSTALLED, status_code=404)
        return found.response(request)
