"""Fixtures shared across test folders."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so every folder's tests import benchmark_scripts


@pytest.fixture
def uvicorn_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """What ``cartas serve`` would hand to ``uvicorn.run``, recorded instead of serving (data folder in tmp)."""
    import uvicorn

    seen: list[dict[str, Any]] = []
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.append({"app": app, **kwargs}))
    try:
        from cartas.online.server.shutdown import GracefulServer
    except ImportError:  # no online extra: cartas serve says so before it gets here
        return seen

    def record(server: Any) -> None:
        config = server.config
        seen.append({
            "app": config.app, "host": config.host, "port": config.port, "ws_max_size": config.ws_max_size,
            "ws_per_message_deflate": config.ws_per_message_deflate, "log_config": config.log_config,
            "http": config.http, "timeout_keep_alive": config.timeout_keep_alive,
            "h11_max_incomplete_event_size": config.h11_max_incomplete_event_size,
        })

    monkeypatch.setattr(GracefulServer, "run", record)
    return seen


@pytest.fixture(autouse=True)
def own_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each test gets a data folder of its own (``CARTAS_HOME``): what one test leaves there (a save, the last
    match's language, the server's Web Push key) must not change what another sees, nor touch the person's own."""
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def no_language_from_the_developer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests read each game in its own language (truco es-AR, paulista pt-BR) or the one they set themselves,
    whatever ``CARTAS_LANG`` the person running them has chosen."""
    monkeypatch.delenv("CARTAS_LANG", raising=False)
