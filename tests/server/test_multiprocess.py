"""Two real ``railways serve`` processes on one database (issue 10, item 10): each sees
the other's actions at once, and the WebSocket clients of both get every update. SQLite
always; PostgreSQL when RAILWAYS_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from railways.store import open_store
from server.live import LiveServer
from server.test_postgres import pg_url  # noqa: F401  (the fixture)
from waits import REQUEST_SECONDS

SEATS = [{"name": "A"}, {"name": "B"}, {"name": "C"}]


def _state(server: LiveServer, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{gid}", params={"token": token}, timeout=REQUEST_SECONDS)
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
        timeout=REQUEST_SECONDS,
    )


def _two_servers_play(a: LiveServer, b: LiveServer) -> None:
    game = httpx.post(f"{a.url}/api/games", json={"seats": SEATS}, timeout=REQUEST_SECONDS).json()
    gid = game["id"]
    spectator = game["spectator"]["token"]
    assert _state(b, gid, spectator)["action_index"] == 0  # B has the game loaded now

    token, index, action = _a_move(a, game)
    assert _act(a, gid, token, index, action).status_code == 200
    # B answers with A's action at once, not its own stale copy.
    assert _state(b, gid, spectator)["action_index"] == index + 1

    ws_url = f"ws://127.0.0.1:{a.port}/api/games/{gid}/ws?token={spectator}"
    with connect(ws_url, open_timeout=REQUEST_SECONDS) as ws:
        hello = json.loads(ws.recv(timeout=REQUEST_SECONDS))
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
        listed = httpx.get(
            f"{server.url}/api/games", params={"token": spectator}, timeout=REQUEST_SECONDS
        ).json()
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


def _moves_of(server: LiveServer, game: dict[str, Any]) -> list[tuple[str, int, dict[str, Any]]]:
    """Every seat's (token, action index, first two simple actions...) that can act now."""
    out = []
    for seat in game["seats"]:
        mine = _state(server, game["id"], seat["token"])
        legal = mine["legal"]
        for option in (legal or {}).get("simple", [])[:2]:
            out.append((seat["token"], mine["action_index"], option["action"]))
    return out


def _race_two_servers(a: LiveServer, b: LiveServer, store_url: str, rounds: int = 12) -> None:
    """Each round, the seat to act sends a move to each server at once (two different
    moves when it has two): exactly one is taken, and both servers and the stored record
    end with the same actions in the same order, every taken one kept."""
    game = httpx.post(f"{a.url}/api/games", json={"seats": SEATS}, timeout=REQUEST_SECONDS).json()
    gid = game["id"]
    taken: list[dict[str, Any]] = []
    with ThreadPoolExecutor(2) as pool:
        for _ in range(rounds):
            moves = _moves_of(a, game)
            token, index, first = moves[0]
            second = next((m[2] for m in moves[1:] if m[0] == token), first)
            sent = [(a, first), (b, second)]
            futures = [pool.submit(_act, s, gid, token, index, move) for s, move in sent]
            answers = [f.result(timeout=30) for f in futures]
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            taken.append(sent[[r.status_code for r in answers].index(200)][1])
    spectator = game["spectator"]["token"]
    views = [_state(server, gid, spectator) for server in (a, b)]
    assert views[0]["action_index"] == views[1]["action_index"] == rounds
    assert views[0]["view"] == views[1]["view"]
    # what is stored: the taken actions, in the order they were taken, none lost
    store = open_store(store_url)
    try:
        _meta, record = store.load(gid)
    finally:
        store.close()
    assert record["actions"] == taken


def test_two_servers_race_for_one_game_on_sqlite(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "data") as a, LiveServer(tmp_path / "data") as b:
        _race_two_servers(a, b, f"sqlite:///{tmp_path / 'data' / 'railways.sqlite3'}")


def test_two_servers_race_for_one_game_on_postgresql(pg_url: str) -> None:  # noqa: F811
    with LiveServer(None, pg_url) as a, LiveServer(None, pg_url) as b:
        _race_two_servers(a, b, pg_url)
