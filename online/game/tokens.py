"""Table codes and secret tokens: made at random, kept only as hashes, compared in constant time.

A seat token is what proves, on every websocket connection and host operation, that a browser holds that
seat. The server stores only its sha256, so a copy of the database cannot take anyone's seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another when read aloud or copied by hand (no 0/O, 1/I/L)."""
CODE_LENGTH = 6


def new_code() -> str:
    """A short table code for the invite link: 31**6, about 887 million codes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A secret seat or host token: 24 random bytes, URL-safe text."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from, in time that does not depend on where they differ."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
