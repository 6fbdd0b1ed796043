"""Stable identities in a Tabletop Simulator save: GUIDs and deck keys from hashes.

The same input gives the same ids (no random GUIDs), unique within one file: a hash that
collides with one already given is hashed again with the next attempt number.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


class Ids:
    """Stable GUIDs (6 lower-case hex) and deck keys (10000..99999), unique in one file."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.guids: set[str] = set()
        self.keys: set[int] = set()

    def _digest(self, identity: str, attempt: int) -> str:
        return hashlib.sha256(f"{self.seed}|{identity}|{attempt}".encode()).hexdigest()

    def guid(self, identity: str) -> str:
        """A GUID for `identity`, none given before in this file."""
        attempt = 0
        while (value := self._digest(identity, attempt)[:6]) in self.guids:
            attempt += 1
        self.guids.add(value)
        return value

    def key(self, identity: str) -> int:
        """A deck key for `identity`, none given before in this file."""
        attempt = 0
        while (value := int(self._digest(identity, attempt), 16) % 90000 + 10000) in self.keys:
            attempt += 1
        self.keys.add(value)
        return value


def content_hash(*parts: Any) -> str:
    """A short hash of JSON-able parts alone (not of the cardgen that hashes them, unlike
    a cache key): what goes into the save stays the same across cardgen versions."""
    blob = json.dumps(list(parts))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]
