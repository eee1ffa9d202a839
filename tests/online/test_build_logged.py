"""``cartas serve`` says which build serves (pure or compiled, docs/compiled.md), once, as it starts."""

from __future__ import annotations

from cartas.core.buildinfo import build_info


def test_the_server_logs_its_build_once_at_start(make_server, caplog) -> None:  # type: ignore[no-untyped-def]
    with caplog.at_level("INFO", logger="cartas.online"):
        make_server()
    lines = [record.getMessage() for record in caplog.records if record.name == "cartas.online"]
    assert lines.count(f"cartas {build_info().describe()}") == 1
