"""``cartas serve``: run the online server, where people play each other in the browser.

The server lives in :mod:`cartas.online`, which needs the ``online`` extra (Starlette and uvicorn); it is
imported only when the command runs, so ``cartas --help`` and every other command work without it.
"""

from __future__ import annotations

from pathlib import Path

import click

from cartas.cli.app import data_home

MISSING_EXTRA = "cartas serve needs the online extra: pip install 'cartas[online]'"
MAX_MESSAGE = 64 * 1024
"""The largest websocket message uvicorn accepts; the server refuses any frame over 4 KiB itself."""
DEFLATE = False
"""No permessage-deflate: compressing every frame took a tenth of the server's CPU under load, and a view is
under 2 KiB (docs/online.md, Capacity)."""


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every one).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option(
    "--db", "db", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="The SQLite database of the tables [default: DATA/online.sqlite3].",
)
@click.option(
    "--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10),
    help="Seconds a bot's move takes at the least, so people can follow the play.",
)
@click.option(
    "--grace", default=60.0, show_default=True, type=click.FloatRange(0, 3600),
    help="Seconds a player may be away before a bot plays for them (new tables' default).",
)
def serve_command(host: str, port: int, db: Path | None, bot_delay: float, grace: float) -> None:
    """Serve online play: a lobby and tables in the browser, bots in the empty seats.

    Finished matches are saved as records that `cartas replay` reads and count in `cartas stats`.
    """
    try:
        import uvicorn

        from cartas.online.app import create_app
        from cartas.online.store import SQLiteStore, StoreError
    except ImportError:
        raise click.ClickException(MISSING_EXTRA) from None
    home = data_home()
    path = db if db is not None else home / "online.sqlite3"
    try:
        SQLiteStore(path).close()  # refuse a foreign or newer database here, in one line, not in a traceback
    except (StoreError, OSError) as error:
        raise click.ClickException(str(error)) from None
    app = create_app(path, bot_delay=bot_delay, grace=grace, data_dir=home)
    click.echo(f"cartas serve: http://{host}:{port}/ (tables in {path})")
    uvicorn.run(
        app, host=host, port=port, ws_max_size=MAX_MESSAGE, ws_per_message_deflate=DEFLATE, log_level="info"
    )
