"""Seat tokens stay out of the server's log (issue 10, item 2).

A real ``railways serve`` runs with uvicorn's access log on (it goes to standard output);
requests carry tokens in every way the API takes them (``?token=``, ``Authorization:
Bearer``, the first WebSocket message, ``?token=`` on the WebSocket URL), and the log must
name none of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from websockets.sync.client import connect

from railways.server.auth import redact
from railways.server.spawn import served
from server.helpers import humans


@contextmanager
def logged_server(data_dir: Path, log_file: Path) -> Iterator[str]:
    """``railways serve`` at info level, its output (access log included) in ``log_file``."""
    out = log_file.open("wb")
    with out, served(data_dir=str(data_dir), log_level="info", output=out) as started:
        yield started.url


def test_the_access_log_holds_no_token(tmp_path: Path) -> None:
    log_file = tmp_path / "server.log"
    with logged_server(tmp_path / "data", log_file) as url:
        created = httpx.post(f"{url}/api/games", json={"seats": humans(2)}).json()
        gid = created["id"]
        tokens = [s["token"] for s in created["seats"]] + [created["spectator"]["token"]]
        first, second, spectator = tokens
        assert httpx.get(f"{url}/api/games/{gid}?token={first}").json()["seat"] == 0
        bearer = {"Authorization": f"Bearer {second}"}
        assert httpx.get(f"{url}/api/games/{gid}", headers=bearer).json()["seat"] == 1
        # a percent-encoded name is still the token to the server (issue 30, item 3)
        assert httpx.get(f"{url}/api/games/{gid}?%74oken={second}").json()["seat"] == 1
        assert httpx.get(f"{url}/api/games", headers=bearer).json()[0]["id"] == gid
        hexes = httpx.get(f"{url}/api/games/{gid}/next-hexes?path=&token={first}")
        assert hexes.status_code == 200
        ws_url = url.replace("http", "ws", 1) + f"/api/games/{gid}/ws"
        with connect(f"{ws_url}?token={spectator}") as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "update"
        with connect(ws_url) as ws:  # the browser's way: the token is the first message
            ws.send(json.dumps({"token": first}))
            update = json.loads(ws.recv(timeout=10))
            assert update["type"] == "update" and update["seat"] == 0
    log = log_file.read_text(errors="replace")
    # the requests were logged, with their token values blanked out
    assert f'"GET /api/games/{gid}?token=[redacted] HTTP/1.1" 200' in log, log
    assert "/next-hexes?path=&token=[redacted]" in log, log
    assert f'"GET /api/games/{gid}?%74oken=[redacted] HTTP/1.1" 200' in log, log
    assert f"/api/games/{gid}/ws?token=[redacted]" in log, log
    for token in tokens:
        assert token not in log, log


def test_a_token_is_redacted_however_its_name_is_encoded() -> None:
    for line in (
        "GET /a?token=SECRET HTTP/1.1",
        "GET /a?%74oken=SECRET&x=1 HTTP/1.1",
        "GET /a?path=&TOK%45N=SECRET HTTP/1.1",
        "GET /a?to%6Ben=SECRET HTTP/1.1",
        "GET /ws?a=b&%2574oken=SECRET HTTP/1.1",
    ):
        cleaned = redact(line)
        assert "SECRET" not in cleaned and "[redacted]" in cleaned, cleaned
    assert redact("GET /a?tokens=1&path=ab HTTP/1.1") == "GET /a?tokens=1&path=ab HTTP/1.1"
