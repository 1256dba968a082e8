"""Signing the game records this server exports, so it can tell them from edited ones.

A record's ``digest`` (railways.core.record) is a plain SHA-256 that anyone can
recompute after editing the file. A record this server exports also carries
``"signature": "hmac-sha256:<hex>"``, an HMAC-SHA256 of the record's canonical
body (every field but ``digest`` and ``signature``) under a key that never leaves
the server: 32 random bytes made on first use and kept in the data directory as
``record-signing.key`` (mode 0600). The digest is then computed over the body and
the signature, so a signed record still passes ``GameRecord.from_dict``'s check.

On import the server says whether the record is its own, unedited
(``signed_by_this_server``); an unsigned or edited record is still playable.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from railways.core.record import digest

log = logging.getLogger("railways.server")

KEY_FILE = "record-signing.key"
PREFIX = "hmac-sha256:"


def load_or_create_key(directory: Path) -> bytes:
    """The key in ``directory/record-signing.key``, made (mode 0600) if missing."""
    path = directory / KEY_FILE
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    directory.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it meanwhile: use theirs
        return _read_key(path)
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_hex(32) + "\n")
    return _read_key(path)


def _read_key(path: Path) -> bytes:
    text = path.read_text().strip()
    key = bytes.fromhex(text)
    if len(key) < 16:
        raise ValueError(f"{path}: the record-signing key is too short")
    if path.stat().st_mode & 0o077:
        log.warning("%s is readable by other users; making it 0600", path)
        path.chmod(0o600)
    return key


def _canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def _mac(key: bytes, body: dict[str, Any]) -> str:
    return PREFIX + hmac.new(key, _canonical(body), hashlib.sha256).hexdigest()


def sign(key: bytes, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a ``GameRecord.to_dict()``) with its signature and a digest over both."""
    body = {k: v for k, v in record.items() if k not in ("digest", "signature")}
    body["signature"] = _mac(key, body)
    body["digest"] = digest(body)
    return body


def signed_by(key: bytes, record: dict[str, Any]) -> bool:
    """Whether ``record`` carries this key's signature of exactly its content."""
    signature = record.get("signature")
    if not isinstance(signature, str):
        return False
    body = {k: v for k, v in record.items() if k not in ("digest", "signature")}
    return hmac.compare_digest(signature, _mac(key, body))


def key_directory(store_url: str, data_dir: Path | None = None) -> Path | None:
    """Where the key lives: ``data_dir`` if given, else beside a SQLite database file, else
    the default data dir (``$RAILWAYS_DATA_DIR``...), which is also where a server on
    PostgreSQL keeps it: several servers on one database must share that file. None for an
    in-memory SQLite database: its games, and so its key, last only as long as the process."""
    if data_dir is not None:
        return data_dir
    url = make_url(store_url) if store_url else None
    if url is not None and url.get_backend_name() == "sqlite" and url.database:
        path = url.database
        if path.startswith("file:"):  # a SQLite URI: file:/path?mode=ro
            path = path[len("file:") :].split("?", 1)[0]
        if path and path != ":memory:" and "mode=memory" not in url.database:
            return Path(path).expanduser().resolve().parent
    if url is not None and url.get_backend_name() == "sqlite":
        return None
    from railways.store.sql import default_data_dir

    return default_data_dir()
