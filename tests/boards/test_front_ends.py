"""Great Britain and Nippon in the lobby and the API: listed, drawn, playable by bots."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from railways.server import create_app
from railways.store import open_store

BOARDS = {"great-britain": ("Great Britain", 2, 5), "nippon": ("Nippon", 2, 4)}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_store(data_dir=tmp_path / "data"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.parametrize("map_id", sorted(BOARDS))
def test_the_lobby_lists_the_board_and_a_game_starts_on_it(client: TestClient, map_id: str) -> None:
    name, low, high = BOARDS[map_id]
    listed = {m["id"]: m for m in client.get("/api/maps").json()}
    assert (listed[map_id]["name"], listed[map_id]["min_players"]) == (name, low)
    assert listed[map_id]["max_players"] == high
    svg = client.get(f"/api/maps/{map_id}/board.svg")
    assert svg.status_code == 200 and f'data-map="{map_id}"' in svg.text
    seats = [{"name": "Ada", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "bot", "bot": "random"} for i in range(1, high)
    ]
    r = client.post("/api/games", json={"map": map_id, "seats": seats, "seed": 5})
    assert r.status_code == 201, r.text
    too_many = seats + [{"name": "Extra", "kind": "human"}]
    r = client.post("/api/games", json={"map": map_id, "seats": too_many, "seed": 5})
    assert r.status_code in (400, 422), r.text
