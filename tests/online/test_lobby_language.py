"""The lobby's refusals follow the reader's language, as a connection's frames do: the page sends its chosen
language in ``X-Cartas-Language`` with every call; a client that sends none is answered in its Accept-Language,
else in English. The status codes stay; only the words change."""

from __future__ import annotations

import pytest
from online_helpers import Server

from cartas.online.server.reader_language import accepted_languages, request_language


@pytest.fixture(autouse=True)
def games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARTAS_LANG", raising=False)


def full_table(server: Server) -> str:
    created = server.create("truco", "Ana", players=2, points=15)
    server.join(created["code"], "Beto")
    return str(created["code"])


def refusal(response) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    return response.status_code, response.json()["error"]


def test_a_full_table_is_refused_in_the_readers_language(server: Server) -> None:
    code = full_table(server)
    join = f"/api/tables/{code}/join"
    assert refusal(server.client.post(join, json={"name": "Caro"}, headers={"X-Cartas-Language": "pt-BR"})) == (
        409, "a mesa está cheia")
    assert refusal(server.client.post(join, json={"name": "Caro"}, headers={"X-Cartas-Language": "en"})) == (
        409, "the table is full")
    assert refusal(server.client.post(join, json={"name": "Caro"}, headers={"X-Cartas-Language": "es-AR"})) == (
        409, "la mesa está completa")
    # No choice sent: the browser's Accept-Language, then English.
    assert refusal(server.client.post(join, json={"name": "Caro"}, headers={"Accept-Language": "pt-PT,en;q=0.5"})) == (
        409, "a mesa está cheia")
    assert refusal(server.client.post(join, json={"name": "Caro"}, headers={"Accept-Language": "de"})) == (
        409, "the table is full")
    # The page's choice wins over the browser's.
    assert refusal(server.client.post(join, json={"name": "Caro"},
                                      headers={"X-Cartas-Language": "en", "Accept-Language": "pt-BR"})) == (
        409, "the table is full")


def test_a_name_taken_and_a_bad_option_are_refused_in_portuguese_and_english(server: Server) -> None:
    created = server.create("truco", "Ana", players=2, points=15)
    join = f"/api/tables/{created['code']}/join"
    assert refusal(server.client.post(join, json={"name": "ana"}, headers={"X-Cartas-Language": "pt-BR"})) == (
        400, "alguém nesta mesa já se chama 'ana'; escolha outro nome")
    assert refusal(server.client.post(join, json={"name": "ana"}, headers={"X-Cartas-Language": "en"})) == (
        400, "someone at this table is already called 'ana'; choose another name")
    assert refusal(server.client.post(join, json={"name": "Bot 3"}, headers={"X-Cartas-Language": "pt-BR"})) == (
        400, "'Bot 3' é como a mesa chama outra pessoa; escolha outro nome")
    bad = {"game": "truco", "options": {"players": 2, "points": 99}, "name": "Caro"}
    status, pt = refusal(server.client.post("/api/tables", json=bad, headers={"X-Cartas-Language": "pt-BR"}))
    assert status == 400 and pt.startswith("a opção points=99 não é válida")
    status, en = refusal(server.client.post("/api/tables", json=bad, headers={"X-Cartas-Language": "en"}))
    assert (status, en) == (400, "option points=99 is not valid (allowed: 15, 30)")


def test_a_seating_refusal_names_the_seat_as_people_count_it(server: Server) -> None:
    created = server.create("truco", "Ana", players=2, points=15)
    server.join(created["code"], "Beto")
    response = server.client.post(
        f"/api/tables/{created['code']}/seating", json={"op": "bot", "seat": 1, "level": "easy"},
        headers={"Authorization": f"Bearer {created['host_token']}", "X-Cartas-Language": "es-AR"},
    )
    assert refusal(response) == (400, "el asiento 2 lo ocupa Beto; vacialo primero")


def test_the_readers_language_from_the_headers() -> None:
    assert accepted_languages("pt-PT;q=0.8, en;q=0.9, *;q=0.1, es-AR") == ["es-AR", "en", "pt-PT"]
    assert accepted_languages("fr;q=bad, de") == ["de"]
    assert request_language({"x-cartas-language": "pt"}) == "pt-BR"
    assert request_language({"x-cartas-language": "klingon", "accept-language": "es-MX,es;q=0.9"}) == "es"
    assert request_language({}) == "en"


