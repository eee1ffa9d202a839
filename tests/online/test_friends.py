"""Friends, blocks, challenges and invitation links (docs/accounts.md "Friends"): a request and an
accept, a block that stops requests, challenges, links and chat, a challenge that seats both people at a new
table, expires, and is answered once, links used once or not after they expire."""

from __future__ import annotations

from typing import Any

from online_helpers import Server

from cartas.online.friends.routes import friends_of

PASSWORD = "correct horse"


def sign_up(server: Server, *names: str) -> None:
    for name in names:
        server.client.cookies.clear()
        response = server.client.post("/api/account/signup", json={"username": name, "password": PASSWORD})
        assert response.status_code == 201, response.text


def as_(server: Server, name: str) -> None:
    server.client.cookies.clear()
    response = server.client.post("/api/account/login", json={"username": name, "password": PASSWORD})
    assert response.status_code == 200, response.text


def post(server: Server, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = server.client.post(path, json=body)
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()
    return found


def listing(server: Server) -> dict[str, Any]:
    response = server.client.get("/api/friends")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def befriend(server: Server, one: str, other: str) -> None:
    as_(server, one)
    assert post(server, "/api/friends", {"username": other, "action": "ask"})["status"] == "pending"
    as_(server, other)
    assert post(server, "/api/friends", {"username": one, "action": "accept"})["status"] == "accepted"


class Clock:
    def __init__(self, server: Server) -> None:
        self.now = 1_000_000.0
        friends_of(server.app.state.services).clock = self

    def __call__(self) -> float:
        return self.now


def test_a_request_is_listed_both_ways_until_accepted(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    assert post(server, "/api/friends", {"username": "beto", "action": "ask"})["status"] == "pending"
    shown = listing(server)
    assert [p["username"] for p in shown["asked_by_me"]] == ["beto"] and shown["friends"] == []
    as_(server, "beto")
    assert [p["username"] for p in listing(server)["asked_me"]] == ["ana"]
    post(server, "/api/friends", {"username": "ana", "action": "accept"})
    friends = listing(server)["friends"]
    assert [f["username"] for f in friends] == ["ana"] and friends[0]["online"] is False
    as_(server, "ana")
    assert [f["username"] for f in listing(server)["friends"]] == ["beto"]


def test_asking_someone_who_asked_you_accepts_and_one_cannot_accept_ones_own_request(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    post(server, "/api/friends", {"username": "beto", "action": "ask"})
    post(server, "/api/friends", {"username": "beto", "action": "accept"}, 404)
    as_(server, "beto")
    assert post(server, "/api/friends", {"username": "ana", "action": "ask"})["status"] == "accepted"


def test_decline_and_remove_delete_the_friendship_and_it_may_be_asked_again(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    post(server, "/api/friends", {"username": "beto", "action": "ask"})
    as_(server, "beto")
    post(server, "/api/friends", {"username": "ana", "action": "remove"})  # a decline
    assert listing(server)["asked_me"] == []
    befriend(server, "ana", "beto")
    post(server, "/api/friends", {"username": "ana", "action": "remove"})
    assert listing(server)["friends"] == []
    as_(server, "ana")
    assert listing(server)["friends"] == []


def test_oneself_and_unknown_players_are_refused_and_a_guest_must_log_in(server: Server) -> None:
    sign_up(server, "ana")
    as_(server, "ana")
    post(server, "/api/friends", {"username": "ana", "action": "ask"}, 400)
    post(server, "/api/friends", {"username": "nadie", "action": "ask"}, 404)
    post(server, "/api/friends", {"username": "ana", "action": "wave"}, 400)
    server.client.cookies.clear()
    assert server.client.get("/api/friends").status_code == 401


def test_a_block_ends_the_friendship_and_stops_requests_challenges_links_and_chat(server: Server) -> None:
    sign_up(server, "ana", "beto")
    befriend(server, "ana", "beto")
    as_(server, "beto")
    challenged = post(server, "/api/challenges", {"username": "ana", "game": "truco"})
    as_(server, "ana")
    link = post(server, "/api/invitations", {"kind": "friend"})["token"]
    assert post(server, "/api/friends", {"username": "beto", "action": "block"})["blocks"] == ["beto"]
    shown = listing(server)
    assert shown["friends"] == [] and shown["blocks"] == ["beto"] and shown["challenges"] == []
    assert "u:beto" in server.client.get("/api/account/mutes").json()["mutes"]  # their chat is hidden
    as_(server, "beto")
    assert post(server, f"/api/challenges/{challenged['id']}", {"cancel": True}, 404)  # it was cancelled
    refused = post(server, "/api/friends", {"username": "ana", "action": "ask"}, 404)
    assert refused["error"]  # read as an unknown player: nobody is told they are blocked
    post(server, "/api/challenges", {"username": "ana", "game": "truco"}, 404)
    post(server, f"/api/invitations/{link}", {}, 404)
    as_(server, "ana")
    post(server, "/api/friends", {"username": "beto", "action": "unblock"})
    as_(server, "beto")
    assert post(server, "/api/friends", {"username": "ana", "action": "ask"})["status"] == "pending"


def test_an_accepted_challenge_seats_both_at_a_started_table_and_shows_where_they_play(server: Server) -> None:
    sign_up(server, "ana", "beto")
    befriend(server, "ana", "beto")
    as_(server, "ana")
    made = post(server, "/api/challenges", {"username": "beto", "game": "truco", "options": {"points": 15}})
    assert made["status"] == "open" and made["mine"] and made["to"] == "beto"
    as_(server, "beto")
    (offered,) = listing(server)["challenges"]
    assert offered["id"] == made["id"] and offered["from"] == "ana" and not offered["mine"]
    taken = post(server, f"/api/challenges/{made['id']}", {"accept": True})
    assert taken["status"] == "accepted" and taken["url"] == f"/t/{taken['code']}"
    post(server, f"/api/challenges/{made['id']}", {"accept": True}, 404)  # answered once
    as_(server, "ana")
    (mine,) = listing(server)["challenges"]
    assert mine["code"] == taken["code"] and mine["seat"] != taken["seat"] and mine["token"] != taken["token"]
    info = server.client.get(f"/api/tables/{taken['code']}").json()
    assert info["status"] == "playing" and info["options"]["points"] == 15
    assert sorted(s["name"] for s in info["seats"]) == ["ana", "beto"]
    as_(server, "beto")
    (friend,) = listing(server)["friends"]
    assert [t["code"] for t in friend["tables"]] == [taken["code"]]  # ana's table, as her friends see it


def test_a_declined_challenge_is_gone_and_only_the_challenged_answers(server: Server) -> None:
    sign_up(server, "ana", "beto", "carla")
    as_(server, "ana")
    made = post(server, "/api/challenges", {"username": "beto", "game": "truco"})
    post(server, f"/api/challenges/{made['id']}", {"accept": True}, 404)  # not the challenger's to accept
    as_(server, "carla")
    post(server, f"/api/challenges/{made['id']}", {"accept": True}, 404)
    as_(server, "beto")
    assert post(server, f"/api/challenges/{made['id']}", {"accept": False})["status"] == "declined"
    assert listing(server)["challenges"] == []


def test_a_challenge_expires_after_its_minutes(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    clock = Clock(server)
    post(server, "/api/challenges", {"username": "beto", "game": "truco", "minutes": 0.5}, 400)
    made = post(server, "/api/challenges", {"username": "beto", "game": "truco", "minutes": 2})
    assert made["expires_in"] == 120
    clock.now += 121
    as_(server, "beto")
    assert listing(server)["challenges"] == []
    assert "expired" in post(server, f"/api/challenges/{made['id']}", {"accept": True}, 410)["error"]


def test_a_challenge_names_an_installed_game_and_options_it_reads(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    post(server, "/api/challenges", {"username": "beto", "game": "ajedrez"}, 400)
    post(server, "/api/challenges", {"username": "beto", "game": "truco", "options": {"points": "many"}}, 400)


def test_a_friend_link_makes_friends_once(server: Server) -> None:
    sign_up(server, "ana", "beto", "carla")
    as_(server, "ana")
    made = post(server, "/api/invitations", {"kind": "friend"})
    assert made["url"] == f"/?invite={made['token']}"
    post(server, f"/api/invitations/{made['token']}", {}, 400)  # one's own
    as_(server, "beto")
    assert server.client.get(f"/api/invitations/{made['token']}").json()["from"] == "ana"
    assert post(server, f"/api/invitations/{made['token']}", {})["status"] == "accepted"
    assert [f["username"] for f in listing(server)["friends"]] == ["ana"]
    as_(server, "carla")
    post(server, f"/api/invitations/{made['token']}", {}, 404)  # used once
    assert server.client.get(f"/api/invitations/{made['token']}").status_code == 404


def test_a_challenge_link_seats_its_opener_and_expires(server: Server) -> None:
    sign_up(server, "ana", "beto")
    as_(server, "ana")
    clock = Clock(server)
    late = post(server, "/api/invitations", {"kind": "challenge", "game": "truco", "minutes": 5})["token"]
    made = post(server, "/api/invitations", {"kind": "challenge", "game": "truco", "minutes": 30})["token"]
    clock.now += 301
    as_(server, "beto")
    post(server, f"/api/invitations/{late}", {}, 410)
    played = post(server, f"/api/invitations/{made}", {})["challenge"]
    assert played["status"] == "accepted" and played["from"] == "ana"
    assert server.client.get(f"/api/tables/{played['code']}").json()["status"] == "playing"


def test_friend_requests_are_budgeted_per_account(make_server: Any) -> None:
    from cartas.online.server.limits import Limits, Rate

    server = make_server(limits=Limits(friend_requests=Rate(burst=2, per_minute=0.001)))
    sign_up(server, "ana", "beto", "carla", "dora")
    as_(server, "ana")
    post(server, "/api/friends", {"username": "beto", "action": "ask"})
    post(server, "/api/friends", {"username": "carla", "action": "ask"})
    response = server.client.post("/api/friends", json={"username": "dora", "action": "ask"})
    assert response.status_code == 429


def test_a_private_table_refuses_spectators_and_is_not_listed_to_watch(server: Server) -> None:
    made = server.create(_body={"spectators": False})
    server.bots(made["code"], made["host_token"], [1])
    assert server.host(made["code"], made["host_token"], "start").status_code == 200
    spectator = server.connect(made["code"], None)
    error = spectator.until("error")
    assert error["message"] == "esta mesa es privada: nadie puede mirarla"  # the table's language
    player = server.connect(made["code"], made["token"])
    assert player.until("welcome")["seat"] == 0
    assert server.client.get("/api/tv").json()["tables"] == []
    open_table = server.create()
    server.bots(open_table["code"], open_table["host_token"], [1])
    server.host(open_table["code"], open_table["host_token"], "start")
    assert [t["code"] for t in server.client.get("/api/tv").json()["tables"]] == [open_table["code"]]


def test_a_spectator_from_the_list_sees_no_hidden_card(server: Server) -> None:
    made = server.create()
    server.bots(made["code"], made["host_token"], [1])
    server.host(made["code"], made["host_token"], "start")
    player = server.connect(made["code"], made["token"])
    assert player.until("snapshot")["view"]["observation"]["hand"] != []
    (listed,) = server.client.get("/api/tv").json()["tables"]
    spectator = server.connect(listed["code"], None)
    view = spectator.until("snapshot")["view"]
    assert view["you"] is None and view["observation"]["hand"] == [] and view["legal"] == []


def test_the_tables_to_watch_are_best_rated_first_and_friends_apart(server: Server) -> None:
    import asyncio

    sign_up(server, "ana", "beto", "carla")
    befriend(server, "ana", "beto")
    codes = {}
    for name in ("ana", "beto", "carla"):
        as_(server, name)
        made = server.create(name=name)
        server.bots(made["code"], made["host_token"], [1])
        server.host(made["code"], made["host_token"], "start")
        codes[name] = made["code"]
    db = server.app.state.services.accounts().db
    mus = {"ana": 20.0, "carla": 30.0}
    for name, mu in mus.items():
        ((account,),) = asyncio.run(db.rows("SELECT id FROM accounts WHERE username = ?", (name,)))
        asyncio.run(db.run("INSERT INTO ratings (account, game, format, mu, sigma, matches) VALUES (?, 'truco', '1v1', ?, 5, 3)",
                           (account, mu)))
    as_(server, "ana")
    shown = server.client.get("/api/tv").json()
    assert [t["code"] for t in shown["tables"]] == [codes["carla"], codes["ana"], codes["beto"]]
    assert [(t["code"], t["friends"]) for t in shown["friends"]] == [(codes["beto"], ["beto"])]
    assert "account" not in shown["tables"][0]["players"][0]


def test_refusals_are_in_the_readers_language(server: Server) -> None:
    sign_up(server, "ana")
    as_(server, "ana")
    response = server.client.post("/api/friends", json={"username": "ana", "action": "ask"},
                                  headers={"Accept-Language": "es-AR"})
    assert response.json()["error"] == "ese sos vos"
