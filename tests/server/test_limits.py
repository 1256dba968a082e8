"""One client cannot use the server up: body size, slow or idle connections, game creation
and WebSockets per seat (issue 10, items 5, 6 and 8)."""

from __future__ import annotations

import contextlib
import select
import socket
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.helpers import create, humans, receive_json
from server.live import LiveServer


def _open(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    return s


def _closed_by_server(s: socket.socket, wait: float) -> bool:
    """True if the server closes ``s`` (or answers and closes) within ``wait`` seconds."""
    s.settimeout(wait)
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


# -- 5: request bodies --------------------------------------------------------------------
def test_a_body_declared_too_big_is_refused_before_it_is_sent(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "data") as server:
        s = _open(server.port)
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 104857600\r\n\r\n{"
        )
        s.settimeout(5)
        head = b""
        while b"}" not in head:  # the answer comes before any more of the 100 MB is sent
            part = s.recv(65536)
            if not part:
                break
            head += part
        s.close()
        assert head.startswith(b"HTTP/1.1 413"), head[:200]
        assert b"over the limit" in head


def test_a_streamed_body_is_cut_off_at_the_limit(tmp_path: Path) -> None:
    """No Content-Length: the chunks are counted as they come, and the server answers 413
    while the client is still sending (it never holds 64 MiB)."""
    with LiveServer(tmp_path / "data") as server:
        s = _open(server.port)
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            b"\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"100000\r\n" + b" " * 0x100000 + b"\r\n"  # 1 MiB
        sent = 0
        answer = b""
        for _ in range(64):
            readable, _, _ = select.select([s], [], [], 0.05)
            if readable:
                answer = s.recv(65536)
                break
            try:
                s.sendall(chunk)
            except OSError:
                break
            sent += 1
        s.settimeout(5)
        with contextlib.suppress(OSError):
            while b"}" not in answer:
                part = s.recv(65536)
                if not part:
                    break
                answer += part
        s.close()
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"over the limit" in answer
        assert sent < 64


def test_a_body_under_the_limit_still_works(client: TestClient) -> None:
    create(client, humans(3))


# -- 6: slow and idle connections ---------------------------------------------------------
def test_slow_and_idle_connections_are_closed_and_the_server_answers(tmp_path: Path) -> None:
    args = ("--header-timeout", "1", "--max-connections", "40")
    with LiveServer(tmp_path / "data", None, *args) as server:
        idle = [_open(server.port) for _ in range(100)]  # never send a byte
        trickle = _open(server.port)
        trickle.sendall(b"GET /api/maps HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        # 100 idle connections are more than the cap: a new client still gets in.
        t0 = time.monotonic()
        r = httpx.get(server.url + "/api/maps", timeout=5)
        assert r.status_code == 200 and time.monotonic() - t0 < 2
        # A request head trickled a byte at a time is closed when its time is up, even
        # though bytes keep coming.
        closed = False
        for _ in range(10):
            try:
                trickle.sendall(b"a")
            except OSError:
                closed = True
                break
            if _closed_by_server(trickle, 0.3):
                closed = True
                break
        assert closed, "a trickling request head was kept open for 3 s"
        assert all(_closed_by_server(s, 2.0) for s in idle)
        for s in [*idle, trickle]:
            s.close()
        assert httpx.get(server.url + "/api/maps", timeout=5).status_code == 200


def test_a_huge_request_head_is_refused(tmp_path: Path) -> None:
    """The server answers 431 and closes. (The client may see the close as a reset instead
    of the answer, since it is still sending: either way the head was cut off.)"""
    with LiveServer(tmp_path / "data") as server:
        s = _open(server.port)
        s.sendall(b"GET /api/maps HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answer = b""
        cut_off = False
        try:
            for _ in range(64):  # up to 4 MiB of header lines
                s.sendall(b"X-Big: " + b"a" * 65536 + b"\r\n")
                readable, _, _ = select.select([s], [], [], 0)
                if readable:
                    break
            s.settimeout(5)
            answer = s.recv(65536)
            cut_off = answer == b"" or answer.startswith(b"HTTP/1.1 431")
        except ConnectionError:
            cut_off = True
        except TimeoutError:
            pass  # nothing came back: the server is still reading the head
        s.close()
        assert cut_off, answer[:100]
        assert httpx.get(server.url + "/api/maps", timeout=5).status_code == 200


def test_idle_connections_are_closed_with_the_default_settings(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "data") as server:
        idle = [_open(server.port) for _ in range(20)]
        trickle = _open(server.port)
        trickle.sendall(b"GET /api/maps HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        t0 = time.monotonic()
        while time.monotonic() - t0 < 15 and not _closed_by_server(trickle, 1.0):
            trickle.sendall(b"a")  # a byte a second never completes the request head
        waited = time.monotonic() - t0
        assert 5 < waited < 14, f"a trickling connection was closed after {waited:.0f} s"
        assert all(_closed_by_server(s, 2.0) for s in idle)
        for s in [*idle, trickle]:
            s.close()


# -- 8: rate limits ----------------------------------------------------------------------
def test_game_creation_is_rate_limited_per_client(client: TestClient) -> None:
    body = {"map": "eastern-us", "seats": humans(3), "seed": 1}
    answers = [client.post("/api/games", json=body) for _ in range(40)]
    codes = [r.status_code for r in answers]
    assert codes[:20] == [201] * 20
    refused = [r for r in answers if r.status_code == 429]
    assert len(refused) >= 15, codes
    assert int(refused[0].headers["retry-after"]) >= 1
    assert "too many games" in refused[0].json()["error"]
    # Imports draw on the same bucket.
    r = client.post("/api/games/import", json={"record": {}})
    assert r.status_code == 429


def _create_from(url: str, forwarded_for: str) -> int:
    body = {"map": "eastern-us", "seats": humans(2), "seed": 1}
    headers = {"X-Forwarded-For": forwarded_for}
    return httpx.post(url + "/api/games", json=body, headers=headers, timeout=10).status_code


def test_a_forwarded_header_does_not_lift_the_creation_limit(tmp_path: Path) -> None:
    """Issue 30, item 2: a new X-Forwarded-For on every request made every create pass."""
    with LiveServer(tmp_path / "data", None, "--creates-per-minute", "1") as server:
        codes = [_create_from(server.url, f"198.51.100.{i}") for i in range(21)]
    assert codes[:20] == [201] * 20 and codes[20] == 429, codes


def test_behind_a_proxy_the_forwarded_address_is_the_client(tmp_path: Path) -> None:
    args = ("--creates-per-minute", "1", "--behind-proxy", "--proxy-ips", "127.0.0.1")
    with LiveServer(tmp_path / "data", None, *args) as server:
        codes = [_create_from(server.url, "203.0.113.7") for _ in range(21)]
        other = _create_from(server.url, "203.0.113.8")
    assert codes[:20] == [201] * 20 and codes[20] == 429, codes
    assert other == 201


def test_websockets_per_seat_are_capped(client: TestClient) -> None:
    game = create(client, humans(3))
    gid, token = game["id"], game["seats"][0]["token"]
    url = f"/api/games/{gid}/ws?token={token}"
    with contextlib.ExitStack() as stack:
        for _ in range(8):
            ws = stack.enter_context(client.websocket_connect(url))
            assert receive_json(ws, "a first update")["type"] == "update"
        with client.websocket_connect(url) as ninth, pytest.raises(WebSocketDisconnect) as info:
            receive_json(ninth, "the refusal of a ninth socket")
        assert info.value.code == 4429
        # Another seat is not affected.
        other = game["seats"][1]["token"]
        with client.websocket_connect(f"/api/games/{gid}/ws?token={other}") as ws:
            assert receive_json(ws, "another seat's first update")["type"] == "update"
    # Once the eight are closed, the seat may connect again.
    with client.websocket_connect(url) as ws:
        assert receive_json(ws, "the first update after the eight closed")["type"] == "update"
