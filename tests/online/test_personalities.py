"""The lobby offers the games' personalities (issue 32, item 5): as levels of /api/games, with their titles and
measured strength in every site language, and seated like any level."""

from __future__ import annotations

from online_helpers import Server

from cartas.games.truco.bots.personalities import strengths


def test_the_games_list_offers_the_personalities_with_their_titles(server: Server) -> None:
    games = {game["name"]: game for game in server.client.get("/api/games").json()}
    truco, paulista = games["truco"], games["truco_paulista"]
    assert {"prudente", "mentiroso", "jugador"} <= set(truco["levels"])
    assert {"cauteloso", "blefador", "apostador"} <= set(paulista["levels"])
    liar = truco["level_texts"]["es-AR"]["mentiroso"]
    assert liar.startswith("El Mentiroso")
    assert truco["level_texts"]["pt-BR"]["jugador"].startswith("O Jogador")
    assert paulista["level_texts"]["pt-BR"]["blefador"].startswith("O Blefador")
    assert paulista["level_texts"]["en"]["cauteloso"].startswith("The Wary")
    measured = strengths().get("mentiroso")
    if measured is not None:  # the figure shipped in games/truco/bots/personalities.json
        assert liar == f"El Mentiroso · {round(100 * measured.rate)}% contra medio"
    assert "medium" not in truco["level_texts"]["es-AR"]  # plain levels keep the pages' own labels


def test_a_personality_takes_a_seat_and_is_the_absent_players_level(server: Server) -> None:
    created = server.create("truco", _body={"bot_level": "mentiroso"})
    code, host = created["code"], created["host_token"]
    response = server.host(code, host, body={"op": "bot", "seat": 1, "level": "jugador"})
    assert response.status_code == 200, response.text
    assert response.json()["seats"][1]["name"] == "Bot 2 (jugador)"
    refused = server.host(code, host, body={"op": "bot", "seat": 1, "level": "blefador"})
    assert refused.status_code == 400 and "blefador" in refused.json()["error"]
