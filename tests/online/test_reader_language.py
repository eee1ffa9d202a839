"""Each connection reads the table in its own language (the hello's ``lang``, then ``{"type": "lang"}``): the
events, the table lines, the move buttons and the errors, from the same catalogs as the terminal. A frame is
written once per language read at the table, however many read it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import Player, Server

from cartas.core.cards import Card
from cartas.core.i18n import card_name, speaking
from cartas.core.plugins.registry import Registry
from cartas.games.truco_paulista.game import PaulistaGame


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


def test_two_readers_of_one_event_each_read_it_in_their_language(server: Server) -> None:
    code, ana, beto = two_at_truco(server)
    assert ana.last("snapshot")["events"][0]["text"] == "Beto: mezclo y reparto · corta: Vos"
    assert beto.last("snapshot")["events"][0]["text"] == "Você embaralha e dá as cartas · corte: Ana"
    state = server.table(code).state
    mover = (ana, beto)[state.to_act[0]]
    mover.send({"type": "move", "action": 0})
    to_ana, to_beto = ana.until("event"), beto.until("event")
    card = to_ana["detail"]
    assert to_beto["detail"] == card and to_ana["v"] == to_beto["v"]
    if mover is ana:
        assert (to_ana["text"], to_beto["text"]) == (f"Vos: tiro {card}", f"Ana joga {card}")
    else:
        assert (to_ana["text"], to_beto["text"]) == (f"Beto: tiro {card}", f"Você joga {card}")


def test_move_buttons_table_lines_and_errors_follow_the_reader(server: Server) -> None:
    code, ana, beto = two_at_truco(server)
    ana_view, beto_view = ana.last("snapshot")["view"], beto.last("snapshot")["view"]
    assert ana_view["language"] == "es-AR" and beto_view["language"] == "pt-BR"
    assert "Dá as cartas: Você · mão: Ana" in beto_view["table_view"]["lines"]
    assert "Reparte: Beto · mano: Vos" in ana_view["table_view"]["lines"]
    mover, waiting = (ana, beto) if server.table(code).state.to_act[0] == 0 else (beto, ana)
    labels = [move["label"] for move in (mover.last("snapshot")["view"]["legal"])]
    if mover is ana:
        assert "me voy al mazo" in labels and all(label.startswith("tiro el ") for label in labels[:3])
    else:
        assert "vou ao baralho" in labels and all(label.startswith("jogo o ") for label in labels[:3])
    waiting.send({"type": "move", "action": 0})
    assert waiting.until("error")["message"] == ("no es tu turno" if waiting is ana else "não é a sua vez")


def test_switching_language_sends_the_table_again_in_it(server: Server) -> None:
    code, ana, beto = two_at_truco(server)
    beto.send({"type": "lang", "lang": "en-GB"})
    again = beto.until("snapshot")
    assert again["events"][0]["text"] == "You: shuffles and deals · cut: Ana"
    assert again["view"]["language"] == "en"
    assert "Dealer: You · mano: Ana" in again["view"]["table_view"]["lines"]
    beto.send({"type": "lang", "lang": "klingon"})
    assert beto.until("error")["message"] == "unknown language 'klingon'"
    mover = (ana, beto)[server.table(code).state.to_act[0]]
    mover.send({"type": "move", "action": 0})
    assert beto.until("event")["text"].startswith(("Ana: plays ", "You: play"))
    assert ana.until("event")["text"].startswith(("Vos: tiro ", "Beto: tiro "))


def test_a_frame_is_written_once_per_language_read_however_many_read_it(server: Server) -> None:
    code, ana, beto = two_at_truco(server, lang=None)
    table = server.table(code)
    watchers = [server.connect(code, None, lang="pt-BR"), server.connect(code, None, lang="pt")]
    for watcher in watchers:
        watcher.until("snapshot")
    mover = (ana, beto)[table.state.to_act[0]]
    mover.send({"type": "move", "action": 0})
    texts = [watcher.until("event")["text"] for watcher in watchers]
    assert texts[0] == texts[1] and " joga " in texts[0]
    assert [sorted(frame.translated) for frame in table.buffer if frame.render is not None][-1] == ["pt-BR"]
    ana.until("event")
    beto.until("event")
    everyone_spanish = [frame for frame in table.buffer if frame.render is not None][:-1]
    assert everyone_spanish and all(frame.translated == {} for frame in everyone_spanish)


FRENCH_NAMES = {1: "o ás", 10: "a dama", 11: "o valete", 12: "o rei"}
FRENCH_SUITS = {"O": "ouros", "C": "copas", "E": "espadas", "B": "paus"}
FRENCH_LABELS = {1: "A", 10: "Q", 11: "J", 12: "K"}


def french(card: str) -> tuple[str, str]:
    """A card's French-deck name and label, worked out here: ``10O`` is "a dama de ouros", ``QO``."""
    rank, suit = int(card[:-1]), card[-1]
    name = f"{FRENCH_NAMES.get(rank, f'o {rank}')} de {FRENCH_SUITS[suit]}"
    return name, FRENCH_LABELS.get(rank, str(rank)) + ("P" if suit == "B" else suit)


