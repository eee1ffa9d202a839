"""Fixtures of the online tests: an app over a temporary database and a TestClient around it."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
sys.path.insert(0, str(Path(__file__).parent))

from online_helpers import Server  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cartas.core.plugins.registry import Registry  # noqa: E402
from cartas.online.app import create_app, installed_registry  # noqa: E402


@pytest.fixture(scope="session")
def registry() -> Registry:
    return installed_registry()


ServerFactory = Callable[..., Server]


@pytest.fixture
def make_server(tmp_path: Path, registry: Registry) -> Iterator[ServerFactory]:
    """``make_server(db=..., **create_app_options)``: a running app; several may share one database in turn."""
    opened: list[tuple[Server, TestClient]] = []

    def make(db: Path | None = None, **kwargs: Any) -> Server:
        kwargs.setdefault("bot_delay", 0)
        kwargs.setdefault("registry", registry)
        app = create_app(db or tmp_path / "online.sqlite3", data_dir=tmp_path / "data", **kwargs)
        client = TestClient(app)
        client.__enter__()
        server = Server(client, app)
        opened.append((server, client))
        return server

    yield make
    for server, client in opened:
        server.close_all()
        try:
            client.__exit__(None, None, None)
        except Exception:
            pass


@pytest.fixture
def server(make_server: ServerFactory) -> Server:
    return make_server()
