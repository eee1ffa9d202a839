"""The websocket of a table: tokens, moves, races, reconnects, replacement, presence, absence and chat."""

from __future__ import annotations

import json
import time

from online_helpers import Player, Server


def four_people(server: Server) -> tuple[str, dict, list[str]]:
    """A 4-player truco table of four people, started; returns the code, the creation and each seat's token."""
    created = server.create("truco", "Ana", players=4, points=15)
    code = created["code"]
    tokens = [created["token"]] + [server.join(code, name)["token"] for name in ("Beto", "Caro", "Dani")]
    assert server.host(code, created["host_token"], "start").status_code == 200
    return code, created, tokens


def one_person(server: Server, game: str = "truco", grace: float = 60, **options) -> tuple[str, dict]:  # type: ignore[no-untyped-def]
    """A table of one person at seat 0 and random bots elsewhere, started."""
    created = server.create(game, "Ana", _body={"grace": grace}, **options)
    code = created["code"]
    players = server.client.get(f"/api/tables/{code}").json()["players"]
    server.bots(code, created["host_token"], list(range(1, players)))
    assert server.host(code, created["host_token"], "start").status_code == 200
    return code, created


def my_turn(player: Player) -> dict:
    return player.my_turn()


def play_first_moves(player: Player, moves: int) -> None:
    """``player`` plays its first legal move on each of its next ``moves`` turns, each acknowledged."""
    for _ in range(moves):
        view = my_turn(player)
        player.send({"type": "move", "action": 0, "v": view["v"]})
        player.until("ack")


def test_a_seat_gets_welcome_snapshot_and_its_own_cards_only(server: Server) -> None:
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    welcome = ana.until("welcome")
    assert welcome["seat"] == 0 and welcome["host"] is True
    snapshot = ana.until("snapshot")
    state = server.table(code).state
    assert snapshot["view"]["observation"]["hand"] == [str(c) for c in state.hand_of(0)]
    assert snapshot["view"]["you"] == 0 and snapshot["table"]["status"] == "playing"
    beto = server.connect(code, tokens[1])
    assert beto.until("welcome")["host"] is False
    assert beto.until("snapshot")["view"]["observation"]["hand"] == [str(c) for c in state.hand_of(1)]


def test_a_wrong_or_foreign_token_is_refused_and_the_socket_closed(server: Server) -> None:
    code, _, _ = four_people(server)
    other = server.create("truco", "Zoe", players=2)
    for token in ("nope", other["token"], 12):
        player = server.connect(code, token)  # type: ignore[arg-type]
        # no lang in the hello: the table's language, as every refusal on the socket
        assert player.until("error")["message"] == "este token no tiene asiento en esta mesa"
        assert player.receive(2) is None and player.closed == 4401


def test_a_spectator_sees_the_public_view_and_cannot_move(server: Server) -> None:
    code, _, _ = four_people(server)
    watcher = server.connect(code, None)
    assert watcher.until("welcome")["seat"] is None
    view = watcher.until("snapshot")["view"]
    assert view["you"] is None and view["legal"] == [] and view["observation"]["hand"] == []
    assert view["observation"]["seat"] == -1
    watcher.send({"type": "move", "action": 0})
    assert watcher.until("error")["message"] == "quien mira no juega"  # the table's language: no lang in the hello


def test_bad_frames_get_an_error_never_a_crash(server: Server) -> None:
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    ana.until("snapshot")
    ana.session.send_text("{not json")
    assert ana.until("error")["message"].startswith("the message is not valid JSON")
    ana.session.send_text('{"type": "chat", "text": "' + "x" * 5000 + '"}')
    assert "longer than the limit of 4096 bytes" in ana.until("error")["message"]
    ana.send({"type": "dance"})
    assert ana.until("error")["message"] == "frame types are move, chat, lang and ping"
    ana.send({"type": "ping"})
    assert ana.until("pong") == {"type": "pong"}
    bad_hello = server.connect(code, None)
    bad_hello.session.send_text("[]")  # a second hello-less frame on a fresh socket is fine; this one is the hello
    assert bad_hello.until("welcome")  # the first frame was a real hello from connect()


def four_connected(server: Server) -> tuple[str, list[Player]]:
    """:func:`four_people`'s table with every seat connected and past its snapshot: the code and the four."""
    code, _, tokens = four_people(server)
    players = [server.connect(code, token) for token in tokens]
    for player in players:
        player.until("snapshot")
    return code, players


