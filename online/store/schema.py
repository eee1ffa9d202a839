"""The online database's schema as numbered steps, shared by the SQLite and the Postgres store.

Step 1 is the schema the first ``cartas serve`` created; each later step turns version n-1 into version n.
A store applies the steps a database lacks when it opens it (:func:`upgrade`), each in its own transaction
together with the row that records the new version in ``schema_version``, so a server killed mid-upgrade leaves
the database at the last whole version. The DDL is written in the subset both databases read the same way (BIGINT and
DOUBLE PRECISION are INTEGER and REAL to SQLite).
"""

from __future__ import annotations

from .db import Runner, Tx
from .rows import StoreError

MIGRATION_LOCK = 0x63617274  # "cart": held while a step is applied, so processes started together apply it once

STEPS: dict[int, list[str]] = {
    1: [
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        """CREATE TABLE tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            position TEXT,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished')),
            grace DOUBLE PRECISION NOT NULL,
            bot_level TEXT NOT NULL,
            host_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL,
            finished TEXT
        )""",
        """CREATE TABLE seats (
            code TEXT NOT NULL REFERENCES tables (code),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('empty', 'human', 'bot')),
            name TEXT,
            level TEXT,
            token_hash TEXT,
            host INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (code, seat)
        )""",
        """CREATE TABLE moves (
            code TEXT NOT NULL REFERENCES tables (code),
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (code, n)
        )""",
        """CREATE TABLE chat (
            code TEXT NOT NULL REFERENCES tables (code),
            v INTEGER NOT NULL,
            seat INTEGER,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (code, v)
        )""",
        "CREATE INDEX tables_status ON tables (status)",
    ],
    # Version 2: which server process runs each table, until when (seconds since the epoch, by the database's
    # clock where it has one), and where it can be reached (for the redirect hint).
    2: [
        """CREATE TABLE leases (
            code TEXT PRIMARY KEY REFERENCES tables (code),
            owner TEXT NOT NULL,
            address TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX leases_owner ON leases (owner)",
    ],
    # Version 3: who is at each seat of a person (online, away, or a bot playing for them), written by the
    # table's owner at each change, so the open-tables list of every process shows it.
    3: [
        """CREATE TABLE presence (
            code TEXT NOT NULL REFERENCES tables (code),
            seat INTEGER NOT NULL,
            presence TEXT NOT NULL CHECK (presence IN ('online', 'away', 'bot')),
            PRIMARY KEY (code, seat)
        )""",
    ],
    # Version 4: why a table stopped before its end ('expired': nobody joined it in time; 'abandoned': nobody
    # was connected for longer than its grace), whether spectators may chat, and the open-tables list's index
    # (read a page at a time in creation order).
    4: [
        "ALTER TABLE tables ADD COLUMN ended TEXT CHECK (ended IN ('expired', 'abandoned'))",
        "ALTER TABLE tables ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX tables_open ON tables (status, created, code)",
    ],
    # Version 5 (issue 30, accounts and ratings; see docs/accounts.md): optional accounts (an argon2 hash of
    # the password, a profile), their login sessions (only a token's sha256 kept), which account took which
    # seat (by the seat token's hash, which follows the person when the host reseats them), ratings per game and format, the rated matches and what each player's rating did, and reports.
    5: [
        """CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            username TEXT NOT NULL UNIQUE,
            password TEXT NOT NULL,
            display TEXT NOT NULL,
            language TEXT NOT NULL DEFAULT 'es',
            deck TEXT NOT NULL DEFAULT 'classic',
            avatar TEXT NOT NULL DEFAULT 'sol',
            disabled INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL
        )""",
        """CREATE TABLE account_sessions (
            id TEXT PRIMARY KEY,
            account TEXT NOT NULL REFERENCES accounts (id),
            token_hash TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL,
            seen TEXT NOT NULL,
            agent TEXT NOT NULL,
            revoked INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX account_sessions_account ON account_sessions (account)",
        """CREATE TABLE seat_accounts (
            code TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            account TEXT NOT NULL REFERENCES accounts (id),
            PRIMARY KEY (code, token_hash)
        )""",
        """CREATE TABLE ratings (
            account TEXT NOT NULL REFERENCES accounts (id),
            game TEXT NOT NULL,
            format TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            matches INTEGER NOT NULL,
            PRIMARY KEY (account, game, format)
        )""",
        "CREATE INDEX ratings_board ON ratings (game, format, mu)",
        """CREATE TABLE rated_players (
            code TEXT NOT NULL,
            account TEXT NOT NULL REFERENCES accounts (id),
            game TEXT NOT NULL,
            format TEXT NOT NULL,
            seat INTEGER NOT NULL,
            team INTEGER NOT NULL,
            score INTEGER NOT NULL,
            won INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            before_mu DOUBLE PRECISION,
            before_sigma DOUBLE PRECISION,
            after_mu DOUBLE PRECISION,
            after_sigma DOUBLE PRECISION,
            at TEXT NOT NULL,
            PRIMARY KEY (code, account)
        )""",
        "CREATE INDEX rated_players_account ON rated_players (account, at)",
        "CREATE TABLE rated_tables (code TEXT PRIMARY KEY)",
        """CREATE TABLE quickplay (
            ticket_hash TEXT PRIMARY KEY,
            setup TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            players INTEGER NOT NULL,
            name TEXT NOT NULL,
            account TEXT,
            rating DOUBLE PRECISION NOT NULL,
            bots_after DOUBLE PRECISION,
            joined DOUBLE PRECISION NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('waiting', 'pairing', 'seated')),
            code TEXT,
            seat INTEGER,
            token TEXT
        )""",
        "CREATE INDEX quickplay_waiting ON quickplay (status, setup, rating)",
        """CREATE TABLE reports (
            id TEXT PRIMARY KEY,
            reporter TEXT NOT NULL,
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            reported TEXT NOT NULL,
            reason TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
    ],
    # Version 6 (issue 30, clocks; see cartas.online.game.clock): a table's clock as JSON (the time per decision, the
    # reserve, each seat's reserve left and timeouts, who lost on time), written with the move that changed it.
    6: [
        "ALTER TABLE tables ADD COLUMN clock TEXT",
    ],
    # Version 7 (issue 30, people; docs/accounts.md): two people queueing together as partners (a party, and
    # the party of each queue row), the chat mutes an account keeps, the seats a host removed a person from
    # (who may not take that seat again at that table), and a report's free text beside its reason.
    7: [
        "ALTER TABLE quickplay ADD COLUMN party TEXT",
        """CREATE TABLE parties (
            code TEXT PRIMARY KEY,
            setup TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            players INTEGER NOT NULL,
            bots_after DOUBLE PRECISION,
            leader_hash TEXT NOT NULL,
            leader_name TEXT NOT NULL,
            leader_account TEXT,
            invitee TEXT,
            member_hash TEXT,
            status TEXT NOT NULL CHECK (status IN ('open', 'queued', 'closed')),
            created DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX parties_invitee ON parties (invitee, status)",
        """CREATE TABLE mutes (
            account TEXT NOT NULL,
            target TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (account, target)
        )""",
        """CREATE TABLE seat_bans (
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account TEXT,
            address TEXT,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX seat_bans_code ON seat_bans (code)",
        "ALTER TABLE reports ADD COLUMN detail TEXT",
    ],
    # Version 8 (issue 30, passkeys; docs/accounts.md "Passkeys"): an account's WebAuthn credentials (the id and
    # the COSE public key as base64url, the signature counter, the transports the browser named), and the
    # challenges handed out, each used once and kept in the database so any process may check the answer.
    8: [
        """CREATE TABLE passkeys (
            id TEXT PRIMARY KEY,
            account TEXT NOT NULL,
            public_key TEXT NOT NULL,
            sign_count BIGINT NOT NULL,
            transports TEXT NOT NULL,
            name TEXT NOT NULL,
            created TEXT NOT NULL,
            used TEXT
        )""",
        "CREATE INDEX passkeys_account ON passkeys (account)",
        """CREATE TABLE passkey_challenges (
            id TEXT PRIMARY KEY,
            challenge TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('register', 'login')),
            session TEXT,
            expires DOUBLE PRECISION NOT NULL
        )""",
    ],
    # Version 9 (issue 32, a person's habits carried across a table's matches; docs/bots.md "Across a table's
    # matches"): the table a rematch table was made from, so its bots can read the matches these people played
    # before in the same seats.
    9: [
        "ALTER TABLE tables ADD COLUMN previous TEXT",
    ],
    # Version 10 (issue 47, the history reads "You 9 - 15 Rival"): every side's final score of a match in each
    # account's history line (JSON list by side), so a match against bots, whose seats have no line, still
    # knows the rivals' score. Older lines have NULL and show the account's own score only.
    10: [
        "ALTER TABLE rated_players ADD COLUMN scores TEXT",
    ],
    # Version 11 (issue 46, accounts that may be one person; docs/accounts.md): where each account took a seat
    # from (an address, or a browser that also carries another account's device mark), for `cartas users suspects`.
    11: [
        """CREATE TABLE account_origins (
            account TEXT NOT NULL REFERENCES accounts (id),
            seen TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (account, seen)
        )""",
    ],
    # Version 12 (games that wait for you; cartas.online.game.turns): a turn-based table's seconds per decision
    # (NULL at any other table) and its running decision's deadline (seconds since the epoch, NULL when none),
    # both copied from its clock whenever the clock is written, so one indexed query finds the decisions out
    # of time without loading any table.
    12: [
        "ALTER TABLE tables ADD COLUMN turns DOUBLE PRECISION",
        "ALTER TABLE tables ADD COLUMN deadline DOUBLE PRECISION",
        "CREATE INDEX tables_deadline ON tables (deadline)",
    ],
    # Version 13 (Web Push; cartas.online.push): each device's push subscription, kept with its account, the
    # kinds of notification it wants and the language it reads them in.
    13: [
        """CREATE TABLE push_subscriptions (
            endpoint TEXT PRIMARY KEY,
            account TEXT NOT NULL REFERENCES accounts (id),
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            kinds TEXT NOT NULL,
            language TEXT NOT NULL,
            created TEXT NOT NULL
        )""",
        "CREATE INDEX push_subscriptions_account ON push_subscriptions (account)",
    ],
    # Version 14 (issue 50, friends and challenges; docs/accounts.md "Friends"): friendships as a request and an
    # accept (one row per pair, the lower account id first), blocks, challenges from one account to another, and
    # invitation links (only a token's sha256 kept, used once); and a table's choice to refuse spectators.
    14: [
        """CREATE TABLE friends (
            a TEXT NOT NULL,
            b TEXT NOT NULL,
            asker TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'accepted')),
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (a, b)
        )""",
        "CREATE INDEX friends_b ON friends (b)",
        """CREATE TABLE blocks (
            account TEXT NOT NULL,
            target TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account, target)
        )""",
        """CREATE TABLE challenges (
            id TEXT PRIMARY KEY,
            challenger TEXT NOT NULL,
            challenged TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'cancelled')),
            created DOUBLE PRECISION NOT NULL,
            expires DOUBLE PRECISION NOT NULL,
            code TEXT,
            seats TEXT
        )""",
        "CREATE INDEX challenges_challenged ON challenges (challenged, status)",
        "CREATE INDEX challenges_challenger ON challenges (challenger, status)",
        """CREATE TABLE invitation_links (
            token_hash TEXT PRIMARY KEY,
            account TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('friend', 'challenge')),
            game TEXT,
            options TEXT,
            expires DOUBLE PRECISION NOT NULL,
            used DOUBLE PRECISION
        )""",
        "ALTER TABLE tables ADD COLUMN spectators INTEGER NOT NULL DEFAULT 1",
    ],
}

SCHEMA_VERSION = max(STEPS)
"""The version this code reads and writes; an older database is upgraded, a newer one refused."""


def steps_after(version: int, target: int = SCHEMA_VERSION) -> list[tuple[int, list[str]]]:
    """The steps that bring a database at ``version`` (0 when empty) to ``target``, in order."""
    return [(n, STEPS[n]) for n in range(version + 1, target + 1)]


async def schema_version(runner: Runner, tx: Tx | None = None) -> int:
    """The database's schema version, 0 when it has none of our tables; a foreign or newer database is refused."""
    reader: Tx | Runner = tx or runner
    names = {row[0] for row in await reader.rows(runner.table_names)}
    if "schema_version" not in names:
        if names:
            raise StoreError(f"{runner.name} is not a cartas online database; it was left as it is")
        return 0
    ((version,),) = await reader.rows("SELECT max(version) FROM schema_version")
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise StoreError(
            f"{runner.name} has schema version {version}; this cartas reads versions up to {SCHEMA_VERSION}"
        )
    return version


async def upgrade(runner: Runner, target: int = SCHEMA_VERSION) -> None:
    """Apply the steps the database lacks, each in one transaction with its version row, under the migration lock."""
    while True:
        async with runner.transaction() as tx:
            await runner.lock(tx, MIGRATION_LOCK)
            version = await schema_version(runner, tx)
            if version >= target:
                return
            number, statements = steps_after(version, target)[0]
            for statement in statements:
                await tx.run(statement)
            await tx.run("INSERT INTO schema_version VALUES (?)", (number,))
