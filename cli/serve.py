"""``cartas serve``: run the online server, where people play each other in the browser.

The server lives in :mod:`cartas.online`, which needs the ``online`` extra (Starlette and uvicorn); it is
imported only when the command runs, so ``cartas --help`` and every other command work without it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import click

from .help_text import command, option
from .app import data_home
from cartas.core.i18n import mark

MISSING_EXTRA = "cartas serve needs the online extra: pip install 'cartas[online]'"
MAX_MESSAGE = 64 * 1024
"""The largest websocket message uvicorn reads: a larger one closes the connection with 1009 before the server sees
it; the server answers any frame over 4 KiB with an error itself (docs/online.md)."""
DEFLATE = False
"""No permessage-deflate: compressing every frame took a tenth of the server's CPU under load, and a view is
under 2 KiB (docs/online.md, Capacity)."""


SERVE_HELP = mark("""Serve online play: a lobby and tables in the browser, bots in the empty seats.

Finished matches are saved as records that `cartas replay` reads and count in `cartas stats`.
""")


@command(
    "serve", help=SERVE_HELP,
    short_help=mark("Serve online play: a lobby and tables in the browser, bots in the empty seats."),
)
@option("--host", default="127.0.0.1", show_default=True, help=mark("Address to listen on (0.0.0.0 for every one)."))
@option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help=mark("Port to listen on."))
@option(
    "--db", "db", default=None,
    help=mark("The tables' database: a SQLite file [default: DATA/online.sqlite3], or a postgresql://user@host/name URL"
              " for several server processes on one database (needs the online-pg extra)."),
)
@option(
    "--advertise", default=None,
    help=mark("The address other processes send this one's clients to (with several on one database), unique to this"
              " process [default: http://HOST:PORT]."),
)
@option(
    "--lease", default=5.0, show_default=True, type=click.FloatRange(2, 600),
    help=mark("Seconds a table's lease lasts: another process takes a dead one's tables over after about this long."),
)
@option(
    "--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10),
    help=mark("Seconds a bot's move takes at the least, so people can follow the play."),
)
@option(
    "--grace", default=60.0, show_default=True, type=click.FloatRange(0, 3600),
    help=mark("Seconds a player may be away before a bot plays for them (new tables' default)."),
)
@option(
    "--allow-origin", "allow_origins", multiple=True, metavar="URL",
    help=mark("Another site whose pages may create and join tables here, such as https://example.org (repeatable);"
              " the server's own pages always may."),
)
@option(
    "--lobby-expiry", default=1800.0, show_default=True, type=click.FloatRange(10, 86400),
    help=mark("Seconds a table may wait in the lobby with nobody connected before it expires."),
)
@option(
    "--check", "check_db", is_flag=True,
    help=mark("Check the database and exit: SQLite's integrity check, then every table read and its moves replayed;"
              " one line a problem, exit status 1 when there is any."),
)
@option(
    "--backup", "backup_to", default=None, type=click.Path(dir_okay=False, path_type=Path),
    help=mark("Copy the SQLite database to FILE and exit; safe while a server runs on it."),
)
@option(
    "--restore", "restore_from", default=None, type=click.Path(dir_okay=False, path_type=Path),
    help=mark("Put the backup FILE in place of the SQLite database and exit; the server must be stopped."),
)
@option(
    "--log-format", "log_format", default="text", show_default=True, type=click.Choice(["text", "json"]),
    help=mark("How the server logs: lines of text, or one JSON object a line (for a log collector)."),
)
@option(
    "--limits", "limits_file", default=None, type=click.Path(dir_okay=False, path_type=Path),
    help=mark("A TOML file of limits to raise or lower, name = \"burst/per_minute\" a line (see --print-limits)."),
)
@option(
    "--limit", "limit_flags", multiple=True, metavar="NAME=VALUE",
    help=mark("Set one limit, such as address_frames=600/5400 (repeatable; after --limits)."),
)
@option(
    "--print-limits", is_flag=True,
    help=mark("Print the limits in force (the defaults, --limits and --limit) as a limits file, and exit."),
)
def serve_command(
    host: str, port: int, db: str | None, advertise: str | None, lease: float, bot_delay: float, grace: float,
    allow_origins: tuple[str, ...] = (), lobby_expiry: float = 1800.0, check_db: bool = False,
    backup_to: Path | None = None, restore_from: Path | None = None, log_format: str = "text",
    limits_file: Path | None = None, limit_flags: tuple[str, ...] = (), print_limits: bool = False,
) -> None:
    try:
        # The operator's commands (--check, --backup, --restore) need the store, not the web application.
        from cartas.online.store.opening import open_store
        from cartas.online.store.postgres import is_postgres_url
        from cartas.online.store.tables import StoreError
        from cartas.online.server import limit_settings
    except ImportError:
        raise click.ClickException(MISSING_EXTRA) from None
    try:
        changes = limit_settings.from_file(limits_file) if limits_file is not None else {}
        changes.update(limit_settings.from_flags(limit_flags))
    except limit_settings.LimitError as problem:
        raise click.ClickException(str(problem)) from None
    limits = limit_settings.with_changes(changes)
    if print_limits:
        click.echo(limit_settings.printed(limits))
        return
    for origin in allow_origins:
        scheme, sep, rest = origin.partition("://")
        if scheme not in ("http", "https") or not sep or not rest.strip("/"):
            raise click.BadParameter(
                f"{origin!r} is not an origin such as https://example.org", param_hint="--allow-origin"
            )
    home = data_home()
    path: Path | str = db if db is not None and is_postgres_url(db) else Path(db or home / "online.sqlite3")
    if sum((check_db, backup_to is not None, restore_from is not None)) > 1:
        raise click.UsageError("--check, --backup and --restore are used one at a time")
    if check_db:
        check(path)
        return
    if backup_to is not None or restore_from is not None:
        copy(path, backup_to, restore_from, home)
        return

    try:
        import uvicorn

        from cartas.online.app import create_app
        from cartas.online.game.ownership import Ownership
        from cartas.online.server.timeouts import uvicorn_options
    except ImportError:
        raise click.ClickException(MISSING_EXTRA) from None

    async def can_open() -> None:
        await (await open_store(path)).close()

    try:
        asyncio.run(can_open())  # refuse a foreign, newer or unreachable database here, in one line
    except (StoreError, OSError) as error:
        raise click.ClickException(str(error)) from None
    address = advertise or f"http://{host}:{port}"
    # The address is the owner id too: one process per address, and a restarted one takes its tables back at once.
    ownership = Ownership.for_lease(address, address, lease)
    app = create_app(
        path, bot_delay=bot_delay, grace=grace, data_dir=home, ownership=ownership, allow_origins=allow_origins,
        lobby_expiry=lobby_expiry, limits=limits,
    )
    where = "a Postgres database" if isinstance(path, str) else path
    from cartas.online.server.logs import banner, log_config

    click.echo(banner(f"cartas serve: http://{host}:{port}/ (tables in {where})", log_format))
    from cartas.online.server.shutdown import GracefulServer

    options = uvicorn_options(MAX_MESSAGE, DEFLATE)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="info", log_config=log_config(log_format), **options  # type: ignore[arg-type]
    )
    GracefulServer(config, app.state.drain).run()


def check(path: Path | str) -> None:
    """``--check``: print each problem of the database on a line of its own; exit 1 when there is any."""
    from cartas.core.plugins.manager import installed_registry
    from cartas.online.store.check import check_database

    if isinstance(path, Path) and not path.is_file():
        raise click.ClickException(f"{path}: no such database")
    seen, problems = asyncio.run(check_database(path, installed_registry()))
    for problem in problems:
        click.echo(problem)
    if problems:
        raise SystemExit(1)
    click.echo(f"{path if isinstance(path, Path) else 'the Postgres database'}: sound ({seen} table(s) replayed)")


def copy(path: Path | str, backup_to: Path | None, restore_from: Path | None, home: Path | None = None) -> None:
    """``--backup`` / ``--restore`` of a SQLite database (Postgres: pg_dump and pg_restore, docs/online.md), and
    of the Web Push key in the data folder ``home``, kept beside the backup (cartas.online.push.keys)."""
    from cartas.online.push.keys import back_up_key, restore_key
    from cartas.online.store.backup import backup, restore
    from cartas.online.store.tables import StoreError

    if not isinstance(path, Path):
        raise click.ClickException("a Postgres database is backed up with pg_dump and restored with pg_restore")
    try:
        if backup_to is not None:
            tables = backup(path, backup_to)
            click.echo(f"{path} copied to {backup_to} ({tables} table(s))")
            if home is not None and back_up_key(home, backup_to):
                click.echo(f"the Web Push key is kept beside it, in {backup_to.name}.vapid-private.pem")
        elif restore_from is not None:
            tables = restore(restore_from, path)
            click.echo(f"{restore_from} restored to {path} ({tables} table(s))")
            if home is not None and restore_key(restore_from, home):
                click.echo("the Web Push key was restored with it")
    except (StoreError, OSError) as error:
        raise click.ClickException(str(error)) from None