def test_two_partners_answering_the_same_truco_one_wins_the_other_gets_an_error_and_a_view(server: Server) -> None:
    code, players = four_connected(server)
    state = server.table(code).state
    mano = state.to_act[0]
    caller = players[mano]
    caller.send({"type": "move", "action": "truco", "v": caller.version})
    assert caller.until("ack")
    answering = state.to_act
    assert len(answering) == 2
    first, second = (players[seat] for seat in answering)
    for player in (first, second):
        player.until("view")
    v = first.version
    assert second.version == v
    first.send({"type": "move", "action": "quiero", "v": v})
    second.send({"type": "move", "action": "quiero", "v": v})
    replies = {}
    for player in (first, second):
        while True:
            frame = player.receive()
            assert frame is not None
            if frame["type"] in ("ack", "error"):
                replies[id(player)] = frame
                break
    kinds = sorted(frame["type"] for frame in replies.values())
    assert kinds == ["ack", "error"]
    loser = first if replies[id(first)]["type"] == "error" else second
    assert replies[id(loser)]["message"] == "la mesa siguió antes de que llegara tu jugada; así está ahora"
    fresh = loser.until("view")
    assert "quiero" not in [m["text"] for m in fresh["view"]["legal"]]
    assert [text for seat, text in server.hub().store.sync.moves(code)] == ["truco", "quiero"]


def test_a_move_out_of_turn_or_illegal_is_refused_and_changes_nothing(server: Server) -> None:
    code, players = four_connected(server)
    state = server.table(code).state
    waiting = players[(state.to_act[0] + 1) % 4]
    waiting.send({"type": "move", "action": 0})
    assert waiting.until("error")["message"] == "no es tu turno"
    mover = players[state.to_act[0]]
    mover.send({"type": "move", "action": "retruco"})
    assert mover.until("error")["message"].startswith("retruco no vale ahora; valen: play")
    mover.send({"type": "move", "action": 99})
    assert mover.until("error")["message"].startswith("la jugada 99 no es ninguna de las")
    assert server.hub().store.sync.moves(code) == []


def test_card_moves_name_their_card_so_the_card_can_be_clicked(server: Server) -> None:
    code, created = one_person(server, players=2)
    ana = server.connect(code, created["token"])
    view = my_turn(ana)["view"]
    hand = view["observation"]["hand"]
    plays = [m for m in view["legal"] if m["text"].startswith("play ")]
    assert plays and all(m["card"] == m["text"].split()[1] and m["card"] in hand for m in plays)
    assert all(m["card"] is None for m in view["legal"] if not m["text"].startswith("play "))
    assert [m["index"] for m in view["legal"]] == list(range(len(view["legal"])))


def chat_while_away(server: Server, code: str, token: str, times: int) -> None:
    """Close every connection, then connect the seat of ``token`` again and have it say ``hola 0`` up to
    ``hola times-1``, each line seen come back before the next is sent (the frames a reconnecting seat missed)."""
    server.close_all()
    beto = server.connect(code, token)
    beto.until("snapshot")
    for n in range(times):
        beto.send({"type": "chat", "text": f"hola {n}"})
        beto.until("chat")


def test_reconnecting_inside_the_buffer_gets_exactly_the_missed_frames(server: Server) -> None:
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    ana.until("snapshot")
    seen = ana.drain()
    last = ana.version
    chat_while_away(server, code, tokens[1], 3)
    current = server.table(code).version
    assert current > last
    back = server.connect(code, tokens[0], v=last)
    assert back.until("welcome")["v"] == current
    missed = []
    while (frame := back.receive(1)) is not None and frame["type"] != "view":
        missed.append(frame)
    assert [f["v"] for f in missed] == list(range(last + 1, current + 1))
    assert [f["text"] for f in missed if f["type"] == "chat"] == ["hola 0", "hola 1", "hola 2"]
    assert not any(f["type"] == "snapshot" for f in missed) and seen is not None


def test_reconnecting_outside_the_buffer_gets_a_snapshot(make_server) -> None:  # type: ignore[no-untyped-def]
    server = make_server(buffer=2)
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    ana.until("snapshot")
    last = ana.version
    chat_while_away(server, code, tokens[1], 4)
    back = server.connect(code, tokens[0], v=last)
    welcome = back.until("welcome")
    snapshot = back.receive()
    assert snapshot is not None and snapshot["type"] == "snapshot"
    assert snapshot["v"] == welcome["v"] > last + 2
    assert [c["text"] for c in snapshot["chat"]] == ["hola 0", "hola 1", "hola 2", "hola 3"]


def test_a_second_connection_with_the_same_token_replaces_the_first(server: Server) -> None:
    code, _, tokens = four_people(server)
    first = server.connect(code, tokens[0])
    first.until("snapshot")
    first.drain()
    second = server.connect(code, tokens[0])
    second.until("snapshot")
    assert first.until("replaced") == {"type": "replaced"}
    assert first.receive(2) is None and first.closed == 4409
    second.send({"type": "ping"})
    assert second.until("pong")
    presence = server.client.get(f"/api/tables/{code}").json()["seats"][0]["presence"]
    assert presence == "online"


