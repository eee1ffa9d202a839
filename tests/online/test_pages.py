"""The site's pages are made from one skeleton (static/page.html) by the server when it starts
(cartas.online.server.pages): every page has the head once, then its own scripts, the bar and its ``<main>``; a page
keeps its ETag (a 304 for a browser that has it), its Last-Modified and the Content-Security-Policy."""

from __future__ import annotations

import re
from pathlib import Path

from online_helpers import Server
from starlette.requests import Request

from cartas.online.app import STATIC
from cartas.online.server.pages import SITE_PAGES, PageSpec, Pages

ADDRESSES = {"/": "index.html", "/t/ABCDEF": "table.html", "/t/ABCDEF/match": "match.html",
             "/account": "account.html", "/play": "quickplay.html", "/leaderboard": "leaderboard.html",
             "/u/ana": "profile.html"}
HEAD = ['<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
        "<title>cartas</title>"]


def head_of(html: str) -> str:
    found = re.search(r"<head>(.*)</head>", html, re.S)
    assert found is not None
    return found.group(1)


def test_every_address_answers_its_page_with_the_head_first_then_its_scripts(server: Server) -> None:
    assert set(ADDRESSES.values()) == set(SITE_PAGES)
    for address, name in ADDRESSES.items():
        spec = SITE_PAGES[name]
        answer = server.client.get(address)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html"), address
        head = head_of(answer.text)
        lines = [line.strip() for line in head.strip().splitlines()]
        assert lines[:3] == HEAD, address  # first, so the charset is in the first 1024 bytes
        assert answer.text.count("<title>") == 1 and "${" not in answer.text, address
        for script in spec.scripts:
            assert f'<script type="module" src="/static/{script}"></script>' in lines[3:], address
        assert f'<main id="app" class="{spec.main}">' in answer.text, address
        assert answer.text.count('<span id="lang-slot"></span>') == 1, address
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        assert "<style" not in head and "<script>" not in head  # nothing inline the policy would refuse


def test_the_table_page_has_its_connection_light_and_the_lobby_its_account_links(server: Server) -> None:
    table = server.client.get("/t/ABCDEF").text
    assert '<span id="conn" class="conn" data-state="connecting"></span>' in table and "account.css" not in table
    lobby = server.client.get("/").text
    assert 'id="play-link" href="/play"' in lobby and 'id="account-link" href="/account"' in lobby
    assert 'id="conn"' not in lobby and 'id="title"' not in lobby


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


def test_without_the_skeleton_every_page_is_a_404_that_says_so(tmp_path: Path) -> None:
    answer = Pages(tmp_path).response("index.html", request())
    assert answer.status_code == 404 and b"web client is not installed" in answer.body


def test_a_spec_fills_the_skeleton_and_leaves_no_blank_line_for_an_empty_bar(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<head>\n  ${loads}\n</head>\n<header>\n  ${bar}\n</header>\n"
                                        '<main class="${main}"></main>\n', encoding="utf-8")
    spec = PageSpec(("a.js",), "plain", styles=("a.css",))
    page = Pages(tmp_path, {"a.html": spec}).response("a.html", request())
    assert page.body == (b'<head>\n  <link rel="stylesheet" href="/static/a.css">\n'
                         b'  <script type="module" src="/static/a.js"></script>\n</head>\n<header>\n</header>\n'
                         b'<main class="plain"></main>\n')
    assert Pages(tmp_path, {"a.html": spec}).response("b.html", request()).status_code == 404


def test_every_file_a_page_loads_is_in_static() -> None:
    for name, spec in SITE_PAGES.items():
        for file in spec.scripts + spec.styles:
            assert (STATIC / file).is_file(), (name, file)
