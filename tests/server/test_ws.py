"""Live updates over the WebSocket: one on connect, one after every change."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.helpers import act, create, first_legal, humans, state


def test_update_after_an_action(client: TestClient) -> None:
    game = create(client, humans(3))
    gid = game["id"]
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "update" and hello["action_index"] == 0
        assert hello["view"]["seat"] == 0 and hello["legal"]["seat"] == 0
        r = act(client, gid, token, 0, first_legal(hello["legal"]))
        assert r.status_code == 200
        update = ws.receive_json()
        assert update["type"] == "update" and update["action_index"] == 1
        assert update["view"] == r.json()["view"]


def test_spectator_gets_the_public_view(client: TestClient) -> None:
    game = create(client, humans(3))
    gid = game["id"]
    spectator = game["spectator"]["token"]
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={spectator}") as ws:
        hello = ws.receive_json()
        assert hello["view"]["seat"] is None and hello["legal"] is None
        assert "barons_dealt" not in str(hello)
        act(client, gid, token, 0, first_legal(state(client, gid, token)["legal"]))
        update = ws.receive_json()
        assert update["action_index"] == 1 and update["legal"] is None
        assert update["view"] == state(client, gid, spectator)["view"]


def test_bots_moves_are_broadcast(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": "bot", "bot": "random"}] + [
        {"name": "Bot 2", "kind": "bot", "bot": "random"}
    ]
    game = create(client, seats)
    gid, token = game["id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        hello = ws.receive_json()
        act(client, gid, token, hello["action_index"], first_legal(hello["legal"]))
        seen = hello["action_index"]
        while seen < 3:  # seat 0 keeps a baron, then both bots do
            seen = ws.receive_json()["action_index"]
        assert seen == 3


@pytest.mark.parametrize("token", ["", "wrong"])
def test_bad_token_is_refused(client: TestClient, token: str) -> None:
    game = create(client, humans(3))
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect(f"/api/games/{game['id']}/ws?token={token}") as ws,
    ):
        ws.receive_json()
    assert info.value.code == 4403


def test_unknown_game_is_refused(client: TestClient) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect("/api/games/nope42/ws?token=x") as ws,
    ):
        ws.receive_json()
    assert info.value.code == 4404
