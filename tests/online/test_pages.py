"""The site's pages share one <head> (static/head.html), filled in by the server when it starts
(cartas.online.pages): every page has it once and the marker never reaches the browser; a page keeps its ETag
(a 304 for a browser that has it), its Last-Modified and the Content-Security-Policy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from online_helpers import Server
from starlette.requests import Request

from cartas.online.app import PAGES, STATIC
from cartas.online.pages import HEAD_MARKER, Pages

ADDRESSES = {"/": "lobby.js", "/t/ABCDEF": "table.js", "/t/ABCDEF/match": "match.js", "/account": "account.js",
             "/play": "quickplay.js", "/leaderboard": "leaderboard.js", "/u/ana": "profile.js"}


def head_of(html: str) -> str:
    found = re.search(r"<head>(.*)</head>", html, re.S)
    assert found is not None
    return found.group(1)


def test_every_page_has_the_shared_head_once_then_its_own_script(server: Server) -> None:
    shared = (STATIC / "head.html").read_text(encoding="utf-8").strip().splitlines()
    assert len(shared) == 8 and shared[0] == '<meta charset="utf-8">'
    for address, script in ADDRESSES.items():
        answer = server.client.get(address)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html"), address
        head = head_of(answer.text)
        lines = [line.strip() for line in head.strip().splitlines()]
        assert lines[:8] == shared, address  # first, so the charset is in the first 1024 bytes
        assert HEAD_MARKER not in answer.text and answer.text.count("<title>") == 1, address
        assert f'<script type="module" src="/static/{script}"></script>' in lines[8:], address
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        assert "<style" not in head and "<script>" not in head  # nothing inline the policy would refuse


def test_a_page_answers_304_to_its_etag_and_changes_etag_with_its_words(server: Server) -> None:
    first = server.client.get("/account")
    etag = first.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag) and first.headers["last-modified"].endswith("GMT")
    again = server.client.get("/account", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert server.client.get("/account", headers={"If-None-Match": '"other"'}).status_code == 200
    assert server.client.get("/leaderboard").headers["etag"] != etag


def request() -> Request:
    return Request({"type": "http", "method": "GET", "path": "/", "headers": []})


def test_a_missing_page_or_head_is_a_404_that_says_so_and_a_page_without_the_marker_is_refused(tmp_path: Path) -> None:
    assert Pages(tmp_path).response("index.html", request()).status_code == 404
    (tmp_path / "index.html").write_text("<head>\n  <!-- shared head -->\n</head>", encoding="utf-8")
    assert Pages(tmp_path).response("index.html", request()).status_code == 404  # no head.html
    (tmp_path / "head.html").write_text('<meta charset="utf-8">\n<title>t</title>\n', encoding="utf-8")
    filled = Pages(tmp_path, ("index.html",)).response("index.html", request())
    assert filled.body == b'<head>\n  <meta charset="utf-8">\n  <title>t</title>\n</head>'
    (tmp_path / "bare.html").write_text("<head></head>", encoding="utf-8")
    with pytest.raises(ValueError, match="bare.html must have the marker"):
        Pages(tmp_path, ("bare.html",))


def test_every_page_listed_is_in_static_with_the_marker_once() -> None:
    for name in PAGES:
        assert (STATIC / name).read_text(encoding="utf-8").count(HEAD_MARKER) == 1, name
