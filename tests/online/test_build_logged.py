"""``cartas serve`` says which build serves (pure or compiled, docs/compiled.md), once, as it starts."""

from __future__ import annotations

from cartas.core.buildinfo import build_info


def test_the_server_logs_its_build_once_at_start(make_server, caplog) -> None:  # type: ignore[no-untyped-def]
    with caplog.at_level("INFO", logger="cartas.online"):
        make_server()
    lines = [record.getMessage() for record in caplog.records if record.name == "cartas.online"]
    assert lines.count(f"cartas {build_info().describe()}") == 1


def test_the_server_logs_its_event_loop_once_at_start(make_server, caplog) -> None:  # type: ignore[no-untyped-def]
    with caplog.at_level("INFO", logger="cartas.online"):
        make_server()
    lines = [record.getMessage() for record in caplog.records if record.name == "cartas.online"]
    loops = [line for line in lines if line.startswith("event loop: ")]
    # the test client runs the app on Python's own loop
    assert loops == ["event loop: asyncio (pure Python; the fast extra installs uvloop)"]


def test_a_loop_is_named_by_its_package_and_version() -> None:
    import asyncio

    from cartas.online.server.loop_info import describe_loop

    class Loop(asyncio.SelectorEventLoop):
        pass

    Loop.__module__ = "uvloop"
    loop = Loop()
    try:
        try:
            from importlib.metadata import version

            expected = f"uvloop {version('uvloop')}"
        except Exception:
            expected = "uvloop"
        assert describe_loop(loop) == expected
    finally:
        loop.close()
    plain = asyncio.new_event_loop()
    try:
        assert describe_loop(plain).startswith("asyncio (")
    finally:
        plain.close()
