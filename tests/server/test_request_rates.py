"""Reads, actions and imports are rate limited per client address (issue 30): 429 with
Retry-After (WebSocket close 4429) once a bucket is empty, and nothing stored changes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from railways.cli.serve import serve
from railways.server import create_app, limits
from railways.store import open_store
from server.helpers import create, humans, receive_json

# Bursts of 6 reads, 3 actions and 1 import, refilled at one a minute (so, in a test,
# never refilled).
BURSTS = (6, 3, 1)
IMPORT = "/api/games/import"


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(data_dir=tmp_path / "data")
    app = create_app(
        store,
        bot_delay=0,
        reads_per_minute=1,
        actions_per_minute=1,
        imports_per_minute=1,
        rate_bursts=BURSTS,
    )
    with TestClient(app) as test_client:
        yield test_client


def test_reads_are_limited_and_say_when_to_come_back(limited: TestClient) -> None:
    codes = [limited.get("/api/maps").status_code for _ in range(7)]
    assert codes == [200] * 6 + [429]
    refused = limited.get("/api/maps")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert "too many requests" in refused.json()["error"]
    # the page itself is not counted
    assert limited.get("/").status_code == 200


def test_a_websocket_over_the_read_limit_is_closed_with_4429(limited: TestClient) -> None:
    game = create(limited, humans(2))  # one action
    url = f"/api/games/{game['id']}/ws?token={game['seats'][0]['token']}"
    for _ in range(BURSTS[0]):
        with limited.websocket_connect(url) as ws:
            assert receive_json(ws, "an update")["type"] == "update"
    with limited.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as info:
        receive_json(ws, "the refusal")
    assert info.value.code == 4429


def test_a_refused_action_changes_nothing(limited: TestClient) -> None:
    game = create(limited, humans(2))  # the first of three actions
    gid, token = game["id"], game["seats"][0]["token"]
    said = [
        limited.post(f"/api/games/{gid}/chat", params={"token": token}, json={"text": f"hi {i}"})
        for i in range(3)
    ]
    assert [r.status_code for r in said] == [201, 201, 429]
    assert "too many actions" in said[2].json()["error"]
    assert int(said[2].headers["retry-after"]) >= 1
    chat = limited.get(f"/api/games/{gid}/chat", params={"token": token}).json()
    assert [m["text"] for m in chat] == ["hi 0", "hi 1"]


def test_imports_have_their_own_small_limit(limited: TestClient) -> None:
    first = limited.post("/api/games/import", json={"record": {}})
    assert first.status_code != 429
    second = limited.post("/api/games/import", json={"record": {}})
    assert second.status_code == 429
    assert "too many imports" in second.json()["error"]
    assert limited.get("/api/games").json() == []
    # actions other than imports still have their own room
    assert limited.post("/api/games", json={"seats": humans(2)}).status_code == 201


def test_an_app_made_without_rates_counts_nothing(client: TestClient) -> None:
    assert all(client.get("/api/maps").status_code == 200 for _ in range(700))


def _first_refused(send: Callable[[], Any], most: int) -> Any:
    """The first answer of ``send()`` that is a 429, trying at most ``most`` times."""
    for _ in range(most):
        answer = send()
        if answer.status_code == 429:
            return answer
        assert answer.status_code in (400, 404), answer.text
    raise AssertionError(f"{most} requests and none was refused")


def test_railways_serve_limits_reads_actions_and_imports_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30, item 2: ``railways serve`` limited only creations; reads, actions and
    imports had no limit. Its default limits, on the app it would run (the buckets' clock
    stopped, so that none refills while a slow machine sends the requests)."""
    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_options: apps.append(app))
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    ran = CliRunner().invoke(serve, ["--data-dir", str(tmp_path / "data")])
    assert ran.exit_code == 0, ran.output
    (app,) = apps
    with TestClient(app) as client:
        # (the defaults are hundreds of reads and actions and two imports at once)
        read = _first_refused(lambda: client.get("/api/nothing-here"), 2000)
        assert "too many requests" in read.json()["error"]
        imported = _first_refused(lambda: client.post(IMPORT, json={"record": {}}), 10)
        assert "too many imports" in imported.json()["error"]
        acted = _first_refused(lambda: client.post("/api/nothing-here"), 2000)
        assert "too many actions" in acted.json()["error"]
