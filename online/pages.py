"""The site's HTML pages, each with the one ``<head>`` they share, put together once when the server starts.

The pages are static files with no build step, so nothing could include a common part: the charset, the viewport,
the title, the theme colour, the manifest, the icon and the style sheet were written again in every page. Now
they are written once, in ``static/head.html``, and each page says where they go with the marker
``<!-- shared head -->`` in its own ``<head>``, followed by what only it loads (its script, its extra style
sheet). The server fills the marker when it starts (:class:`Pages`) and keeps the pages in memory: a page costs
what a file did, with the same ``ETag`` (a hash of what is sent, so a changed page or head is fetched again) and
``Last-Modified`` and a 304 for a browser that already has it. The Content-Security-Policy is unchanged: the
fragment holds no inline script or style.
"""

from __future__ import annotations

import hashlib
from email.utils import formatdate
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

HEAD_FRAGMENT = "head.html"
"""The shared part of every page's ``<head>``, beside the pages in ``static``."""
HEAD_MARKER = "<!-- shared head -->"
"""Where a page's ``<head>`` takes the shared part."""
NOT_INSTALLED = "the web client is not installed (cartas.online/static)"


class Page:
    """One page as sent: its bytes with the shared head filled in, their ETag and the newest file's time."""

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
    """The pages of ``static``, read and filled once (the server's start-up); a page missing (a server installed
    without its web client) answers 404 with a line saying so, as a missing file did."""

    def __init__(self, static: Path, names: tuple[str, ...] = ()) -> None:
        self.static = static
        self.pages: dict[str, Page | None] = {}
        head_file = static / HEAD_FRAGMENT
        self.head = head_file.read_text(encoding="utf-8").strip() if head_file.is_file() else None
        self.head_modified = head_file.stat().st_mtime if head_file.is_file() else 0.0
        for name in names:
            self.page(name)

    def page(self, name: str) -> Page | None:
        if name not in self.pages:
            self.pages[name] = self._read(name)
        return self.pages[name]

    def _read(self, name: str) -> Page | None:
        path = self.static / name
        if not path.is_file() or self.head is None:
            return None
        text = path.read_text(encoding="utf-8")
        if text.count(HEAD_MARKER) != 1:
            raise ValueError(f"{path} must have the marker {HEAD_MARKER} once in its <head>")
        filled = text.replace(HEAD_MARKER, self.head.replace("\n", "\n  "))
        return Page(filled.encode("utf-8"), max(path.stat().st_mtime, self.head_modified))

    def response(self, name: str, request: Request) -> Response:
        found = self.page(name)
        if found is None:
            return PlainTextResponse(NOT_INSTALLED, status_code=404)
        return found.response(request)