def named(card: str, deck: str) -> str:
    """How a Brazilian reader's lines name a card: in words, in the table's deck ("a dama de ouros", "o 7 de
    espadas"), never in notation."""
    if deck == "french":
        return french(card)[0]
    with speaking("pt-BR"):
        return card_name(Card.parse(card))


@pytest.mark.parametrize("deck", ["french", "spanish"])
def test_paulista_is_drawn_and_named_in_its_deck(server: Server, deck: str) -> None:
    options = {"players": 2} if deck == "french" else {"players": 2, "deck": "spanish"}
    created = server.create("truco_paulista", "Ana", **options)
    code = created["code"]
    beto_token = server.join(code, "Beto")["token"]
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana, beto = server.connect(code, created["token"], lang="pt-BR"), server.connect(code, beto_token, lang="es-AR")
    for player in (ana, beto):
        snapshot = player.until("snapshot")
        assert snapshot["table"]["deck"] == snapshot["view"]["deck"] == deck
    ana_view = ana.last("snapshot")["view"]
    vira = server.table(code).state.vira
    assert vira is not None
    assert ana_view["table_view"]["centre"] == [["vira", str(vira)]]  # the canonical text: the page draws it
    assert any(line.startswith(f"Vira: {named(str(vira), deck)} ") for line in ana_view["table_view"]["lines"])
    mover = (ana, beto)[server.table(code).state.to_act[0]]
    plays = [move for move in mover.last("snapshot")["view"]["legal"] if move["card"]]
    assert len(plays) == 3
    for move in plays:
        if mover is ana and deck == "french":
            assert move["label"] == f"jogo {french(move['card'])[0]}"
        assert move["text"] == f"play {move['card']}"
    mover.send({"type": "move", "action": plays[0]["index"]})
    card = plays[0]["card"]
    said = named(card, deck)
    to_ana = ana.until("event")
    assert to_ana["detail"] == card
    assert to_ana["text"] == (f"Você joga {said}" if mover is ana else f"Beto joga {said}")


def test_the_games_list_carries_each_options_words_in_every_language(server: Server) -> None:
    games = {game["name"]: game for game in server.client.get("/api/games").json()}
    deck = next(option for option in games["truco_paulista"]["options"] if option["name"] == "deck")
    assert deck["default"] == "french" and deck["choices"] == ["french", "spanish"]
    assert deck["text"]["pt-BR"]["title"] == "Baralho" and deck["text"]["es-AR"]["title"] == "Baraja"
    assert deck["text"]["en"]["title"] == "Deck"
    third = next(option for option in games["truco"]["options"] if option["name"] == "third_tie")
    assert third["text"]["es-AR"]["title"] == "Parda en la tercera"
    assert third["text"]["pt-BR"]["help"].startswith("quem ganha uma mão")


def test_deck_art_is_served_built_in_or_from_a_plugin(
    make_server: Callable[..., Server], registry: Registry, tmp_path: Path,
) -> None:
    art = tmp_path / "tarot.js"
    art.write_text('export const name = "tarot";\n', encoding="utf-8")

    class TarotPaulista(PaulistaGame):
        name = "tarot_paulista"
        aliases = ()
        deck_files = {"tarot": art, "french": art}

    mine = Registry()
    for game in registry.games.values():
        mine.add_game(game)
    mine.add_game(TarotPaulista())
    server = make_server(registry=mine)
    french = server.client.get("/decks/french.js")
    assert french.status_code == 200 and "javascript" in french.headers["content-type"]
    assert 'export const name = "french"' in french.text  # a plugin cannot replace a built-in deck
    assert server.client.get("/decks/tarot.js").text == 'export const name = "tarot";\n'
    for missing in ("/decks/nope.js", "/decks/..%2Fapp.js", "/decks/French.js"):
        assert server.client.get(missing).status_code == 404
