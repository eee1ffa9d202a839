"""What the server does with a finished match for the accounts: rate it and keep it in each account's history.

Called by the table (``Settings.on_finished``) after the match's record is exported, so the table module
knows nothing about accounts: this reads the seats' accounts (by their tokens' hashes), whether the table was
created rated, and the share of each person's decisions a bot took, then hands it to cartas.online.accounts.ratings.
"""

from __future__ import annotations

from typing import Any

from .service import Accounts
from .ratings import Finished, record_match


async def rated_table(accounts: Accounts, code: str) -> bool:
    return bool(await accounts.db.rows("SELECT code FROM rated_tables WHERE code = ?", (code,)))


async def mark_rated(accounts: Accounts, code: str) -> None:
    await accounts.db.run("INSERT INTO rated_tables (code) VALUES (?)", (code,))


def finished_match(table: Any, owners: dict[str, str], rated: bool) -> Finished:
    """The :class:`Finished` of a :class:`~cartas.online.game.table.LiveTable` whose match is over."""
    winners, scores = table.outcome()  # the game's result, or a match lost on time (cartas.online.game.clock)
    accounts = {row.seat: owners[row.token_hash] for row in table.seats if row.token_hash in owners}
    share = {}
    for seat, (person, bot) in table.decisions.items():
        if table.seats[seat].kind == "human" and person + bot:
            share[seat] = bot / (person + bot)
    teams = table.teams
    return Finished(
        code=table.code, game=rating_key(table), players=len(table.seats),
        teams=tuple(teams) if teams is not None else None, winners=tuple(winners),
        scores=tuple(scores), accounts=accounts, kinds={row.seat: row.kind for row in table.seats},
        bot_share=share, rated_table=rated,
    )


def rating_key(table: Any) -> str:
    """The game a match is rated under: ``<game>/turns`` for a turn-based table (cartas.online.game.turns), whose
    matches are played over days and rated apart from those played in one sitting."""
    clocks = table.clocks
    turns = clocks is not None and clocks.state.turns
    return f"{table.game.name}/turns" if turns else str(table.game.name)


async def on_finished(accounts: Accounts, table: Any) -> None:
    owners = await accounts.seat_tokens(table.code)
    if not owners:
        return
    await record_match(accounts.db, finished_match(table, owners, await rated_table(accounts, table.code)))
