"""Invisible and direction-changing characters are refused in every name and identifier a person types, by one
check (``cartas.online.accounts.names.hidden_in``), and become spaces in free text (chat, reports)."""

from __future__ import annotations

from typing import Any

import pytest
from online_helpers import Server

from cartas.online.accounts.names import BadName, clean_name, hidden_in, shown

HIDDEN = {
    "Hangul filler U+3164": "\u3164",
    "Hangul choseong filler U+115F": "\u115f",
    "Hangul jungseong filler U+1160": "\u1160",
    "halfwidth Hangul filler U+FFA0": "\uffa0",
    "braille blank U+2800": "\u2800",
    "zero-width space (Cf)": "\u200b",
    "zero-width joiner (Cf)": "\u200d",
    "right-to-left override (Cf)": "\u202e",
    "first strong isolate (Cf)": "\u2068",
    "soft hyphen (Cf)": "\u00ad",
    "tag letter (Cf)": "\U000e0041",
    "ogham space mark (Zs)": "\u1680",
    "line separator (Zl)": "\u2028",
    "paragraph separator (Zp)": "\u2029",
    "escape (Cc)": "\x1b",
    "tab (Cc)": "\t",
    "private use (Co)": "\ue000",
    "unassigned (Cn)": "\u0378",
    "combining grapheme joiner": "\u034f",
    "variation selector 2": "\ufe01",
    "Khmer inherent vowel": "\u17b4",
}
CASES = list(HIDDEN.values())
IDS = list(HIDDEN)


@pytest.mark.parametrize("hidden", CASES, ids=IDS)
def test_the_one_check_finds_each_kind_alone_and_inside_a_name(hidden: str) -> None:
    assert hidden_in(hidden) == hidden and hidden_in(f"Ana{hidden}Paula") == hidden
    for name in (hidden, f"Ana{hidden}", f"{hidden}Ana", f"Ana{hidden}Paula"):
        with pytest.raises(BadName, match="invisible or direction-changing|control characters|a name is needed"):
            clean_name(name)
    assert shown(f"hola{hidden}che") == "hola che"


def test_what_is_not_hidden_stays() -> None:
    assert hidden_in("Ana Pérez 2 ñandú 🂡 山田") is None
    assert clean_name("Ana\u3000Paula") == "Ana Paula" and clean_name("Ana\u00a0B") == "Ana B"  # NFKC's spaces
    assert clean_name("❤️ Ana") == "❤ Ana"  # the emoji selector a phone adds is dropped, not refused


@pytest.mark.parametrize("hidden", CASES, ids=IDS)
def test_display_names_and_usernames_refuse_them(server: Server, hidden: str) -> None:
    def sign_up(**body: Any) -> Any:
        server.client.cookies.clear()
        return server.client.post("/api/account/signup", json={"password": "correct horse", **body})

    assert sign_up(username="ana", display=f"A{hidden}").status_code == 400
    assert sign_up(username=f"ana{hidden}x").status_code == 400
    assert sign_up(username="ana").status_code == 201
    assert server.client.post("/api/account/profile", json={"display": hidden}).status_code == 400
    assert server.client.post("/api/account/profile", json={"display": f"Ana{hidden}"}).status_code == 400
    assert server.client.get("/api/account").json()["account"]["display"] == "ana"


@pytest.mark.parametrize("hidden", ["\u3164", "\u202e", "\u2800", "\u1680"], ids=["filler", "override", "braille", "Zs"])
def test_seat_quick_play_and_party_names_refuse_them(server: Server, hidden: str) -> None:
    body = {"game": "truco", "options": {"players": 2, "points": 15}, "name": hidden}
    assert server.client.post("/api/tables", json=body).status_code == 400
    code = server.create("truco", "Ana", players=2, points=15)["code"]
    assert server.client.post(f"/api/tables/{code}/join", json={"name": f"Be{hidden}to"}).status_code == 400
    queued = server.client.post("/api/quickplay", json={"game": "truco", "players": 2, "name": f"{hidden}"})
    assert queued.status_code == 400
    party = {"game": "truco", "players": 4, "options": {"points": 15}, "name": f"Ana{hidden}", "partner": True}
    assert server.client.post("/api/quickplay", json=party).status_code == 400


def test_mute_targets_refuse_them(server: Server) -> None:
    server.client.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    for target in ("n:ZZ:\u202e", "n:ZZ:\u3164", "n:ZZ:Be\u200bto", "n:ZZ:\u2800"):
        refused = server.client.post("/api/account/mutes", json={"target": target, "muted": True})
        assert refused.status_code == 400, target
    assert server.client.get("/api/account/mutes").json() == {"mutes": []}
    assert server.client.post("/api/account/mutes", json={"target": "n:ZZ:Beto", "muted": True}).status_code == 200


def test_chat_keeps_what_shows_and_turns_overrides_and_fillers_into_spaces(server: Server) -> None:
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    ana = server.connect(code, created["token"], lang="en")
    ana.until("snapshot")
    ana.send({"type": "chat", "text": "tengo \u202e8 puntos\u202c 🂡"})
    assert ana.until("chat")["text"] == "tengo  8 puntos  🂡"
    ana.send({"type": "chat", "text": "\u3164\u3164"})
    assert ana.until("error")["message"] == "a chat line needs some text"