CLOCK_REFUSALS = {
    # (clock, reserve) -> the refusal in es, es-AR, pt-BR and en
    (3, None): (
        "clock debe ser 0 (sin reloj) o de 5 a 300 segundos por decisión",
        "clock debe ser 0 (sin reloj) o de 5 a 300 segundos por decisión",
        "clock deve ser 0 (sem relógio) ou de 5 a 300 segundos por decisão",
        "clock must be 0 (none) or from 5 to 300 seconds per decision",
    ),
    (30, 900): (
        "reserve debe ser de 0 a 600 segundos",
        "reserve debe ser de 0 a 600 segundos",
        "reserve deve ser de 0 a 600 segundos",
        "reserve must be from 0 to 600 seconds",
    ),
    (None, 30): (
        "una reserva necesita un reloj: indica clock, los segundos por decisión",
        "una reserva necesita un reloj: indicá clock, los segundos por decisión",
        "uma reserva precisa de um relógio: informe clock, os segundos por decisão",
        "a reserve needs a clock: give clock, the seconds per decision",
    ),
    ("soon", None): (
        "clock debe ser un número de segundos",
        "clock debe ser un número de segundos",
        "clock deve ser um número de segundos",
        "clock must be a number of seconds",
    ),
}


@pytest.mark.parametrize("setting", list(CLOCK_REFUSALS))
def test_a_clock_out_of_bounds_is_refused_in_the_readers_language(server: Server, setting: tuple) -> None:  # type: ignore[type-arg]
    turn, reserve = setting
    body: dict[str, object] = {"game": "truco", "options": {"players": 2}, "name": "Ana"}
    if turn is not None:
        body["clock"] = turn
    if reserve is not None:
        body["reserve"] = reserve
    for language, expected in zip(("es", "es-AR", "pt-BR", "en"), CLOCK_REFUSALS[setting], strict=True):
        response = server.client.post("/api/tables", json=body, headers={"X-Cartas-Language": language})
        assert refusal(response) == (400, expected), language


TITLES = {
    "truco": ("Truco argentino", "Truco argentino", "Truco argentino", "Argentine truco"),
    "tresillo": ("Julepe de 3 cartas (tresillo)", "Julepe de 3 cartas (tresillo)", "Julepe de 3 cartas (tresillo)",
                 "Three-card julepe (tresillo)"),
    "truco_paulista": ("Truco paulista",) * 4,
    "chinchon": ("Chinchón",) * 4,
    "remigio": ("Remigio",) * 4,
}


def test_each_game_title_is_sent_in_every_site_language(server: Server) -> None:
    """The lobby's game list, the open tables and a table's info carry ``titles`` per language; the pages show
    the reader's (``gameTitle`` in i18n.js); ``title`` stays the game's own English title."""
    games = {game["name"]: game for game in server.client.get("/api/games").json()}
    assert set(TITLES) <= set(games)  # the built-in games (an installed plugin adds its own, as in CI's wheel venv)
    for name, (es, es_ar, pt, en) in TITLES.items():
        assert games[name]["titles"] == {"es": es, "es-AR": es_ar, "pt-BR": pt, "en": en}, name
        assert games[name]["title"] == en
    created = server.create("tresillo", "Ana", players=3)
    info = server.client.get(f"/api/tables/{created['code']}").json()
    assert info["titles"]["es-AR"] == "Julepe de 3 cartas (tresillo)" and info["titles"]["en"] == TITLES["tresillo"][3]
    listed = {table["code"]: table for table in server.client.get("/api/tables").json()}
    assert listed[created["code"]]["titles"]["pt-BR"] == "Julepe de 3 cartas (tresillo)"
    assert listed[created["code"]]["titles"]["en"] == "Three-card julepe (tresillo)"


def test_the_match_page_refusal_and_a_partys_refusal_follow_the_reader(server: Server) -> None:
    """The refusals the match page, the report dialog and the party page show are the reader's words too."""
    created = server.create("truco", "Ana", players=2, points=15)
    steps = f"/api/tables/{created['code']}/steps"
    expected = {
        "es": "la partida no ha terminado; su registro se guarda en secreto hasta el final",
        "es-AR": "la partida no terminó; su registro se guarda en secreto hasta el final",
        "pt-BR": "a partida não terminou; o registro fica em segredo até o fim",
        "en": "the match is not over; its record is kept secret until the end",
    }
    for language, words in expected.items():
        assert refusal(server.client.get(steps, headers={"X-Cartas-Language": language})) == (409, words)
    assert refusal(server.client.get("/api/users/nobody", headers={"X-Cartas-Language": "pt-BR"})) == (
        404, "esse jogador não existe")


def two_seats_one_bot(server: Server) -> dict[str, str]:
    """A truco table for two, not started: Ana hosting in seat 1, a bot in seat 2."""
    created = server.create("truco", "Ana", players=2, points=15)
    server.bots(created["code"], created["host_token"], [1], "easy")
    return {"code": created["code"], "host": created["host_token"]}


