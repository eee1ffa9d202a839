"""The lobby's refusals follow the reader's language, as a connection's frames do: the page sends its chosen
language in ``X-Cartas-Language`` with every call; a client that sends none is answered in its Accept-Language,
else in English. The status codes stay; only the words change."""

from __future__ import annotations

import pytest
from online_helpers import Server

from cartas.online.reader_language import accepted_languages, request_language


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
