"""``cartas users``: the operator's view of the online server's accounts (docs/accounts.md).

List them, disable or enable one (disabling logs out every session), and reset a password (a random one is
printed unless one is given). Nobody needs an e-mail address: a person who forgot a password asks the operator.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import click

from .app import data_home
from .help_text import TranslatedGroup
from cartas.core.i18n import mark


def _db(db: str | None) -> Path | str:
    from cartas.online.store.postgres import is_postgres_url

    return db if db is not None and is_postgres_url(db) else Path(db or data_home() / "online.sqlite3")


DB_HELP = "The server's database: a SQLite file [default: DATA/online.sqlite3] or a postgresql:// URL."


def _run(db: str | None, work: object) -> object:
    from cartas.online.accounts.operator import with_accounts
    from cartas.online.store.tables import StoreError
    from cartas.online.server.errors import Refused

    try:
        return asyncio.run(with_accounts(_db(db), work))  # type: ignore[arg-type]
    except Refused as refusal:
        raise click.ClickException(refusal.message) from None
    except StoreError as problem:
        raise click.ClickException(str(problem)) from None


@click.group(
    name="users", cls=TranslatedGroup,
    help=mark("The online server's accounts: list them, disable one, reset a password."),
    epilog="cartas users reports lists the reports players made of other players; cartas users suspects the rated"
    " matches between accounts that came from one address or one browser.",
)
def users_command() -> None:
    pass


@users_command.command(name="list", help="Every account: username, display name, created, disabled or not.")
@click.option("--db", default=None, help=DB_HELP)
def list_users(db: str | None) -> None:
    async def work(accounts: object) -> list[object]:
        return await accounts.listing()  # type: ignore[attr-defined,no-any-return]

    listed = _run(db, work)
    assert isinstance(listed, list)
    if not listed:
        click.echo("no accounts")
    for account in listed:
        flag = "  (disabled)" if account.disabled else ""
        click.echo(f"{account.username:<24} {account.display:<24} {account.created}{flag}")


@users_command.command(name="disable", help="Disable USERNAME's account and log out every session of it.")
@click.argument("username")
@click.option("--db", default=None, help=DB_HELP)
def disable(username: str, db: str | None) -> None:
    async def work(accounts: object) -> object:
        return await accounts.set_disabled(username, True)  # type: ignore[attr-defined]

    _run(db, work)
    click.echo(f"{username}: disabled, its sessions logged out")


@users_command.command(name="enable", help="Enable USERNAME's account again.")
@click.argument("username")
@click.option("--db", default=None, help=DB_HELP)
def enable(username: str, db: str | None) -> None:
    async def work(accounts: object) -> object:
        return await accounts.set_disabled(username, False)  # type: ignore[attr-defined]

    _run(db, work)
    click.echo(f"{username}: enabled")


@users_command.command(name="reports", help="The reports players made of other players, newest first.")
@click.option("--db", default=None, help=DB_HELP)
def list_reports(db: str | None) -> None:
    async def work(accounts: object) -> object:
        from cartas.online.accounts.service import reports

        return await reports(accounts.db)  # type: ignore[attr-defined]

    listed = _run(db, work)
    assert isinstance(listed, list)
    if not listed:
        click.echo("no reports")
    for item in listed:
        click.echo(
            f"{item['at']}  table {item['code']} seat {item['seat']}: {item['reported']}, reported by"
            f" {item['reporter']}: {item['reason']}{' — ' + item['detail'] if item.get('detail') else ''}"
        )


@users_command.command(
    name="suspects", help="Rated matches between accounts that came from one address or one browser, newest first."
)
@click.option("--db", default=None, help=DB_HELP)
def list_suspects(db: str | None) -> None:
    async def work(accounts: object) -> object:
        from cartas.online.accounts.suspects import suspects

        return await suspects(accounts.db)  # type: ignore[attr-defined]

    listed = _run(db, work)
    assert isinstance(listed, list)
    if not listed:
        click.echo("no rated matches between accounts that share an address or a browser")
    for item in listed:
        click.echo(
            f"{item['at']}  table {item['code']} ({item['game']}): {' and '.join(item['accounts'])}"
            f" share {' and '.join(item['shared'])}"
        )


@users_command.command(name="reset-password", help="Give USERNAME a new password (printed) and log out its sessions.")
@click.argument("username")
@click.option("--password", default=None, help="The new password (at least 8 characters); a random one if absent.")
@click.option("--db", default=None, help=DB_HELP)
def reset_password(username: str, password: str | None, db: str | None) -> None:
    async def work(accounts: object) -> object:
        return await accounts.reset_password(username, password)  # type: ignore[attr-defined]

    new = _run(db, work)
    click.echo(f"{username}: new password {new}")
