"""The match page's steps (``GET /api/tables/CODE/steps``): a finished match move by move as one seat saw it, or
as a spectator; refused before the end, and a seat's steps only with that seat's token. No step shows a viewer a
card that was hidden from it while the match was played: the steps are scanned for every card a seat held that
the viewer's events never showed (a card played face up, an envido shown)."""

from __future__ import annotations

import re
import time
from typing import Any

from online_helpers import Player, Server

from cartas.core.audience import EVERYONE, PUBLIC, Audience
from cartas.core.record import MatchRecord
from cartas.core.replay_view import ReplayView
from cartas.online.app import installed_registry

CARD = re.compile(r"\b(?:1[0-2]|[1-9])[OCEB]\b")


def card_words(value: Any) -> set[str]:
    """Every canonical card text inside ``value`` (any string in it, at any depth)."""
    if isinstance(value, str):
        return set(CARD.findall(value))
    if isinstance(value, dict):
        return set().union(*(card_words(item) for item in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(card_words(item) for item in value)) if value else set()
    return set()


def hidden_at_each_step(record: MatchRecord, audience: Audience, viewer: int | None) -> list[set[str]]:
    """For each step, the cards the other seats hold after it that no event of this hand ``audience`` may see has
    named (an envido shown names its cards): what the viewer must not be shown at that step."""
    game = installed_registry().game(record.game)
    hidden = []
    for step in ReplayView(game, record, EVERYONE).steps():
        state = step.state
        held = set().union(*(
            {str(card) for card in state.hand_of(seat)} for seat in range(state.table.n_seats) if seat != viewer
        ))
        seen = set().union(set(), *(
            card_words(str(event.detail)) for event in state.events[state.hand_events_from:] if audience.sees(event)
        ))
        hidden.append(held - seen)
    return hidden


def leaks(steps: list[dict[str, Any]], hidden: list[set[str]]) -> dict[int, set[str]]:
    """The cards of each step's view or events that were hidden from its viewer then."""
    assert len(steps) == len(hidden)
    found = {}
    for number, (step, secret) in enumerate(zip(steps, hidden, strict=True)):
        shown = card_words(step["view"]) | card_words(step["events"]) | card_words(step["action"] or "")
        if shown & secret:
            found[number] = shown & secret
    return found


def play_to_the_end(players: list[Player]) -> None:
    """Each person plays a card when the hand is young and otherwise goes to the mazo (a short match), until the
    result frame comes (a loaded machine may take long: the loop stops as soon as it comes)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        for player in players:
            if player.last("result") is not None:
                return
            frames = player.drain(0.01)
            if any(frame["type"] == "result" for frame in frames):
                return
            if player.view is not None and player.view["view"]["legal"]:
                view, player.view = player.view, None
                legal = view["view"]["legal"]
                played = sum(len(cards) for cards in view["view"]["table_view"].get("played", []) or [])
                card = next((m for m in legal if m["card"]), None)
                mazo = next((m for m in legal if m["text"] == "mazo"), None)
                move = card if card is not None and (played < 1 or mazo is None) else (mazo or legal[0])
                player.send({"type": "move", "action": move["text"], "v": player.version})
    raise AssertionError("the match did not end")


def finished_truco(server: Server) -> tuple[str, dict[str, Any], dict[str, Any]]:
    made = server.create("truco", "Ana", players=2, points=15)
    code = made["code"]
    beto = server.join(code, "Beto")
    assert server.host(code, made["host_token"], op="start").status_code == 200
    ana_ws, beto_ws = server.connect(code, made["token"]), server.connect(code, beto["token"])
    early = server.client.get(f"/api/tables/{code}/steps")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    play_to_the_end([ana_ws, beto_ws])
    return code, made, beto


def test_a_seat_sees_the_finished_match_move_by_move_without_a_card_it_never_saw(make_server: Any) -> None:
    server: Server = make_server()
    code, ana, beto = finished_truco(server)
    record = MatchRecord.model_validate_json(server.client.get(f"/api/tables/{code}/record").text)

    assert server.client.get(f"/api/tables/{code}/steps?seat=0").status_code == 401
    wrong = server.client.get(f"/api/tables/{code}/steps?seat=0", headers={"Authorization": f"Bearer {beto['token']}"})
    assert wrong.status_code == 403
    assert server.client.get(f"/api/tables/{code}/steps?seat=7", headers={"Authorization": f"Bearer {ana['token']}"}).status_code == 400
    assert server.client.get(f"/api/tables/{code}/steps?seat=x").status_code == 400

    answer = server.client.get(f"/api/tables/{code}/steps?seat=0", headers={"Authorization": f"Bearer {ana['token']}"})
    assert answer.status_code == 200, answer.text
    steps = answer.json()["steps"]
    assert len(steps) == len(record.actions) + 1
    assert [step["number"] for step in steps] == list(range(len(steps)))
    # Ana's own hand is in her steps: the first deal shows her three cards.
    assert len(steps[0]["view"]["table_view"]["hand"]) == 3
    assert steps[-1]["view"]["observation"]["over"] is True

    hidden = hidden_at_each_step(record, Audience(0), 0)
    assert sum(map(len, hidden)) > 0, "Beto held cards Ana never saw"
    assert not leaks(steps, hidden), "cards hidden from Ana are in her steps"
    # The scan sees a card when it is there: Beto's own steps show his hand, hidden from Ana.
    his = server.client.get(f"/api/tables/{code}/steps?seat=1", headers={"Authorization": f"Bearer {beto['token']}"})
    assert leaks(his.json()["steps"], hidden), "Beto's steps show his own cards"


def test_a_spectator_sees_the_public_match_and_no_hand(make_server: Any) -> None:
    server: Server = make_server()
    code, _, _ = finished_truco(server)
    record = MatchRecord.model_validate_json(server.client.get(f"/api/tables/{code}/record").text)
    answer = server.client.get(f"/api/tables/{code}/steps")
    assert answer.status_code == 200, answer.text
    steps = answer.json()["steps"]
    assert answer.json()["seat"] is None and len(steps) == len(record.actions) + 1
    hidden = hidden_at_each_step(record, PUBLIC, None)
    assert sum(map(len, hidden)) > 0
    assert not leaks(steps, hidden), "cards hidden from the spectators are in their steps"
    # What a seat saw of its own cards is not what a spectator sees.
    assert all(not step["view"]["legal"] for step in steps)
