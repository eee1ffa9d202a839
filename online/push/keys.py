"""The server's VAPID key pair (RFC 8292): made once by the first ``cartas serve`` and kept in its data folder.

Push services tie every subscription to the public key it was made with, so the key must outlive restarts
and be restored with the database (``cartas serve --backup`` copies it beside the backup). Several processes
on one database share one data folder, hence one key.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

KEY_FILE = "vapid-private.pem"


def key_path(data_dir: Path) -> Path:
    return data_dir / KEY_FILE


def load_or_make(data_dir: Path) -> ec.EllipticCurvePrivateKey:
    """The key in ``data_dir``, made (P-256, readable by the owner only) when there is none."""
    path = key_path(data_dir)
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        temporary = path.with_suffix(".tmp")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
            out.write(pem)
        os.replace(temporary, path)  # two processes starting together keep one of the two keys, whole
    loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
    assert isinstance(loaded, ec.EllipticCurvePrivateKey)
    return loaded


def public_key_text(key: ec.EllipticCurvePrivateKey) -> str:
    """The public key as browsers take it (``applicationServerKey``): the uncompressed point, base64url."""
    raw = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def beside(backup: Path) -> Path:
    """Where ``cartas serve --backup FILE`` keeps the key: ``FILE.vapid-private.pem``."""
    return backup.with_name(f"{backup.name}.{KEY_FILE}")


def back_up_key(data_dir: Path, backup: Path) -> bool:
    """Copy the key beside a backup of the database (owner-readable only); False when there is none yet."""
    source = key_path(data_dir)
    if not source.exists():
        return False
    target = beside(backup)
    with open(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
        out.write(source.read_bytes())
    return True


def restore_key(backup: Path, data_dir: Path) -> bool:
    """Put the key kept beside ``backup`` back in the data folder; False when the backup has none."""
    source = beside(backup)
    if not source.exists():
        return False
    data_dir.mkdir(parents=True, exist_ok=True)
    target = key_path(data_dir)
    with open(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
        out.write(source.read_bytes())
    return True
