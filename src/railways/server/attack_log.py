"""The attack suite's access-log row (issue 30, item 3): a seat token sent in every way the
API takes one, its name percent-encoded too (``?%74oken=``), never reaches the log.

The row starts a server of its own with uvicorn's access log on (the attacked one logs
errors only), so it runs only where ``--attack`` started the server.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
from websockets.sync.client import connect

from railways.server.attack import SEATS, Outcome
from railways.server.spawn import served

# The query names a token may travel under: the plain one and percent-encoded spellings
# the server reads as the same name.
TOKEN_NAMES = ("token", "%74oken", "to%6Ben", "%74%6F%6B%65%6E")


def leaked_tokens(log: str, tokens: list[str]) -> list[str]:
    """The tokens (shortened) that appear anywhere in ``log``."""
    return [token[:6] + "..." for token in tokens if token in log]


@contextlib.contextmanager
def logging_server(log_file: Path) -> Iterator[str]:
    """``railways serve`` at info level (access log on), its output in ``log_file``."""
    with log_file.open("wb") as out, served(log_level="info", output=out) as started:
        yield started.url


def _send_tokens(url: str) -> tuple[list[str], int]:
    """A game's tokens sent every way the API takes them; (the tokens, requests answered)."""
    created = httpx.post(f"{url}/api/games", json={"seats": SEATS}, timeout=10).json()
    game = created["id"]
    tokens = [seat["token"] for seat in created["seats"]] + [created["spectator"]["token"]]
    answered = 0
    for name, token in zip(TOKEN_NAMES, tokens, strict=False):
        answered += httpx.get(f"{url}/api/games/{game}?{name}={token}", timeout=10).is_success
    bearer = {"Authorization": f"Bearer {tokens[0]}"}
    answered += httpx.get(f"{url}/api/games/{game}", headers=bearer, timeout=10).is_success
    ws_url = url.replace("http", "ws", 1) + f"/api/games/{game}/ws"
    with connect(f"{ws_url}?token={tokens[1]}", open_timeout=10) as ws:
        answered += json.loads(ws.recv(timeout=10))["type"] == "update"
    with connect(ws_url, open_timeout=10) as ws:  # the browser's way: the first message
        ws.send(json.dumps({"token": tokens[2]}))
        answered += json.loads(ws.recv(timeout=10))["type"] == "update"
    return tokens, answered


def tokens_in_access_log() -> list[Outcome]:
    """Seat tokens in every form, then the server's whole output searched for them."""
    with tempfile.TemporaryDirectory(prefix="railways-attack-log-") as folder:
        log_file = Path(folder) / "server.log"
        with logging_server(log_file) as url:
            tokens, answered = _send_tokens(url)
        log = log_file.read_text(errors="replace")
    logged = log.count("[redacted]")
    leaked = leaked_tokens(log, tokens)
    sent = len(TOKEN_NAMES) + 3
    return [
        Outcome(
            "seat tokens in the access log (?token=, ?%74oken=, Bearer, WebSocket)",
            not leaked and answered == sent and logged >= len(TOKEN_NAMES),
            f"{answered} of {sent} requests answered, {logged} redacted in the log, "
            f"tokens found: {', '.join(leaked) or 'none'}",
        )
    ]
