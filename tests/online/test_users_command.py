"""``cartas users``: the operator lists, disables, enables and resets accounts of a server's database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner
from online_helpers import Server

from cartas.cli.main import make_cli


def test_the_operator_lists_disables_and_resets_an_account(make_server: Any, tmp_path: Path) -> None:
    db = tmp_path / "users.sqlite3"
    server: Server = make_server(db=db)
    response = server.client.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    assert response.status_code == 201
    runner = CliRunner()
    listed = runner.invoke(make_cli(), ["users", "list", "--db", str(db)])
    assert listed.exit_code == 0 and listed.output.split()[:2] == ["ana", "ana"]
    assert runner.invoke(make_cli(), ["users", "disable", "ana", "--db", str(db)]).exit_code == 0
    assert "(disabled)" in runner.invoke(make_cli(), ["users", "list", "--db", str(db)]).output
    server.client.cookies.clear()
    login = {"username": "ana", "password": "correct horse"}
    assert server.client.post("/api/account/login", json=login).status_code == 403
    assert runner.invoke(make_cli(), ["users", "enable", "ana", "--db", str(db)]).exit_code == 0
    reset = runner.invoke(make_cli(), ["users", "reset-password", "ana", "--password", "another one!", "--db", str(db)])
    assert reset.exit_code == 0 and reset.output.strip() == "ana: new password another one!"
    assert server.client.post("/api/account/login", json=login).status_code == 401
    login["password"] = "another one!"
    assert server.client.post("/api/account/login", json=login).status_code == 200
    missing = runner.invoke(make_cli(), ["users", "disable", "nobody", "--db", str(db)])
    assert missing.exit_code == 1 and missing.output.strip() == "Error: no account 'nobody'"


def test_a_report_of_a_player_is_kept_for_the_operator(make_server: Any, tmp_path: Path) -> None:
    db = tmp_path / "reports.sqlite3"
    server: Server = make_server(db=db)
    created = server.create("truco", name="Ana", players=2)
    code = created["code"]
    server.client.cookies.clear()
    signed = server.client.post("/api/account/signup", json={"username": "beto", "password": "correct horse"})
    assert signed.status_code == 201
    assert server.client.post(f"/api/tables/{code}/join", json={}).status_code == 200
    made = server.client.post(f"/api/tables/{code}/report", json={"seat": 0, "reason": "insults\nin   the chat"})
    assert made.status_code == 201, made.text
    assert server.client.post(f"/api/tables/{code}/report", json={"seat": 0, "reason": " "}).status_code == 400
    assert server.client.post(f"/api/tables/{code}/report", json={"seat": 7, "reason": "x"}).status_code == 400
    listed = CliRunner().invoke(make_cli(), ["users", "reports", "--db", str(db)])
    assert listed.exit_code == 0
    assert listed.output.strip().endswith(f"table {code} seat 0: Ana, reported by beto: insults in the chat")


def test_rated_matches_between_accounts_of_one_address_are_listed_as_suspects(
    make_server: Any, tmp_path: Path
) -> None:
    import random

    from test_random_play import play_randomly
    from test_ratings import two_people_table

    db = tmp_path / "suspects.sqlite3"
    server: Server = make_server(db=db)
    runner = CliRunner()
    empty = runner.invoke(make_cli(), ["users", "suspects", "--db", str(db)])
    assert empty.exit_code == 0 and empty.output.strip().startswith("no rated matches")
    code, created, beto_token, _ana, _beto = two_people_table(server, rated=True)  # both from "testclient"
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto_token)}
    play_randomly(server, code, people, random.Random(3), 3000)
    people[0].until("result")
    listed = ""
    for _try in range(200):  # the match is recorded just after its result frame
        listed = runner.invoke(make_cli(), ["users", "suspects", "--db", str(db)]).output
        if code in listed:
            break
        import time

        time.sleep(0.02)
    assert f"table {code} (truco): " in listed and "share address" in listed
    assert {"ana", "beto"} <= set(listed.replace(":", " ").split())
