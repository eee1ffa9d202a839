"""What the server does with a finished match for the accounts: rate it and keep it in each account's history.

Called by the table (``Settings.on_finished``) after the match's record is exported, so the table module
knows nothing about accounts: this reads the seats' accounts (by their tokens' hashes), whether the table was
created rated, the share of each person's decisions a bot took and the seats a bot was playing at the end
(their person away past the grace: they left, and lost), then hands it to cartas.online.accounts.ratings.
"""

from __future__ import annotations

from typing import Any

from ..store.db import Runner
from .service import Accounts
from .ratings import Finished, record_match
from .shown import is_provisional, shown_change, shown_rating


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
        bot_share=share, rated_table=rated, left=frozenset(table.takeover),
    )


async def rating_changes(db: Runner, code: str) -> dict[str, dict[str, Any]]:
    """Per seat (as text, JSON's keys) of a rated match: the number shown after it, its change and whether it
    is still provisional (cartas.online.accounts.shown); empty for a casual match."""
    rows = await db.rows(
        "SELECT p.seat, p.before_mu, p.after_mu, r.matches FROM rated_players p JOIN ratings r"
        " ON r.account = p.account AND r.game = p.game AND r.format = p.format"
        " WHERE p.code = ? AND p.rated = 1 AND p.after_mu IS NOT NULL",
        (code,),
    )
    return {
        str(seat): {
            "rating": shown_rating(float(after)), "change": shown_change(float(before), float(after)),
            "provisional": is_provisional(int(matches)),
        }
        for seat, before, after, matches in rows
    }


def rating_key(table: Any) -> str:
    """The game a match is rated under: ``<game>/turns`` for a turn-based table (cartas.online.game.turns), whose
    matches are played over days and rated apart from those played in one sitting."""
    clocks = table.clocks
    turns = clocks is not None and clocks.state.turns
    return f"{table.game.name}/turns" if turns else str(table.game.name)


async def on_finished(accounts: Accounts, table: Any) -> None:
    """Rate and record the match, then tell the table each rated seat's new number and change (the end banner's
    "1579 (+79)"): a frame outside the numbered history, as the ratings come after the match's last frame."""
    owners = await accounts.seat_tokens(table.code)
    if not owners:
        return
    after = await record_match(accounts.db, finished_match(table, owners, await rated_table(accounts, table.code)))
    if after:
        table.tell_everyone({"type": "ratings", "seats": await rating_changes(accounts.db, table.code)})
