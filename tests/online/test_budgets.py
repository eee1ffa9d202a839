"""Every door of the server has a budget, named in Limits' buckets or with a reason for none, and docs/online.md's
table of budgets is the one the code makes (issue 46: a door cannot arrive without a budget)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cartas.online import budget_table
from cartas.online.game import frame_budgets
from cartas.online.routes import doors
from cartas.online.server.limits import Limits, Rate

ROOT = Path(__file__).resolve().parents[2]


def test_every_door_has_a_budget_of_known_buckets() -> None:
    for door in doors():
        assert door.budget is not None, f"{door.name} has no budget"
        assert door.budget.documented(), f"{door.name}: a budget names a bucket or says why it needs none"
        assert not door.budget.unknown(), f"{door.name} names buckets that are not Limits fields"


def test_every_frame_type_the_socket_answers_has_a_budget() -> None:
    source = (ROOT / "online" / "game" / "socket.py").read_text(encoding="utf-8")
    answered = set(re.findall(r'kind == "(\w+)"', source)) | {"hello"}
    assert answered <= set(frame_budgets.FRAMES), answered - set(frame_budgets.FRAMES)
    for kind, budget in frame_budgets.FRAMES.items():
        assert budget.documented() and not budget.unknown(), kind


def test_the_docs_table_is_the_codes() -> None:
    docs = (ROOT / "docs" / "online.md").read_text(encoding="utf-8")
    start = docs.index(budget_table.START) + len(budget_table.START) + 1
    written = docs[start:docs.index(budget_table.END)]
    assert written == budget_table.markdown(), "run python -m cartas.online.budget_table and paste it in docs/online.md"


def test_server_wide_buckets_where_many_addresses_could_spend_everyones_share() -> None:
    by_name = {door.name: door.budget for door in doors()}
    for name, total in {"create_table": "all_tables", "join": "all_joins", "report": "all_reports",
                        "analysis_start": "all_analyses"}.items():
        budget = by_name[name]
        assert budget is not None and total in budget.total, name


def test_a_server_wide_bucket_refuses_whatever_the_address(make_server: Any) -> None:
    server = make_server(limits=Limits(all_tables=Rate(burst=1, per_minute=1)))
    assert server.client.post("/api/tables", json={"game": "truco", "name": "Ana"}).status_code == 201
    refused = server.client.post("/api/tables", json={"game": "truco", "name": "Ana"}, headers={"accept-language": "es"})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert "servidor" in refused.json()["error"]
