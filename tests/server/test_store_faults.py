"""A store that is locked, read-only or failing (issue 10, items 7 and 9): other games
go on, and every refusal is a 503 that says why."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient

from railways.server import create_app
from railways.store import open_store
from railways.store.sql import SQLITE_FILE
from server.live import LiveServer
from server.test_postgres import pg_url  # noqa: F401  (the fixture)
from waits import REQUEST_SECONDS

SEATS = [{"name": "A"}, {"name": "B"}, {"name": "C"}]


@contextmanager
def locked(db: Path) -> Iterator[None]:
    """Another process's write lock on the database (what a backup tool or a second
    server in the middle of a long write holds)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def _first_action(url: str, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    for seat in game["seats"]:
        r = httpx.get(
            f"{url}/api/games/{game['id']}",
            params={"token": seat["token"]},
            timeout=REQUEST_SECONDS,
        )
        legal = r.json()["legal"]
        if legal and legal["simple"]:
            return seat["token"], legal["simple"][0]["action"]
    raise AssertionError("no seat can act")


# How long the server's writes wait for a lock held elsewhere in the test below: longer
# than the test holds it, so that the action can only be answered once the lock is gone.
LOCK_WAIT = "120"


def test_a_locked_database_stalls_no_other_game(tmp_path: Path) -> None:
    """An action waiting for a lock held by another process does not hold up another
    game's read: the read is answered while the action still waits (a read queued behind
    the write would wait as long as the lock is held, and the test holds it until the
    read is answered). Once the lock is released the action goes through, nothing lost.
    (The 503 when the busy timeout runs out: test_create_and_import_answer_503_...)"""
    data = tmp_path / "data"
    with LiveServer(data, None, "--busy-timeout", LOCK_WAIT) as server:
        games = [
            httpx.post(
                f"{server.url}/api/games", json={"seats": SEATS}, timeout=REQUEST_SECONDS
            ).json()
            for _ in range(2)
        ]
        token, action = _first_action(server.url, games[0])
        other = games[1]["seats"][0]["token"]
        answers: list[httpx.Response] = []
        post = threading.Thread(
            target=lambda: answers.append(
                httpx.post(
                    f"{server.url}/api/games/{games[0]['id']}/actions",
                    json={"token": token, "after": 0, "action": action},
                    timeout=float(LOCK_WAIT),
                )
            )
        )
        with locked(data / SQLITE_FILE):
            post.start()
            time.sleep(1.0)  # the action is now waiting for the lock (a precondition, not timed)
            r = httpx.get(
                f"{server.url}/api/games/{games[1]['id']}",
                params={"token": other},
                timeout=REQUEST_SECONDS,
            )
            assert r.status_code == 200
            assert post.is_alive() and not answers  # the action still waits for the lock
        post.join(float(LOCK_WAIT))
        assert answers and answers[0].status_code == 200, answers and answers[0].text
        assert answers[0].json()["action_index"] == 1


def test_create_and_import_answer_503_when_the_store_fails(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = open_store(data_dir=data)  # the default busy timeout: 2 s
    with TestClient(create_app(store, bot_delay=0), raise_server_exceptions=False) as client:
        with locked(data / SQLITE_FILE):
            r = client.post("/api/games", json={"seats": SEATS, "seed": 3})
            assert r.status_code == 503, r.text
            assert "locked" in r.json()["error"] and "nothing was changed" in r.json()["error"]
            record = {
                "format": 1,
                "ruleset": {"id": "railways-of-the-world", "version": "1"},
                "map": "eastern-us",
                "seats": ["A", "B", "C"],
                "seed": 3,
                "options": {},
                "actions": [],
            }
            r = client.post("/api/games/import", json={"record": record})
            assert r.status_code in (400, 503), r.text  # 400 only if the record is refused
            if r.status_code == 503:
                assert "locked" in r.json()["error"]
            health = client.get("/api/health")
            assert health.status_code == 503
            assert health.json()["store"]["writable"] is False
        assert client.get("/api/health").json()["store"]["writable"] is True
        assert client.post("/api/games", json={"seats": SEATS}).status_code == 201
        assert client.get("/api/games").headers["x-total-count"] == "1"


def _read_only_url(data: Path) -> str:
    open_store(data_dir=data).close()  # a database with the schema in place
    return f"sqlite:///file:{data / SQLITE_FILE}?mode=ro&uri=true"


def test_a_read_only_database_is_reported_at_start_and_on_health(tmp_path: Path) -> None:
    url = _read_only_url(tmp_path / "data")
    with TestClient(create_app(open_store(url), bot_delay=0)) as client:
        health = client.get("/api/health")
        assert health.status_code == 503
        assert "read-only" in health.json()["store"]["problem"]
        r = client.post("/api/games", json={"seats": SEATS})
        assert r.status_code == 503 and "read-only" in r.json()["error"]
        assert client.get("/api/maps").status_code == 200  # the rest still answers
    server = LiveServer(None, url).start()
    log = server.stop()
    assert "cannot be written" in log and "read-only" in log


def test_a_locked_postgresql_row_answers_503(pg_url: str) -> None:  # noqa: F811
    """PostgreSQL: another session holding the game's row lock makes the action give up
    after the lock timeout (2 s) with a 503, instead of waiting on."""
    store = open_store(pg_url)
    with TestClient(create_app(store, bot_delay=0)) as client:
        game = client.post("/api/games", json={"seats": SEATS}).json()
        token = game["seats"][0]["token"]
        legal = client.get(f"/api/games/{game['id']}", params={"token": token}).json()["legal"]
        action = legal["simple"][0]["action"]
        other = sa.create_engine(pg_url)
        with other.connect() as conn, conn.begin():
            conn.execute(
                sa.text("SELECT 1 FROM games WHERE id = :id FOR UPDATE"), {"id": game["id"]}
            )
            t0 = time.monotonic()
            r = client.post(
                f"/api/games/{game['id']}/actions",
                json={"token": token, "after": 0, "action": action},
            )
            took = time.monotonic() - t0
        other.dispose()
        assert r.status_code == 503, r.text
        assert "locked" in r.json()["error"] and took < 5
        r = client.post(
            f"/api/games/{game['id']}/actions", json={"token": token, "after": 0, "action": action}
        )
        assert r.status_code == 200, r.text