# Each refusal: how it is asked for (method, path, JSON body or raw bytes, whether the host's token goes along),
# its status, and its line in es-AR then pt-BR. Every one of them was an English-only literal until 2026-11-26.
REFUSALS: dict[str, tuple[str, str, object, bool, int, str, str]] = {
    "page limit": ("GET", "/api/tables?limit=0", None, False, 400,
                   "limit debe ser un número entero de 1 a 200",
                   "limit deve ser um número inteiro de 1 a 200"),
    "page cursor": ("GET", "/api/tables?cursor=nonsense", None, False, 400,
                    "cursor debe ser el valor del enlace next de la página anterior",
                    "cursor deve ser o valor do link next da página anterior"),
    "body not an object": ("POST", "/api/tables", b"[1, 2]", False, 400,
                           "el cuerpo de la petición debe ser un objeto JSON",
                           "o corpo da requisição deve ser um objeto JSON"),
    "leaderboard format": ("GET", "/api/leaderboard?game=truco&format=3v3", None, False, 400,
                           "format debe ser 1v1 o 2v2", "format deve ser 1v1 ou 2v2"),
    "matches need an account": ("GET", "/api/account/matches", None, False, 401,
                                "iniciá sesión primero (esto necesita una cuenta)",
                                "entre na sua conta primeiro (isto precisa de uma conta)"),
    "report seat index": ("POST", "/api/tables/{code}/report", {"seat": 7, "reason": "cheating"}, False, 400,
                          "seat debe ser un índice de asiento de 0 a 1",
                          "seat deve ser um índice de assento de 0 a 1"),
    "report a bot": ("POST", "/api/tables/{code}/report", {"seat": 1, "reason": "cheating"}, False, 409,
                     "solo se puede denunciar a una persona", "só uma pessoa pode ser denunciada"),
    "steps seat": ("GET", "/api/tables/{code}/steps?seat=first", None, False, 400,
                   "seat debe ser un número entero", "seat deve ser um número inteiro"),
    "report text too long": ("POST", "/api/tables/{code}/report", {"seat": 0, "reason": "insults", "text": "x" * 301},
                             False, 400, "el texto de una denuncia tiene como máximo 300 caracteres",
                             "o texto de uma denúncia tem no máximo 300 caracteres"),
    "seating move out of the table": ("POST", "/api/tables/{code}/seating", {"op": "move", "seat": 0, "to": 5}, True,
                                      400, "to 5 no es un índice de asiento; los índices van de 0 a 1",
                                      "to 5 não é um índice de assento; os índices vão de 0 a 1"),
    "seating op": ("POST", "/api/tables/{code}/seating", {"op": "dance"}, True, 400,
                   "op debe ser uno de bot, empty, move, rotate, swap, teams, order",
                   "op deve ser um de bot, empty, move, rotate, swap, teams, order"),
    "quick play players": ("POST", "/api/quickplay", {"name": "Caro", "game": "truco", "players": "two"}, False, 400,
                           "players debe ser un número entero", "players deve ser um número inteiro"),
    "quick play ticket": ("GET", "/api/quickplay", None, False, 401,
                          "esto necesita el ticket (Authorization: Bearer TICKET)",
                          "isto precisa do ticket (Authorization: Bearer TICKET)"),
    "short password": ("POST", "/api/account/signup", {"username": "caro", "password": "abc"}, False, 400,
                       "una contraseña tiene al menos 8 caracteres", "uma senha tem pelo menos 8 caracteres"),
    "login without a password": ("POST", "/api/account/login", {"username": "nobody"}, False, 400,
                                 "para entrar hacen falta un usuario y una contraseña",
                                 "para entrar são precisos um usuário e uma senha"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_the_servers_refusals_are_in_the_readers_language(server: Server, case: str) -> None:
    """A representative line of each module that answered in English only (app, lobby, analysis, quick play,
    accounts), asked over HTTP in es-AR and pt-BR: the exact line, the same status, and the English still the
    answer to a reader who asks for none."""
    method, path, body, as_host, status, es_ar, pt_br = REFUSALS[case]
    table = two_seats_one_bot(server)
    url = path.format(code=table["code"])
    answers = {}
    for language in ("es-AR", "pt-BR", None):
        headers = {"X-Cartas-Language": language} if language else {}
        if as_host:
            headers["Authorization"] = f"Bearer {table['host']}"
        if isinstance(body, bytes):
            response = server.client.request(method, url, content=body, headers=headers)
        else:
            response = server.client.request(method, url, json=body, headers=headers)
        answers[language] = refusal(response)
    assert answers["es-AR"] == (status, es_ar)
    assert answers["pt-BR"] == (status, pt_br)
    assert answers[None][0] == status and answers[None][1] not in (es_ar, pt_br)


def test_a_chat_refusal_is_in_the_connections_language(server: Server) -> None:
    """The websocket's refusals are the connection's words too: its hello's ``lang``, else the table's."""
    table = two_seats_one_bot(server)
    server.table(table["code"]).row.spectator_chat = False
    for lang, words in (("pt-BR", "nesta mesa quem assiste não pode usar o chat"),
                        ("es-AR", "en esta mesa quien mira no puede chatear"),
                        ("en", "spectators cannot chat at this table")):
        watcher = server.connect(table["code"], None, lang=lang)
        watcher.drain()
        watcher.send({"type": "chat", "text": "hola"})
        assert watcher.until("error")["message"] == words
