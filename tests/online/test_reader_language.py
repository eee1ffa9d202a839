"""Each connection reads the table in its own language (the hello's ``lang``, then ``{"type": "lang"}``): the
events, the table lines, the move buttons and the errors, from the same catalogs as the terminal. A frame is
written once per language read at the table, however many read it."""

from __future__ import annotations

import pytest
from online_helpers import Player, Server


@pytest.fixture(autouse=True)
def games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)


def two_at_truco(server: Server, lang: str | None = "pt-BR") -> tuple[str, Player, Player]:
    """Ana (no language: the table's, Argentine Spanish) and Beto (``lang``) at a two-player truco table."""
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    beto_token = server.join(code, "Beto")["token"]
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    beto = server.connect(code, beto_token, lang=lang)
    for player in (ana, beto):
        player.until("snapshot")
    return code, ana, beto


def test_probe(server: Server) -> None:
    code, ana, beto = two_at_truco(server)
    state = server.table(code).state
    mover = (ana, beto)[state.to_act[0]]
    print("ANA", [m["label"] for m in ana.last("snapshot")["view"]["legal"]], ana.last("snapshot")["events"])
    print("BETO", [m["label"] for m in beto.last("snapshot")["view"]["legal"]], beto.last("snapshot")["events"], beto.last("snapshot")["view"]["table_view"]["lines"])
    mover.send({"type": "move", "action": 0})
    print("ANA", ana.until("event"))
    print("BETO", beto.until("event"))
    print([f.translated.keys() for f in server.table(code).buffer])
    assert 0
