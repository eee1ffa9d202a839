"""A software WebAuthn authenticator for the API tests: an ES256 key made with ``cryptography``, answering the
server's options as a browser and a platform authenticator would (attestation "none"), so the server's checks
(py_webauthn's) run on real signatures. Only for tests: the server never signs anything itself."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40


@dataclass
class SoftAuthenticator:
    origin: str = "http://testserver"
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: os.urandom(16))
    count: int = 0
    user_handle: bytes = b""

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return bytes(cbor2.dumps({1: 2, 3: -7, -1: 1, -2: x, -3: y}))  # an EC2 key, ES256, P-256

    def client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin or self.origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """The browser's answer to ``navigator.credentials.create(options)``."""
        self.user_handle = base64url_to_bytes(options["user"]["id"])
        rp_hash = hashlib.sha256(options["rp"]["id"].encode()).digest()
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self.cose_key()
        auth_data = rp_hash + bytes([UP | UV | AT]) + struct.pack(">I", self.count) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        cid = bytes_to_base64url(self.credential_id)
        return {
            "id": cid, "rawId": cid, "type": "public-key", "clientExtensionResults": {},
            "response": {
                "clientDataJSON": bytes_to_base64url(self.client_data("webauthn.create", options["challenge"], origin)),
                "attestationObject": bytes_to_base64url(attestation), "transports": ["internal", "made-up"],
            },
        }

    def get(self, options: dict[str, Any], origin: str | None = None, count: int | None = None) -> dict[str, Any]:
        """The browser's answer to ``navigator.credentials.get(options)``; the counter goes up unless given."""
        self.count = self.count + 1 if count is None else count
        rp_hash = hashlib.sha256(options["rpId"].encode()).digest()
        auth_data = rp_hash + bytes([UP | UV]) + struct.pack(">I", self.count)
        client_data = self.client_data("webauthn.get", options["challenge"], origin)
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        cid = bytes_to_base64url(self.credential_id)
        return {
            "id": cid, "rawId": cid, "type": "public-key", "clientExtensionResults": {},
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data), "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature), "userHandle": bytes_to_base64url(self.user_handle),
            },
        }
