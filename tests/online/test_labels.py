"""The web pages' words come from the framework's gettext catalogs, served once for every site language."""

from __future__ import annotations

from online_helpers import Server

from cartas.online.game.words import LABELS, SITE_LANGUAGES


def test_labels_serve_every_site_language_with_every_key(server: Server) -> None:
    response = server.client.get("/api/labels")
    assert response.status_code == 200
    served = response.json()
    assert sorted(served) == sorted(SITE_LANGUAGES)
    for language in SITE_LANGUAGES:
        assert set(served[language]) == set(LABELS)
    assert served["en"] == LABELS


def test_labels_are_translated_through_the_catalogs(server: Server) -> None:
    served = server.client.get("/api/labels").json()
    assert served["es-AR"]["your_hand"] == "Tus cartas"
    assert served["pt-BR"]["your_hand"] == "Suas cartas"
    assert served["es-AR"]["create_table"] == "Armar una mesa"
    assert served["es"]["create_table"] == "Crear una mesa"


def test_bot_levels_are_served_as_players_read_them(server: Server) -> None:
    served = server.client.get("/api/labels").json()
    assert served["es-AR"]["level_medium"] == "medio"
    assert served["pt-BR"]["level_medium"] == "médio"
    assert served["es"]["level_hard"] == "difícil"
    assert served["en"]["level_easy"] == "easy"
