"""Two real ``railways serve`` processes on one database (issue 10, item 10): each sees
the other's actions at once, and the WebSocket clients of both get every update. SQLite
always; PostgreSQL when RAILWAYS_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from server.live import LiveServer
from server.test_postgres import pg_url  # noqa: F401  (the fixture)

SEATS = [{"name": "A"}, {"name": "B"}, {"name": "C"}]


def _state(server: LiveServer, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}, timeout=10)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _a_move(server: LiveServer, game: dict[str, Any]) -> tuple[str, int, dict[str, Any]]:
    """(token, action index, action) of a seat that can act now, as ``server`` sees it."""
    for seat in game["seats"]:
        mine = _state(server, game["id"], seat["token"])
        legal = mine["legal"]
        if legal and legal["simple"]:
            return seat["token"], mine["action_index"], legal["simple"][0]["action"]
    raise AssertionError("no seat can act")


def _act(server: LiveServer, gid: str, token: str, after: int, action: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/games/{gid}/actions",
        json={"token": token, "after": after, "action": action},
        timeout=10,
    )


def _two_servers_play(a: LiveServer, b: LiveServer) -> None:
    game = httpx.post(f"{a.url}/api/games", json={"seats": SEATS}, timeout=10).json()
    gid = game["id"]
    spectator = game["spectator"]["token"]
    assert _state(b, gid, spectator)["action_index"] == 0  # B has the game loaded now

    token, index, action = _a_move(a, game)
    assert _act(a, gid, token, index, action).status_code == 200
    # B answers with A's action at once, not its own stale copy.
    assert _state(b, gid, spectator)["action_index"] == index + 1

    ws_url = f"ws://127.0.0.1:{a.port}/api/games/{gid}/ws?token={spectator}"
    with connect(ws_url, open_timeout=10) as ws:
        hello = json.loads(ws.recv(timeout=10))
        assert hello["action_index"] == index + 1
        # An action taken on B reaches A's WebSocket client.
        token, index, action = _a_move(b, game)
        assert _act(b, gid, token, index, action).status_code == 200
        update = json.loads(ws.recv(timeout=2))  # PostgreSQL: NOTIFY, not the 5 s poll
        assert update["action_index"] == index + 1
        assert update["view"] == _state(b, gid, spectator)["view"]

    # A accepts the next action after B's (it caught up), and refuses a stale one.
    token, index, action = _a_move(a, game)
    assert _act(a, gid, token, index - 1, action).status_code == 409
    assert _act(a, gid, token, index, action).status_code == 200
    assert _state(b, gid, spectator)["action_index"] == index + 1
    # Both list the game with the same count.
    for server in (a, b):
        listed = httpx.get(f"{server.url}/api/games", params={"token": spectator}).json()
        assert listed[0]["action_index"] == index + 1


@pytest.fixture
def sqlite_pair(tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    with LiveServer(tmp_path / "data") as a, LiveServer(tmp_path / "data") as b:
        yield a, b


def test_two_servers_on_one_sqlite_file(sqlite_pair: tuple[LiveServer, LiveServer]) -> None:
    _two_servers_play(*sqlite_pair)


def test_two_servers_on_one_postgresql(pg_url: str) -> None:  # noqa: F811
    with LiveServer(None, pg_url) as a, LiveServer(None, pg_url) as b:
        _two_servers_play(a, b)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_replay_workers_go_when_their_server_is_killed(tmp_path: Path) -> None:
    """Issue 30: a server killed with SIGKILL cannot stop its replay workers; they must
    notice and go, or they hold its standard error (and a fork server) forever."""
    server = LiveServer(tmp_path / "data").start()
    assert server.proc is not None
    pid = server.proc.pid
    answer = httpx.post(f"{server.url}/api/games/import", json={"record": {}}, timeout=60)
    assert answer.status_code == 400  # checked by a worker, which is running now
    workers = [w for child in _children(pid) for w in _children(child)]
    assert workers, "no replay worker under the server's fork server"
    server.proc.kill()
    server.stop()  # waits for its standard error to close: every worker gone
    deadline = time.monotonic() + 30
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)
