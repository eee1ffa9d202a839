"""One table, two front ends, one set of names: a four-player truco where Ana sits at seat 1 with bots in the three
other seats reads the same seat and side names in a terminal session (``cartas play``, captured) and in the view
frame the server sends her page, in each language (the rule: docs/naming.md, ``cartas.core.naming.bot_name``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from online_helpers import Server

LEVELS = {1: "easy", 2: "hard", 3: "easy"}
SPOKEN = {
    "en": (("You", "Bot 2 (easy)", "Partner", "Bot 4 (easy)"), ("Us", "Them")),
    "pt-BR": (("Você", "Bot 2 (fácil)", "Parceiro", "Bot 4 (fácil)"), ("Nós", "Eles")),
    "es-AR": (("Vos", "Bot 2 (fácil)", "Compañero", "Bot 4 (fácil)"), ("Nosotros", "Ellos")),
}


@pytest.fixture(autouse=True)
def games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)


def terminal_names(language: str, home: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seat rows' names and the score line's sides of a captured ``cartas play`` screen, quit at once."""
    env = {**os.environ, "CARTAS_HOME": str(home), "NO_COLOR": "1"}
    for variable in ("CARTAS_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "CARTAS_PLUGINS"):
        env.pop(variable, None)
    bots = ",".join(f"{seat}={level}" for seat, level in LEVELS.items())
    out = subprocess.run(
        [sys.executable, "-c", "from cartas.cli.main import main; main()", "play", "truco", "--players", "4",
         "--bots", bots, "--lang", language, "--no-lobby", "--ascii", "--seed", "5"],
        input="quit\n", capture_output=True, text=True, env=env, timeout=120, check=False,
    ).stdout
    lines = out.splitlines()
    header = next(index for index, line in enumerate(lines) if re.match(r"-+\+", line))
    seats = tuple(line.split("|")[0].strip() for line in lines[header + 1:header + 5])
    score = next(line for line in lines if re.search(r" 0 · .+ 0 · ", line))
    sides = tuple(part.rsplit(" ", 1)[0] for part in score.split(" · ")[:2])
    return seats, sides


@pytest.mark.parametrize("language", sorted(SPOKEN))
def test_the_terminal_and_the_page_name_the_table_alike(server: Server, tmp_path: Path, language: str) -> None:
    created = server.create("truco", "Ana", players=4, points=30)
    code, host = created["code"], created["host_token"]
    for seat, level in LEVELS.items():
        assert server.host(code, host, body={"op": "bot", "seat": seat, "level": level}).status_code == 200
    assert server.host(code, host, "start").status_code == 200
    ana = server.connect(code, created["token"], lang=language)
    said = ana.until("snapshot")["view"]["said"]
    online = (tuple(said["seats"]), tuple(said["sides"]))
    assert online == SPOKEN[language]
    assert terminal_names(language, tmp_path / "home") == online
