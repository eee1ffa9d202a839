"""The Dockerfile, compose.yaml and the proxy's configuration agree with each other and with ``cartas serve``.

No container is built here (no Docker engine on this machine): .ci/run lints the Dockerfile with hadolint.
"""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from cartas.cli.main import make_cli

ROOT = Path(__file__).parents[2]


def test_the_image_is_slim_python_runs_as_a_user_and_checks_healthz() -> None:
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    assert "FROM python:3.11-slim" in lines
    user = next(line.split()[1] for line in lines if line.startswith("USER "))
    assert not user.startswith(("0", "root"))
    assert any(line.startswith("RUN pip install") and ".[online,online-pg,fast]" in line for line in lines)
    health = next(i for i, line in enumerate(lines) if line.startswith("HEALTHCHECK"))
    assert "/healthz" in lines[health + 1]
    entry = next(line for line in lines if line.startswith("ENTRYPOINT"))
    flags = re.findall(r'"(--[a-z-]+)"', entry)
    help_text = CliRunner().invoke(make_cli(), ["serve", "--help"]).output
    assert flags and all(flag in help_text for flag in flags)


def test_compose_runs_two_processes_on_postgres_behind_the_proxy_that_routes_to_both() -> None:
    compose = (ROOT / "compose.yaml").read_text()
    services = re.findall(r"^  ([a-z0-9-]+):", compose.split("\nservices:\n")[1].split("\nvolumes:\n")[0], re.MULTILINE)
    assert services == ["postgres", "cartas-1", "cartas-2", "proxy"]
    advertised = re.findall(r"http://(cartas-\d):8000", compose)
    assert advertised == ["cartas-1", "cartas-2"]
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert re.findall(r"server (cartas-\d):8000", nginx) == advertised
    assert "listen 443 ssl" in nginx and "http_503" in nginx
    assert "./deploy/nginx.conf:" in compose
