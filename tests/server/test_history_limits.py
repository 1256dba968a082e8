"""Bounded action histories (issue 10, item 4): undos per turn and actions per game are
capped by the referee (not by the rules), a game is replayed only for one of its own
tokens, and replays run in a worker process, off the event loop (issue 30)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from railways.core.record import GameRecord
from railways.server import create_app, games
from railways.store import open_store
from server.helpers import act, create, first_legal, humans, receive_text, state


def _to_actions(client: TestClient, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Keep barons and pass bids until someone may build; that seat's token and state."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(60):
        seen = state(client, game["id"], game["spectator"]["token"])
        seat = seen["view"]["to_act"]
        mine = state(client, game["id"], tokens[seat])
        if mine["legal"]["builds"]:
            return tokens[seat], mine
        r = act(client, game["id"], tokens[seat], mine["action_index"], first_legal(mine["legal"]))
        assert r.status_code == 200, r.text
    raise AssertionError("no build was offered")


def _build_and_undo(client: TestClient, gid: str, token: str, mine: dict[str, Any]) -> Any:
    build = mine["legal"]["builds"][0]["action"]
    r = act(client, gid, token, mine["action_index"], build)
    assert r.status_code == 200, r.text
    return act(client, gid, token, mine["action_index"] + 1, {"kind": "undo", "seat": mine["seat"]})


def test_undos_in_one_turn_are_capped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "MAX_UNDOS_PER_TURN", 3)
    game = create(client, humans(3))
    token, mine = _to_actions(client, game)
    for _ in range(3):
        r = _build_and_undo(client, game["id"], token, mine)
        assert r.status_code == 200, r.text
        mine = r.json()
    r = _build_and_undo(client, game["id"], token, mine)
    assert r.status_code == 400 and "3 undos" in r.json()["error"]
    after = state(client, game["id"], token)
    assert after["action_index"] == mine["action_index"] + 1  # the build stands, unchanged


def test_actions_per_game_are_capped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = create(client, humans(3))
    token, mine = _to_actions(client, game)
    monkeypatch.setattr(games, "MAX_ACTIONS", mine["action_index"])
    r = act(client, game["id"], token, mine["action_index"], first_legal(mine["legal"]))
    assert r.status_code == 400 and "limit" in r.json()["error"]
    assert state(client, game["id"], token)["action_index"] == mine["action_index"]


def _undo_record(client: TestClient, pairs: int) -> dict[str, Any]:
    """A record of a game that reached building, then built and undid ``pairs`` times."""
    game = create(client, humans(3))
    _token, mine = _to_actions(client, game)
    handle = client.app.state.manager._handles[game["id"]]  # type: ignore[attr-defined]
    body = GameRecord(
        "railways-of-the-world",
        "1",
        "eastern-us",
        tuple(handle.game.seats),
        handle.game.seed,
        handle.game.options.to_dict(),
        tuple(handle.game.actions),
    ).to_dict()
    build = mine["legal"]["builds"][0]["action"]
    body["actions"] += [build, {"kind": "undo", "seat": mine["seat"]}] * pairs
    del body["digest"]
    return body


def test_imported_records_are_held_to_the_same_limits(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The real limit: records are checked in a worker process, which this test's
    # monkeypatch would not reach.
    limit = games.MAX_UNDOS_PER_TURN
    ok = client.post("/api/games/import", json={"record": _undo_record(client, limit)})
    assert ok.status_code == 201, ok.text
    record = _undo_record(client, limit + 1)
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 400 and r.json()["where"] == f"actions[{len(record['actions']) - 1}]"
    monkeypatch.setattr(games, "MAX_ACTIONS", len(record["actions"]) - 1)
    r = client.post("/api/games/import", json={"record": record})
    assert r.status_code == 400 and r.json()["where"] == "actions"
    assert "at most" in r.json()["error"]


@pytest.fixture
def restarted(data_dir: Path) -> Iterator[tuple[dict[str, Any], TestClient]]:
    """A game made by one server, and a second server over the same store."""
    with TestClient(create_app(open_store(data_dir=data_dir), bot_delay=0)) as first:
        game = create(first, humans(3))
        _to_actions(first, game)
    with TestClient(create_app(open_store(data_dir=data_dir), bot_delay=0)) as second:
        yield game, second


def test_no_replay_before_the_token_is_checked(
    restarted: tuple[dict[str, Any], TestClient],
) -> None:
    game, client = restarted
    manager = client.app.state.manager  # type: ignore[attr-defined]
    gid = game["id"]
    assert client.get(f"/api/games/{gid}").status_code == 403
    assert client.get(f"/api/games/{gid}", params={"token": "f" * 32}).status_code == 403
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    r = act(client, gid, "0" * 32, 0, {"kind": "pass", "seat": 0})
    assert r.status_code == 403
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?token=nope") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        receive_text(ws, "the refusal of a stranger's token")
    assert closed.value.code == 4403
    assert gid not in manager._handles  # nothing was replayed for a stranger
    assert client.get("/api/games/abc123", params={"token": "x"}).status_code == 404
    assert state(client, gid, game["spectator"]["token"])["action_index"] > 0
    assert gid in manager._handles


def test_replays_run_in_another_process(restarted: tuple[dict[str, Any], TestClient]) -> None:
    """A stored game loaded after a restart and an import are both replayed by a worker
    process, never on the event loop or a thread of this process (issue 30)."""
    game, client = restarted
    replays = client.app.state.manager.replays  # type: ignore[attr-defined]
    assert not replays.worker_pids
    assert state(client, game["id"], game["seats"][0]["token"])["action_index"] > 0
    loaded_by = set(replays.worker_pids)
    assert loaded_by and os.getpid() not in loaded_by
    r = client.post("/api/games/import", json={"record": _undo_record(client, 1)})
    assert r.status_code == 201, r.text
    assert os.getpid() not in replays.worker_pids
