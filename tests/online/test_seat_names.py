"""The server names the players as each reader calls them: "Vos" for yourself, "Compañero" for a partner, the
others by their display names; spectators read everyone's display name. Hidden frames stay hidden."""

from __future__ import annotations

import pytest
from online_helpers import Player, Server

from cartas.core.events import Event
from cartas.core.naming import TableNames
from cartas.games.truco.game import TrucoGame
from cartas.online.game.views import dumps, event_frame, event_versioned

NAMES = ("Ana", "Beto", "Caro", "Dani")


@pytest.fixture(autouse=True)
def games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)


def table_of_four(server: Server) -> tuple[str, list[Player], Player]:
    """Four people at a truco table (Ana at seat 0 is mano, Dani deals), connected, and one spectator."""
    created = server.create("truco", NAMES[0], players=4, points=15)
    code = created["code"]
    tokens = [created["token"]] + [server.join(code, name)["token"] for name in NAMES[1:]]
    assert server.host(code, created["host_token"], "start").status_code == 200
    players = [server.connect(code, token) for token in tokens]
    watcher = server.connect(code, None)
    for player in (*players, watcher):
        player.until("snapshot")
    return code, players, watcher


def next_event(player: Player) -> dict:
    return player.until("event")


def test_each_seat_reads_vos_for_itself_and_the_others_by_name(server: Server) -> None:
    code, players, watcher = table_of_four(server)
    snapshots = [player.last("snapshot") for player in (*players, watcher)]
    assert [s["events"][0]["text"] for s in snapshots] == [  # Dani deals, Caro (Dani's left) cuts
        "Dani: mezclo y reparto · corta: Compañero", "Compañero: mezclo y reparto · corta: Caro",
        "Dani: mezclo y reparto · corta: Vos", "Vos: mezclo y reparto · corta: Caro",
        "Dani: mezclo y reparto · corta: Caro",
    ]
    players[0].send({"type": "move", "action": "truco", "v": players[0].version})
    texts = [next_event(player)["text"] for player in (*players, watcher)]
    assert texts == ["Vos: ¡Truco!", "Ana: ¡Truco!", "Compañero: ¡Truco!", "Ana: ¡Truco!", "Ana: ¡Truco!"]
    frames = [player.last("event") for player in (*players, watcher)]
    assert {(f["v"], f["kind"], f["seat"], f["detail"]) for f in frames} == {(frames[0]["v"], "truco", 0, "truco")}
    assert server.table(code).buffer[-1].variants.keys() == {0, 2}  # the others read the spectators' text


def test_the_table_lines_name_the_players_per_viewer_and_a_spectator_never_reads_vos(server: Server) -> None:
    code, players, watcher = table_of_four(server)
    ana_lines = players[0].last("snapshot")["view"]["table_view"]["lines"]
    dani_lines = players[3].last("snapshot")["view"]["table_view"]["lines"]
    watcher_lines = watcher.last("snapshot")["view"]["table_view"]["lines"]
    assert [ana_lines[1], dani_lines[1], watcher_lines[1]] == [
        "Reparte: Dani · mano: Vos", "Reparte: Vos · mano: Ana", "Reparte: Dani · mano: Ana",
    ]
    assert [ana_lines[0], watcher_lines[0]] == ["Nosotros 0 – Ellos 0, a 15", "Equipo 1 0 – Equipo 2 0, a 15"]
    players[0].send({"type": "move", "action": "mazo", "v": players[0].version})
    for _ in range(6):
        frame = watcher.receive()
        if frame is None:
            break
    seen = [f for f in watcher.frames if f["type"] in ("event", "view", "snapshot")]
    assert seen and all("Vos" not in str(frame) for frame in seen)
    assert "Nosotros" not in str(seen)


def test_a_sena_reaches_the_partners_named_their_way_and_no_one_else(server: Server) -> None:
    code, players, watcher = table_of_four(server)
    sena = next(m for m in players[0].my_turn()["view"]["legal"] if m["text"].startswith("seña"))
    players[0].send({"type": "move", "action": sena["text"], "v": players[0].version})
    frames = [next_event(player) for player in (*players, watcher)]
    assert frames[0]["text"].startswith("Seña (Vos): ")
    assert frames[2]["text"].startswith("Seña (Compañero): ")  # Caro's partner is Ana
    for hidden in (frames[1], frames[3], frames[4]):
        assert hidden == {"type": "event", "v": frames[0]["v"]}


def test_an_event_is_written_once_per_viewer_that_reads_it_otherwise() -> None:
    names = {
        None: TableNames(NAMES, ("Equipo 1", "Equipo 2")),
        0: TableNames(("Vos", "Beto", "Compañero", "Dani"), ("Nosotros", "Ellos")),
        1: TableNames(("Ana", "Vos", "Caro", "Compañero"), ("Ellos", "Nosotros")),
    }
    played = event_versioned(TrucoGame(), Event("play", 1, "7O"), 6, names)
    assert played.text == dumps(event_frame(TrucoGame(), Event("play", 1, "7O"), 6, names[None]))
    assert played.variants == {1: dumps(event_frame(TrucoGame(), Event("play", 1, "7O"), 6, names[1]))}
    assert '"text":"Vos: tiro 7O"' in played.for_seat(1) and '"text":"Beto: tiro 7O"' in played.for_seat(0)
    frame = event_versioned(TrucoGame(), Event("parda", -1, "1"), 7, names)
    assert frame.variants is None and frame.for_seat(0) == frame.for_seat(None) == frame.text
    seen = event_versioned(TrucoGame(), Event("seña", 0, "tres", (0, 2)), 8, names)
    assert seen.for_seat(None) == seen.for_seat(1) == '{"type":"event","v":8}'
    assert '"text":"Seña (Vos): un tres"' in seen.for_seat(0)
    assert seen.for_seat(2) == seen.text  # seat 2 has no names of its own here: it reads the spectators' text
