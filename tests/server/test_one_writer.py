"""This process's own writes never find the SQLite file "locked by another process"
(issue 30: eight imports at once got 503s though no other process existed; the store's
own write threads were waiting on each other past the busy timeout)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from railways.server import create_app
from railways.store import open_store
from server.helpers import humans


def test_concurrent_writes_of_one_process_never_answer_locked(tmp_path: Path) -> None:
    # No patience at all for a lock held elsewhere: any wait on our own writes would show.
    store = open_store(data_dir=tmp_path / "data", busy_timeout=0.0)
    app = create_app(store, bot_delay=0, creates_per_minute=0)
    with TestClient(app) as client:
        games = [client.post("/api/games", json={"seats": humans(2)}).json() for _ in range(60)]

        def write(i: int) -> int:  # a new game, or a line of chat (one per game: its limit)
            game = games[i // 2]
            if i % 2:
                body = {"seats": humans(2)}
                return client.post("/api/games", json=body).status_code
            token = game["seats"][0]["token"]
            said = client.post(
                f"/api/games/{game['id']}/chat", params={"token": token}, json={"text": f"{i}"}
            )
            return said.status_code

        with ThreadPoolExecutor(16) as pool:
            codes = list(pool.map(write, range(120)))
    assert codes.count(201) == len(codes), sorted(set(codes))