def test_restart_on_the_same_database_keeps_the_version_and_the_view(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "restart.sqlite3"
    first = make_server(db=db)
    code, created = one_person(first, players=2)
    ana = first.connect(code, created["token"])
    play_first_moves(ana, 3)
    view = my_turn(ana)
    table = first.table(code)
    first.close_all()
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one
    while table.by_seat and time.monotonic() < deadline:
        time.sleep(0.01)
    version, moves = table.version, first.hub().store.sync.moves(code)
    first.client.__exit__(None, None, None)

    second = make_server(db=db)
    again = second.connect(code, created["token"], v=version)
    assert again.until("welcome")["v"] == version
    after = again.until("view")
    assert after["v"] == version
    assert after["view"]["observation"] == view["view"]["observation"]
    assert after["view"]["legal"] == view["view"]["legal"]
    assert second.hub().store.sync.moves(code) == moves


def test_a_bot_plays_an_absent_seat_after_the_grace_period_until_the_person_returns(server: Server) -> None:
    created = server.create("truco", "Ana", players=2, points=15, _body={"grace": 0.2})
    code = created["code"]
    beto = server.join(code, "Beto")
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    ana.until("snapshot")
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one
    while time.monotonic() < deadline:
        ana.drain(0.1)
        if any(f["type"] == "presence" and f["seat"] == 1 and f["presence"] == "bot" for f in ana.frames):
            break
    assert any(f["type"] == "presence" and f["seat"] == 1 and f["presence"] == "bot" for f in ana.frames)
    table = server.table(code)
    assert 1 in table.takeover
    # Ana plays; the bot answers for Beto's seat.
    play_first_moves(ana, 2)
    assert any(seat == 1 for seat, _ in server.hub().store.sync.moves(code))
    back = server.connect(code, beto["token"])
    back.until("snapshot")
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one
    while 1 in table.takeover and time.monotonic() < deadline:
        time.sleep(0.02)
    assert 1 not in table.takeover
    assert server.client.get(f"/api/tables/{code}").json()["seats"][1]["presence"] == "online"
    # Handed back: when it is Beto's turn, no bot moves for him.
    while True:
        state = table.state
        if 1 in state.to_act:
            break
        view = my_turn(ana)
        ana.send({"type": "move", "action": 0, "v": view["v"]})
        ana.until("ack")
        time.sleep(0.05)
    moves = len(server.hub().store.sync.moves(code))
    time.sleep(0.3)
    assert len(server.hub().store.sync.moves(code)) == moves
    assert my_turn(back)["view"]["legal"]


def test_chat_is_sent_as_typed_limited_and_rate_limited(server: Server) -> None:
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    beto = server.connect(code, tokens[1])
    ana.until("snapshot")
    beto.until("snapshot")
    ana.send({"type": "chat", "text": "<script>alert('hola')</script>\u0007"})
    line = beto.until("chat")
    assert line["text"] == "<script>alert('hola')</script>" and line["name"] == "Ana" and line["seat"] == 0
    ana.send({"type": "chat", "text": "x" * 301})
    assert ana.until("error")["message"] == "una línea de chat tiene como máximo 300 caracteres"  # the table's language
    for n in range(4):
        ana.send({"type": "chat", "text": f"{n}"})
        ana.until("chat")
    ana.send({"type": "chat", "text": "one too many"})
    assert ana.until("error")["message"] == "como máximo 5 líneas de chat cada 10 segundos"
    stored = [row.text for row in server.hub().store.sync.chat(code, 50)]
    assert stored == ["<script>alert('hola')</script>", "0", "1", "2", "3"]


def test_a_connections_seat_follows_its_token_when_the_host_reseats_people(server: Server) -> None:
    created = server.create("truco", "Ana", players=4, points=15)
    code, host = created["code"], created["host_token"]
    beto = server.join(code, "Beto")
    server.bots(code, host, [2, 3])
    ana_socket, beto_socket, watcher = (server.connect(code, t) for t in (created["token"], beto["token"], None))
    for player in (ana_socket, beto_socket, watcher):
        player.until("snapshot")
    assert server.host(code, host, body={"op": "move", "seat": 1, "to": 2}).status_code == 200
    welcome = beto_socket.until("welcome")
    assert welcome["seat"] == 2 and welcome["host"] is False
    assert beto_socket.until("lobby")["you"] == 2
    assert ana_socket.until("lobby")["you"] == 0 and watcher.until("lobby")["you"] is None
    assert not any(f["type"] == "welcome" for f in ana_socket.frames[1:])
    assert server.host(code, host, "start").status_code == 200
    state = server.table(code).state
    view = beto_socket.until("view")["view"]
    assert view["you"] == 2 and view["observation"]["hand"] == [str(c) for c in state.hand_of(2)]
    info = server.client.get(f"/api/tables/{code}").json()
    assert [s["presence"] for s in info["seats"]] == ["online", "bot", "online", "bot"]


def test_metrics_report_move_latency_and_loop_lag_without_any_table_detail(server: Server) -> None:
    code, created = one_person(server, players=2)
    ana = server.connect(code, created["token"])
    play_first_moves(ana, 2)
    ana.drain(0.1)
    metrics = server.client.get("/api/metrics").json()
    assert metrics["tables"] == 1 and metrics["connections"] == 1
    assert metrics["move_ms"]["n"] == 2 and 0 < metrics["move_ms"]["p50"] < 1000
    assert metrics["loop_lag_ms"]["n"] >= 1
    assert set(metrics) == {"tables", "connections", "move_ms", "loop_lag_ms"}
    assert server.client.get("/api/metrics?window=x").status_code == 400


def test_an_unknown_table_or_a_missing_hello_closes_the_socket_with_a_reason(server: Server) -> None:
    nowhere = server.connect("NOPE99", None)
    assert nowhere.until("error")["message"] == "no such table"
    assert nowhere.receive(2) is None and nowhere.closed == 4404
    code, _, _ = four_people(server)
    session = server.client.websocket_connect(f"/ws/{code}")
    session.__enter__()
    server._sockets.append(session)
    rude = Player(session)
    rude.send({"type": "move", "action": 0})
    assert rude.until("error")["message"] == 'the first frame must be {"type": "hello", ...}'
    assert rude.receive(2) is None and rude.closed == 4400


def test_a_flood_of_frames_spends_the_budget_and_the_connection_is_closed_with_4429(server: Server) -> None:
    code, _, tokens = four_people(server)
    ana = server.connect(code, tokens[0])
    ana.until("snapshot")
    for _ in range(60):
        ana.send({"type": "ping"})
    got = ana.drain(0.3)
    # The hello took one frame of the 40 a connection may send at once: 39 pings are answered, then it closes.
    assert [f["type"] for f in got].count("pong") == 39
    assert [f for f in got if f["type"] == "error"] == [
        {"type": "error", "message": "too many frames: the connection is closed; reconnect in a few seconds"}
    ]
    assert ana.closed == 4429


def test_a_client_that_asks_for_batches_gets_a_moves_frames_in_one_message_each_as_sent_alone(server: Server) -> None:
    code, _, tokens = four_people(server)
    plain, batched = server.connect(code, None), server.connect(code, None, batch=True)
    for watcher in (plain, batched):
        watcher.until("snapshot")
    seat = server.table(code).state.to_act[0]
    mover = server.connect(code, tokens[seat], batch=True)
    view = mover.my_turn()
    for connection in (mover, plain, batched):
        connection.drain(0.2)  # the mover's presence
    before = len(mover.messages)
    mover.send({"type": "move", "action": 0, "v": view["v"]})
    frames = mover.drain(0.3)
    kinds = [frame["type"] for frame in frames]
    assert kinds[0] == "ack" and "event" in kinds and kinds[-1] == "view"
    # the mover's ack, the move's events and its view came in one message, a frame a line
    assert mover.messages[before].split("\n")[:len(kinds)] == [json.dumps(f, ensure_ascii=False, separators=(",", ":"))
                                                            for f in frames]
    # a spectator that asked reads the very frames, the same text, as one that did not
    seen, alone = batched.drain(0.3), plain.drain(0.3)
    assert seen == alone and len(seen) >= 2
    assert "\n".join(plain.messages[-len(alone):]) == batched.messages[-1]
    assert all("\n" not in message for message in plain.messages)


def test_over_a_whole_match_a_batched_watcher_reads_every_frame_a_plain_one_does(server: Server) -> None:
    import hashlib
    import random

    code, created = one_person(server, players=2, points=15)
    plain, batched = server.connect(code, None), server.connect(code, None, batch=True)
    ana = server.connect(code, created["token"], batch=True)
    rng = random.Random(7)
    moves = 0
    while ana.last("result") is None and moves < 400:
        frame = ana.receive()
        assert frame is not None, "the match stalled"
        view, ana.view = ana.view, None
        if view is not None and view["view"]["legal"]:
            ana.send({"type": "move", "action": rng.randrange(len(view["view"]["legal"])), "v": view["v"]})
            moves += 1
    for watcher in (plain, batched):
        watcher.drain(0.3)
    assert any(frame["type"] == "result" for frame in plain.frames)

    def digest(messages: list[str]) -> str:
        return hashlib.sha256("\n".join(messages).encode()).hexdigest()

    # the same frames, byte for byte and in order, in fewer messages
    assert digest(batched.messages) == digest(plain.messages)
    assert len(batched.messages) < len(plain.messages) / 2
